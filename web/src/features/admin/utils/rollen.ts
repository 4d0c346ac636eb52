import { istPruefer } from '@waldkita/domain/audit/pruefer';
import { istAdmin } from '@waldkita/domain/eltern/eltern';
import { deutsch, type Uebersetze } from './texte';

/** The three roles an admin gives a family in 'Rolle ändern…', each with what it means (catalogue keys). */
export const ROLLENWAHL = [
  { wert: 'eltern', name: 'admin.rolle.eltern', bedeutung: 'admin.rolle.elternBedeutung' },
  { wert: 'pruefer', name: 'admin.rolle.pruefer', bedeutung: 'admin.rolle.prueferBedeutung' },
  { wert: 'admin', name: 'admin.rolle.admin', bedeutung: 'admin.rolle.adminBedeutung' },
] as const;

export type Rollenwahl = (typeof ROLLENWAHL)[number]['wert'];

type MitRollen = { authorities: readonly { authority: string }[] };

/** Which of the three an account has now: admin before auditor before parent. */
export function rollenwahlVon(eltern: MitRollen): Rollenwahl {
  const rollen = eltern.authorities.map((a) => a.authority);
  if (istAdmin(rollen)) return 'admin';
  if (istPruefer(rollen)) return 'pruefer';
  return 'eltern';
}

/** The whole list of roles for PUT /api/admin/eltern/{id}/role: the parent role always, and the chosen one. */
export function rollenFuer(wahl: Rollenwahl): string[] {
  if (wahl === 'admin') return ['ROLE_ELTERN', 'ROLE_ADMIN'];
  if (wahl === 'pruefer') return ['ROLE_ELTERN', 'ROLE_AUDITOR'];
  return ['ROLE_ELTERN'];
}

/** The toast after 'Rolle speichern'. */
export function rolleGeaendert(nachname: string, wahl: Rollenwahl, t: Uebersetze = deutsch): string {
  if (wahl === 'pruefer') return t('admin.rolle.geaendertPruefer', { nachname });
  if (wahl === 'admin') return t('admin.rolle.geaendertAdmin', { nachname });
  return t('admin.rolle.geaendertEltern', { nachname });
}
