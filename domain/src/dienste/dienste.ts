import { type Datum, type IsoWoche, isoWocheVon, plusTage, vergleicheWochen } from '../kalender/iso-woche.js';
import type { RotaAnteil, RotaSaldo } from '../rota/rota-planer.js';
import { assertNever, type Decider, DomainError, type SnapshotCodec } from '../shared/decider.js';
import { letzteTauschbareWoche, TAUSCH_WOCHEN } from '../wasserdienst/dienstplan.js';
import type { Bereich, DienstartAngaben } from './dienstart.js';
import { FolgeMap } from './folge-map.js';
import { type Geschlossen, istGeschlossen, type Termin, termineImZeitraum } from './termine.js';
import { type Platz, verteile } from './verteiler.js';

/**
 * The plan of one duty kind (other than Wasserdienst, which keeps its own stream) in one scope:
 * a group (`bereichId` = the group's id) or the whole kindergarten (`bereichId` = 'kita'). Dates,
 * the families on them and the swaps between those families share one stream, so a swap is one
 * append with one expected revision — the same design as the water-duty plan.
 */
export const KITA_BEREICH = 'kita';
export const diensteStream = (dienstartId: string, bereichId: string) => `dienste-${dienstartId}-${bereichId}`;
export const bereichIdFuer = (bereich: Bereich, gruppeId: string | null) => (bereich === 'kita' ? KITA_BEREICH : gruppeId);

type Dienst = Termin & { dienstId: string; elternId: string };

type Kopf = { dienstartId: string; bereichId: string };

/** Why a date is freed: a closing ('Ferien' or 'Schließtag' with its description), else the family left. */
type Freigabegrund = { schliessung: { art: 'Ferien' | 'Schließtag' | 'Schließzeit'; beschreibung: string } };

type PlanEingabe = {
  von: Datum;
  bis: Datum;
  art: Pick<
    DienstartAngaben,
    'rhythmus' | 'wochentage' | 'aktivVonMonat' | 'aktivBisMonat' | 'pausiertBeiSchliessung' | 'familienProTermin'
  >;
  geschlossen: Geschlossen;
  familien: string[];
  anteile: RotaAnteil[];
  saldo: RotaSaldo[];
  abwesenheiten: { elternId: string; woche: IsoWoche }[];
  belegt: { elternId: string; woche: IsoWoche }[];
};

export type DiensteEvent =
  /** The planner ran: its inputs and seed are recorded; the new dates follow as DienstZugewiesen. */
  | {
      type: 'DiensteGeplant';
      data: Kopf &
        PlanEingabe & {
          planId: string;
          zugewiesen: number;
          nichtBesetzt: Termin[];
          trotzAbwesenheit: (Termin & { elternId: string })[];
        };
    }
  | { type: 'DienstZugewiesen'; data: Kopf & Dienst }
  /** A date without its family: the kindergarten closes (with `schliessung`), or the family left. */
  | { type: 'DienstFreigegeben'; data: Kopf & Dienst & Partial<Freigabegrund> }
  /** After dates were freed, a date passed to another family so the plan is fair again. */
  | { type: 'DienstUmverteilt'; data: Kopf & Termin & { dienstId: string; vonEltern: string; anEltern: string } }
  | {
      type: 'DienstTauschAngeboten';
      data: Kopf & Termin & { tauschId: string; dienstId: string; elternId: string; nachricht: string | null; abgeben?: true };
    }
  | {
      type: 'DienstTauschAngenommen';
      data: Kopf & {
        tauschId: string;
        dienstId: string;
        termin: Termin;
        angebotVon: string;
        gegenDienstId: string;
        gegenTermin: Termin;
        angenommenVon: string;
      };
    }
  | {
      type: 'DienstAbgabeUebernommen';
      data: Kopf & { tauschId: string; dienstId: string; termin: Termin; abgegebenVon: string; uebernommenVon: string };
    }
  | { type: 'DienstTauschZurueckgezogen'; data: Kopf & { tauschId: string; dienstId: string; elternId: string } };

