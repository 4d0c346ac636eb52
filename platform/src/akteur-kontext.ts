import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who acts, in which role (docs/audit.md, "Who, in which role"): command-api opens one context per
 * request, the caller check (command-api/src/auth/aufrufer.ts) fills in the caller's roles at that
 * moment, and `handleCommands` writes them into every event's metadata: `rolle`, and `fuerElternId`
 * where the admin acts for a family (the event's data names another family than the actor).
 */
export type Akteur = { rollen?: readonly string[] };

export const akteurKontext = new AsyncLocalStorage<Akteur>();

/** The role an event's metadata names: the strongest the actor held. */
export function hauptrolle(rollen: readonly string[]): 'admin' | 'pruefer' | 'eltern' {
  if (rollen.includes('ROLE_ADMIN') || rollen.includes('ADMIN')) return 'admin';
  if (rollen.includes('ROLE_AUDITOR')) return 'pruefer';
  return 'eltern';
}

/** The metadata fields for one event appended by `actorId` in the current request's context. */
export function akteurFelder(actorId: string | null, data: unknown): { rolle?: ReturnType<typeof hauptrolle>; fuerElternId?: string } {
  const rollen = akteurKontext.getStore()?.rollen;
  if (!actorId || !rollen) return {};
  const rolle = hauptrolle(rollen);
  const elternId = data && typeof data === 'object' && 'elternId' in data ? (data as { elternId: unknown }).elternId : undefined;
  return rolle === 'admin' && typeof elternId === 'string' && elternId !== actorId ? { rolle, fuerElternId: elternId } : { rolle };
}
