import { OFFLINE_STORAGE_PREFIX } from '@/lib/session-storage';
import type { Zuweisung } from '@/lib/wasserdienst-api';
import type { DienstEvent } from '../api/types';

/**
 * The last Wasserdienst a family saw, kept on the device so that /wasserdienst shows it without a
 * network (docs/pwa.md, docs/decisions.md). One copy per device, of the signed-in family only: it
 * names the family it belongs to and is ignored for any other; every end of the session removes it
 * (clearStoredSession removes every key under OFFLINE_STORAGE_PREFIX).
 */
export type WasserdienstStand = {
  elternId: string;
  /** ISO time of the older of the two reads. */
  gespeichertAm: string;
  zuweisungen: Zuweisung[];
  events: DienstEvent[];
};

const WASSERDIENST_STAND_KEY = `${OFFLINE_STORAGE_PREFIX}wasserdienst`;

/** Keeps the family's duties as just read; a full or unavailable storage keeps nothing. */
export function merkeStand(stand: WasserdienstStand): void {
  try {
    localStorage.setItem(WASSERDIENST_STAND_KEY, JSON.stringify(stand));
  } catch {
    // Private mode or a full storage: the page works online as before.
  }
}

/** The copy kept for `elternId`, or null (none, another family's, or unreadable). */
export function leseStand(elternId: string): WasserdienstStand | null {
  try {
    const raw = localStorage.getItem(WASSERDIENST_STAND_KEY);
    if (!raw) return null;
    const stand = JSON.parse(raw) as Partial<WasserdienstStand> | null;
    if (!stand || stand.elternId !== elternId || typeof stand.gespeichertAm !== 'string') return null;
    if (!Array.isArray(stand.zuweisungen) || !Array.isArray(stand.events)) return null;
    return stand as WasserdienstStand;
  } catch {
    return null;
  }
}
