import type { ElternDto } from '@waldkita/domain/auth/login';

/**
 * Admin ⇔ an authority ROLE_ADMIN or ADMIN (SPEC.md §6). Only a hint for what a screen offers;
 * every check is on the server.
 */
export function isAdmin(user: ElternDto | null | undefined): boolean {
  return Boolean(user?.authorities?.some((entry) => entry?.authority === 'ROLE_ADMIN' || entry?.authority === 'ADMIN'));
}
