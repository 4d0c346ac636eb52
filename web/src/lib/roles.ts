import type { ElternDto } from '@waldkita/domain/auth/login';

/**
 * Admin ⇔ an authority ROLE_ADMIN or ADMIN (SPEC.md §6). Only a hint for what a screen offers;
 * every check is on the server.
 */
export function isAdmin(user: ElternDto | null | undefined): boolean {
  return Boolean(user?.authorities?.some((entry) => entry?.authority === 'ROLE_ADMIN' || entry?.authority === 'ADMIN'));
}

/**
 * A family: an account in a group or with a child's name. The kindergarten's own admin account
 * (named e.g. 'Leitung', without group or child) is none, and is not called 'Familie Leitung'.
 */
export function istFamilie(user: Pick<ElternDto, 'gruppe' | 'nameKind'> | null | undefined): boolean {
  return Boolean(user?.gruppe || user?.nameKind?.trim());
}
