import { describe, it } from 'vitest';
import { deciderSpec } from '../shared/given-when-then.js';
import {
  MAX_TEXT,
  MITTEILUNG_EXISTIERT,
  MITTEILUNG_NICHT_GEFUNDEN,
  type MitteilungEvent,
  mitteilungDecider,
  TEXT_LEER,
  TEXT_ZU_LANG,
} from './mitteilung.js';

const spec = deciderSpec(mitteilungDecider);
const veroeffentliche = (mitteilungId: string, text: string | null) => ({
  type: 'VeroeffentlicheMitteilung' as const,
  data: { mitteilungId, text },
});
const loesche = (mitteilungId: string) => ({ type: 'LoescheMitteilung' as const, data: { mitteilungId } });
const veroeffentlicht = (mitteilungId: string, text: string): MitteilungEvent => ({
  type: 'MitteilungVeroeffentlicht',
  data: { mitteilungId, text },
});
const geloescht = (mitteilungId: string): MitteilungEvent => ({ type: 'MitteilungGeloescht', data: { mitteilungId } });

describe('Mitteilungen', () => {
  it('when an admin publishes a text, then it is recorded trimmed', () =>
    spec([])
      .when(veroeffentliche('m1', '  Am Freitag ist Laternenfest!\n'))
      .then([veroeffentlicht('m1', 'Am Freitag ist Laternenfest!')]));

  it('when the text is missing, empty or only blanks, then it is refused', () => {
    spec([]).when(veroeffentliche('m1', null)).thenThrows('ungueltig', TEXT_LEER);
    spec([]).when(veroeffentliche('m1', '')).thenThrows('ungueltig', TEXT_LEER);
    spec([]).when(veroeffentliche('m1', ' \n\t ')).thenThrows('ungueltig', TEXT_LEER);
  });

  it('accepts exactly 2000 characters (an emoji counts as one) and refuses 2001', () => {
    spec([])
      .when(veroeffentliche('m1', '🦊'.repeat(MAX_TEXT)))
      .then([veroeffentlicht('m1', '🦊'.repeat(MAX_TEXT))]);
    spec([])
      .when(veroeffentliche('m1', 'a'.repeat(MAX_TEXT + 1)))
      .thenThrows('ungueltig', TEXT_ZU_LANG);
  });

  it('given an announcement, when the same id is published again, then it is refused (also after deletion)', () => {
    spec([veroeffentlicht('m1', 'Hallo')])
      .when(veroeffentliche('m1', 'Nochmal'))
      .thenThrows('konflikt', MITTEILUNG_EXISTIERT);
    spec([veroeffentlicht('m1', 'Hallo'), geloescht('m1')])
      .when(veroeffentliche('m1', 'Nochmal'))
      .thenThrows('konflikt', MITTEILUNG_EXISTIERT);
  });

  it('given an announcement, when it is deleted, then it is gone; deleting it again or an unknown one is 404', () => {
    spec([veroeffentlicht('m1', 'Hallo'), veroeffentlicht('m2', 'Servus')])
      .when(loesche('m1'))
      .then([geloescht('m1')]);
    spec([veroeffentlicht('m1', 'Hallo'), geloescht('m1')])
      .when(loesche('m1'))
      .thenThrows('nicht_gefunden', MITTEILUNG_NICHT_GEFUNDEN);
    spec([veroeffentlicht('m1', 'Hallo')])
      .when(loesche('m9'))
      .thenThrows('nicht_gefunden', MITTEILUNG_NICHT_GEFUNDEN);
  });
});
