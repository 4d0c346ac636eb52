import { describe, expect, it } from 'vitest';
import { KW_BEREICH, KW_GIBT_ES_NICHT } from '../abwesenheit/abwesenheit.js';
import { deciderSpec } from '../shared/given-when-then.js';
import {
  ALLE_WOCHEN_EXISTIEREN,
  BESCHREIBUNG_LEER,
  BESCHREIBUNG_ZU_LANG,
  DATUM_FEST,
  FELDER_FEHLEN,
  FERIEN_FELDER,
  FERIEN_SCHON_EINGETRAGEN,
  FERIEN_SCHON_GESCHLOSSEN,
  FERIEN_START_NACH_ENDE,
  FERIENTAG_NICHT_GEFUNDEN,
  FERIENWOCHE_NICHT_GEFUNDEN,
  JAHR_BEREICH,
  type KalenderEvent,
  kalenderDecider,
  NICHT_GEFUNDEN,
  neuGeschlosseneWochen,
  SCHLIESSTAG_EXISTIERT,
  SCHLIESSWOCHE_EXISTIERT,
  type SchliesswochenEingabe,
  START_NACH_ENDE,
  START_UND_ENDE,
  WOCHE_FEHLT,
  WOCHE_FEST,
  WOCHEN_BEREICH,
} from './schliesszeiten.js';

const spec = deciderSpec(kalenderDecider);
const ids = ['s1', 's2', 's3', 's4', 's5'];
const einzeln = (
  jahr: number | null,
  kalenderwoche: number | null,
  beschreibung: string | null = 'Sommerpause',
): SchliesswochenEingabe => ({
  jahr,
  isRange: false,
  kalenderwoche,
  kalenderwocheVon: null,
  kalenderwocheBis: null,
  beschreibung,
});
const bereich = (jahr: number, von: number | null, bis: number | null): SchliesswochenEingabe => ({
  jahr,
  isRange: true,
  kalenderwoche: null,
  kalenderwocheVon: von,
  kalenderwocheBis: bis,
  beschreibung: 'Weihnachten',
});
const lege = (eingabe: SchliesswochenEingabe) => ({ type: 'LegeSchliesswochenAn' as const, data: { ...eingabe, ids } });
const woche = (id: string, jahr: number, kalenderwoche: number, beschreibung = 'Weihnachten'): KalenderEvent => ({
  type: 'SchliesswocheAngelegt',
  data: { id, jahr, kalenderwoche, beschreibung },
});

