import { type Datum, type IsoWoche, isoWocheVon, naechsteWoche, vergleicheWochen, wochenAb } from '../kalender/iso-woche.js';

/** How many ISO weeks the automatic plan covers: a year. */
const ROTA_WOCHEN = 52;

/**
 * The first week the automatic plan may give a family: the week after next of the day it plans.
 * Families learn their weeks by mail when the plan is made, so nobody is put on duty in the
 * current week or the next one (at least eight days' notice before the first Friday).
 */
export const fruehesteRotaWoche = (heute: Datum): IsoWoche => naechsteWoche(naechsteWoche(isoWocheVon(heute)));

/**
 * The weeks the season's plan covers, for an import's absence deadline, planned on `heute`
 * (Europe/Berlin): 52 weeks from the first week that starts after the deadline, but never earlier
 * than the week after next of the planning day (across the year end, KW 53 included).
 */
export function saisonZeitraum(frist: Datum, heute: Datum): { von: IsoWoche; bis: IsoWoche } {
  const nachFrist = naechsteWoche(isoWocheVon(frist));
  const frueheste = fruehesteRotaWoche(heute);
  const von = vergleicheWochen(nachFrist, frueheste) >= 0 ? nachFrist : frueheste;
  return { von, bis: wochenAb(von, ROTA_WOCHEN).at(-1)! };
}