export type DiensteCommand =
  | { type: 'PlaneDienste'; data: Kopf & PlanEingabe & { planId: string; ids: string[]; heute: Datum } }
  | {
      type: 'BieteDienstTauschAn';
      data: Kopf & { tauschId: string; dienstId: string; elternId: string; nachricht?: string | null; abgeben?: boolean; heute: Datum };
    }
  | { type: 'NimmDienstTauschAn'; data: Kopf & { tauschId: string; elternId: string; gegenDienstId: string | null; heute: Datum } }
  | { type: 'ZieheDienstTauschZurueck'; data: Kopf & { tauschId: string; elternId: string } }
  /** A family leaves: its open offers are withdrawn, its dates from today on freed. */
  | { type: 'GebeFamilienDiensteFrei'; data: Kopf & { elternId: string; heute: Datum } }
  /**
   * The kindergarten closes: dates from today on that now fall on closed weeks or days are freed,
   * and the dates after `ausgleichAb` are passed on where needed so every family is again within
   * one date of its due.
   */
  | {
      type: 'PasseAnSchliessungAn';
      data: Kopf & {
        geschlossen: Geschlossen;
        beschreibung: { wochen: Record<string, Freigabegrund['schliessung']>; tage: Record<string, Freigabegrund['schliessung']> };
        heute: Datum;
        ausgleichAb: Datum;
        familien: string[];
        anteile: RotaAnteil[];
        saldo: RotaSaldo[];
        abwesenheiten: { elternId: string; woche: IsoWoche }[];
        belegt: { elternId: string; woche: IsoWoche }[];
        seed: string;
      };
    };

type DienstTausch = {
  tauschId: string;
  dienstId: string;
  elternId: string;
  status: 'offen' | 'angenommen' | 'zurueckgezogen';
  abgeben?: true;
};

export type DiensteState = {
  /** FolgeMaps: a plan's hundreds of DienstZugewiesen and years of swap offers fold in linear time. */
  dienste: FolgeMap<string, Dienst>;
  tausche: FolgeMap<string, DienstTausch>;
  /** dienstId → tauschId of its open offer. */
  offeneAngebote: FolgeMap<string, string>;
  /** The range of the latest plan: fairness is judged over it. */
  zeitraum: { von: Datum; bis: Datum } | null;
};

export const DIENST_NICHT_GEFUNDEN = 'Dienst nicht gefunden.';
export const DIENST_WAEHLEN = 'Bitte wählen Sie einen Dienst aus.';
export const NUR_EIGENE = 'Sie können nur Ihre eigenen Dienste tauschen.';
export const VERGANGEN = 'Vergangene Dienste können nicht mehr getauscht werden.';
export const ZU_WEIT = `Getauscht werden können nur Dienste der nächsten ${TAUSCH_WOCHEN} Kalenderwochen.`;
const SCHON_ANGEBOTEN = 'Für diesen Dienst gibt es bereits ein offenes Tausch-Angebot.';
const GEGEN_ANGEBOTEN = 'Ihr gewählter Dienst ist selbst zum Tausch angeboten. Ziehen Sie dieses Angebot zuerst zurück.';
export const ANDERE_ART = 'Getauscht werden nur Dienste derselben Dienstart.';
export const SCHON_DABEI = 'Sie haben an diesem Termin bereits diesen Dienst.';
export const ANBIETER_SCHON_DABEI = 'Die anbietende Familie hat an Ihrem Termin bereits diesen Dienst.';
const NICHT_GEFUNDEN_TAUSCH = 'Tausch-Angebot nicht gefunden.';
export const SCHON_ANGENOMMEN = 'Dieses Angebot wurde bereits angenommen.';
const SCHON_ZURUECKGEZOGEN = 'Dieses Angebot wurde bereits zurückgezogen.';
export const EIGENES = 'Sie können Ihr eigenes Angebot nicht annehmen.';
const NUR_ANBIETER = 'Nur die Familie, die das Angebot erstellt hat, kann es zurückziehen.';
const TAUSCHDIENST_FEHLT = 'Bitte wählen Sie Ihren Tauschdienst aus.';
const NACHRICHT_LANG = 'Die Nachricht darf höchstens 500 Zeichen lang sein.';
const ZEITRAUM_LEER = 'Der Zeitraum ist leer: das Enddatum liegt vor dem Startdatum.';
/** Planning reads the read models: while the projector is behind the log, it waits and then says this (503). */
export const NOCH_IN_ARBEIT = 'Die letzten Änderungen werden noch verarbeitet. Bitte in einem Moment noch einmal planen.';
const ZEITRAUM_LANG = 'Geplant wird höchstens ein Jahr auf einmal.';
const ZEITRAUM_VERGANGEN = 'Vergangene Tage können nicht mehr geplant werden.';