describe('Schließzeiten (closing weeks)', () => {
  it('when a single week is created, then it is recorded with its trimmed description', () =>
    spec([])
      .when(lege(einzeln(2026, 53, '  Sommerpause ')))
      .then([woche('s1', 2026, 53, 'Sommerpause')]));

  it('when a range 52–53 of 2026 and 1–2 of 2027 is asked, then week 53 exists in 2026 but not in 2027', () => {
    spec([])
      .when(lege(bereich(2026, 52, 53)))
      .then([woche('s1', 2026, 52), woche('s2', 2026, 53)]);
    spec([])
      .when(lege(bereich(2027, 52, 53)))
      .thenThrows('ungueltig', KW_GIBT_ES_NICHT({ jahr: 2027, kalenderwoche: 53 }));
  });

  it('given week 3 exists, when range 2–5 is created, then weeks 2, 4 and 5 are created and week 3 is skipped', () =>
    spec([woche('alt', 2027, 3)])
      .when(lege(bereich(2027, 2, 5)))
      .then([woche('s1', 2027, 2), woche('s2', 2027, 4), woche('s3', 2027, 5)]));

  it('given all weeks of a range exist, when it is created again, then it is refused; a single existing week too', () => {
    spec([woche('a', 2027, 2), woche('b', 2027, 3)])
      .when(lege(bereich(2027, 2, 3)))
      .thenThrows('konflikt', ALLE_WOCHEN_EXISTIEREN);
    spec([woche('a', 2027, 2)])
      .when(lege({ ...einzeln(2027, 2) }))
      .thenThrows('konflikt', SCHLIESSWOCHE_EXISTIERT({ jahr: 2027, kalenderwoche: 2 }));
  });

  it('refuses incomplete or out-of-range input with the messages of docs/produkt.md §5', () => {
    spec([])
      .when(lege(einzeln(null, 3)))
      .thenThrows('ungueltig', FELDER_FEHLEN);
    spec([])
      .when(lege(einzeln(2026, 3, '  ')))
      .thenThrows('ungueltig', FELDER_FEHLEN);
    spec([])
      .when(lege(einzeln(2031, 3)))
      .thenThrows('ungueltig', JAHR_BEREICH);
    spec([])
      .when(lege(einzeln(2026, null)))
      .thenThrows('ungueltig', WOCHE_FEHLT);
    spec([])
      .when(lege(einzeln(2026, 54)))
      .thenThrows('ungueltig', KW_BEREICH);
    spec([])
      .when(lege(bereich(2026, 3, null)))
      .thenThrows('ungueltig', START_UND_ENDE);
    spec([])
      .when(lege(bereich(2026, 0, 3)))
      .thenThrows('ungueltig', WOCHEN_BEREICH);
    spec([])
      .when(lege(bereich(2026, 5, 3)))
      .thenThrows('ungueltig', START_NACH_ENDE);
    spec([])
      .when(lege(einzeln(2026, 3, 'x'.repeat(501))))
      .thenThrows('ungueltig', BESCHREIBUNG_ZU_LANG(500));
  });

  it('edits only the description: week and year are locked, an empty description is refused', () => {
    const given = [woche('a', 2027, 2)];
    spec(given)
      .when({ type: 'AendereSchliesswoche', data: { id: 'a', beschreibung: 'Umzug', jahr: 2027, kalenderwoche: 2 } })
      .then([{ type: 'SchliesswocheGeaendert', data: { id: 'a', beschreibung: 'Umzug' } }]);
    spec(given)
      .when({ type: 'AendereSchliesswoche', data: { id: 'a', beschreibung: 'Umzug', jahr: 2027, kalenderwoche: 3 } })
      .thenThrows('ungueltig', WOCHE_FEST);
    spec(given)
      .when({ type: 'AendereSchliesswoche', data: { id: 'a', beschreibung: ' ' } })
      .thenThrows('ungueltig', BESCHREIBUNG_LEER);
    spec(given)
      .when({ type: 'LoescheSchliesswoche', data: { id: 'a' } })
      .then([{ type: 'SchliesswocheGeloescht', data: { id: 'a' } }]);
    spec([])
      .when({ type: 'LoescheSchliesswoche', data: { id: 'a' } })
      .thenThrows('nicht_gefunden', NICHT_GEFUNDEN.schliesswoche);
  });
});

