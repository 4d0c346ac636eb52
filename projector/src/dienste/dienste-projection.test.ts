import { randomUUID } from 'node:crypto';
import { newEvent } from '@waldkita/platform/event-store/contract';
import { describe, expect, it } from 'vitest';
import { projektionsTest } from '../testing/projektions-test.js';
import { dienstplanProjection } from '../wasserdienst/dienstplan-projection.js';
import { dienstartenProjection, diensteProjection } from './dienste-projection.js';

const ANGABEN = {
  beschreibung: 'Den Bauwagen am Wochenende putzen.',
  rhythmus: 'wochenende' as const,
  bereich: 'gruppe' as const,
  familienProTermin: 2,
  stunden: 2.5,
  pausiertBeiSchliessung: true,
};

describe('dienstarten and dienste projections', () => {
  const probe = projektionsTest('dienste_projection');

  it('kinds: created, changed, archived, and the built-in water duty once it was changed; every way of batching gives the same rows', async () => {
    const [putz, tee] = [randomUUID(), randomUUID()];
    await probe.store.appendToStream(
      'dienstarten',
      [
        newEvent('DienstartAngelegt', { dienstartId: putz, name: 'Putzdienst', ...ANGABEN }),
        newEvent('DienstartAngelegt', {
          dienstartId: tee,
          name: 'Tee kochen',
          ...ANGABEN,
          rhythmus: 'wochentage',
          wochentage: [1, 3],
          aktivVonMonat: 11,
          aktivBisMonat: 3,
          bereich: 'kita',
          familienProTermin: 1,
        }),
        newEvent('DienstartGeaendert', { dienstartId: putz, name: 'Putzdienst Bauwagen', ...ANGABEN, stunden: 3 }),
        newEvent('DienstartArchiviert', { dienstartId: tee, name: 'Tee kochen' }),
        newEvent('DienstartGeaendert', {
          dienstartId: 'wasserdienst',
          name: 'Wasserdienst',
          beschreibung: 'Zwei Kanister.',
          rhythmus: 'woche',
          bereich: 'gruppe',
          familienProTermin: 1,
          stunden: 1.5,
          pausiertBeiSchliessung: true,
        }),
      ],
      'any',
    );
    const events = (await probe.store.readStream('dienstarten')).events;
    const lies = async (schema: string) =>
      (
        await probe.db.pool.query(
          `SELECT dienstart_id, name, beschreibung, rhythmus, wochentage, aktiv_von_monat, aktiv_bis_monat, bereich,
                  familien_pro_termin, stunden::float8 AS stunden, pausiert_bei_schliessung, eingebaut, archiviert
           FROM "${schema}".dienstart ORDER BY name`,
        )
      ).rows;
    const { batch, single, twice } = await probe.dreifach(events, lies, { projections: [dienstartenProjection], einzelnDazu: true });
    expect(single).toEqual(batch);
    expect(twice).toEqual(batch);
    expect(batch).toEqual([
      {
        dienstart_id: putz,
        name: 'Putzdienst Bauwagen',
        beschreibung: ANGABEN.beschreibung,
        rhythmus: 'wochenende',
        wochentage: null,
        aktiv_von_monat: null,
        aktiv_bis_monat: null,
        bereich: 'gruppe',
        familien_pro_termin: 2,
        stunden: 3,
        pausiert_bei_schliessung: true,
        eingebaut: false,
        archiviert: false,
      },
      {
        dienstart_id: tee,
        name: 'Tee kochen',
        beschreibung: ANGABEN.beschreibung,
        rhythmus: 'wochentage',
        wochentage: [1, 3],
        aktiv_von_monat: 11,
        aktiv_bis_monat: 3,
        bereich: 'kita',
        familien_pro_termin: 1,
        stunden: 2.5,
        pausiert_bei_schliessung: true,
        eingebaut: false,
        archiviert: true,
      },
      expect.objectContaining({ dienstart_id: 'wasserdienst', beschreibung: 'Zwei Kanister.', stunden: 1.5, eingebaut: true }),
    ]);
  });

  it('dates, swaps, give-aways, withdrawals, a re-assignment after a closing, shares per kind and an erasure: every way of batching gives the same rows', async () => {
    const putz = randomUUID();
    const gruppe = randomUUID();
    const [fuchs, bauer, wagner] = [randomUUID(), randomUUID(), randomUUID()];
    const [d1, d2, d3, d4, d5] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const [t1, t2, t3] = [randomUUID(), randomUUID(), randomUUID()];
    const kopf = { dienstartId: putz, bereichId: gruppe };
    const stream = `dienste-${putz}-${gruppe}`;
    const zugewiesen = (dienstId: string, von: string, bis: string, elternId: string) =>
      newEvent('DienstZugewiesen', { ...kopf, dienstId, von, bis, elternId });
    await probe.store.appendToStream(
      stream,
      [
        newEvent('DiensteGeplant', { ...kopf, planId: randomUUID(), von: '2026-12-01', bis: '2026-12-31', zugewiesen: 5 }),
        zugewiesen(d1, '2026-12-05', '2026-12-06', fuchs),
        zugewiesen(d2, '2026-12-12', '2026-12-13', bauer),
        zugewiesen(d3, '2026-12-19', '2026-12-20', wagner),
        zugewiesen(d4, '2026-12-26', '2026-12-27', fuchs),
        zugewiesen(d5, '2026-12-26', '2026-12-27', bauer),
        // Fuchs swaps 05.12. for Bauer's 12.12.
        newEvent('DienstTauschAngeboten', {
          ...kopf,
          tauschId: t1,
          dienstId: d1,
          von: '2026-12-05',
          bis: '2026-12-06',
          elternId: fuchs,
          nachricht: 'Geburtstag',
        }),
        newEvent('DienstTauschAngenommen', {
          ...kopf,
          tauschId: t1,
          dienstId: d1,
          termin: { von: '2026-12-05', bis: '2026-12-06' },
          angebotVon: fuchs,
          gegenDienstId: d2,
          gegenTermin: { von: '2026-12-12', bis: '2026-12-13' },
          angenommenVon: bauer,
        }),
        // Wagner gives 19.12. away, Fuchs takes it.
        newEvent('DienstTauschAngeboten', {
          ...kopf,
          tauschId: t2,
          dienstId: d3,
          von: '2026-12-19',
          bis: '2026-12-20',
          elternId: wagner,
          nachricht: null,
          abgeben: true,
        }),
        newEvent('DienstAbgabeUebernommen', {
          ...kopf,
          tauschId: t2,
          dienstId: d3,
          termin: { von: '2026-12-19', bis: '2026-12-20' },
          abgegebenVon: wagner,
          uebernommenVon: fuchs,
        }),
        // Bauer offers 26.12. and withdraws; the kindergarten closes that weekend: both dates go.
        newEvent('DienstTauschAngeboten', {
          ...kopf,
          tauschId: t3,
          dienstId: d5,
          von: '2026-12-26',
          bis: '2026-12-27',
          elternId: bauer,
          nachricht: 'Oma',
        }),
        newEvent('DienstTauschZurueckgezogen', { ...kopf, tauschId: t3, dienstId: d5, elternId: bauer }),
        newEvent('DienstFreigegeben', {
          ...kopf,
          dienstId: d4,
          von: '2026-12-26',
          bis: '2026-12-27',
          elternId: fuchs,
          schliessung: { art: 'Ferien', beschreibung: 'Weihnachten' },
        }),
        newEvent('DienstFreigegeben', { ...kopf, dienstId: d5, von: '2026-12-26', bis: '2026-12-27', elternId: bauer }),
        // evening out: Fuchs's 19.12. passes to Wagner
        newEvent('DienstUmverteilt', { ...kopf, dienstId: d3, von: '2026-12-19', bis: '2026-12-20', vonEltern: fuchs, anEltern: wagner }),
      ],
      'no_stream',
    );
    await probe.store.appendToStream(
      `eltern-${bauer}`,
      [
        newEvent('AnteilGesetzt', { elternId: bauer, anteil: 2, grund: 'Zwei Kinder', dienstartId: putz }),
        newEvent('AnteilGesetzt', { elternId: bauer, anteil: 0, grund: 'Rücken', dienstartId: putz }),
        newEvent('AnteilGesetzt', { elternId: bauer, anteil: 3, grund: 'Wasser', dienstartId: 'wasserdienst' }),
        newEvent('PersonendatenGeloescht', { elternId: bauer, grund: 'antrag' }),
      ],
      'any',
    );
    await probe.store.appendToStream(
      `eltern-${wagner}`,
      [newEvent('AnteilGesetzt', { elternId: wagner, anteil: 2, grund: 'Zwillinge', dienstartId: putz })],
      'any',
    );
    const events = [
      ...(await probe.store.readStream(stream)).events,
      ...(await probe.store.readStream(`eltern-${bauer}`)).events,
      ...(await probe.store.readStream(`eltern-${wagner}`)).events,
    ];
    const lies = async (schema: string) => ({
      dienste: (
        await probe.db.pool.query(
          `SELECT dienst_id, dienstart_id, bereich_id, to_char(von, 'YYYY-MM-DD') AS von, to_char(bis, 'YYYY-MM-DD') AS bis, eltern_id
           FROM "${schema}".dienst WHERE bereich_id = $1 ORDER BY von, eltern_id`,
          [gruppe],
        )
      ).rows,
      tausche: (
        await probe.db.pool.query(
          `SELECT tausch_id, dienst_id, eltern_id, nachricht, abgeben, status, resolve_eltern_id, resolve_dienst_id,
                  to_char(resolve_von, 'YYYY-MM-DD') AS resolve_von, entschieden_am IS NOT NULL AS entschieden
           FROM "${schema}".dienst_tausch WHERE bereich_id = $1 ORDER BY von`,
          [gruppe],
        )
      ).rows,
      anteile: (
        await probe.db.pool.query(
          `SELECT eltern_id, dienstart_id, anteil, grund FROM "${schema}".dienst_anteil_art WHERE dienstart_id = $1 ORDER BY eltern_id`,
          [putz],
        )
      ).rows,
      wasserAnteil: (await probe.db.pool.query(`SELECT anteil FROM "${schema}".dienst_anteil WHERE eltern_id = $1`, [bauer])).rows,
    });
    const { batch, single, twice } = await probe.dreifach(events, lies, {
      projections: [dienstplanProjection, diensteProjection],
      einzelnDazu: true,
    });
    expect(single).toEqual(batch);
    expect(twice).toEqual(batch);
    expect(batch.dienste).toEqual([
      { dienst_id: d1, dienstart_id: putz, bereich_id: gruppe, von: '2026-12-05', bis: '2026-12-06', eltern_id: bauer },
      { dienst_id: d2, dienstart_id: putz, bereich_id: gruppe, von: '2026-12-12', bis: '2026-12-13', eltern_id: fuchs },
      { dienst_id: d3, dienstart_id: putz, bereich_id: gruppe, von: '2026-12-19', bis: '2026-12-20', eltern_id: wagner },
    ]);
    expect(batch.tausche).toEqual([
      {
        tausch_id: t1,
        dienst_id: d1,
        eltern_id: fuchs,
        nachricht: 'Geburtstag',
        abgeben: false,
        status: 'angenommen',
        resolve_eltern_id: bauer,
        resolve_dienst_id: d2,
        resolve_von: '2026-12-12',
        entschieden: true,
      },
      {
        tausch_id: t2,
        dienst_id: d3,
        eltern_id: wagner,
        nachricht: null,
        abgeben: true,
        status: 'angenommen',
        resolve_eltern_id: fuchs,
        resolve_dienst_id: null,
        resolve_von: null,
        entschieden: true,
      },
      // Bauer's personal data were erased: the message of the offer is gone.
      {
        tausch_id: t3,
        dienst_id: d5,
        eltern_id: bauer,
        nachricht: null,
        abgeben: false,
        status: 'zurueckgezogen',
        resolve_eltern_id: null,
        resolve_dienst_id: null,
        resolve_von: null,
        entschieden: true,
      },
    ]);
    // The water duty's share stays in dienst_anteil; the cleaning share is the latest, its reason erased.
    expect(batch.anteile).toEqual(
      [
        { eltern_id: bauer, dienstart_id: putz, anteil: 0, grund: '' },
        { eltern_id: wagner, dienstart_id: putz, anteil: 2, grund: 'Zwillinge' },
      ].sort((a, b) => (a.eltern_id < b.eltern_id ? -1 : 1)),
    );
    expect(batch.wasserAnteil).toEqual([{ anteil: 3 }]);
  });

  it('the water-duty plan: a week passed on after a closing changes its family; a share of another kind does not touch dienst_anteil', async () => {
    const g = randomUUID();
    const [a, b] = [randomUUID(), randomUUID()];
    const w = randomUUID();
    const plan = `dienstplan-${g}`;
    await probe.store.appendToStream(
      plan,
      [
        newEvent('WasserdienstZugewiesen', { gruppeId: g, wasserdienstId: w, jahr: 2026, kalenderwoche: 50, elternId: a }),
        newEvent('WasserdienstUmverteilt', { gruppeId: g, wasserdienstId: w, jahr: 2026, kalenderwoche: 50, vonEltern: a, anEltern: b }),
      ],
      'no_stream',
    );
    await probe.store.appendToStream(
      `eltern-${a}`,
      [newEvent('AnteilGesetzt', { elternId: a, anteil: 0, grund: 'Kochen nicht', dienstartId: randomUUID() })],
      'any',
    );
    const events = [...(await probe.store.readStream(plan)).events, ...(await probe.store.readStream(`eltern-${a}`)).events];
    const lies = async (schema: string) => ({
      dienste: (await probe.db.pool.query(`SELECT kalenderwoche, eltern_id FROM "${schema}".wasserdienst WHERE gruppe_id = $1`, [g])).rows,
      anteil: (await probe.db.pool.query(`SELECT anteil FROM "${schema}".dienst_anteil WHERE eltern_id = $1`, [a])).rows,
    });
    const { batch, single, twice } = await probe.dreifach(events, lies, { projections: [dienstplanProjection], einzelnDazu: true });
    expect(single).toEqual(batch);
    expect(twice).toEqual(batch);
    expect(batch).toEqual({ dienste: [{ kalenderwoche: 50, eltern_id: b }], anteil: [] });
  });
});
