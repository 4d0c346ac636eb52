import { createHash } from 'node:crypto';
import { berlinZuInstant } from '@waldkita/domain/kalender/berlin-zeit';
import { type Datum, heuteInBerlin, type IsoWoche, plusTage } from '@waldkita/domain/kalender/iso-woche';
import { saisonZeitraum } from '@waldkita/domain/rota/saison-zeitraum';
import { SAISON_STREAM, type SaisonEvent } from '@waldkita/domain/saison/saison';
import { dienstplanStream } from '@waldkita/domain/wasserdienst/dienstplan';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type { Log } from '../runtime/jobs.js';
import { planeGruppe, type RotaDeps } from './plane-gruppe.js';

const rm = READ_MODEL_SCHEMA;

/** The job that plans the season, due once the import's absence deadline has passed. */
export type RotaJob = { fristEventId: string; frist: Datum };

/** 00:00 of a date in Europe/Berlin, as an instant (midnight is never inside a DST switch there). */
export function mitternachtInBerlin(datum: Datum): Date {
  const [jahr, monat, tag] = datum.split('-').map(Number) as [number, number, number];
  return berlinZuInstant(jahr, monat, tag);
}

/** The deadline day is still open for absences: the plan is due at the start of the next day in Berlin. */
export const faelligAb = (frist: Datum): Date => mitternachtInBerlin(plusTage(frist, 1));

/** A stable uuid-shaped id from a text (SHA-256, version nibble 8): the same job plans a group under the same rota id. */
function stabileId(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex').slice(0, 32).split('');
  hex[12] = '8';
  hex[16] = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export type SaisonErgebnis =
  | { status: 'ueberholt'; neuereFrist: Datum }
  | { status: 'verschoben'; frist: Datum; faellig: Date }
  | {
      status: 'geplant';
      frist: Datum;
      von: IsoWoche;
      bis: IsoWoche;
      gruppen: { gruppeId: string; name: string; zugewiesen: number; nichtBesetzt: number; schonGeplant: boolean }[];
    };

/**
 * Plans every active group's rota for the season of an import's deadline, through the same
 * `planeGruppe` (PlaneRota) the admin's bulk-assign uses: weeks already assigned are kept, absences
 * reported until the deadline are respected. The plan covers `saisonZeitraum` (domain/rota): at the
 * earliest from the week after next of the day it runs, so every family hears of its weeks (by the
 * mail reactor, on RotaGeplant) before its first duty. Safe to run again: a group already planned under this
 * job's rota id is left alone. Before planning it reads the `saison` stream:
 * - a newer import has set its own deadline since → this job is superseded and plans nothing;
 * - an admin moved this import's deadline → the plan follows the moved deadline (later: wait).
 */
export async function planeSaison(deps: RotaDeps & { log: Log }, job: RotaJob): Promise<SaisonErgebnis> {
  const fristen = (await deps.store.readStream(SAISON_STREAM)).events
    .map((r) => ({ id: r.id, event: r as unknown as SaisonEvent }))
    .filter((e) => e.event.type === 'AbwesenheitsfristGesetzt');
  const letzterImport = fristen.filter((e) => e.event.data.quelle === 'import').at(-1);
  if (letzterImport?.id !== job.fristEventId) {
    const neuereFrist = letzterImport?.event.data.frist ?? job.frist;
    deps.log.info(
      `rota: the import deadline ${job.frist} was superseded by a newer import (deadline ${neuereFrist}); this job plans nothing`,
    );
    return { status: 'ueberholt', neuereFrist };
  }
  const frist = fristen.at(-1)!.event.data.frist;
  const faellig = faelligAb(frist);
  if (faellig.getTime() > deps.now().getTime()) return { status: 'verschoben', frist, faellig };

  const { von, bis } = saisonZeitraum(frist, heuteInBerlin(deps.now()));
  const { rows } = await deps.pool.query<{ gruppe_id: string; name: string }>(
    `SELECT gruppe_id, name FROM ${rm}.gruppe WHERE NOT entfernt ORDER BY name, gruppe_id`,
  );
  const gruppen: Extract<SaisonErgebnis, { status: 'geplant' }>['gruppen'] = [];
  for (const { gruppe_id: gruppeId, name } of rows) {
    const rotaId = stabileId(`${job.fristEventId}/${gruppeId}`);
    const plan = await deps.store.readStream(dienstplanStream(gruppeId));
    if (plan.events.some((e) => e.type === 'RotaGeplant' && (e.data as { rotaId: string }).rotaId === rotaId)) {
      gruppen.push({ gruppeId, name, zugewiesen: 0, nichtBesetzt: 0, schonGeplant: true });
      continue;
    }
    const e = await planeGruppe(deps, gruppeId, von, bis, null, {
      rotaId,
      correlationId: job.fristEventId,
      causationId: job.fristEventId,
    });
    gruppen.push({ gruppeId, name, zugewiesen: e.zugewiesen, nichtBesetzt: e.nichtBesetzt.length, schonGeplant: false });
    deps.log.info(
      `rota: group ${name} planned KW ${von.kalenderwoche}/${von.jahr} – KW ${bis.kalenderwoche}/${bis.jahr}: ` +
        `${e.zugewiesen} duties${e.nichtBesetzt.length ? `, ${e.nichtBesetzt.length} weeks left open` : ''}`,
    );
  }
  return { status: 'geplant', frist, von, bis, gruppen };
}