describe('Schließtage and events', () => {
  const tag: KalenderEvent = { type: 'SchliesstagAngelegt', data: { id: 't1', datum: '2026-12-24', beschreibung: 'Heiligabend' } };

  it('creates a closing day; a second one on the same date is refused, an event on that date is fine', () => {
    spec([])
      .when({ type: 'LegeTageseintragAn', data: { art: 'schliesstag', id: 't1', datum: '2026-12-24', beschreibung: 'Heiligabend' } })
      .then([tag]);
    spec([tag])
      .when({ type: 'LegeTageseintragAn', data: { art: 'schliesstag', id: 't2', datum: '2026-12-24', beschreibung: 'Doppelt' } })
      .thenThrows('konflikt', SCHLIESSTAG_EXISTIERT('2026-12-24'));
    spec([tag])
      .when({ type: 'LegeTageseintragAn', data: { art: 'kitaEvent', id: 'e1', datum: '2026-12-24', beschreibung: 'Krippenspiel' } })
      .then([{ type: 'KitaEventAngelegt', data: { id: 'e1', datum: '2026-12-24', beschreibung: 'Krippenspiel' } }]);
  });

  it('limits descriptions to 800 characters for closing days and 500 for events', () => {
    spec([])
      .when({ type: 'LegeTageseintragAn', data: { art: 'schliesstag', id: 't', datum: '2026-12-24', beschreibung: 'x'.repeat(800) } })
      .then([{ type: 'SchliesstagAngelegt', data: { id: 't', datum: '2026-12-24', beschreibung: 'x'.repeat(800) } }]);
    spec([])
      .when({ type: 'LegeTageseintragAn', data: { art: 'schliesstag', id: 't', datum: '2026-12-24', beschreibung: 'x'.repeat(801) } })
      .thenThrows('ungueltig', BESCHREIBUNG_ZU_LANG(800));
    spec([])
      .when({ type: 'LegeTageseintragAn', data: { art: 'kitaEvent', id: 'e', datum: '2026-12-24', beschreibung: 'x'.repeat(501) } })
      .thenThrows('ungueltig', BESCHREIBUNG_ZU_LANG(500));
    spec([])
      .when({ type: 'LegeTageseintragAn', data: { art: 'kitaEvent', id: 'e', datum: null, beschreibung: 'Fest' } })
      .thenThrows('ungueltig', FELDER_FEHLEN);
  });

  it('locks the date when editing and refuses unknown ids', () => {
    spec([tag])
      .when({ type: 'AendereTageseintrag', data: { art: 'schliesstag', id: 't1', datum: '2026-12-23', beschreibung: 'Heiligabend' } })
      .thenThrows('ungueltig', DATUM_FEST);
    spec([tag])
      .when({
        type: 'AendereTageseintrag',
        data: { art: 'schliesstag', id: 't1', datum: '2026-12-24', beschreibung: 'Heiligabend (ganztags)' },
      })
      .then([{ type: 'SchliesstagGeaendert', data: { id: 't1', beschreibung: 'Heiligabend (ganztags)' } }]);
    spec([tag])
      .when({ type: 'LoescheTageseintrag', data: { art: 'kitaEvent', id: 't1' } })
      .thenThrows('nicht_gefunden', NICHT_GEFUNDEN.kitaEvent);
  });
});

