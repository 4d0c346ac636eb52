import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.js';
import { deciderSpec } from '../shared/given-when-then.js';
import {
  ANMELDESCHLUSS_NACH_DATUM,
  ANWESENHEIT_ZU_FRUEH,
  anwesenheitVon,
  EINSATZ_ABGESAGT,
  EINSATZ_NICHT_GEFUNDEN,
  type EinsatzDaten,
  type EinsatzEvent,
  ENDE_VOR_BEGINN,
  einsatzDecider,
  einsatzSchema,
  FRIST_ABGELAUFEN,
  NICHT_EINGETRAGEN,
  SCHICHT_NICHT_GEFUNDEN,
  SCHICHT_VOLL,
  SCHON_AUF_WARTELISTE,
  SCHON_EINGETRAGEN,
  STUNDEN_UNGUELTIG,
  ZU_WENIGE_PLAETZE,
} from './einsatz.js';

const spec = deciderSpec(einsatzDecider);

const tag: EinsatzDaten = {
  einsatzId: 'e1',
  titel: 'Frühjahrsputz',
  datum: '2027-03-20',
  ort: 'Bauwagen',
  beschreibung: null,
  anmeldeschluss: '2027-03-18',
  schichten: [
    { schichtId: 's1', aufgabe: 'Holz hacken', beginn: '09:00', ende: '12:00', plaetze: 1, stunden: 3 },
    { schichtId: 's2', aufgabe: 'Kuchen backen', beginn: '12:00', ende: '14:30', plaetze: 2, stunden: 2.5 },
  ],
};
const angelegt: EinsatzEvent = { type: 'EinsatzAngelegt', data: tag };
const ein = (elternId: string, schichtId = 's1'): EinsatzEvent => ({
  type: 'SchichtEingetragen',
  data: { einsatzId: 'e1', schichtId, elternId },
});
const wartet = (elternId: string, schichtId = 's1'): EinsatzEvent => ({
  type: 'AufWartelisteGesetzt',
  data: { einsatzId: 'e1', schichtId, elternId },
});
const vorFrist = '2027-03-10';

