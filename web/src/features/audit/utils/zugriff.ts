import { istPruefer } from '@waldkita/domain/audit/pruefer';
import type { ElternDto } from '@waldkita/domain/auth/antworten';
import { istAdmin } from '@waldkita/domain/eltern/eltern';
import { ApiError } from '@/lib/api-client';
import { rollenVon } from '@/lib/roles';

/**
 * Who sees the 'Verlauf' tile and screen: auditors (ROLE_AUDITOR) and admins. Only a hint for the
 * screen; the server decides on the account's current roles and answers everyone else 403.
 */
export const darfVerlaufSehen = (user: ElternDto | null | undefined) => istPruefer(rollenVon(user)) || istAdmin(rollenVon(user));

/** The server refused: the account has neither role (any more). */
export const istVerweigert = (error: unknown) => error instanceof ApiError && error.status === 403;
