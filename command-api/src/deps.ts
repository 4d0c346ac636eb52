import type { IsoWoche } from '@waldkita/domain/kalender/iso-woche';
import type { DienstplanEvent } from '@waldkita/domain/wasserdienst/dienstplan';
import type { TokenService } from '@waldkita/platform/auth/tokens';
import type { Config } from '@waldkita/platform/config';
import type { EventStore, Position } from '@waldkita/platform/event-store/event-store';
import type { Redis } from 'ioredis';
import type pg from 'pg';

type RotaGeplant = Extract<DienstplanEvent, { type: 'RotaGeplant' }>['data'];

/** What planning a group's rota answered: the `RotaGeplant` it appended and the log position. */
type RotaPlan = {
  position: Position | null;
  zugewiesen: number;
  nichtBesetzt: RotaGeplant['nichtBesetzt'];
  trotzAbwesenheit: RotaGeplant['trotzAbwesenheit'];
  anteile: NonNullable<RotaGeplant['anteile']>;
  saldo: NonNullable<RotaGeplant['saldo']>;
};

/**
 * Plans a group's water-duty rota for the weeks von…bis (PlaneRota, inputs gathered from the read
 * models and the calendar). The use case lives beside the automatic plan that also runs it,
 * projector/src/rota/plane-gruppe.ts; the composition root hands it in.
 */
type PlaneGruppe = (gruppeId: string, von: IsoWoche, bis: IsoWoche, actorId: string | null) => Promise<RotaPlan>;

/** What the command side needs from the outside world; built once by the composition root. */
export type CommandDeps = {
  config: Config;
  store: EventStore;
  /** The command side's own tables (credentials); never the read models. */
  pool: pg.Pool;
  redis: Redis;
  tokens: TokenService;
  now: () => Date;
  planeGruppe: PlaneGruppe;
  /**
   * Called once a family's new password has committed, before the answer is sent: the query side
   * in the same process forgets the family's cached caller check (query-api/src/auth/leser-cache.ts).
   */
  zugangGeaendert?: (elternId: string) => void;
};
