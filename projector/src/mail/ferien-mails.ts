import { datumDeutsch, freitagDerWoche, montagDerWoche } from '@waldkita/domain/kalender/iso-woche';
import type { Schliessung } from '@waldkita/domain/kalender/schliesszeiten';
import type { WasserdienstEntfaelltAuftrag } from './mail-queue.js';

/** What the week is called in the subject: the holiday type, or 'Schließzeit'. */
const anlass = ({ ferienart }: Schliessung) => ferienart ?? 'Schließzeit';

/**
 * The text of the mail 'Wasserdienst entfällt: KW n/yyyy (Weihnachtsferien)': subject and
 * paragraphs (after the greeting); mail-templates.ts frames them and adds the link to the duties.
 */
export function wasserdienstEntfaellt(auftrag: WasserdienstEntfaelltAuftrag): { betreff: string; absaetze: string[] } {
  const { woche } = auftrag;
  const kw = `KW ${woche.kalenderwoche}/${woche.jahr}`;
  const grund = auftrag.ferienart === null ? `Schließzeit: ${auftrag.beschreibung}` : auftrag.ferienart;
  return {
    betreff: `Wasserdienst entfällt: ${kw} (${anlass(auftrag)})`,
    absaetze: [
      `der Waldkindergarten ist in ${kw} vom ${datumDeutsch(montagDerWoche(woche))} bis ${datumDeutsch(freitagDerWoche(woche))} geschlossen (${grund}).`,
      `Ihr Wasserdienst in dieser Woche (Freitag, ${datumDeutsch(freitagDerWoche(woche))}) entfällt deshalb. Sie müssen nichts weiter tun.`,
      'Ihre übrigen Wasserdienste finden Sie im Portal:',
    ],
  };
}