describe('Arbeitseinsätze: decider', () => {
  it('given nothing, when an admin creates a work day with two shifts, then it is created with its shifts', () => {
    spec([]).when({ type: 'LegeEinsatzAn', data: tag }).then([angelegt]);
  });

  it('given a day, when an admin changes a shift, then the whole settings are recorded', () => {
    const neu = { ...tag, schichten: [{ ...tag.schichten[0]!, beginn: '10:00' }, tag.schichten[1]!] };
    spec([angelegt])
      .when({ type: 'AendereEinsatz', data: { ...neu, schichten: neu.schichten.map((s) => ({ ...s, bekannt: true })) } })
      .then([{ type: 'EinsatzGeaendert', data: neu }]);
  });

  it('given a day, when the same settings are sent again, then nothing happens', () => {
    spec([angelegt])
      .when({ type: 'AendereEinsatz', data: { ...tag, schichten: tag.schichten.map((s) => ({ ...s, bekannt: true })) } })
      .then([]);
  });

  it('given a day, when a shift id the day does not have is named, then it is refused as not found', () => {
    spec([angelegt])
      .when({ type: 'AendereEinsatz', data: { ...tag, schichten: [{ ...tag.schichten[0]!, schichtId: 'x', bekannt: true }] } })
      .thenThrows('nicht_gefunden', SCHICHT_NICHT_GEFUNDEN);
  });

  it('given a shift with two families, when its places are cut to one, then it is refused', () => {
    spec([angelegt, ein('a', 's2'), ein('b', 's2')])
      .when({
        type: 'AendereEinsatz',
        data: { ...tag, schichten: [{ ...tag.schichten[1]!, plaetze: 1, bekannt: true }] },
      })
      .thenThrows('konflikt', ZU_WENIGE_PLAETZE('Kuchen backen', 2));
  });

  it('given a full shift with a waiting family, when the admin adds a place, then that family moves up in the same decision', () => {
    const neu = { ...tag, schichten: [{ ...tag.schichten[0]!, plaetze: 2 }, tag.schichten[1]!] };
    spec([angelegt, ein('a'), wartet('b')])
      .when({ type: 'AendereEinsatz', data: { ...neu, schichten: neu.schichten.map((s) => ({ ...s, bekannt: true })) } })
      .then([
        { type: 'EinsatzGeaendert', data: neu },
        { type: 'VonWartelisteNachgerueckt', data: { einsatzId: 'e1', schichtId: 's1', elternId: 'b' } },
      ]);
  });

  it('given a shift with a family, when the admin removes the shift, then that is allowed (the family is told)', () => {
    const neu = { ...tag, schichten: [tag.schichten[1]!] };
    spec([angelegt, ein('a')])
      .when({ type: 'AendereEinsatz', data: { ...neu, schichten: [{ ...tag.schichten[1]!, bekannt: true }] } })
      .then([{ type: 'EinsatzGeaendert', data: neu }]);
  });

  it('given a day, when the admin cancels it, then it is cancelled; cancelling again changes nothing', () => {
    spec([angelegt])
      .when({ type: 'SageEinsatzAb', data: { einsatzId: 'e1' } })
      .then([{ type: 'EinsatzAbgesagt', data: { einsatzId: 'e1' } }]);
    spec([angelegt, { type: 'EinsatzAbgesagt', data: { einsatzId: 'e1' } }])
      .when({ type: 'SageEinsatzAb', data: { einsatzId: 'e1' } })
      .then([]);
  });

  it('given no day, when it is cancelled, then it is not found', () => {
    spec([])
      .when({ type: 'SageEinsatzAb', data: { einsatzId: 'e1' } })
      .thenThrows('nicht_gefunden', EINSATZ_NICHT_GEFUNDEN);
  });

  it('given a free place, when a family signs up, then it holds the place', () => {
    spec([angelegt])
      .when({ type: 'TrageEin', data: { einsatzId: 'e1', schichtId: 's1', elternId: 'a', warteliste: false, heute: vorFrist } })
      .then([ein('a')]);
  });

  it('given the deadline day itself, when a family signs up, then it still may (the deadline day counts)', () => {
    spec([angelegt])
      .when({ type: 'TrageEin', data: { einsatzId: 'e1', schichtId: 's1', elternId: 'a', warteliste: false, heute: '2027-03-18' } })
      .then([ein('a')]);
  });

  it('given the day after the deadline, when a family signs up or withdraws, then it is refused in German', () => {
    spec([angelegt])
      .when({ type: 'TrageEin', data: { einsatzId: 'e1', schichtId: 's1', elternId: 'a', warteliste: false, heute: '2027-03-19' } })
      .thenThrows('konflikt', FRIST_ABGELAUFEN('2027-03-18'));
    spec([angelegt, ein('a')])
      .when({ type: 'TrageAus', data: { einsatzId: 'e1', schichtId: 's1', elternId: 'a', heute: '2027-03-19' } })
      .thenThrows('konflikt', 'Die Anmeldefrist bis 18.03.2027 ist abgelaufen.');
  });

  it('given a full shift, when another family signs up, then it is refused (409) and offered the waiting list', () => {
    spec([angelegt, ein('a')])
      .when({ type: 'TrageEin', data: { einsatzId: 'e1', schichtId: 's1', elternId: 'b', warteliste: false, heute: vorFrist } })
      .thenThrows('konflikt', SCHICHT_VOLL);
  });

  it('given a full shift, when a family asks for the waiting list, then it waits', () => {
    spec([angelegt, ein('a')])
      .when({ type: 'TrageEin', data: { einsatzId: 'e1', schichtId: 's1', elternId: 'b', warteliste: true, heute: vorFrist } })
      .then([wartet('b')]);
  });

  it('given a free place, when a family asks for the waiting list, then it simply gets the place', () => {
    spec([angelegt])
      .when({ type: 'TrageEin', data: { einsatzId: 'e1', schichtId: 's1', elternId: 'b', warteliste: true, heute: vorFrist } })
      .then([ein('b')]);
  });

  it('given a family signed up or waiting, when it signs up again, then it is refused', () => {
    spec([angelegt, ein('a')])
      .when({ type: 'TrageEin', data: { einsatzId: 'e1', schichtId: 's1', elternId: 'a', warteliste: false, heute: vorFrist } })
      .thenThrows('konflikt', SCHON_EINGETRAGEN);
    spec([angelegt, ein('a'), wartet('b')])
      .when({ type: 'TrageEin', data: { einsatzId: 'e1', schichtId: 's1', elternId: 'b', warteliste: true, heute: vorFrist } })
      .thenThrows('konflikt', SCHON_AUF_WARTELISTE);
  });

  it('given a cancelled day, when a family signs up, then it is refused', () => {
    spec([angelegt, { type: 'EinsatzAbgesagt', data: { einsatzId: 'e1' } }])
      .when({ type: 'TrageEin', data: { einsatzId: 'e1', schichtId: 's1', elternId: 'a', warteliste: false, heute: vorFrist } })
      .thenThrows('konflikt', EINSATZ_ABGESAGT);
  });

  it('given a removed shift, when a family signs up for it, then it is not found', () => {
    spec([angelegt, { type: 'EinsatzGeaendert', data: { ...tag, schichten: [tag.schichten[1]!] } }])
      .when({ type: 'TrageEin', data: { einsatzId: 'e1', schichtId: 's1', elternId: 'a', warteliste: false, heute: vorFrist } })
      .thenThrows('nicht_gefunden', SCHICHT_NICHT_GEFUNDEN);
  });

  it('given two families waiting, when the signed-up family withdraws, then the first waiting one moves up in the same decision', () => {
    spec([angelegt, ein('a'), wartet('b'), wartet('c')])
      .when({ type: 'TrageAus', data: { einsatzId: 'e1', schichtId: 's1', elternId: 'a', heute: vorFrist } })
      .then([
        { type: 'SchichtAusgetragen', data: { einsatzId: 'e1', schichtId: 's1', elternId: 'a', vonWarteliste: false } },
        { type: 'VonWartelisteNachgerueckt', data: { einsatzId: 'e1', schichtId: 's1', elternId: 'b' } },
      ]);
    const state = fold(einsatzDecider, [
      angelegt,
      ein('a'),
      wartet('b'),
      wartet('c'),
      { type: 'SchichtAusgetragen', data: { einsatzId: 'e1', schichtId: 's1', elternId: 'a', vonWarteliste: false } },
      { type: 'VonWartelisteNachgerueckt', data: { einsatzId: 'e1', schichtId: 's1', elternId: 'b' } },
    ]);
    expect(state.belegung.s1).toEqual({ eingetragen: ['b'], warteliste: ['c'] });
  });

  it('given a waiting family, when it withdraws, then it leaves the waiting list and nobody moves up', () => {
    spec([angelegt, ein('a'), wartet('b')])
      .when({ type: 'TrageAus', data: { einsatzId: 'e1', schichtId: 's1', elternId: 'b', heute: vorFrist } })
      .then([{ type: 'SchichtAusgetragen', data: { einsatzId: 'e1', schichtId: 's1', elternId: 'b', vonWarteliste: true } }]);
  });

  it('given a family not signed up, when it withdraws, then it is refused', () => {
    spec([angelegt])
      .when({ type: 'TrageAus', data: { einsatzId: 'e1', schichtId: 's1', elternId: 'a', heute: vorFrist } })
      .thenThrows('konflikt', NICHT_EINGETRAGEN);
  });

  describe('a family leaves the kindergarten (GebeSchichtenFrei)', () => {
    const frei = (heute: string, elternId = 'a') => ({ type: 'GebeSchichtenFrei', data: { einsatzId: 'e1', elternId, heute } }) as const;
    const aus = (elternId: string, schichtId: string, vonWarteliste: boolean): EinsatzEvent => ({
      type: 'SchichtAusgetragen',
      data: { einsatzId: 'e1', schichtId, elternId, vonWarteliste },
    });
    const rueckt = (elternId: string, schichtId: string): EinsatzEvent => ({
      type: 'VonWartelisteNachgerueckt',
      data: { einsatzId: 'e1', schichtId, elternId },
    });

    it('given its place with two families waiting and a waiting-list entry elsewhere, then the place goes to the first and the entry goes', () => {
      spec([angelegt, ein('a'), wartet('b'), wartet('c'), ein('x', 's2'), ein('y', 's2'), wartet('a', 's2')])
        .when(frei(vorFrist))
        .then([aus('a', 's1', false), rueckt('b', 's1'), aus('a', 's2', true)]);
    });

    it('given the deadline has passed but not the day, then its places are still freed (an admin’s act has no deadline)', () => {
      spec([angelegt, ein('a'), ein('b', 's2')])
        .when(frei('2027-03-20'))
        .then([aus('a', 's1', false)]);
    });

    it('given a past day, then nothing happens (it is history and counts for the hours)', () => {
      spec([angelegt, ein('a'), wartet('b')])
        .when(frei('2027-03-21'))
        .then([]);
    });

    it('given a cancelled day, then nothing happens', () => {
      spec([angelegt, ein('a'), wartet('b'), { type: 'EinsatzAbgesagt', data: { einsatzId: 'e1' } }])
        .when(frei(vorFrist))
        .then([]);
    });

    it('given a family on no shift, or a day that does not exist, then nothing happens (removing again is harmless)', () => {
      spec([angelegt, ein('a'), wartet('b'), aus('a', 's1', false), rueckt('b', 's1')])
        .when(frei(vorFrist))
        .then([]);
      spec([]).when(frei(vorFrist)).then([]);
    });

    it('given a shift removed from the day, then its old sign-ups are left alone', () => {
      spec([angelegt, ein('a'), wartet('b'), { type: 'EinsatzGeaendert', data: { ...tag, schichten: [tag.schichten[1]!] } }])
        .when(frei(vorFrist))
        .then([]);
    });
  });

  it('given the day, when a signed-up family is looked at, then it is preset as present; marking it absent records that', () => {
    const state = fold(einsatzDecider, [angelegt, ein('a')]);
    expect(anwesenheitVon(state, 's1', 'a')).toBe(true);
    expect(anwesenheitVon(state, 's1', 'b')).toBe(false);
    spec([angelegt, ein('a')])
      .when({ type: 'ErfasseAnwesenheit', data: { einsatzId: 'e1', schichtId: 's1', elternId: 'a', anwesend: true, heute: '2027-03-20' } })
      .then([]);
    spec([angelegt, ein('a')])
      .when({ type: 'ErfasseAnwesenheit', data: { einsatzId: 'e1', schichtId: 's1', elternId: 'a', anwesend: false, heute: '2027-03-21' } })
      .then([{ type: 'AnwesenheitErfasst', data: { einsatzId: 'e1', schichtId: 's1', elternId: 'a', anwesend: false } }]);
  });

  it('given the day, when a family that was not signed up came, then it is marked present', () => {
    spec([angelegt])
      .when({ type: 'ErfasseAnwesenheit', data: { einsatzId: 'e1', schichtId: 's1', elternId: 'z', anwesend: true, heute: '2027-03-20' } })
      .then([{ type: 'AnwesenheitErfasst', data: { einsatzId: 'e1', schichtId: 's1', elternId: 'z', anwesend: true } }]);
  });

  it('given the day before, when attendance is marked, then it is refused', () => {
    spec([angelegt, ein('a')])
      .when({ type: 'ErfasseAnwesenheit', data: { einsatzId: 'e1', schichtId: 's1', elternId: 'a', anwesend: false, heute: '2027-03-19' } })
      .thenThrows('konflikt', ANWESENHEIT_ZU_FRUEH('2027-03-20'));
  });
});

