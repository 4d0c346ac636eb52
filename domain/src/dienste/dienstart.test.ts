import { describe, expect, it } from 'vitest';
import { DomainError, fold } from '../shared/decider.js';
import { deciderSpec } from '../shared/given-when-then.js';
import {
  aktiveDienstart,
  aktiveDienstarten,
  DIENSTART_ARCHIVIERT,
  DIENSTART_NICHT_GEFUNDEN,
  type DienstartAngaben,
  type DienstartEvent,
  dienstartenDecider,
  dienstartSchema,
  MONATE_UNGUELTIG,
  NAME_VERGEBEN,
  RHYTHMUS_FEST,
  STUNDEN_UNGUELTIG,
  WASSERDIENST,
  WASSERDIENST_FEST,
  WASSERDIENST_NICHT_ARCHIVIERBAR,
  WOCHENTAGE_FEHLEN,
} from './dienstart.js';

const spec = deciderSpec(dienstartenDecider);

const putz: DienstartAngaben = {
  name: 'Putzdienst',
  beschreibung: 'Bauwagen putzen',
  rhythmus: 'wochenende',
  bereich: 'kita',
  familienProTermin: 1,
  stunden: 2,
  pausiertBeiSchliessung: true,
};
const angelegt = (dienstartId: string, angaben: DienstartAngaben = putz): DienstartEvent => ({
  type: 'DienstartAngelegt',
  data: { ...angaben, dienstartId },
});

describe('Dienstarten: decider', () => {
  it('given no kinds, when an admin defines Putzdienst, then it is created', () => {
    spec([])
      .when({ type: 'LegeDienstartAn', data: { ...putz, dienstartId: 'p' } })
      .then([angelegt('p')]);
  });

  it('given Putzdienst, when another kind is named „putzdienst “, then it is refused: names are unique without case', () => {
    spec([angelegt('p')])
      .when({ type: 'LegeDienstartAn', data: { ...putz, name: 'putzdienst ', dienstartId: 'q' } })
      .thenThrows('konflikt', NAME_VERGEBEN);
  });

  it('given Wasserdienst built in, when a kind is called „Wasserdienst“, then the name is taken', () => {
    spec([])
      .when({ type: 'LegeDienstartAn', data: { ...putz, name: 'Wasserdienst', dienstartId: 'q' } })
      .thenThrows('konflikt', NAME_VERGEBEN);
  });

  it('given an archived Putzdienst, when a new kind takes its name, then that is allowed', () => {
    spec([angelegt('p'), { type: 'DienstartArchiviert', data: { dienstartId: 'p', name: 'Putzdienst' } }])
      .when({ type: 'LegeDienstartAn', data: { ...putz, dienstartId: 'q' } })
      .then([angelegt('q')]);
  });

  it('given Putzdienst, when its hours change, then DienstartGeaendert; when nothing changes, then nothing', () => {
    spec([angelegt('p')])
      .when({ type: 'AendereDienstart', data: { ...putz, stunden: 3, dienstartId: 'p' } })
      .then([{ type: 'DienstartGeaendert', data: { ...putz, stunden: 3, dienstartId: 'p' } }]);
    spec([angelegt('p')])
      .when({ type: 'AendereDienstart', data: { ...putz, dienstartId: 'p' } })
      .then([]);
  });

  it('given Putzdienst, when its rhythm or scope changes, then it is refused (its dates would no longer fit)', () => {
    spec([angelegt('p')])
      .when({ type: 'AendereDienstart', data: { ...putz, rhythmus: 'woche', dienstartId: 'p' } })
      .thenThrows('ungueltig', RHYTHMUS_FEST);
    spec([angelegt('p')])
      .when({ type: 'AendereDienstart', data: { ...putz, bereich: 'gruppe', dienstartId: 'p' } })
      .thenThrows('ungueltig', RHYTHMUS_FEST);
  });

  it('given Wasserdienst, when its hours change, then that is recorded; when its name changes, then it is refused', () => {
    const { id: _, archiviert: __, eingebaut: ___, ...wasser } = WASSERDIENST;
    spec([])
      .when({ type: 'AendereDienstart', data: { ...wasser, stunden: 1.5, dienstartId: 'wasserdienst' } })
      .then([{ type: 'DienstartGeaendert', data: { ...wasser, stunden: 1.5, dienstartId: 'wasserdienst' } }]);
    spec([])
      .when({ type: 'AendereDienstart', data: { ...wasser, name: 'Wasser', dienstartId: 'wasserdienst' } })
      .thenThrows('ungueltig', WASSERDIENST_FEST);
  });

  it('given Wasserdienst, when an admin archives it, then it is refused; an unknown kind is not found', () => {
    spec([])
      .when({ type: 'ArchiviereDienstart', data: { dienstartId: 'wasserdienst' } })
      .thenThrows('ungueltig', WASSERDIENST_NICHT_ARCHIVIERBAR);
    spec([])
      .when({ type: 'ArchiviereDienstart', data: { dienstartId: 'x' } })
      .thenThrows('nicht_gefunden', DIENSTART_NICHT_GEFUNDEN);
  });

  it('given Putzdienst archived, when archived again, then nothing; it is no longer active, and a change is refused', () => {
    const archiviert: DienstartEvent = { type: 'DienstartArchiviert', data: { dienstartId: 'p', name: 'Putzdienst' } };
    spec([angelegt('p'), archiviert])
      .when({ type: 'ArchiviereDienstart', data: { dienstartId: 'p' } })
      .then([]);
    spec([angelegt('p'), archiviert])
      .when({ type: 'AendereDienstart', data: { ...putz, stunden: 3, dienstartId: 'p' } })
      .thenThrows('konflikt', DIENSTART_ARCHIVIERT);
    const state = fold(dienstartenDecider, [angelegt('p'), archiviert]);
    expect(aktiveDienstarten(state).map((a) => a.name)).toEqual(['Wasserdienst']);
    expect(() => aktiveDienstart(state, 'p')).toThrow(DomainError);
    // History stays: the archived kind is still known by its id.
    expect(state.arten.get('p')?.archiviert).toBe(true);
  });

  it('lists Wasserdienst first, then the others by name', () => {
    const state = fold(dienstartenDecider, [
      angelegt('t', { ...putz, name: 'Tee kochen' }),
      angelegt('p'),
      angelegt('a', { ...putz, name: 'Apfelschorle' }),
    ]);
    expect(aktiveDienstarten(state).map((a) => a.name)).toEqual(['Wasserdienst', 'Apfelschorle', 'Putzdienst', 'Tee kochen']);
  });
});

