/**
 * Looking at the trail leaves a trace (docs/audit.md, "Access log"): every view, export, check and
 * anchor download of the audit trail is itself an event, `VerlaufEingesehen`, in a stream per month
 * (`audit-zugriffe-2026-11`). It names who looked (an id, resolved to a name like any other event),
 * what (the route) and with which filter — never search words, which may name a family and would
 * then live where erasure does not reach.
 */
export const zugriffStream = (occurredAt: Date) => `audit-zugriffe-${occurredAt.toISOString().slice(0, 7)}`;

export type ZugriffArt = 'ansicht' | 'export' | 'pruefung' | 'anker';

export type VerlaufEingesehenDaten = {
  elternId: string;
  art: ZugriffArt;
  /** The route, e.g. '/api/audit/events' or '/api/audit/streams/:name'. */
  teil: string;
  /** The filter and path parameters (search words left out). */
  parameter: Record<string, string | string[]>;
  /** Whether search words were given. */
  suche: boolean;
};

export type ZugriffEvent = { type: 'VerlaufEingesehen'; data: VerlaufEingesehenDaten };

export const ZUGRIFF_ARTEN: Readonly<Record<ZugriffArt, string>> = {
  ansicht: 'sieht den Verlauf ein',
  export: 'lädt den Verlauf herunter',
  pruefung: 'prüft die Integrität des Logs',
  anker: 'lädt einen Anker herunter',
};
