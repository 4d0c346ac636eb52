import { randomUUID } from 'node:crypto';
import { ANPASSUNGEN_STREAM, anpassungDecider, anpassungProFamilie } from '@waldkita/domain/dienste/anpassung';
import { DIENSTARTEN_STREAM, type Dienstart, dienstartenDecider, WASSERDIENST_ID } from '@waldkita/domain/dienste/dienstart';
import { type DiensteEvent, diensteDecider, diensteStream, KITA_BEREICH } from '@waldkita/domain/dienste/dienste';
import { type Geschlossen, termineImZeitraum } from '@waldkita/domain/dienste/termine';
import {
  type Datum,
  heuteInBerlin,
  type IsoWoche,
  isoWocheVon,
  montagDerWoche,
  naechsteWoche,
  plusTage,
  wochenSchluessel,
} from '@waldkita/domain/kalender/iso-woche';
import { KALENDER_STREAM, type KalenderEvent, type KalenderState, kalenderDecider } from '@waldkita/domain/kalender/schliesszeiten';
import { fold } from '@waldkita/domain/shared/decider';
import { type DienstplanEvent, dienstplanDecider, dienstplanStream } from '@waldkita/domain/wasserdienst/dienstplan';
import type pg from 'pg';
import { type CommandContext, handleCommand, type StreamCommand, streamCommand } from '../command-handler.js';
import type { EventStore } from '../event-store/event-store.js';
import { READ_MODEL_SCHEMA } from '../read-models.js';

const rm = READ_MODEL_SCHEMA;

export type DiensteDeps = { store: EventStore; pool: pg.Pool; now: () => Date };

/** Every kind, Wasserdienst included, as the `dienstarten` stream tells it. */
export async function dienstarten(store: EventStore) {
  return fold(dienstartenDecider, (await store.readStream(DIENSTARTEN_STREAM)).events as never);
}

/** What the calendar closes: its closing and holiday weeks and its closing and holiday days. */
const geschlossenAus = (kalender: KalenderState): Geschlossen => ({
  wochen: [...kalender.schliesswochen.values()].map(wochenSchluessel).sort(),
  tage: [...kalender.schliesstag.values()].map((t) => t.datum).sort(),
});

/** The families a plan is for: a group's, or every family with a group for the whole kindergarten. */
async function familienIm(pool: pg.Pool, bereichId: string): Promise<string[]> {
  const { rows } = await pool.query<{ eltern_id: string }>(
    bereichId === KITA_BEREICH
      ? `SELECT eltern_id FROM ${rm}.eltern WHERE gruppe_id IS NOT NULL AND NOT entfernt ORDER BY eltern_id`
      : `SELECT eltern_id FROM ${rm}.eltern WHERE gruppe_id::text = $1 AND NOT entfernt ORDER BY eltern_id`,
    bereichId === KITA_BEREICH ? [] : [bereichId],
  );
  return rows.map((r) => r.eltern_id);
}

/**
 * The inputs a plan of a kind needs for these families, read from the read models: shares of the
 * kind, absences (every absence week frees a family from every kind), and the weeks in which the
 * family already has a date of another kind (to spread the load across weeks). With `zeitraum`,
 * only the weeks it touches: the planner looks absences and dates up by the weeks of its places,
 * so the rest would only grow the recorded event with every year of history.
 */
async function planInputs(pool: pg.Pool, dienstartId: string, ids: string[], zeitraum?: { von: Datum; bis: Datum }) {
  return inputsFuer(pool, dienstartId, { ids }, zeitraum);
}

/** familienIm as a subquery over `$1`, the scope's id. */
const FAMILIEN_IM_BEREICH = `SELECT eltern_id FROM ${rm}.eltern
  WHERE gruppe_id IS NOT NULL AND NOT entfernt AND ($1::text = '${KITA_BEREICH}' OR gruppe_id::text = $1::text)`;

/**
 * The families of a scope (familienIm) and planInputs for them, in one round trip: the input
 * queries select the scope's families themselves, beside familienIm, and keep only the rows of
 * the families it answers, so the answer is that of familienIm followed by planInputs.
 */
async function familienUndInputs(pool: pg.Pool, dienstartId: string, bereichId: string, zeitraum: { von: Datum; bis: Datum }) {
  const familien = familienIm(pool, bereichId);
  const [ids, inputs] = await Promise.all([familien, inputsFuer(pool, dienstartId, { bereichId, familien }, zeitraum)]);
  return { familien: ids, ...inputs };
}