describe('Ferien (holidays)', () => {
  const ids = Array.from({ length: 20 }, (_, i) => `f${i}`);
  const lege = (art: string | null, von: string | null, bis: string | null) => ({
    type: 'LegeFerienAn' as const,
    data: { art, von, bis, ids },
  });

  it('given Christmas holidays Wed 23.12.2026 – Wed 06.01.2027, then week 53 of 2026 is a holiday week and the other weekdays are holiday days', () =>
    spec([])
      .when(lege('Weihnachtsferien', '2026-12-23', '2027-01-06'))
      .then([
        { type: 'FerienwocheAngelegt', data: { id: 'f0', jahr: 2026, kalenderwoche: 53, art: 'Weihnachtsferien' } },
        { type: 'FerientagAngelegt', data: { id: 'f1', datum: '2026-12-23', art: 'Weihnachtsferien' } },
        { type: 'FerientagAngelegt', data: { id: 'f2', datum: '2026-12-24', art: 'Weihnachtsferien' } },
        { type: 'FerientagAngelegt', data: { id: 'f3', datum: '2026-12-25', art: 'Weihnachtsferien' } },
        { type: 'FerientagAngelegt', data: { id: 'f4', datum: '2027-01-04', art: 'Weihnachtsferien' } },
        { type: 'FerientagAngelegt', data: { id: 'f5', datum: '2027-01-05', art: 'Weihnachtsferien' } },
        { type: 'FerientagAngelegt', data: { id: 'f6', datum: '2027-01-06', art: 'Weihnachtsferien' } },
      ]));

  it('a range from Saturday to Sunday covering Monday–Friday is one holiday week and no days', () =>
    spec([])
      .when(lege('Herbstferien', '2026-10-31', '2026-11-08'))
      .then([{ type: 'FerienwocheAngelegt', data: { id: 'f0', jahr: 2026, kalenderwoche: 45, art: 'Herbstferien' } }]));

  it('refuses a missing type, an unknown type, a bad date and a start after the end with the messages of docs/produkt.md §5', () => {
    spec([])
      .when(lege(null, '2026-10-31', '2026-11-08'))
      .thenThrows('ungueltig', FERIEN_FELDER);
    spec([])
      .when(lege('Betriebsferien', '2026-10-31', '2026-11-08'))
      .thenThrows('ungueltig', FERIEN_FELDER);
    spec([])
      .when(lege('Herbstferien', '2026-02-30', '2026-03-08'))
      .thenThrows('ungueltig', FERIEN_FELDER);
    spec([])
      .when(lege('Herbstferien', '2026-11-08', '2026-10-31'))
      .thenThrows('ungueltig', FERIEN_START_NACH_ENDE);
  });

  it('given the week and days exist, when the same range is added again, then nothing is doubled', () => {
    const given: KalenderEvent[] = [{ type: 'FerienwocheAngelegt', data: { id: 'x', jahr: 2026, kalenderwoche: 45, art: 'Herbstferien' } }];
    spec(given)
      .when(lege('Herbstferien', '2026-11-02', '2026-11-06'))
      .thenThrows('konflikt', FERIEN_SCHON_EINGETRAGEN);
  });

  it('deletes all holidays of one type and year, and confirming is one-way (a second confirm changes nothing)', () => {
    const given: KalenderEvent[] = [
      { type: 'FerienwocheAngelegt', data: { id: 'w', jahr: 2027, kalenderwoche: 32, art: 'Sommerferien' } },
      { type: 'FerientagAngelegt', data: { id: 't', datum: '2027-09-13', art: 'Sommerferien' } },
      { type: 'FerientagAngelegt', data: { id: 'o', datum: '2027-04-01', art: 'Osterferien' } },
    ];
    spec(given)
      .when({ type: 'LoescheFerienart', data: { art: 'Sommerferien', jahr: 2027 } })
      .then([
        { type: 'FerienwocheGeloescht', data: { id: 'w' } },
        { type: 'FerientagGeloescht', data: { id: 't' } },
      ]);
    spec([])
      .when({ type: 'BestaetigeFerien', data: {} })
      .then([{ type: 'FerienBestaetigt', data: {} }]);
    spec([{ type: 'FerienBestaetigt', data: {} }])
      .when({ type: 'BestaetigeFerien', data: {} })
      .then([]);
  });
});

