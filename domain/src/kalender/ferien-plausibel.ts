/**
 * Whether a holiday's type fits its dates, with Bavaria's school holidays as the guide (the
 * kindergarten's closing times mostly follow them). A mismatch is only a hint for the Admin
 * Center's holiday form: a kindergarten may close when it likes, so nothing is refused.
 */
import { type Datum, istDatum, plusTage, tageZwischen } from './iso-woche.js';

/** 'MM-DD' from … to (inclusive); a window whose start lies after its end runs over New Year. */
type Fenster = { von: string; bis: string; text: string };

/**
 * Generous windows around the Bavarian school holidays of recent and coming years: autumn around
 * All Saints, Christmas to Epiphany, the Carnival week (February or early March, moving with
 * Easter), the two Easter weeks (Easter Sunday lies between 22 March and 25 April), summer from
 * the end of July to mid-September (a kindergarten often closes a little earlier).
 */
const FENSTER: Readonly<Record<string, Fenster>> = {
  Sommerferien: { von: '07-15', bis: '09-20', text: 'Sommerferien liegen in Bayern meist von Ende Juli bis Mitte September.' },
  Herbstferien: { von: '10-15', bis: '11-15', text: 'Herbstferien liegen in Bayern meist Ende Oktober bis Anfang November.' },
  Weihnachtsferien: {
    von: '12-15',
    bis: '01-10',
    text: 'Weihnachtsferien liegen in Bayern meist von kurz vor Weihnachten bis zum 6. Januar.',
  },
  Faschingsferien: { von: '01-25', bis: '03-15', text: 'Faschingsferien liegen in Bayern meist im Februar oder Anfang März.' },
  Osterferien: { von: '03-10', bis: '05-05', text: 'Osterferien liegen in Bayern meist zwischen Mitte März und Ende April.' },
};

const BRUECKENTAG = 'Ein Brückentag ist ein einzelner Tag zwischen einem Feiertag und dem Wochenende.';
const PRUEFEN = 'Bitte prüfen Sie Art und Zeitraum.';

/** Longer than this, no holiday of a window fits (and the days are not walked one by one). */
const LAENGSTE_FERIEN_TAGE = 120;

const imFenster = (datum: Datum, { von, bis }: Fenster) => {
  const tag = datum.slice(5);
  return von <= bis ? tag >= von && tag <= bis : tag >= von || tag <= bis;
};

/**
 * The hint for a holiday of type `art` from `von` to `bis` ('YYYY-MM-DD', inclusive), e.g.
 * 'Hinweis: Sommerferien liegen in Bayern meist von Ende Juli bis Mitte September. Bitte prüfen
 * Sie Art und Zeitraum.' for Sommerferien over Christmas; null when the dates fit the type, when
 * the type has no usual time (Fortbildung, Sonstiges, an unknown type) or the range is incomplete
 * or reversed (the form's own checks speak then).
 */
export function ferienHinweis({ art, von, bis }: { art: string; von: string; bis: string }): string | null {
  if (!istDatum(von) || !istDatum(bis) || von > bis) return null;
  const tage = tageZwischen(von, bis) + 1;
  if (art === 'Brückentag') return tage > 1 ? `Hinweis: ${BRUECKENTAG} ${PRUEFEN}` : null;
  const fenster = FENSTER[art];
  if (!fenster) return null;
  let passt = tage <= LAENGSTE_FERIEN_TAGE;
  for (let i = 0; passt && i < tage; i++) passt = imFenster(plusTage(von, i), fenster);
  return passt ? null : `Hinweis: ${fenster.text} ${PRUEFEN}`;
}