/**
 * planInputs for the given families (`ids`), or for a scope's families as familienIm reads them at
 * the same time (`bereichId`, `familien`: the queries select them by the subquery, and rows of any
 * family familienIm did not answer are left out).
 */
async function inputsFuer(
  pool: pg.Pool,
  dienstartId: string,
  wer: { ids: string[] } | { bereichId: string; familien: Promise<string[]> },
  zeitraum?: { von: Datum; bis: Datum },
) {
  const [ids, inFamilien] =
    'ids' in wer ? [wer.ids, 'eltern_id = ANY($1::uuid[])'] : [wer.bereichId, `eltern_id IN (${FAMILIEN_IM_BEREICH})`];
  const erste = zeitraum ? isoWocheVon(zeitraum.von) : { jahr: 0, kalenderwoche: 0 };
  const letzte = zeitraum ? isoWocheVon(zeitraum.bis) : { jahr: 9999, kalenderwoche: 99 };
  const wochen = [erste.jahr, erste.kalenderwoche, letzte.jahr, letzte.kalenderwoche];
  const inWochen = '(jahr, kalenderwoche) >= ($2::int, $3::int) AND (jahr, kalenderwoche) <= ($4::int, $5::int)';
  const tage = [zeitraum ? montagDerWoche(erste) : '0001-01-01', zeitraum ? plusTage(montagDerWoche(letzte), 6) : '9999-12-31'];
  const [anteile, abwesenheiten, wasser, andere] = await Promise.all([
    dienstartId === WASSERDIENST_ID
      ? pool.query<{ eltern_id: string; anteil: number }>(
          `SELECT eltern_id, anteil FROM ${rm}.dienst_anteil WHERE ${inFamilien} ORDER BY eltern_id`,
          [ids],
        )
      : pool.query<{ eltern_id: string; anteil: number }>(
          `SELECT eltern_id, anteil FROM ${rm}.dienst_anteil_art WHERE dienstart_id = $2 AND ${inFamilien} ORDER BY eltern_id`,
          [ids, dienstartId],
        ),
    pool.query<{ eltern_id: string; jahr: number; kalenderwoche: number }>(
      `SELECT eltern_id, jahr, kalenderwoche FROM ${rm}.abwesenheit WHERE ${inFamilien} AND ${inWochen}
       ORDER BY eltern_id, jahr, kalenderwoche`,
      [ids, ...wochen],
    ),
    dienstartId === WASSERDIENST_ID
      ? { rows: [] as { eltern_id: string; jahr: number; kalenderwoche: number }[] }
      : pool.query<{ eltern_id: string; jahr: number; kalenderwoche: number }>(
          `SELECT eltern_id, jahr, kalenderwoche FROM ${rm}.wasserdienst WHERE ${inFamilien} AND ${inWochen}
           ORDER BY eltern_id, jahr, kalenderwoche`,
          [ids, ...wochen],
        ),
    pool.query<{ eltern_id: string; von: string }>(
      `SELECT eltern_id, to_char(von, 'YYYY-MM-DD') AS von FROM ${rm}.dienst
       WHERE ${inFamilien} AND dienstart_id <> $2 AND von BETWEEN $3::date AND $4::date ORDER BY eltern_id, von`,
      [ids, dienstartId, ...tage],
    ),
  ]);
  // For a scope, only the rows of the families familienIm answers (one may have come or gone between the reads).
  const familien = 'ids' in wer ? wer.ids : await wer.familien;
  const dabei = 'ids' in wer ? null : new Set(familien);
  const nurDabei = <R extends { eltern_id: string }>(rows: R[]) => (dabei ? rows.filter((r) => dabei.has(r.eltern_id)) : rows);
  const anteil = new Map(nurDabei(anteile.rows).map((r) => [r.eltern_id, r.anteil]));
  const belegt = new Map<string, { elternId: string; woche: IsoWoche }>();
  for (const r of nurDabei(wasser.rows))
    belegt.set(`${r.eltern_id}/${r.jahr}/${r.kalenderwoche}`, {
      elternId: r.eltern_id,
      woche: { jahr: r.jahr, kalenderwoche: r.kalenderwoche },
    });
  for (const r of nurDabei(andere.rows)) {
    const woche = isoWocheVon(r.von);
    belegt.set(`${r.eltern_id}/${woche.jahr}/${woche.kalenderwoche}`, { elternId: r.eltern_id, woche });
  }
  return {
    anteile: familien.map((elternId) => ({ elternId, anteil: anteil.get(elternId) ?? 1 })),
    saldo: [] as { elternId: string; saldo: number }[],
    abwesenheiten: nurDabei(abwesenheiten.rows).map((a) => ({
      elternId: a.eltern_id,
      woche: { jahr: a.jahr, kalenderwoche: a.kalenderwoche },
    })),
    belegt: [...belegt.values()],
  };
}