describe('Ferien are closing weeks and days (one calendar)', () => {
  const ferienwoche: KalenderEvent = {
    type: 'FerienwocheAngelegt',
    data: { id: 'fw', jahr: 2027, kalenderwoche: 1, art: 'Weihnachtsferien' },
  };
  const ferientag: KalenderEvent = { type: 'FerientagAngelegt', data: { id: 'ft', datum: '2026-12-24', art: 'Weihnachtsferien' } };
  const lege = (art: string, von: string, bis: string) => ({
    type: 'LegeFerienAn' as const,
    data: { art, von, bis, ids: ['f0', 'f1', 'f2', 'f3', 'f4', 'f5'] },
  });

  it('given a holiday week, when a closing week is created for the same week, then it is refused as existing', () =>
    spec([ferienwoche])
      .when({ type: 'LegeSchliesswochenAn', data: { ...einzeln(2027, 1), ids } })
      .thenThrows('konflikt', SCHLIESSWOCHE_EXISTIERT({ jahr: 2027, kalenderwoche: 1 })));

  it('given a holiday day, when a closing day is created on that date, then it is refused as existing', () =>
    spec([ferientag])
      .when({ type: 'LegeTageseintragAn', data: { art: 'schliesstag', id: 'x', datum: '2026-12-24', beschreibung: 'Heiligabend' } })
      .thenThrows('konflikt', SCHLIESSTAG_EXISTIERT('2026-12-24')));

  it('given a holiday week and day, their descriptions are edited like any closing week and day', () => {
    spec([ferienwoche])
      .when({ type: 'AendereSchliesswoche', data: { id: 'fw', beschreibung: ' Weihnachtsferien (Notgruppe) ' } })
      .then([{ type: 'SchliesswocheGeaendert', data: { id: 'fw', beschreibung: 'Weihnachtsferien (Notgruppe)' } }]);
    spec([ferientag])
      .when({ type: 'AendereTageseintrag', data: { art: 'schliesstag', id: 'ft', beschreibung: 'Heiligabend' } })
      .then([{ type: 'SchliesstagGeaendert', data: { id: 'ft', beschreibung: 'Heiligabend' } }]);
  });

  it('given a holiday week deleted on the closing-times page, then the holiday screen finds it no more', () =>
    spec([ferienwoche, { type: 'SchliesswocheGeloescht', data: { id: 'fw' } }])
      .when({ type: 'LoescheFerienwoche', data: { id: 'fw' } })
      .thenThrows('nicht_gefunden', FERIENWOCHE_NICHT_GEFUNDEN));

  it('given a holiday day deleted on the holiday screen, then the closing-times page finds it no more', () =>
    spec([ferientag, { type: 'FerientagGeloescht', data: { id: 'ft' } }])
      .when({ type: 'LoescheTageseintrag', data: { art: 'schliesstag', id: 'ft' } })
      .thenThrows('nicht_gefunden', NICHT_GEFUNDEN.schliesstag));

  it('the holiday screen deletes only holidays: a plain closing week or day is not a holiday', () => {
    spec([woche('s1', 2027, 5)])
      .when({ type: 'LoescheFerienwoche', data: { id: 's1' } })
      .thenThrows('nicht_gefunden', FERIENWOCHE_NICHT_GEFUNDEN);
    spec([{ type: 'SchliesstagAngelegt', data: { id: 'd1', datum: '2027-05-14', beschreibung: 'Teamtag' } }])
      .when({ type: 'LoescheFerientag', data: { id: 'd1' } })
      .thenThrows('nicht_gefunden', FERIENTAG_NICHT_GEFUNDEN);
  });

  it('given a closing week and a closing day, when holidays cover them, then they keep their entries and only the rest is added', () =>
    spec([
      woche('s1', 2026, 53, 'Betriebsferien'),
      { type: 'SchliesstagAngelegt', data: { id: 'd1', datum: '2026-12-24', beschreibung: 'Heiligabend' } },
    ])
      .when(lege('Weihnachtsferien', '2026-12-23', '2027-01-01'))
      .then([
        { type: 'FerientagAngelegt', data: { id: 'f0', datum: '2026-12-23', art: 'Weihnachtsferien' } },
        { type: 'FerientagAngelegt', data: { id: 'f1', datum: '2026-12-25', art: 'Weihnachtsferien' } },
      ]));

  it('given the whole range is closed by a plain closing week, when holidays are added, then the refusal says so', () =>
    spec([woche('s1', 2027, 1, 'Betriebsferien')])
      .when(lege('Weihnachtsferien', '2027-01-04', '2027-01-08'))
      .thenThrows('konflikt', FERIEN_SCHON_GESCHLOSSEN));

  it('the weeks new events close: closing weeks with their description, holiday weeks with their type; days close no week', () =>
    expect(neuGeschlosseneWochen([woche('s1', 2027, 5, 'Teamfortbildung'), ferienwoche, ferientag])).toEqual([
      { jahr: 2027, kalenderwoche: 5, ferienart: null, beschreibung: 'Teamfortbildung' },
      { jahr: 2027, kalenderwoche: 1, ferienart: 'Weihnachtsferien', beschreibung: 'Weihnachtsferien' },
    ]));
});
