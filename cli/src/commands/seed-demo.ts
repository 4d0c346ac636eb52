import { registriereEltern } from '@waldkita/command-api/eltern/registriere-eltern';
import { legeGruppeAn } from '@waldkita/command-api/gruppe/lege-gruppe-an';
import { weiseWasserdiensteZu } from '@waldkita/command-api/wasserdienst/weise-wasserdienste-zu';
import { aktuelleWoche, isoWocheVon, montagDerWoche, plusTage, wochenAb } from '@waldkita/domain/kalender/iso-woche';
import type { Config } from '@waldkita/platform/config';
import { openRuntime } from '../runtime.js';

export const DEMO_PASSWORD = 'waldkita-demo';
export const DEMO_ADMIN = { email: 'leitung@demo.waldkita.example', nachname: 'Leitung' };

const FAMILIEN: Record<string, [nachname: string, kind: string][]> = {
  Füchse: [
    ['Fuchs', 'Mila'],
    ['Bauer', 'Jonas'],
    ['Wagner', 'Lena'],
    ['Huber', 'Paul'],
    ['Schmid', 'Emma'],
    ['Maier', 'Felix'],
    ['Berger', 'Hanna'],
    ['Hofmann', 'Leon'],
    ['Keller', 'Mia'],
    ['Wolf', 'Noah'],
    ['Brandl', 'Sophie'],
    ['Eder', 'Ben'],
  ],
  Eulen: [
    ['Eule', 'Ida'],
    ['Lang', 'Anton'],
    ['Moser', 'Lotta'],
    ['Seidl', 'Emil'],
    ['Winter', 'Frieda'],
    ['Graf', 'Theo'],
    ['Stadler', 'Marie'],
    ['Kraus', 'Jakob'],
    ['Baumann', 'Clara'],
    ['Lechner', 'Moritz'],
    ['Zimmermann', 'Ella'],
    ['Vogel', 'Oskar'],
  ],
};

const emailOf = (nachname: string) =>
  `familie.${nachname.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss')}@demo.waldkita.example`;

export const DEMO_WOCHEN_ZURUECK = 8;
export const DEMO_WOCHEN = 49;

/**
 * Water duties taken in turn by the families of a group, from 8 weeks ago for 49 weeks: with a dozen
 * families each has exactly one duty in the 12 offerable weeks. (The real rota comes from the
 * admin's planner.)
 */
export const demoRota = (elternIds: string[], jetzt: Date) => {
  const start = isoWocheVon(plusTage(montagDerWoche(aktuelleWoche(jetzt)), -7 * DEMO_WOCHEN_ZURUECK));
  return wochenAb(start, DEMO_WOCHEN).map((woche, i) => ({ ...woche, elternId: elternIds[i % elternIds.length]! }));
};

/** `seed-demo`: a demo kindergarten in an empty store — two groups, a dozen families each, their water duties, an admin. */
export async function seedDemo(config: Config, now: () => Date = () => new Date()): Promise<number> {
  const runtime = await openRuntime(config, { redis: false });
  try {
    if ((await runtime.store.readAll(null, 1)).length > 0) {
      console.error('The event store is not empty: seed:demo only fills an empty one. Nothing was changed.');
      return 1;
    }
    const context = { actorId: null, correlationId: crypto.randomUUID() };
    const logins: [string, string, string][] = [];
    await registriereEltern(
      runtime,
      { ...DEMO_ADMIN, nameKind: null, gruppeId: null, rollen: ['ROLE_ADMIN'], passwort: DEMO_PASSWORD },
      context,
    );
    logins.push(['Admin', DEMO_ADMIN.email, DEMO_PASSWORD]);
    for (const [gruppenName, familien] of Object.entries(FAMILIEN)) {
      const { gruppeId } = await legeGruppeAn(runtime, gruppenName, context);
      const elternIds: string[] = [];
      for (const [nachname, kind] of familien) {
        const email = emailOf(nachname);
        const result = await registriereEltern(
          runtime,
          { nachname, nameKind: kind, email, gruppeId, rollen: ['ROLE_ELTERN'], passwort: DEMO_PASSWORD },
          context,
        );
        elternIds.push(result.elternId);
        logins.push([`${gruppenName}: Familie ${nachname}`, email, DEMO_PASSWORD]);
      }
      await weiseWasserdiensteZu(runtime, gruppeId, demoRota(elternIds, now()), context);
    }
    console.log(
      `Demo kindergarten created: 2 groups, ${logins.length - 1} families, 1 admin, water duties from ${DEMO_WOCHEN_ZURUECK} weeks ago to ${DEMO_WOCHEN - DEMO_WOCHEN_ZURUECK - 1} weeks ahead. Logins:`,
    );
    console.table(logins.map(([wer, email, passwort]) => ({ wer, email, passwort })));
    return 0;
  } finally {
    await runtime.close();
  }
}
