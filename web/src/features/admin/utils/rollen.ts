/** The three roles an admin gives a family in 'Rolle ändern…', each with what it means. */
export const ROLLENWAHL = [
  {
    wert: 'eltern',
    name: 'Elternteil',
    bedeutung: 'Sieht die eigenen Wasserdienste, tauscht in der Tausch-Börse und meldet Abwesenheiten.',
  },
  {
    wert: 'pruefer',
    name: 'Prüfer (Verlauf)',
    bedeutung: 'Kann nur lesen: sieht den Verlauf aller Familien, kann aber nichts tauschen, melden oder ändern.',
  },
  {
    wert: 'admin',
    name: 'Admin',
    bedeutung:
      'Verwaltet das Admin Center: Familien, Gruppen, Ferien, Import und Planung. Admin-Konten sind geschützt und lassen sich hier danach weder löschen noch ändern.',
  },
] as const;

export type Rollenwahl = (typeof ROLLENWAHL)[number]['wert'];

type MitRollen = { authorities: readonly { authority: string }[] };

/** Which of the three an account has now: admin before auditor before parent. */
export function rollenwahlVon(eltern: MitRollen): Rollenwahl {
  const rollen = eltern.authorities.map((a) => a.authority);
  if (rollen.includes('ROLE_ADMIN') || rollen.includes('ADMIN')) return 'admin';
  if (rollen.includes('ROLE_AUDITOR')) return 'pruefer';
  return 'eltern';
}

/** The whole list of roles for PUT /api/admin/eltern/{id}/role: the parent role always, and the chosen one. */
export function rollenFuer(wahl: Rollenwahl): string[] {
  if (wahl === 'admin') return ['ROLE_ELTERN', 'ROLE_ADMIN'];
  if (wahl === 'pruefer') return ['ROLE_ELTERN', 'ROLE_AUDITOR'];
  return ['ROLE_ELTERN'];
}

export const rollenName = (wahl: Rollenwahl) => ROLLENWAHL.find((r) => r.wert === wahl)?.name ?? wahl;

/** The toast after 'Rolle speichern'. */
export function rolleGeaendert(nachname: string, wahl: Rollenwahl): string {
  if (wahl === 'pruefer') return `Familie ${nachname} ist jetzt Prüfer (Verlauf) und kann nur noch lesen.`;
  if (wahl === 'admin') return `Familie ${nachname} ist jetzt Admin.`;
  return `Familie ${nachname} ist jetzt Elternteil.`;
}
