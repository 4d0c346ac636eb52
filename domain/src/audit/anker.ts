/**
 * The event that records an anchor of the log (docs/audit.md, "Anchors"): its signed summary, in
 * stream `audit-anker`. The anchor itself is made and checked in platform/src/audit/anker.ts; the
 * record lets the auditors' screen list the latest anchors. It covers only events before itself.
 */
export const ANKER_STREAM = 'audit-anker';

export type AnkerErstelltDaten = {
  format: string;
  position: string;
  zeitpunkt: string;
  streams: number;
  ereignisse: number;
  wurzel: string;
  schluessel: string;
  signatur: string;
  /** 'nacht' for the nightly anchor, 'cli' or 'app' when someone asked for one. */
  anlass: 'nacht' | 'cli' | 'app';
};

export type AnkerEvent = { type: 'AnkerErstellt'; data: AnkerErstelltDaten };