/** The earlier and the later of two dates ('YYYY-MM-DD' sorts as text). */
const frueher = (a: Datum, b: Datum): Datum => [a, b].sort()[0]!;
const spaeter = (a: Datum, b: Datum): Datum => [a, b].sort()[1]!;

const pruefeTauschbar = (termin: Termin, heute: Datum) => {
  if (termin.bis < heute) throw new DomainError('ungueltig', VERGANGEN);
  const letzte = letzteTauschbareWoche(isoWocheVon(heute));
  if (vergleicheWochen(isoWocheVon(termin.von), letzte) > 0) throw new DomainError('ungueltig', ZU_WEIT);
};

const termin = ({ von, bis }: Termin): Termin => ({ von, bis });
const kopf = ({ dienstartId, bereichId }: Kopf): Kopf => ({ dienstartId, bereichId });

const offenerTausch = (state: DiensteState, tauschId: string): DienstTausch => {
  const tausch = state.tausche.get(tauschId);
  if (!tausch) throw new DomainError('nicht_gefunden', NICHT_GEFUNDEN_TAUSCH);
  if (tausch.status === 'zurueckgezogen') throw new DomainError('konflikt', SCHON_ZURUECKGEZOGEN);
  if (tausch.status === 'angenommen') throw new DomainError('konflikt', SCHON_ANGENOMMEN);
  return tausch;
};

const eigenerDienst = (state: DiensteState, dienstId: string, elternId: string): Dienst => {
  const dienst = state.dienste.get(dienstId);
  if (!dienst) throw new DomainError('nicht_gefunden', DIENST_NICHT_GEFUNDEN);
  if (dienst.elternId !== elternId) throw new DomainError('verboten', NUR_EIGENE);
  return dienst;
};

/** Whether a family already holds a date starting on `von` (a family is on a date at most once). */
const hatTermin = (state: DiensteState, elternId: string, von: Datum, ausser?: string) =>
  [...state.dienste.values()].some((d) => d.elternId === elternId && d.von === von && d.dienstId !== ausser);

/** The plan's dates by start day, each with its families. */
const termineMitFamilien = (state: DiensteState) => {
  const m = new Map<Datum, Dienst[]>();
  for (const d of state.dienste.values()) m.set(d.von, [...(m.get(d.von) ?? []), d]);
  return m;
};

