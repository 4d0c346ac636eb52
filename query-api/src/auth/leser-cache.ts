import { CREDENTIALS_CHANNEL } from '@waldkita/platform/db/migrations';
import type { Position } from '@waldkita/platform/event-store/event-store';
import type { ProjectionWatermark } from '@waldkita/platform/read-your-writes';

/** What the caller check reads about a family: its read-model row and when its password last changed. */
export type LeserZeile = {
  gruppeId: string | null;
  admin: boolean;
  pruefer: boolean;
  /** The session version the read model knows (moved on by `PasswortGesetzt`). */
  sitzungsVersion: number;
  /** The version (`xmin`) of the family's `rm.eltern` row. */
  zeile: string;
  /** `credentials.password_changed_at` in ms since the epoch; null without a credentials row. */
  passwortGeaendertMs: number | null;
  /**
   * The session version in the family's stream, kept once a token from around a password change
   * needed it (auth/leser.ts decides when it may be kept).
   */
  sitzungImLog?: Promise<number>;
};

export type Wasserstand = Pick<ProjectionWatermark, 'current' | 'generation' | 'hears' | 'listen'>;

/** At most this many families are kept; the oldest entry goes first. */
export const MAX_LESER = 10_000;

/**
 * The caller check's rows, kept in memory. An entry is valid only at the read-model position (and
 * notice of the projector) at which it was read, since only the projector changes a family's
 * read-model row, and only until its `credentials` row changes: the command side announces that
 * at commit (`CREDENTIALS_CHANNEL`, migration 9), and in one process also before it answers
 * (`vergiss`). While the LISTEN connection is lost, or no position is known, nothing is kept.
 * Reads of one family that arrive while its row is read wait for that one read; a failed read is
 * not kept.
 */
export class LeserCache {
  private position: Position | null = null;
  private generation = -1;
  private eintraege = new Map<string, Promise<LeserZeile | null>>();

  constructor(
    private readonly wasserstand: Wasserstand,
    private readonly max = MAX_LESER,
  ) {}

  /** Listens for changes of `credentials` on the watermark's LISTEN connection. */
  start() {
    return this.wasserstand.listen(CREDENTIALS_CHANNEL, (payload) => (payload === '*' ? this.vergissAlle() : this.vergiss(payload)));
  }

  /** The family's row: from memory when nothing relevant changed since it was read, else from `lade`. */
  hole(elternId: string, lade: () => Promise<LeserZeile | null>): Promise<LeserZeile | null> {
    const position = this.wasserstand.current();
    if (!position || !this.wasserstand.hears(CREDENTIALS_CHANNEL)) return lade();
    const generation = this.wasserstand.generation();
    if (position !== this.position || generation !== this.generation) {
      this.position = position;
      this.generation = generation;
      this.eintraege = new Map();
    }
    const schluessel = elternId.toLowerCase();
    const vorhanden = this.eintraege.get(schluessel);
    if (vorhanden) return vorhanden;
    const eintrag = lade();
    if (this.eintraege.size >= this.max) this.eintraege.delete(this.eintraege.keys().next().value!);
    this.eintraege.set(schluessel, eintrag);
    eintrag.catch(() => {
      if (this.eintraege.get(schluessel) === eintrag) this.eintraege.delete(schluessel);
    });
    return eintrag;
  }

  /** Forgets one family (its credentials changed); a read of it under way is not kept either. */
  vergiss(elternId: string) {
    this.eintraege.delete(elternId.toLowerCase());
  }

  vergissAlle() {
    this.eintraege = new Map();
  }

  /** How many families are kept. */
  get groesse() {
    return this.eintraege.size;
  }
}
