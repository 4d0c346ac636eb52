import { FolgeMap } from '../dienste/folge-map.js';
import { verteile } from '../dienste/verteiler.js';
import {
  freitagDerWoche,
  type IsoWoche,
  isoWocheVon,
  istGueltigeWoche,
  montagDerWoche,
  plusTage,
  vergleicheWochen,
  wochenAb,
  wochenSchluessel,
} from '../kalender/iso-woche.js';
import type { Schliessung } from '../kalender/schliesszeiten.js';
import { planeRota, type RotaEingabe, type RotaErgebnis, WOCHE_UNGUELTIG, WOCHE_VERGEBEN } from '../rota/rota-planer.js';
import { assertNever, type Decider, DomainError, type SnapshotCodec } from '../shared/decider.js';

/**
 * The water-duty plan of one group: which family fetches the water in which ISO week, and the
 * swaps between the families of the group. Duties and swaps share one stream, so a swap (two
 * duties changing owners) is one append with one expected revision.
 */
export const dienstplanStream = (gruppeId: string) => `dienstplan-${gruppeId}`;

/** Offerable weeks: this many ISO weeks from the current one (the current week included). */
export const TAUSCH_WOCHEN = 12;

/** A family's water duty in one week: the state's entry and the data of `WasserdienstZugewiesen`. */
type Wasserdienst = IsoWoche & { wasserdienstId: string; elternId: string };

export type DienstplanEvent =
  | { type: 'WasserdienstZugewiesen'; data: Wasserdienst & { gruppeId: string } }
  | {
      type: 'TauschAngeboten';
      /** `abgeben`: the family gives the duty away ('Dienst abgeben') and wants none in return. */
      data: IsoWoche & {
        gruppeId: string;
        tauschId: string;
        wasserdienstId: string;
        elternId: string;
        nachricht: string | null;
        abgeben?: true;
      };
    }
  /** A family took over a duty given away ('Übernehmen'), without giving one in return. */
  | {
      type: 'DienstUebernommen';
      data: { gruppeId: string; tauschId: string; wasserdienstId: string; woche: IsoWoche; abgegebenVon: string; uebernommenVon: string };
    }
  | {
      type: 'TauschAngenommen';
      data: {
        gruppeId: string;
        tauschId: string;
        /** The offered duty: it now belongs to the accepting family. */
        wasserdienstId: string;
        woche: IsoWoche;
        angebotVon: string;
        /** The duty given in return: it now belongs to the offering family. */
        gegenWasserdienstId: string;
        gegenWoche: IsoWoche;
        angenommenVon: string;
      };
    }
  | { type: 'TauschZurueckgezogen'; data: { gruppeId: string; tauschId: string; wasserdienstId: string; elternId: string } }
  /**
   * A duty without a family again: its family left the kindergarten (the week can be planned anew),
   * or, with `schliessung`, the kindergarten is closed that week (holidays, a closing week).
   */
  | { type: 'WasserdienstFreigegeben'; data: Wasserdienst & { gruppeId: string; schliessung?: Schliessung } }
  /**
   * The rota planner ran: its inputs and seed are recorded, so replaying the log (or an auditor)
   * sees why each week went to whom; the assignments follow as WasserdienstZugewiesen events.
   */
  | {
      type: 'RotaGeplant';
      data: Omit<RotaEingabe, 'bestehend'> & {
        gruppeId: string;
        rotaId: string;
        zugewiesen: number;
        nichtBesetzt: RotaErgebnis['nichtBesetzt'];
        trotzAbwesenheit: RotaErgebnis['trotzAbwesenheit'];
      };
    }
  /** The yearly import retired the whole plan (history stays in the log). */
  | { type: 'DienstplanZurueckgesetzt'; data: { gruppeId: string; importId: string } }
  /**
   * After the kindergarten closed weeks that had duties, a week passed to another family so that
   * every family is again within one duty of its due (docs/rota-planer.md, "Nach Schließzeiten").
   */
  | { type: 'WasserdienstUmverteilt'; data: IsoWoche & { gruppeId: string; wasserdienstId: string; vonEltern: string; anEltern: string } };

