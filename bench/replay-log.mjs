// A realistic event log for the replay bench, written through the event store API (appendToStream),
// so every event goes through the same append path as the app's — including whatever the store
// records per event (revision checks, the hash chain). Many groups are generated at once, each
// stream's events in a few large appends.
//
// One group of 25 families over four seasons (2024…2027) is about 1,080 events:
//   gruppe:         GruppeAngelegt
//   eltern-*:       ElternRegistriert + PasswortGesetzt per family, a RollenGeaendert, one ElternEntfernt
//   dienstplan-*:   a WasserdienstZugewiesen for every week of every season, 60 swap offers
//                   (40 accepted with a duty in return, 12 withdrawn, 8 left open), and the duties
//                   freed when one family leaves (WasserdienstFreigegeben)
//   abwesenheiten-*: 24 reported absence weeks per family, 4 of them deleted again
// plus, once, the kindergarten calendar (closing weeks and days, events, holidays) and the deadline.
import { randomUUID } from 'node:crypto';

const FAMILIEN = 25;
const JAHRE = [2024, 2025, 2026, 2027];
const ANGEBOTE = 60;
const ANGENOMMEN = 40;
const ZURUECKGEZOGEN = 12;
const ABWESENHEITEN = 24;
const GELOESCHT = 4;

const wochenImJahr = (jahr) => {
  const tag = (d) => new Date(Date.UTC(jahr, 0, d)).getUTCDay();
  // ISO: a year has 53 weeks when 1 January is a Thursday, or a Wednesday in a leap year.
  const schalt = new Date(Date.UTC(jahr, 1, 29)).getUTCMonth() === 1;
  return tag(1) === 4 || (schalt && tag(1) === 3) ? 53 : 52;
};

/** Small seeded generator (mulberry32), so every run writes the same shape of log. */
const zufall = (seed) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const ereignis = (type, data, occurredAt) => ({
  id: randomUUID(),
  type,
  data,
  metadata: { actorId: null, correlationId: randomUUID(), causationId: null, occurredAt },
});

const am = (jahr, tag) => new Date(Date.UTC(jahr - 1, 10, 1) + tag * 86_400_000).toISOString();

/** The events of one group, stream by stream, each stream in the order it would have been written. */
function gruppenLog(index) {
  const r = zufall(index + 1);
  const pick = (list) => list[Math.floor(r() * list.length)];
  const gruppeId = randomUUID();
  const streams = [];
  streams.push([`gruppe-${gruppeId}`, [ereignis('GruppeAngelegt', { gruppeId, name: `Gruppe ${index + 1}` }, am(2024, 0))]]);

  const familien = Array.from({ length: FAMILIEN }, (_, i) => ({ elternId: randomUUID(), i }));
  for (const { elternId, i } of familien) {
    const events = [
      ereignis(
        'ElternRegistriert',
        {
          elternId,
          nachname: `Familie ${index + 1}-${i + 1}`,
          nameKind: i % 7 === 0 ? `Kind ${i}, Kind ${i + 1}` : `Kind ${i}`,
          email: `familie-${index + 1}-${i + 1}@bench.example`,
          gruppeId,
          rollen: ['ROLE_ELTERN'],
        },
        am(2024, 1),
      ),
      ereignis('PasswortGesetzt', { elternId, grund: 'erstanlage' }, am(2024, 2)),
    ];
    if (i === 0) events.push(ereignis('RollenGeaendert', { elternId, rollen: ['ROLE_ELTERN', 'ROLE_AUDITOR'] }, am(2024, 3)));
    streams.push([`eltern-${elternId}`, events]);
  }

  // Duties: every week of every season, in turn, then swaps between families of the group.
  const dienstplan = [];
  const dienste = [];
  for (const jahr of JAHRE)
    for (let kalenderwoche = 1; kalenderwoche <= wochenImJahr(jahr); kalenderwoche++) {
      const dienst = { wasserdienstId: randomUUID(), elternId: familien[(kalenderwoche + jahr) % FAMILIEN].elternId, jahr, kalenderwoche };
      dienste.push(dienst);
      dienstplan.push(ereignis('WasserdienstZugewiesen', { gruppeId, ...dienst }, am(jahr, 5)));
    }
  for (let n = 0; n < ANGEBOTE; n++) {
    const angebot = pick(dienste);
    const tauschId = randomUUID();
    const tag = 20 + n * 5;
    dienstplan.push(
      ereignis(
        'TauschAngeboten',
        {
          gruppeId,
          tauschId,
          wasserdienstId: angebot.wasserdienstId,
          jahr: angebot.jahr,
          kalenderwoche: angebot.kalenderwoche,
          elternId: angebot.elternId,
          nachricht: n % 3 === 0 ? 'Wir sind in dieser Woche im Urlaub.' : null,
        },
        am(angebot.jahr, tag),
      ),
    );
    if (n < ANGENOMMEN) {
      let gegen = pick(dienste);
      while (gegen.elternId === angebot.elternId || gegen === angebot) gegen = pick(dienste);
      dienstplan.push(
        ereignis(
          'TauschAngenommen',
          {
            gruppeId,
            tauschId,
            wasserdienstId: angebot.wasserdienstId,
            woche: { jahr: angebot.jahr, kalenderwoche: angebot.kalenderwoche },
            angebotVon: angebot.elternId,
            gegenWasserdienstId: gegen.wasserdienstId,
            gegenWoche: { jahr: gegen.jahr, kalenderwoche: gegen.kalenderwoche },
            angenommenVon: gegen.elternId,
          },
          am(angebot.jahr, tag + 1),
        ),
      );
      [angebot.elternId, gegen.elternId] = [gegen.elternId, angebot.elternId];
    } else if (n < ANGENOMMEN + ZURUECKGEZOGEN)
      dienstplan.push(
        ereignis(
          'TauschZurueckgezogen',
          { gruppeId, tauschId, wasserdienstId: angebot.wasserdienstId, elternId: angebot.elternId },
          am(angebot.jahr, tag + 2),
        ),
      );
  }
  // The last family leaves during the last season: its duties from week 30 on are freed.
  const geht = familien[FAMILIEN - 1].elternId;
  const letztesJahr = JAHRE.at(-1);
  for (const dienst of dienste)
    if (dienst.elternId === geht && dienst.jahr === letztesJahr && dienst.kalenderwoche >= 30)
      dienstplan.push(ereignis('WasserdienstFreigegeben', { gruppeId, ...dienst }, am(letztesJahr, 200)));
  streams.push([`dienstplan-${gruppeId}`, dienstplan]);
  streams.find(([name]) => name === `eltern-${geht}`)[1].push(ereignis('ElternEntfernt', { elternId: geht }, am(letztesJahr, 200)));

  // Absences: each family reports weeks over the seasons and deletes a few of them again.
  for (const { elternId } of familien) {
    const gemeldet = [];
    const wochen = new Set();
    while (gemeldet.length < ABWESENHEITEN) {
      const jahr = pick(JAHRE);
      const kalenderwoche = 1 + Math.floor(r() * 52);
      if (wochen.has(`${jahr}-${kalenderwoche}`)) continue;
      wochen.add(`${jahr}-${kalenderwoche}`);
      gemeldet.push(
        ereignis('AbwesenheitGemeldet', { abwesenheitId: randomUUID(), elternId, jahr, kalenderwoche }, am(jahr, 10 + gemeldet.length)),
      );
    }
    const geloescht = gemeldet.slice(0, GELOESCHT).map((e) => ereignis('AbwesenheitGeloescht', e.data, am(e.data.jahr, 40)));
    streams.push([`abwesenheiten-${elternId}`, [...gemeldet, ...geloescht]]);
  }
  return streams;
}

