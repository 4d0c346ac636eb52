/** One good answer and when it was fetched. */
export type Abruf<T> = { wert: T; abgerufenAm: Date };

export type CacheOptionen<T> = {
  /** Fetches a fresh value; a rejection counts as a failure of the upstream. */
  laden: () => Promise<T>;
  /** How long a good answer is served without asking again. */
  gueltigMs: number;
  /** After a failure, how long to wait before asking again (answers meanwhile come from what is kept). */
  pauseNachFehlerMs: number;
  /** The oldest good answer still worth showing when the upstream fails. */
  hoechstesAlterMs: number;
  now: () => Date;
  /** Called once per failed fetch (not per request waiting for it). */
  beiFehler: (error: unknown, letzterGuter: Abruf<T> | null) => void;
};

/**
 * Keeps the last good answer of a slow or flaky upstream in memory:
 * - a good answer is served for `gueltigMs` without asking again;
 * - when it has expired, one fetch runs and every request arriving meanwhile waits for that same
 *   fetch (single flight), however many parents open the dashboard at once;
 * - when the fetch fails, the last good answer is served, marked as old (`veraltet`), as long as it
 *   is younger than `hoechstesAlterMs`; the upstream is asked again only after `pauseNachFehlerMs`,
 *   so an outage costs one failed call and one log line per pause, not one per request.
 */
export class EinzelabrufCache<T> {
  private letzter: Abruf<T> | null = null;
  private laufend: Promise<void> | null = null;
  private fehlerAm: number | null = null;

  constructor(private readonly optionen: CacheOptionen<T>) {}

  /** The value to serve, or null when there is no good answer young enough. */
  async lesen(): Promise<(Abruf<T> & { veraltet: boolean }) | null> {
    const { gueltigMs, pauseNachFehlerMs } = this.optionen;
    const jetzt = this.jetzt();
    if (this.letzter && jetzt - this.letzter.abgerufenAm.getTime() < gueltigMs) return { ...this.letzter, veraltet: false };
    const inPause = this.fehlerAm !== null && jetzt - this.fehlerAm < pauseNachFehlerMs;
    if (!this.laufend && !inPause) this.laufend = this.abrufen().finally(() => (this.laufend = null));
    if (this.laufend) await this.laufend;
    return this.auslieferbar();
  }

  private async abrufen() {
    try {
      const wert = await this.optionen.laden();
      this.letzter = { wert, abgerufenAm: new Date(this.jetzt()) };
      this.fehlerAm = null;
    } catch (error) {
      this.fehlerAm = this.jetzt();
      this.optionen.beiFehler(error, this.letzter);
    }
  }

  private auslieferbar() {
    if (!this.letzter) return null;
    const alter = this.jetzt() - this.letzter.abgerufenAm.getTime();
    if (alter >= this.optionen.hoechstesAlterMs) return null;
    return { ...this.letzter, veraltet: alter >= this.optionen.gueltigMs };
  }

  private jetzt() {
    return this.optionen.now().getTime();
  }
}
