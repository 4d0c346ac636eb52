const AFTER_LOGIN_DEFAULT = '/dashboard';

export type LoginRedirectState = { from?: string };

/** Where to go after login: the remembered origin (only an in-app path), else /dashboard. */
export function redirectTargetFrom(state: unknown): string {
  const from = state && typeof state === 'object' && 'from' in state ? state.from : null;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return AFTER_LOGIN_DEFAULT;
  const pathname = from.split(/[?#]/)[0] ?? '';
  if (pathname === '/' || pathname === '/login') return AFTER_LOGIN_DEFAULT;
  return from;
}