describe('Dienstarten: the admin form (dienstartSchema)', () => {
  const fehler = (body: unknown) => {
    const r = dienstartSchema.safeParse(body);
    return r.success ? null : r.error.issues[0]!.message;
  };

  it('fills defaults: one family per date, paused while closed, one hour', () => {
    expect(dienstartSchema.parse({ name: ' Tee ', rhythmus: 'woche', bereich: 'gruppe' })).toEqual({
      name: 'Tee',
      beschreibung: '',
      rhythmus: 'woche',
      bereich: 'gruppe',
      familienProTermin: 1,
      stunden: 1,
      pausiertBeiSchliessung: true,
    });
  });

  it('refuses in German: weekdays missing, one month of the window, hours with three decimals', () => {
    expect(fehler({ name: 'Kochen', rhythmus: 'wochentage', bereich: 'gruppe' })).toBe(WOCHENTAGE_FEHLEN);
    expect(fehler({ name: 'Tee', rhythmus: 'woche', bereich: 'gruppe', aktivVonMonat: 11 })).toBe(MONATE_UNGUELTIG);
    expect(fehler({ name: 'Tee', rhythmus: 'woche', bereich: 'gruppe', stunden: 1.125 })).toBe(STUNDEN_UNGUELTIG);
    expect(fehler({ name: 'Tee', rhythmus: 'woche', bereich: 'gruppe', aktivVonMonat: 13, aktivBisMonat: 3 })).toBe(MONATE_UNGUELTIG);
  });

  it('keeps weekdays only for the weekday rhythm, sorted and without duplicates', () => {
    expect(
      dienstartSchema.parse({ name: 'Kochen', rhythmus: 'wochentage', wochentage: [5, 1, 3, 1], bereich: 'gruppe' }).wochentage,
    ).toEqual([1, 3, 5]);
    expect(dienstartSchema.parse({ name: 'Tee', rhythmus: 'woche', wochentage: [1], bereich: 'gruppe' }).wochentage).toBeUndefined();
  });
});
