import { datumKurz, zahl } from '@waldkita/domain/i18n/datum';
import { euroDeutsch, runde2, stundenDeutsch } from '@waldkita/domain/stunden/rechnen';
import { useSprache } from '@/hooks/use-sprache';
import { monatName } from '../utils/dienstart';

/** '12,5' or '-1.5' as a number; anything else NaN, so the schema answers with its message. */
export const alsZahl = (text: string) =>
  /^\s*[-−]?\d+([.,]\d+)?\s*$/.test(text) ? Number(text.replace(',', '.').replace('−', '-')) : Number.NaN;

/**
 * Hours, euros, dates and months of the 'Stunden' section in the language shown: German exactly as
 * before ('12,5', '37,50 €', '01.09.2026'), the others in their locale's form.
 */
export function useStundenFormat() {
  const sprache = useSprache();
  const de = sprache === 'de';
  return {
    sprache,
    std: (n: number) => (de ? stundenDeutsch(n) : zahl(runde2(n), sprache, { maximumFractionDigits: 2, useGrouping: false })),
    euro: (n: number) => (de ? euroDeutsch(n) : zahl(runde2(n), sprache, { style: 'currency', currency: 'EUR' })),
    datum: (d: string) => datumKurz(d, sprache),
    monat: (m: number) => monatName(m, sprache),
  };
}
