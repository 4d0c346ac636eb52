import type { ElternDto } from '@waldkita/domain/auth/antworten';
import { istFamilie } from '@/lib/roles';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const looksLikeUser = (value: unknown): value is ElternDto => isRecord(value) && ('email' in value || 'nachname' in value);

/**
 * Finds the user in an API answer (docs/produkt.md §3): under `user`, `eltern` or `data`, or the answer
 * itself when it carries `email` or `nachname`.
 */
export function pickUser(response: unknown): ElternDto | null {
  if (!isRecord(response)) return null;
  for (const key of ['user', 'eltern', 'data'] as const) {
    const candidate = response[key];
    if (isRecord(candidate)) return candidate as ElternDto;
  }
  return looksLikeUser(response) ? response : null;
}

/**
 * 'Familie {nachname}' when a surname exists, otherwise the e-mail (docs/produkt.md §2 Dashboard). An
 * account that is no family (no group, no child: the kindergarten's admin account) is greeted by
 * its name alone, not as 'Familie Leitung'.
 */
export function greetingFor(user: ElternDto, familie: (nachname: string) => string = (n) => `Familie ${n}`): string {
  const nachname = user.nachname?.trim();
  if (!nachname) return user.email ?? '';
  return istFamilie(user) ? familie(nachname) : nachname;
}