/** What evening out the plan after a closing needs: the group's families, shares, balances, absences and busy weeks. */
type Ausgleich = {
  /** The first week whose duty may move (families learn of changes at least a week ahead). */
  ab: IsoWoche;
  familien: string[];
  anteile: { elternId: string; anteil: number }[];
  saldo: { elternId: string; saldo: number }[];
  abwesenheiten: { elternId: string; woche: IsoWoche }[];
  belegt: { elternId: string; woche: IsoWoche }[];
  seed: string;
};

export type DienstplanCommand =
  | { type: 'WeiseWasserdiensteZu'; data: { gruppeId: string; zuweisungen: Wasserdienst[] } }
  | {
      type: 'BieteTauschAn';
      data: {
        gruppeId: string;
        tauschId: string;
        wasserdienstId: string;
        elternId: string;
        nachricht?: string | null;
        heute: IsoWoche;
        abgeben?: boolean;
      };
    }
  /** Accepts an offer: with `gegenWasserdienstId` a swap; without one, taking over a duty given away. */
  | {
      type: 'NimmTauschAn';
      data: { gruppeId: string; tauschId: string; elternId: string; gegenWasserdienstId: string | null; heute: IsoWoche };
    }
  | { type: 'ZieheTauschZurueck'; data: { gruppeId: string; tauschId: string; elternId: string } }
  /** A family leaves: its open offers are withdrawn and its duties from the current week on are freed. */
  | { type: 'GebeDiensteFrei'; data: { gruppeId: string; elternId: string; heute: IsoWoche } }
  /** The kindergarten closes in these weeks: their duties from the current week on are freed, their open offers withdrawn. */
  | {
      type: 'GebeGeschlosseneWochenFrei';
      data: { gruppeId: string; wochen: (IsoWoche & Schliessung)[]; heute: IsoWoche; ausgleich?: Ausgleich };
    }
  | { type: 'SetzeDienstplanZurueck'; data: { gruppeId: string; importId: string } }
  /** Plans the weeks von…bis; `ids`: fresh duty ids, at least one per week. Weeks already assigned are kept. */
  | {
      type: 'PlaneRota';
      data: Omit<RotaEingabe, 'bestehend' | 'seed'> & { gruppeId: string; rotaId: string; ids: string[] };
    };

type Tausch = {
  tauschId: string;
  wasserdienstId: string;
  elternId: string;
  status: 'offen' | 'angenommen' | 'zurueckgezogen';
  /** Given away: may be taken over without a duty in return. */
  abgeben?: true;
};

export type DienstplanState = {
  /** FolgeMaps: a plan's weeks and years of swap offers fold in linear time, not a copy per event. */
  dienste: FolgeMap<string, Wasserdienst>;
  /** wochenSchluessel → wasserdienstId: one family per group and week. */
  wochen: FolgeMap<string, string>;
  tausche: FolgeMap<string, Tausch>;
  /** wasserdienstId → tauschId of its open offer. */
  offeneAngebote: FolgeMap<string, string>;
  /** The weeks the plans so far covered (RotaGeplant): fairness after a closing is judged over them. */
  zeitraum: { von: IsoWoche; bis: IsoWoche } | null;
};

/** A family without a group has no water-duty plan (docs/produkt.md §8). */
export const KEINE_GRUPPE = 'Keine Gruppe gefunden';
export const WASSERDIENST_NICHT_GEFUNDEN = 'Wasserdienst nicht gefunden.';
export const WASSERDIENST_WAEHLEN = 'Bitte wählen Sie einen Wasserdienst aus';
export const TAUSCHDIENST_WAEHLEN = 'Bitte wählen Sie Ihren Tauschdienst aus.';
export const NUR_EIGENE_DIENSTE = 'Sie können nur Ihre eigenen Wasserdienste tauschen.';
export const DIENST_VERGANGEN = 'Vergangene Wasserdienste können nicht mehr getauscht werden.';
export const DIENST_ZU_WEIT = `Getauscht werden können nur Wasserdienste der nächsten ${TAUSCH_WOCHEN} Kalenderwochen.`;
export const BEREITS_ANGEBOTEN = 'Für diesen Wasserdienst gibt es bereits ein offenes Tausch-Angebot.';
export const GEGENDIENST_ANGEBOTEN = 'Ihr gewählter Wasserdienst ist selbst zum Tausch angeboten. Ziehen Sie dieses Angebot zuerst zurück.';
export const TAUSCH_NICHT_GEFUNDEN = 'Tausch-Angebot nicht gefunden.';
export const BEREITS_ANGENOMMEN = 'Dieses Angebot wurde bereits angenommen.';
export const BEREITS_ZURUECKGEZOGEN = 'Dieses Angebot wurde bereits zurückgezogen.';
export const EIGENES_ANGEBOT = 'Sie können Ihr eigenes Angebot nicht annehmen.';
export const NUR_ANBIETER_ZIEHT_ZURUECK = 'Nur die Familie, die das Angebot erstellt hat, kann es zurückziehen.';
const NACHRICHT_ZU_LANG = 'Die Nachricht darf höchstens 500 Zeichen lang sein.';