/** The kindergarten calendar and the absence deadline: a few dozen events, written once. */
function kalenderLog() {
  const events = [];
  for (const jahr of JAHRE) {
    for (const kalenderwoche of [1, 32, 33, 34, 52])
      events.push(
        ereignis('SchliesswocheAngelegt', { id: randomUUID(), jahr, kalenderwoche, beschreibung: 'Sommerschließzeit' }, am(jahr, 0)),
      );
    for (const datum of [`${jahr}-05-01`, `${jahr}-10-03`])
      events.push(ereignis('SchliesstagAngelegt', { id: randomUUID(), datum, beschreibung: 'Feiertag' }, am(jahr, 0)));
    for (const datum of [`${jahr}-06-20`, `${jahr}-11-11`, `${jahr}-12-06`])
      events.push(ereignis('KitaEventAngelegt', { id: randomUUID(), datum, beschreibung: 'Fest im Wald' }, am(jahr, 0)));
    for (const kalenderwoche of [14, 15, 44])
      events.push(ereignis('FerienwocheAngelegt', { id: randomUUID(), art: 'Osterferien', jahr, kalenderwoche }, am(jahr, 0)));
    events.push(ereignis('FerientagAngelegt', { id: randomUUID(), datum: `${jahr}-05-30`, art: 'Brückentag' }, am(jahr, 0)));
  }
  events.push(ereignis('FerienBestaetigt', {}, am(2024, 0)));
  return [
    ['kalender', events],
    ['saison', [ereignis('AbwesenheitsfristGesetzt', { frist: '2027-03-31', quelle: 'admin' }, am(2024, 0))]],
  ];
}

/** Events per group, for sizing a log (the exact figure varies by a few with the random swaps). */
const EVENTS_PER_GROUP = gruppenLog(0).reduce((n, [, events]) => n + events.length, 0);

const CHUNK = 500;

/**
 * Appends about `target` events through `store.appendToStream`: `concurrency` groups at a time,
 * each stream in appends of up to 500 events. Answers the number of events written.
 */
export async function generateReplayLog(store, target, { concurrency = 8 } = {}) {
  let written = 0;
  const append = async ([name, events]) => {
    let expected = 'no_stream';
    for (let i = 0; i < events.length; i += CHUNK) {
      const chunk = events.slice(i, i + CHUNK);
      expected = (await store.appendToStream(name, chunk, expected)).nextExpectedRevision;
      written += chunk.length;
    }
  };
  for (const stream of kalenderLog()) await append(stream);
  const groups = Math.max(1, Math.round((target - written) / EVENTS_PER_GROUP));
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < groups) {
        const streams = gruppenLog(next++);
        // The group, then its families, then plan and absences, as an admin would have created them.
        await append(streams[0]);
        await Promise.all(streams.slice(1, 1 + FAMILIEN).map(append));
        await Promise.all(streams.slice(1 + FAMILIEN).map(append));
      }
    }),
  );
  return written;
}