const decide = (command: DiensteCommand, state: DiensteState): DiensteEvent[] => {
  switch (command.type) {
    case 'PlaneDienste': {
      const { planId, ids, heute, ...rest } = command.data;
      const { von, bis, art } = rest;
      if (bis < von) throw new DomainError('ungueltig', ZEITRAUM_LEER);
      if (plusTage(von, 366) < bis) throw new DomainError('ungueltig', ZEITRAUM_LANG);
      if (bis < heute) throw new DomainError('ungueltig', ZEITRAUM_VERGANGEN);
      const start = spaeter(von, heute);
      const belegtAm = termineMitFamilien(state);
      const plaetze: Platz[] = [];
      for (const t of termineImZeitraum(art, start, bis, rest.geschlossen)) {
        const da = belegtAm.get(t.von) ?? [];
        for (const d of da) plaetze.push({ termin: t, inhaber: d.elternId, beweglich: false });
        for (let k = da.length; k < art.familienProTermin; k++) plaetze.push({ termin: t, inhaber: null, beweglich: true });
      }
      // Dates of the plan outside the new range still count towards spacing but not fairness: left out.
      const ergebnis = verteile({ ...rest, plaetze, seed: planId });
      const neu = plaetze.flatMap((p, i) =>
        p.inhaber === null && ergebnis.inhaber[i] ? [{ termin: p.termin, elternId: ergebnis.inhaber[i]! }] : [],
      );
      const nichtBesetzt = plaetze.flatMap((p, i) => (p.inhaber === null && !ergebnis.inhaber[i] ? [termin(p.termin)] : []));
      return [
        {
          type: 'DiensteGeplant',
          data: {
            ...kopf(command.data),
            planId,
            von: start,
            bis,
            art: rest.art,
            geschlossen: rest.geschlossen,
            familien: rest.familien,
            anteile: rest.anteile,
            saldo: rest.saldo,
            abwesenheiten: rest.abwesenheiten,
            belegt: rest.belegt,
            zugewiesen: neu.length,
            nichtBesetzt,
            trotzAbwesenheit: ergebnis.trotzAbwesenheit.map((i) => ({ ...termin(plaetze[i]!.termin), elternId: ergebnis.inhaber[i]! })),
          },
        },
        ...neu.map(
          (z, i): DiensteEvent => ({
            type: 'DienstZugewiesen',
            data: { ...kopf(command.data), dienstId: ids[i]!, ...termin(z.termin), elternId: z.elternId },
          }),
        ),
      ];
    }
    case 'BieteDienstTauschAn': {
      const { dienstId, elternId, heute } = command.data;
      if (!dienstId) throw new DomainError('ungueltig', DIENST_WAEHLEN);
      const nachricht = command.data.nachricht?.trim() || null;
      if (nachricht && nachricht.length > 500) throw new DomainError('ungueltig', NACHRICHT_LANG);
      const dienst = eigenerDienst(state, dienstId, elternId);
      pruefeTauschbar(dienst, heute);
      if (state.offeneAngebote.has(dienstId)) throw new DomainError('konflikt', SCHON_ANGEBOTEN);
      return [
        {
          type: 'DienstTauschAngeboten',
          data: {
            ...kopf(command.data),
            tauschId: command.data.tauschId,
            dienstId,
            ...termin(dienst),
            elternId,
            nachricht,
            ...(command.data.abgeben ? { abgeben: true as const } : {}),
          },
        },
      ];
    }
    case 'NimmDienstTauschAn': {
      const { tauschId, elternId, gegenDienstId, heute } = command.data;
      const tausch = offenerTausch(state, tauschId);
      if (tausch.elternId === elternId) throw new DomainError('verboten', EIGENES);
      const angebot = state.dienste.get(tausch.dienstId)!;
      pruefeTauschbar(angebot, heute);
      if (hatTermin(state, elternId, angebot.von)) throw new DomainError('konflikt', SCHON_DABEI);
      if (!gegenDienstId && tausch.abgeben)
        return [
          {
            type: 'DienstAbgabeUebernommen',
            data: {
              ...kopf(command.data),
              tauschId,
              dienstId: angebot.dienstId,
              termin: termin(angebot),
              abgegebenVon: tausch.elternId,
              uebernommenVon: elternId,
            },
          },
        ];
      if (!gegenDienstId) throw new DomainError('ungueltig', TAUSCHDIENST_FEHLT);
      const gegen = state.dienste.get(gegenDienstId);
      // A date of another kind lives in another stream: it is not found here.
      if (!gegen) throw new DomainError('ungueltig', ANDERE_ART);
      if (gegen.elternId !== elternId) throw new DomainError('verboten', NUR_EIGENE);
      pruefeTauschbar(gegen, heute);
      if (state.offeneAngebote.has(gegen.dienstId)) throw new DomainError('konflikt', GEGEN_ANGEBOTEN);
      if (hatTermin(state, tausch.elternId, gegen.von, angebot.dienstId)) throw new DomainError('konflikt', ANBIETER_SCHON_DABEI);
      return [
        {
          type: 'DienstTauschAngenommen',
          data: {
            ...kopf(command.data),
            tauschId,
            dienstId: angebot.dienstId,
            termin: termin(angebot),
            angebotVon: tausch.elternId,
            gegenDienstId: gegen.dienstId,
            gegenTermin: termin(gegen),
            angenommenVon: elternId,
          },
        },
      ];
    }
    case 'ZieheDienstTauschZurueck': {
      const tausch = offenerTausch(state, command.data.tauschId);
      if (tausch.elternId !== command.data.elternId) throw new DomainError('verboten', NUR_ANBIETER);
      return [
        {
          type: 'DienstTauschZurueckgezogen',
          data: { ...kopf(command.data), tauschId: tausch.tauschId, dienstId: tausch.dienstId, elternId: tausch.elternId },
        },
      ];
    }
    case 'GebeFamilienDiensteFrei': {
      const { elternId, heute } = command.data;
      const zurueck: DiensteEvent[] = [...state.tausche.values()]
        .filter((t) => t.status === 'offen' && t.elternId === elternId)
        .map((t) => ({
          type: 'DienstTauschZurueckgezogen',
          data: { ...kopf(command.data), tauschId: t.tauschId, dienstId: t.dienstId, elternId },
        }));
      const frei: DiensteEvent[] = [...state.dienste.values()]
        .filter((d) => d.elternId === elternId && d.bis >= heute)
        .sort((a, b) => (a.von < b.von ? -1 : 1))
        .map((d) => ({ type: 'DienstFreigegeben', data: { ...kopf(command.data), ...d } }));
      return [...zurueck, ...frei];
    }
    case 'PasseAnSchliessungAn': {
      const d = command.data;
      const zu = { wochen: new Set(d.geschlossen.wochen), tage: new Set(d.geschlossen.tage) };
      const events: DiensteEvent[] = [];
      const frei = new Set<string>();
      const sortiert = [...state.dienste.values()].sort((a, b) =>
        a.von < b.von ? -1 : a.von > b.von ? 1 : a.dienstId < b.dienstId ? -1 : 1,
      );
      for (const dienst of sortiert) {
        if (dienst.bis < d.heute || !istGeschlossen(dienst, zu)) continue;
        frei.add(dienst.dienstId);
        const tauschId = state.offeneAngebote.get(dienst.dienstId);
        if (tauschId)
          events.push({
            type: 'DienstTauschZurueckgezogen',
            data: { ...kopf(d), tauschId, dienstId: dienst.dienstId, elternId: dienst.elternId },
          });
        events.push({ type: 'DienstFreigegeben', data: { ...kopf(d), ...dienst, schliessung: grundFuer(dienst, d.beschreibung) } });
      }
      if (frei.size === 0 || !state.zeitraum) return events;
      // Even out: every remaining date of the plan's range counts; those from ausgleichAb on without an open offer may move.
      const imPlan = sortiert.filter((x) => !frei.has(x.dienstId) && x.von >= state.zeitraum!.von && x.von <= state.zeitraum!.bis);
      const plaetze: Platz[] = imPlan.map((x) => ({
        termin: termin(x),
        inhaber: x.elternId,
        beweglich: x.von >= d.ausgleichAb && !state.offeneAngebote.has(x.dienstId),
      }));
      const ergebnis = verteile({ ...d, plaetze, seed: d.seed });
      for (const [i, x] of imPlan.entries()) {
        const an = ergebnis.inhaber[i];
        if (an && an !== x.elternId)
          events.push({
            type: 'DienstUmverteilt',
            data: { ...kopf(d), ...termin(x), dienstId: x.dienstId, vonEltern: x.elternId, anEltern: an },
          });
      }
      return events;
    }
    default:
      return assertNever(command);
  }
};

