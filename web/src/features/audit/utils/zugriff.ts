import type { ElternDto } from '@waldkita/domain/auth/login';
import { ApiError } from '@/lib/api-client';

const hat = (user: ElternDto | null | undefined, ...rollen: string[]) =>
  Boolean(user?.authorities?.some((entry) => rollen.includes(entry?.authority)));

/**
 * Who sees the 'Verlauf' tile and screen: auditors (ROLE_AUDITOR) and admins. Only a hint for the
 * screen; the server decides on the account's current roles and answers everyone else 403.
 */
export const darfVerlaufSehen = (user: ElternDto | null | undefined) => hat(user, 'ROLE_AUDITOR', 'ROLE_ADMIN', 'ADMIN');

/** The server refused: the account has neither role (any more). */
export const istVerweigert = (error: unknown) => error instanceof ApiError && error.status === 403;