/**
 * Plans a kind other than Wasserdienst in one scope for the days von…bis with the fair planner
 * (domain/dienste/verteiler.ts). Inputs are gathered here and recorded in the DiensteGeplant event.
 */
export async function planeDienstart(
  deps: DiensteDeps,
  art: Dienstart,
  bereichId: string,
  von: Datum,
  bis: Datum,
  actorId: string | null,
  options: { planId?: string; correlationId?: string } = {},
) {
  const [kalenderStream, { familien, ...inputs }] = await Promise.all([
    deps.store.readStream(KALENDER_STREAM),
    familienUndInputs(deps.pool, art.id, bereichId, { von, bis }),
  ]);
  const geschlossen = geschlossenAus(fold(kalenderDecider, kalenderStream.events as never));
  const plaetze = termineImZeitraum(art, von, bis, geschlossen).length * art.familienProTermin;
  const { events, position } = await handleCommand(
    deps.store,
    diensteStream(art.id, bereichId),
    diensteDecider,
    {
      type: 'PlaneDienste',
      data: {
        dienstartId: art.id,
        bereichId,
        planId: options.planId ?? randomUUID(),
        von,
        bis,
        art: {
          rhythmus: art.rhythmus,
          ...(art.wochentage ? { wochentage: art.wochentage } : {}),
          ...(art.aktivVonMonat ? { aktivVonMonat: art.aktivVonMonat, aktivBisMonat: art.aktivBisMonat } : {}),
          pausiertBeiSchliessung: art.pausiertBeiSchliessung,
          familienProTermin: art.familienProTermin,
        },
        geschlossen,
        familien,
        ...inputs,
        ids: Array.from({ length: plaetze }, () => randomUUID()),
        heute: heuteInBerlin(deps.now()),
      },
    },
    { actorId, now: deps.now(), correlationId: options.correlationId },
  );
  const geplant = events[0];
  if (geplant?.type !== 'DiensteGeplant') throw new Error('PlaneDienste must start with DiensteGeplant');
  return {
    position,
    zugewiesen: geplant.data.zugewiesen,
    nichtBesetzt: geplant.data.nichtBesetzt,
    trotzAbwesenheit: geplant.data.trotzAbwesenheit,
    anteile: geplant.data.anteile,
    saldo: geplant.data.saldo,
  };
}

/** The scopes a kind has plans in: 'kita', or every group (read model `gruppe`). */
export async function bereicheVon(pool: pg.Pool, art: Dienstart, gruppeId?: string | null): Promise<string[]> {
  if (art.bereich === 'kita') return [KITA_BEREICH];
  const { rows } = await pool.query<{ gruppe_id: string }>(
    `SELECT gruppe_id::text FROM ${rm}.gruppe WHERE NOT entfernt AND ($1::text IS NULL OR gruppe_id::text = $1) ORDER BY gruppe_id`,
    [gruppeId ?? null],
  );
  return rows.map((r) => r.gruppe_id);
}

/** How a closing is named in the families' mail: the holiday type, or 'Schließzeit: …' / 'Schließtag: …'. */
const schliessungsText = (e: KalenderEvent): string | null => {
  switch (e.type) {
    case 'SchliesswocheAngelegt':
      return `Schließzeit: ${e.data.beschreibung}`;
    case 'SchliesstagAngelegt':
      return `Schließtag: ${e.data.beschreibung}`;
    case 'FerienwocheAngelegt':
    case 'FerientagAngelegt':
      return e.data.art;
    default:
      return null;
  }
};

/**
 * The commands that adapt every duty plan to a calendar change that closes weeks or days: each
 * group's water-duty plan and each plan of every other kind frees what falls on the closing and is
 * evened out from the week after next on (so nobody gets a new date at short notice), and one
 * DienstplaeneAngepasst sums up per family what changed (one mail each). Decided here once to
 * write the summary; handleCommands decides them again on the streams as read for the append.
 */