const grundFuer = (
  termin: Termin,
  beschreibung: { wochen: Record<string, Freigabegrund['schliessung']>; tage: Record<string, Freigabegrund['schliessung']> },
) => {
  for (let tag = termin.von; tag <= termin.bis; tag = plusTage(tag, 1)) {
    const grund = beschreibung.tage[tag];
    if (grund) return grund;
  }
  const w = isoWocheVon(termin.von);
  return beschreibung.wochen[`${w.jahr}-W${String(w.kalenderwoche).padStart(2, '0')}`] ?? { art: 'Schließzeit' as const, beschreibung: '' };
};

const evolve = (state: DiensteState, event: DiensteEvent): DiensteState => {
  const mitInhaber = (id: string, elternId: string) => state.dienste.mit(id, { ...state.dienste.get(id)!, elternId });
  switch (event.type) {
    case 'DiensteGeplant': {
      const { von, bis } = event.data;
      const zeitraum = state.zeitraum ? { von: frueher(state.zeitraum.von, von), bis: spaeter(state.zeitraum.bis, bis) } : { von, bis };
      return { ...state, zeitraum };
    }
    case 'DienstZugewiesen': {
      const { dienstId, von, bis, elternId } = event.data;
      return { ...state, dienste: state.dienste.mit(dienstId, { dienstId, von, bis, elternId }) };
    }
    case 'DienstFreigegeben':
      return { ...state, dienste: state.dienste.ohne(event.data.dienstId) };
    case 'DienstUmverteilt':
      return { ...state, dienste: mitInhaber(event.data.dienstId, event.data.anEltern) };
    case 'DienstTauschAngeboten': {
      const { tauschId, dienstId, elternId, abgeben } = event.data;
      return {
        ...state,
        tausche: state.tausche.mit(tauschId, { tauschId, dienstId, elternId, status: 'offen', ...(abgeben ? { abgeben } : {}) }),
        offeneAngebote: state.offeneAngebote.mit(dienstId, tauschId),
      };
    }
    case 'DienstTauschAngenommen': {
      const { tauschId, dienstId, gegenDienstId, angebotVon, angenommenVon } = event.data;
      const dienste = mitInhaber(dienstId, angenommenVon).mit(gegenDienstId, {
        ...state.dienste.get(gegenDienstId)!,
        elternId: angebotVon,
      });
      return {
        ...state,
        dienste,
        tausche: state.tausche.mit(tauschId, { ...state.tausche.get(tauschId)!, status: 'angenommen' }),
        offeneAngebote: state.offeneAngebote.ohne(dienstId),
      };
    }
    case 'DienstAbgabeUebernommen': {
      const { tauschId, dienstId, uebernommenVon } = event.data;
      return {
        ...state,
        dienste: mitInhaber(dienstId, uebernommenVon),
        tausche: state.tausche.mit(tauschId, { ...state.tausche.get(tauschId)!, status: 'angenommen' }),
        offeneAngebote: state.offeneAngebote.ohne(dienstId),
      };
    }
    case 'DienstTauschZurueckgezogen': {
      const { tauschId, dienstId } = event.data;
      return {
        ...state,
        tausche: state.tausche.mit(tauschId, { ...state.tausche.get(tauschId)!, status: 'zurueckgezogen' }),
        offeneAngebote: state.offeneAngebote.ohne(dienstId),
      };
    }
    default:
      return assertNever(event);
  }
};

type DiensteJson = {
  dienste: [string, Dienst][];
  tausche: [string, DienstTausch][];
  offeneAngebote: [string, string][];
  zeitraum: DiensteState['zeitraum'];
};

const diensteSnapshot: SnapshotCodec<DiensteState> = {
  name: 'dienste',
  version: 1,
  toJson: (s): DiensteJson => ({
    dienste: [...s.dienste],
    tausche: [...s.tausche],
    offeneAngebote: [...s.offeneAngebote],
    zeitraum: s.zeitraum,
  }),
  fromJson: (json) => {
    const j = json as DiensteJson;
    return {
      dienste: FolgeMap.aus(j.dienste),
      tausche: FolgeMap.aus(j.tausche),
      offeneAngebote: FolgeMap.aus(j.offeneAngebote),
      zeitraum: j.zeitraum,
    };
  },
};

export const diensteDecider: Decider<DiensteCommand, DiensteEvent, DiensteState> = {
  decide,
  evolve,
  initialState: () => ({
    dienste: FolgeMap.aus<string, Dienst>(),
    tausche: FolgeMap.aus(),
    offeneAngebote: FolgeMap.aus(),
    zeitraum: null,
  }),
  snapshot: diensteSnapshot,
};
