import type { ElternDto } from '@waldkita/domain/auth/antworten';

type MitAuthorities = { authorities?: readonly ({ authority: string } | null | undefined)[] | null };

/**
 * The role names of an account's `authorities` (the signed-in user, a family in the Admin Center),
 * for the domain's checks: `istAdmin` (domain/src/eltern/eltern.ts), `istPruefer`. Only a hint for
 * what a screen offers; every check is on the server.
 */
export function rollenVon(konto: MitAuthorities | null | undefined): string[] {
  return (konto?.authorities ?? []).flatMap((entry) => (entry?.authority ? [entry.authority] : []));
}

/**
 * A family: an account in a group or with a child's name. The kindergarten's own admin account
 * (named e.g. 'Leitung', without group or child) is none, and is not called 'Familie Leitung'.
 */
export function istFamilie(user: Pick<ElternDto, 'gruppe' | 'nameKind'> | null | undefined): boolean {
  return Boolean(user?.gruppe || user?.nameKind?.trim());
}