/** Weeks a duty may be swapped in: the current one and the next eleven, across a year's week 52 or 53. */
export const tauschbareWochen = (heute: IsoWoche): IsoWoche[] => wochenAb(heute, TAUSCH_WOCHEN);

/** The last of the `tauschbareWochen`, counted in days (every command that swaps asks for it). */
export const letzteTauschbareWoche = (heute: IsoWoche): IsoWoche => isoWocheVon(plusTage(montagDerWoche(heute), 7 * (TAUSCH_WOCHEN - 1)));

const pruefeTauschbar = (woche: IsoWoche, heute: IsoWoche) => {
  if (vergleicheWochen(woche, heute) < 0) throw new DomainError('ungueltig', DIENST_VERGANGEN);
  const letzte = letzteTauschbareWoche(heute);
  if (vergleicheWochen(woche, letzte) > 0) throw new DomainError('ungueltig', DIENST_ZU_WEIT);
};

const offenerTausch = (state: DienstplanState, tauschId: string): Tausch => {
  const tausch = state.tausche.get(tauschId);
  if (!tausch || tausch.status === 'zurueckgezogen') {
    if (tausch) throw new DomainError('konflikt', BEREITS_ZURUECKGEZOGEN);
    throw new DomainError('nicht_gefunden', TAUSCH_NICHT_GEFUNDEN);
  }
  if (tausch.status === 'angenommen') throw new DomainError('konflikt', BEREITS_ANGENOMMEN);
  return tausch;
};

const eigenerDienst = (state: DienstplanState, wasserdienstId: string, elternId: string): Wasserdienst => {
  const dienst = state.dienste.get(wasserdienstId);
  if (!dienst) throw new DomainError('nicht_gefunden', WASSERDIENST_NICHT_GEFUNDEN);
  if (dienst.elternId !== elternId) throw new DomainError('verboten', NUR_EIGENE_DIENSTE);
  return dienst;
};

const woche = ({ jahr, kalenderwoche }: IsoWoche): IsoWoche => ({ jahr, kalenderwoche });