describe('Arbeitseinsätze: the settings an admin sends', () => {
  const gueltig = {
    titel: 'Sommerfest',
    datum: '2027-06-12',
    anmeldeschluss: '2027-06-05',
    schichten: [{ aufgabe: 'Grill', beginn: '14:00', ende: '16:00', plaetze: 2, stunden: 2 }],
  };
  const meldung = (body: unknown) => {
    const r = einsatzSchema.safeParse(body);
    return r.success ? null : r.error.issues[0]!.message;
  };

  it('accepts a day without place and description', () => {
    expect(meldung(gueltig)).toBeNull();
    expect(einsatzSchema.parse(gueltig).ort).toBeNull();
  });

  it('refuses an end before the start, a deadline after the day and hours out of range or with three decimals', () => {
    expect(meldung({ ...gueltig, schichten: [{ ...gueltig.schichten[0], ende: '13:00' }] })).toBe(ENDE_VOR_BEGINN);
    expect(meldung({ ...gueltig, anmeldeschluss: '2027-06-13' })).toBe(ANMELDESCHLUSS_NACH_DATUM);
    for (const stunden of [0, -1, 24.5, 1.234])
      expect(meldung({ ...gueltig, schichten: [{ ...gueltig.schichten[0], stunden }] })).toBe(STUNDEN_UNGUELTIG);
    expect(einsatzSchema.parse({ ...gueltig, schichten: [{ ...gueltig.schichten[0], stunden: 0.1 + 0.2 }] }).schichten[0]!.stunden).toBe(
      0.3,
    );
  });
});
