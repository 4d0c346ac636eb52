import { datumKurz, wochentagMitDatum } from '@waldkita/domain/i18n/datum';
import { type Sprache, STANDARD_SPRACHE } from '@waldkita/domain/i18n/sprachen';
import { freitagDerWoche, montagDerWoche } from '@waldkita/domain/kalender/iso-woche';
import { texte } from '@waldkita/platform/i18n/texte';
import type { WasserdienstEntfaelltAuftrag } from './mail-queue.js';

/**
 * The text of the mail 'Wasserdienst entfällt: KW n/yyyy (Weihnachtsferien)' in the recipient's
 * language: subject and paragraphs (after the greeting); mail-templates.ts frames them and adds
 * the link to the duties. A closing's description stays as written.
 */
export function wasserdienstEntfaellt(
  auftrag: WasserdienstEntfaelltAuftrag,
  sprache: Sprache = STANDARD_SPRACHE,
): { betreff: string; absaetze: string[] } {
  const t = texte(sprache);
  const { woche } = auftrag;
  const kw = t('mail.kw', { kw: String(woche.kalenderwoche), jahr: String(woche.jahr) });
  // What the week is called in the subject: the holiday type (from the admin's fixed list, so
  // translated), or 'Schließzeit'.
  const ferien = auftrag.ferienart === null ? null : t('mail.anlass', { art: auftrag.ferienart });
  const anlass = ferien ?? t('mail.wasserdienstEntfaellt.schliesszeit');
  const grund = ferien ?? t('mail.wasserdienstEntfaellt.schliesszeitGrund', { beschreibung: auftrag.beschreibung });
  const freitag = freitagDerWoche(woche);
  return {
    betreff: t('mail.wasserdienstEntfaellt.betreff', { woche: kw, anlass }),
    absaetze: [
      t('mail.wasserdienstEntfaellt.geschlossen', {
        woche: kw,
        von: datumKurz(montagDerWoche(woche), sprache),
        bis: datumKurz(freitag, sprache),
        grund,
      }),
      t('mail.wasserdienstEntfaellt.entfaellt', { tag: wochentagMitDatum(freitag, sprache) }),
      t('mail.wasserdienstEntfaellt.uebrige'),
    ],
  };
}