const decide = (command: DienstplanCommand, state: DienstplanState): DienstplanEvent[] => {
  switch (command.type) {
    case 'WeiseWasserdiensteZu': {
      const neu = new Set<string>();
      return command.data.zuweisungen.map((z) => {
        if (!istGueltigeWoche(z)) throw new DomainError('ungueltig', WOCHE_UNGUELTIG(z));
        const schluessel = wochenSchluessel(z);
        if (state.wochen.has(schluessel) || neu.has(schluessel)) throw new DomainError('konflikt', WOCHE_VERGEBEN(z));
        neu.add(schluessel);
        return {
          type: 'WasserdienstZugewiesen',
          data: { gruppeId: command.data.gruppeId, wasserdienstId: z.wasserdienstId, ...woche(z), elternId: z.elternId },
        };
      });
    }
    case 'BieteTauschAn': {
      const { wasserdienstId, elternId, heute } = command.data;
      if (!wasserdienstId) throw new DomainError('ungueltig', WASSERDIENST_WAEHLEN);
      const nachricht = command.data.nachricht?.trim() || null;
      if (nachricht && nachricht.length > 500) throw new DomainError('ungueltig', NACHRICHT_ZU_LANG);
      const dienst = eigenerDienst(state, wasserdienstId, elternId);
      pruefeTauschbar(dienst, heute);
      if (state.offeneAngebote.has(wasserdienstId)) throw new DomainError('konflikt', BEREITS_ANGEBOTEN);
      return [
        {
          type: 'TauschAngeboten',
          data: {
            gruppeId: command.data.gruppeId,
            tauschId: command.data.tauschId,
            wasserdienstId,
            ...woche(dienst),
            elternId,
            nachricht,
            ...(command.data.abgeben ? { abgeben: true as const } : {}),
          },
        },
      ];
    }
    case 'NimmTauschAn': {
      const { tauschId, elternId, gegenWasserdienstId, heute } = command.data;
      const tausch = offenerTausch(state, tauschId);
      if (tausch.elternId === elternId) throw new DomainError('verboten', EIGENES_ANGEBOT);
      const angebot = state.dienste.get(tausch.wasserdienstId)!;
      if (!gegenWasserdienstId && tausch.abgeben) {
        pruefeTauschbar(angebot, heute);
        return [
          {
            type: 'DienstUebernommen',
            data: {
              gruppeId: command.data.gruppeId,
              tauschId,
              wasserdienstId: angebot.wasserdienstId,
              woche: woche(angebot),
              abgegebenVon: tausch.elternId,
              uebernommenVon: elternId,
            },
          },
        ];
      }
      if (!gegenWasserdienstId) throw new DomainError('ungueltig', TAUSCHDIENST_WAEHLEN);
      const gegen = eigenerDienst(state, gegenWasserdienstId, elternId);
      pruefeTauschbar(angebot, heute);
      pruefeTauschbar(gegen, heute);
      if (state.offeneAngebote.has(gegen.wasserdienstId)) throw new DomainError('konflikt', GEGENDIENST_ANGEBOTEN);
      return [
        {
          type: 'TauschAngenommen',
          data: {
            gruppeId: command.data.gruppeId,
            tauschId,
            wasserdienstId: angebot.wasserdienstId,
            woche: woche(angebot),
            angebotVon: tausch.elternId,
            gegenWasserdienstId: gegen.wasserdienstId,
            gegenWoche: woche(gegen),
            angenommenVon: elternId,
          },
        },
      ];
    }
    case 'ZieheTauschZurueck': {
      const tausch = offenerTausch(state, command.data.tauschId);
      if (tausch.elternId !== command.data.elternId) throw new DomainError('verboten', NUR_ANBIETER_ZIEHT_ZURUECK);
      return [
        {
          type: 'TauschZurueckgezogen',
          data: {
            gruppeId: command.data.gruppeId,
            tauschId: tausch.tauschId,
            wasserdienstId: tausch.wasserdienstId,
            elternId: tausch.elternId,
          },
        },
      ];
    }
    case 'GebeDiensteFrei': {
      const { gruppeId, elternId, heute } = command.data;
      const zurueckgezogen: DienstplanEvent[] = [...state.tausche.values()]
        .filter((t) => t.status === 'offen' && t.elternId === elternId)
        .map((t) => ({
          type: 'TauschZurueckgezogen',
          data: { gruppeId, tauschId: t.tauschId, wasserdienstId: t.wasserdienstId, elternId },
        }));
      const freigegeben: DienstplanEvent[] = [...state.dienste.values()]
        .filter((d) => d.elternId === elternId && vergleicheWochen(d, heute) >= 0)
        .sort(vergleicheWochen)
        .map((d) => ({ type: 'WasserdienstFreigegeben', data: { gruppeId, ...d, ...woche(d) } }));
      return [...zurueckgezogen, ...freigegeben];
    }
    case 'GebeGeschlosseneWochenFrei': {
      const { gruppeId, heute } = command.data;
      const events: DienstplanEvent[] = [];
      const frei = new Set<string>();
      for (const { ferienart, beschreibung, ...w } of command.data.wochen) {
        const dienst = state.dienste.get(state.wochen.get(wochenSchluessel(w)) ?? '');
        if (!dienst || frei.has(dienst.wasserdienstId) || vergleicheWochen(dienst, heute) < 0) continue;
        frei.add(dienst.wasserdienstId);
        const tauschId = state.offeneAngebote.get(dienst.wasserdienstId);
        if (tauschId)
          events.push({
            type: 'TauschZurueckgezogen',
            data: { gruppeId, tauschId, wasserdienstId: dienst.wasserdienstId, elternId: dienst.elternId },
          });
        events.push({
          type: 'WasserdienstFreigegeben',
          data: { gruppeId, ...dienst, ...woche(dienst), schliessung: { ferienart, beschreibung } },
        });
      }
      const { ausgleich } = command.data;
      if (frei.size === 0 || !ausgleich || !state.zeitraum) return events;
      return [...events, ...gleicheAus(state, frei, ausgleich, gruppeId)];
    }
    case 'PlaneRota': {
      const { gruppeId, rotaId, ids, ...eingabe } = command.data;
      const rota = { ...eingabe, seed: rotaId };
      const ergebnis = planeRota({ ...rota, bestehend: [...state.dienste.values()].map(({ wasserdienstId: _, ...d }) => d) });
      return [
        {
          type: 'RotaGeplant',
          data: {
            gruppeId,
            rotaId,
            ...rota,
            zugewiesen: ergebnis.zuweisungen.length,
            nichtBesetzt: ergebnis.nichtBesetzt,
            trotzAbwesenheit: ergebnis.trotzAbwesenheit,
          },
        },
        ...ergebnis.zuweisungen.map(
          (z, i): DienstplanEvent => ({
            type: 'WasserdienstZugewiesen',
            data: { gruppeId, wasserdienstId: ids[i]!, jahr: z.jahr, kalenderwoche: z.kalenderwoche, elternId: z.elternId },
          }),
        ),
      ];
    }
    case 'SetzeDienstplanZurueck':
      if (state.dienste.size === 0 && state.tausche.size === 0) return [];
      return [{ type: 'DienstplanZurueckgesetzt', data: command.data }];
    default:
      return assertNever(command);
  }
};

