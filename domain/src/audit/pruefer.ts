import { istAdmin } from '../eltern/eltern.js';

/**
 * Auditors ('Prüfer', role ROLE_AUDITOR) read the event history and nothing else: the parents'
 * council checks who changed the water-duty plan. They may sign in and change their own password,
 * but every other write is refused — unless the account is an admin as well.
 */
const PRUEFER_ROLLE = 'ROLE_AUDITOR';

export const NUR_LESEZUGRIFF = 'Prüfer haben nur Lesezugriff.';

/** The audit endpoints answer auditors and admins only. */
export const KEIN_ZUGRIFF_VERLAUF = 'Den Verlauf dürfen nur Prüfer und die Leitung einsehen.';

export const istPruefer = (rollen: readonly string[]) => rollen.includes(PRUEFER_ROLLE);

/** An account that may read but not write: auditor and not admin. */
export const istNurPruefer = (rollen: readonly string[]) => istPruefer(rollen) && !istAdmin(rollen);

/** How a role is named for people (admin dashboard, audit sentences). */
export const rollenName = (rolle: string): string =>
  ({ ROLE_ELTERN: 'Eltern', ROLE_ADMIN: 'Admin', ADMIN: 'Admin', ROLE_AUDITOR: 'Prüfer (Verlauf)' })[rolle] ?? rolle;