export async function anpassungsBefehle(
  deps: DiensteDeps,
  kalenderVorher: KalenderState,
  kalenderNachher: KalenderState,
  neueEvents: readonly KalenderEvent[],
  context: CommandContext,
): Promise<StreamCommand[]> {
  const vorher = geschlossenAus(kalenderVorher);
  const nachher = geschlossenAus(kalenderNachher);
  const neueWochen = nachher.wochen.filter((w) => !vorher.wochen.includes(w));
  const neueTage = nachher.tage.filter((t) => !vorher.tage.includes(t));
  if (neueWochen.length === 0 && neueTage.length === 0) return [];
  const jetzt = context.now ?? deps.now();
  const heute = heuteInBerlin(jetzt);
  const heuteWoche = isoWocheVon(heute);
  const ab = naechsteWoche(naechsteWoche(heuteWoche));
  const ausgleichAb = montagDerWoche(ab);
  const anlass = [...new Set(neueEvents.map(schliessungsText).filter((t): t is string => t !== null))].join(', ') || 'Schließzeit';
  const seed = randomUUID();

  const arten = await dienstarten(deps.store);
  const { rows: gruppen } = await deps.pool.query<{ gruppe_id: string }>(
    `SELECT gruppe_id::text FROM ${rm}.gruppe WHERE NOT entfernt ORDER BY gruppe_id`,
  );
  const commands: StreamCommand[] = [];
  const entschieden: (DienstplanEvent | DiensteEvent)[] = [];

  // Water duty: whole weeks; a closing day alone does not free a week.
  const wochenMitText = neueWochen.map((w) => {
    const [jahr, kw] = w.split('-W');
    const woche = { jahr: Number(jahr), kalenderwoche: Number(kw) };
    const eintrag = [...kalenderNachher.schliesswochen.values()].find((x) => wochenSchluessel(x) === w);
    return { ...woche, ferienart: eintrag?.ferienart ?? null, beschreibung: eintrag?.ferienart ?? eintrag?.beschreibung ?? '' };
  });
  for (const { gruppe_id: gruppeId } of gruppen) {
    if (wochenMitText.length === 0) break;
    const familien = await familienIm(deps.pool, gruppeId);
    const inputs = await planInputs(deps.pool, WASSERDIENST_ID, familien);
    const command = {
      type: 'GebeGeschlosseneWochenFrei' as const,
      data: { gruppeId, wochen: wochenMitText, heute: heuteWoche, ausgleich: { ab, familien, ...inputs, seed } },
    };
    const state = fold(dienstplanDecider, (await deps.store.readStream(dienstplanStream(gruppeId))).events as never);
    entschieden.push(...dienstplanDecider.decide(command, state));
    commands.push(streamCommand(dienstplanStream(gruppeId), dienstplanDecider, command));
  }

  // Every other kind that pauses while the kindergarten is closed, in each of its scopes.
  const beschreibung = {
    wochen: Object.fromEntries(
      neueWochen.map((w) => {
        const eintrag = [...kalenderNachher.schliesswochen.values()].find((x) => wochenSchluessel(x) === w);
        return [
          w,
          {
            art: eintrag?.ferienart ? ('Ferien' as const) : ('Schließzeit' as const),
            beschreibung: eintrag?.ferienart ?? eintrag?.beschreibung ?? '',
          },
        ];
      }),
    ),
    tage: Object.fromEntries(
      neueTage.map((t) => {
        const eintrag = [...kalenderNachher.schliesstag.values()].find((x) => x.datum === t);
        return [
          t,
          {
            art: eintrag?.ferienart ? ('Ferien' as const) : ('Schließtag' as const),
            beschreibung: eintrag?.ferienart ?? eintrag?.beschreibung ?? '',
          },
        ];
      }),
    ),
  };
  for (const art of arten.arten.values()) {
    if (art.eingebaut || art.archiviert || !art.pausiertBeiSchliessung) continue;
    for (const bereichId of await bereicheVon(deps.pool, art)) {
      const stream = diensteStream(art.id, bereichId);
      const { events } = await deps.store.readStream(stream);
      if (events.length === 0) continue;
      const familien = await familienIm(deps.pool, bereichId);
      const inputs = await planInputs(deps.pool, art.id, familien);
      const command = {
        type: 'PasseAnSchliessungAn' as const,
        data: {
          dienstartId: art.id,
          bereichId,
          geschlossen: { wochen: neueWochen, tage: neueTage },
          beschreibung,
          heute,
          ausgleichAb,
          familien,
          ...inputs,
          seed,
        },
      };
      entschieden.push(...diensteDecider.decide(command, fold(diensteDecider, events as never)));
      commands.push(streamCommand(stream, diensteDecider, command));
    }
  }
  const namen = new Map([...arten.arten.values()].map((a) => [a.id, a.name]));
  const familien = anpassungProFamilie(entschieden, namen);
  if (familien.length > 0)
    commands.push(
      streamCommand(ANPASSUNGEN_STREAM, anpassungDecider, { type: 'MeldeAnpassung', data: { anpassungId: seed, anlass, familien } }),
    );
  return commands;
}