/**
 * Passes duties of the plan's range on (only those from `ausgleich.ab` on without an open offer)
 * until every family is again within one duty of its due: the fair planner of all duty kinds
 * (dienste/verteiler.ts), with each week as a place.
 */
function gleicheAus(state: DienstplanState, frei: ReadonlySet<string>, ausgleich: Ausgleich, gruppeId: string): DienstplanEvent[] {
  const { von, bis } = state.zeitraum!;
  const imPlan = [...state.dienste.values()]
    .filter((d) => !frei.has(d.wasserdienstId) && vergleicheWochen(d, von) >= 0 && vergleicheWochen(d, bis) <= 0)
    .sort(vergleicheWochen);
  const ergebnis = verteile({
    ...ausgleich,
    plaetze: imPlan.map((d) => ({
      termin: { von: montagDerWoche(d), bis: freitagDerWoche(d) },
      inhaber: d.elternId,
      beweglich: vergleicheWochen(d, ausgleich.ab) >= 0 && !state.offeneAngebote.has(d.wasserdienstId),
    })),
  });
  return imPlan.flatMap((d, i): DienstplanEvent[] => {
    const an = ergebnis.inhaber[i];
    return an && an !== d.elternId
      ? [
          {
            type: 'WasserdienstUmverteilt',
            data: { gruppeId, wasserdienstId: d.wasserdienstId, ...woche(d), vonEltern: d.elternId, anEltern: an },
          },
        ]
      : [];
  });
}

const mitDienst = (state: DienstplanState, dienst: Wasserdienst) => state.dienste.mit(dienst.wasserdienstId, dienst);

