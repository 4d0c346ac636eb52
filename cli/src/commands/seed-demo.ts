import { parseArgs } from 'node:util';
import { registriereEltern } from '@waldkita/command-api/eltern/registriere-eltern';
import { legeGruppeAn } from '@waldkita/command-api/gruppe/lege-gruppe-an';
import { weiseWasserdiensteZu } from '@waldkita/command-api/wasserdienst/weise-wasserdienste-zu';
import { DIENSTARTEN_STREAM, dienstartenDecider } from '@waldkita/domain/dienste/dienstart';
import { diensteDecider, diensteStream, KITA_BEREICH } from '@waldkita/domain/dienste/dienste';
import { aktuelleWoche, heuteInBerlin, isoWocheVon, montagDerWoche, plusTage, wochenAb } from '@waldkita/domain/kalender/iso-woche';
import { handleCommand } from '@waldkita/platform/command-handler';
import type { Config } from '@waldkita/platform/config';
import { openRuntime } from '../runtime.js';
import { SEED_DEMO_USAGE } from './usage.js';

const DEMO_PASSWORD = 'waldkita-demo';
const DEMO_ADMIN = { email: 'leitung@demo.waldkita.example', nachname: 'Leitung' };

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

const DEMO_WOCHEN_ZURUECK = 8;
const DEMO_WOCHEN = 49;

/**
 * Water duties taken in turn by the families of a group, from 8 weeks ago for 49 weeks: with a dozen
 * families each has exactly one duty in the 12 offerable weeks. (The real rota comes from the
 * admin's planner.)
 */
const demoRota = (elternIds: string[], jetzt: Date) => {
  const start = isoWocheVon(plusTage(montagDerWoche(aktuelleWoche(jetzt)), -7 * DEMO_WOCHEN_ZURUECK));
  return wochenAb(start, DEMO_WOCHEN).map((woche, i) => ({ ...woche, elternId: elternIds[i % elternIds.length]! }));
};

/** How many events `seed-demo` looks at before it calls a store too full for demo data. */
const HOECHSTENS_VORHANDEN = 100;

/**
 * True when the log holds nothing but admin accounts as `admin create-admin` writes them (each an
 * `ElternRegistriert` with ROLE_ADMIN and no group, and its first `PasswortGesetzt`), or nothing at
 * all: the store the README's first run leaves, which demo data may still be added to.
 */
export function nurAdminZugaenge(events: readonly { type: string; data: unknown }[]): boolean {
  const admins = new Set<string>();
  for (const { type, data } of events) {
    if (type === 'ElternRegistriert') {
      const eltern = data as { elternId: string; gruppeId: string | null; rollen: string[] };
      if (eltern.gruppeId !== null || !eltern.rollen.includes('ROLE_ADMIN')) return false;
      admins.add(eltern.elternId);
    } else if (type === 'PasswortGesetzt') {
      const gesetzt = data as { elternId: string; grund: string };
      if (!admins.has(gesetzt.elternId) || gesetzt.grund !== 'erstanlage') return false;
    } else return false;
  }
  return true;
}

/**
 * `seed-demo`: a demo kindergarten — two groups, a dozen families each, their water duties, a demo
 * admin — in a store that is empty or holds only the admins created with `admin create-admin`.
 */
export async function seedDemo(config: Config, argv: string[] = [], now: () => Date = () => new Date()): Promise<number> {
  try {
    parseArgs({ args: argv, options: {} });
  } catch (error) {
    console.error(`${(error as Error).message}\n${SEED_DEMO_USAGE}`);
    return 2;
  }
  const runtime = await openRuntime(config, { redis: false });
  try {
    const vorhanden = await runtime.store.readAll(null, HOECHSTENS_VORHANDEN + 1);
    if (vorhanden.length > HOECHSTENS_VORHANDEN || !nurAdminZugaenge(vorhanden)) {
      console.error(
        'The event store holds more than admin accounts: seed:demo only fills a store that is empty or holds nothing but the admins of create-admin. Nothing was changed.',
      );
      return 1;
    }
    const context = { actorId: null, correlationId: crypto.randomUUID() };
    const logins: [string, string, string][] = [];
    const demoAdmin = await registriereEltern(
      runtime,
      { ...DEMO_ADMIN, nameKind: null, gruppeId: null, rollen: ['ROLE_ADMIN'], passwort: DEMO_PASSWORD },
      context,
    );
    logins.push(['Admin', DEMO_ADMIN.email, demoAdmin.status === 'angelegt' ? DEMO_PASSWORD : '(existed already, unchanged)']);
    const proGruppe: { gruppeId: string; elternIds: string[]; rota: ReturnType<typeof demoRota> }[] = [];
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
      const rota = demoRota(elternIds, now());
      await weiseWasserdiensteZu(runtime, gruppeId, rota, context);
      proGruppe.push({ gruppeId, elternIds, rota });
    }
    await weitereDienste(runtime, proGruppe, now(), context);
    console.log(
      `Demo kindergarten created: 2 groups, ${logins.length - 1} families, 1 admin, water duties from ${DEMO_WOCHEN_ZURUECK} weeks ago to ${DEMO_WOCHEN - DEMO_WOCHEN_ZURUECK - 1} weeks ahead, a weekend Putzdienst for the whole kindergarten and a weekly Tee kochen per group (November to March), planned. Logins:`,
    );
    console.table(logins.map(([wer, email, passwort]) => ({ wer, email, passwort })));
    return 0;
  } finally {
    await runtime.close();
  }
}