const evolve = (state: DienstplanState, event: DienstplanEvent): DienstplanState => {
  const next = (changes: Partial<DienstplanState>): DienstplanState => ({ ...state, ...changes });
  switch (event.type) {
    case 'WasserdienstZugewiesen': {
      const { gruppeId: _, ...dienst } = event.data;
      return next({
        dienste: mitDienst(state, dienst),
        wochen: state.wochen.mit(wochenSchluessel(dienst), dienst.wasserdienstId),
      });
    }
    case 'TauschAngeboten': {
      const { tauschId, wasserdienstId, elternId, abgeben } = event.data;
      const tausch: Tausch = { tauschId, wasserdienstId, elternId, status: 'offen', ...(abgeben ? { abgeben } : {}) };
      return next({
        tausche: state.tausche.mit(tauschId, tausch),
        offeneAngebote: state.offeneAngebote.mit(wasserdienstId, tauschId),
      });
    }
    case 'TauschAngenommen': {
      const { tauschId, wasserdienstId, gegenWasserdienstId, angebotVon, angenommenVon } = event.data;
      const dienste = mitDienst(state, { ...state.dienste.get(wasserdienstId)!, elternId: angenommenVon }).mit(gegenWasserdienstId, {
        ...state.dienste.get(gegenWasserdienstId)!,
        elternId: angebotVon,
      });
      return next({
        dienste,
        tausche: state.tausche.mit(tauschId, { ...state.tausche.get(tauschId)!, status: 'angenommen' }),
        offeneAngebote: state.offeneAngebote.ohne(wasserdienstId),
      });
    }
    case 'DienstUebernommen': {
      const { tauschId, wasserdienstId, uebernommenVon } = event.data;
      return next({
        dienste: mitDienst(state, { ...state.dienste.get(wasserdienstId)!, elternId: uebernommenVon }),
        tausche: state.tausche.mit(tauschId, { ...state.tausche.get(tauschId)!, status: 'angenommen' }),
        offeneAngebote: state.offeneAngebote.ohne(wasserdienstId),
      });
    }
    case 'TauschZurueckgezogen': {
      const { tauschId, wasserdienstId } = event.data;
      return next({
        tausche: state.tausche.mit(tauschId, { ...state.tausche.get(tauschId)!, status: 'zurueckgezogen' }),
        offeneAngebote: state.offeneAngebote.ohne(wasserdienstId),
      });
    }
    case 'WasserdienstFreigegeben':
      return next({
        dienste: state.dienste.ohne(event.data.wasserdienstId),
        wochen: state.wochen.ohne(wochenSchluessel(event.data)),
      });
    case 'DienstplanZurueckgesetzt':
      return dienstplanDecider.initialState();
    case 'RotaGeplant': {
      const { von, bis } = event.data;
      const z = state.zeitraum;
      return next({
        zeitraum: z
          ? { von: vergleicheWochen(von, z.von) < 0 ? von : z.von, bis: vergleicheWochen(bis, z.bis) > 0 ? bis : z.bis }
          : { von, bis },
      });
    }
    case 'WasserdienstUmverteilt':
      return next({ dienste: mitDienst(state, { ...state.dienste.get(event.data.wasserdienstId)!, elternId: event.data.anEltern }) });
    default:
      return assertNever(event);
  }
};

type DienstplanJson = {
  dienste: [string, Wasserdienst][];
  wochen: [string, string][];
  tausche: [string, Tausch][];
  offeneAngebote: [string, string][];
  zeitraum?: DienstplanState['zeitraum'];
};

/** The plan as a snapshot: each map as its entries, in their order (decisions iterate them in that order). */
const dienstplanSnapshot: SnapshotCodec<DienstplanState> = {
  name: 'dienstplan',
  version: 2,
  toJson: (state): DienstplanJson => ({
    dienste: [...state.dienste],
    wochen: [...state.wochen],
    tausche: [...state.tausche],
    offeneAngebote: [...state.offeneAngebote],
    zeitraum: state.zeitraum,
  }),
  fromJson: (json) => {
    const { dienste, wochen, tausche, offeneAngebote, zeitraum } = json as DienstplanJson;
    return {
      dienste: FolgeMap.aus(dienste),
      wochen: FolgeMap.aus(wochen),
      tausche: FolgeMap.aus(tausche),
      offeneAngebote: FolgeMap.aus(offeneAngebote),
      zeitraum: zeitraum ?? null,
    };
  },
};

export const dienstplanDecider: Decider<DienstplanCommand, DienstplanEvent, DienstplanState> = {
  decide,
  evolve,
  initialState: () => ({
    dienste: FolgeMap.aus(),
    wochen: FolgeMap.aus(),
    tausche: FolgeMap.aus(),
    offeneAngebote: FolgeMap.aus(),
    zeitraum: null,
  }),
  snapshot: dienstplanSnapshot,
};