/** The demo's duty kinds besides Wasserdienst. */
const DEMO_PUTZDIENST = {
  name: 'Putzdienst',
  beschreibung: 'Am Wochenende den Bauwagen putzen und die Wasserkanister auffüllen.',
  rhythmus: 'wochenende' as const,
  bereich: 'kita' as const,
  familienProTermin: 1,
  stunden: 2,
  pausiertBeiSchliessung: true,
};
const DEMO_TEE = {
  name: 'Tee kochen',
  beschreibung: 'Eine große Thermoskanne heißen Tee für die Gruppe mitbringen.',
  rhythmus: 'woche' as const,
  aktivVonMonat: 11,
  aktivBisMonat: 3,
  bereich: 'gruppe' as const,
  familienProTermin: 1,
  stunden: 0.5,
  pausiertBeiSchliessung: true,
};
/** Days from today the demo plans the other kinds for. */
const DEMO_TAGE = 140;

/**
 * Creates Putzdienst and Tee kochen and plans them with the fair planner from today for DEMO_TAGE
 * days. The read models are not built yet when the seed runs, so the families and their water-duty
 * weeks (to spread the load) are handed in directly.
 */
async function weitereDienste(
  runtime: Awaited<ReturnType<typeof openRuntime>>,
  gruppen: { gruppeId: string; elternIds: string[]; rota: ReturnType<typeof demoRota> }[],
  jetzt: Date,
  context: { actorId: null; correlationId: string },
) {
  const heute = heuteInBerlin(jetzt);
  const bis = plusTage(heute, DEMO_TAGE);
  const belegt = gruppen.flatMap((g) => g.rota.map(({ elternId, jahr, kalenderwoche }) => ({ elternId, woche: { jahr, kalenderwoche } })));
  const plane = async (
    art: typeof DEMO_PUTZDIENST | typeof DEMO_TEE,
    bereichId: string,
    familien: string[],
    weitereBelegt: typeof belegt,
  ) => {
    const dienstartId = art === DEMO_PUTZDIENST ? putzId : teeId;
    const { events } = await handleCommand(
      runtime.store,
      diensteStream(dienstartId, bereichId),
      diensteDecider,
      {
        type: 'PlaneDienste',
        data: {
          dienstartId,
          bereichId,
          planId: crypto.randomUUID(),
          von: heute,
          bis,
          art,
          geschlossen: { wochen: [], tage: [] },
          familien,
          anteile: familien.map((elternId) => ({ elternId, anteil: 1 })),
          saldo: [],
          abwesenheiten: [],
          belegt: [...belegt, ...weitereBelegt],
          ids: Array.from({ length: DEMO_TAGE }, () => crypto.randomUUID()),
          heute,
        },
      },
      context,
    );
    return events.flatMap((e) => (e.type === 'DienstZugewiesen' ? [{ elternId: e.data.elternId, woche: isoWocheVon(e.data.von) }] : []));
  };
  const putzId = crypto.randomUUID();
  const teeId = crypto.randomUUID();
  for (const [dienstartId, angaben] of [
    [putzId, DEMO_PUTZDIENST],
    [teeId, DEMO_TEE],
  ] as const)
    await handleCommand(
      runtime.store,
      DIENSTARTEN_STREAM,
      dienstartenDecider,
      { type: 'LegeDienstartAn', data: { ...angaben, dienstartId } },
      context,
    );
  const putz = await plane(
    DEMO_PUTZDIENST,
    KITA_BEREICH,
    gruppen.flatMap((g) => g.elternIds),
    [],
  );
  for (const g of gruppen) await plane(DEMO_TEE, g.gruppeId, g.elternIds, putz);
}
