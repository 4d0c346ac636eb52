import { datumKurz, monatUndJahr, wochentagKurz, wochentagName } from '@waldkita/domain/i18n/datum';
import { GEBIETSSCHEMA } from '@waldkita/domain/i18n/sprachen';
import { type Datum, datumDeutsch, type IsoWoche, montagDerWoche, plusTage } from '@waldkita/domain/kalender/iso-woche';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSprache } from '@/hooks/use-sprache';
import type { Art } from '../utils/arten';
import { type Monat, monatsTitel, tagLang, WOCHENTAGE } from '../utils/monats-raster';
import { PRUEFUNG } from '../utils/texte';
import { kwName, wochenZeitraum } from '../utils/wochen-zeitraum';

/** A check's German message (utils/texte.ts PRUEFUNG) in the screen's language; a server's text as it came. */
export function pruefungText(meldung: string, t: TFunction): string {
  const zuLang = /^Die Beschreibung darf höchstens (\d+) Zeichen lang sein\.$/.exec(meldung);
  if (zuLang) return t('stunden.pruefung.beschreibungZuLang', { max: Number(zuLang[1]) });
  switch (meldung) {
    case PRUEFUNG.felderFehlen:
      return t('schliesszeiten.pruefung.felderFehlen');
    case PRUEFUNG.jahrBereich:
      return t('schliesszeiten.pruefung.jahrBereich', { min: '2020', max: '2030' });
    case PRUEFUNG.bereichWochenFehlen:
      return t('schliesszeiten.pruefung.bereichWochenFehlen');
    case PRUEFUNG.bereichWochen:
      return t('schliesszeiten.pruefung.bereichWochen');
    case PRUEFUNG.startNachEnde:
      return t('schliesszeiten.pruefung.startNachEnde');
    case PRUEFUNG.wocheFehlt:
      return t('schliesszeiten.pruefung.wocheFehlt');
    case PRUEFUNG.woche:
      return t('schliesszeiten.pruefung.woche');
    case PRUEFUNG.beschreibungLeer:
      return t('schliesszeiten.pruefung.beschreibungLeer');
    default:
      return meldung;
  }
}

/** A Monday: the week's days from it name the weekday columns in any language. */
const EIN_MONTAG = '2024-01-01';

/**
 * The closing-times screen's texts in the screen's language (docs/i18n.md): the kinds' names, counts,
 * month and day names, week names. German is word for word as before (utils/arten.ts, monats-raster.ts).
 */
export function useSzTexte() {
  const { t } = useTranslation();
  const sprache = useSprache();
  return useMemo(() => {
    const de = sprache === 'de';
    const art: Record<Art, { singular: string; plural: string; neu: string; leer: string }> = {
      woche: {
        singular: t('schliesszeiten.woche.singular'),
        plural: t('schliesszeiten.woche.plural'),
        neu: t('schliesszeiten.woche.neu'),
        leer: t('schliesszeiten.woche.leer'),
      },
      schliesstag: {
        singular: t('schliesszeiten.tag.singular'),
        plural: t('schliesszeiten.tag.plural'),
        neu: t('schliesszeiten.tag.neu'),
        leer: t('schliesszeiten.tag.leer'),
      },
      event: {
        singular: t('schliesszeiten.event.singular'),
        plural: t('schliesszeiten.event.plural'),
        neu: t('schliesszeiten.event.neu'),
        leer: t('schliesszeiten.event.leer'),
      },
    };
    const langesDatum = new Intl.DateTimeFormat(GEBIETSSCHEMA[sprache], {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const schmal = new Intl.DateTimeFormat(GEBIETSSCHEMA[sprache], { weekday: 'narrow', timeZone: 'UTC' });
    return {
      t,
      sprache,
      art,
      /** '3 Schließzeiten', '1 Event' */
      anzahl: (a: Art, anzahl: number) =>
        a === 'woche'
          ? t('schliesszeiten.woche.anzahl', { anzahl })
          : a === 'schliesstag'
            ? t('schliesszeiten.tag.anzahl', { anzahl })
            : t('schliesszeiten.event.anzahl', { anzahl }),
      ladeFehler: (a: Art) =>
        a === 'woche'
          ? t('schliesszeiten.woche.ladeFehler')
          : a === 'schliesstag'
            ? t('schliesszeiten.tag.ladeFehler')
            : t('schliesszeiten.event.ladeFehler'),
      monatsTitel: (m: Monat) => (de ? monatsTitel(m) : monatUndJahr(`${m.jahr}-${String(m.monat).padStart(2, '0')}-15`, sprache)),
      tagLang: (datum: Datum) => (de ? tagLang(datum) : langesDatum.format(new Date(`${datum}T12:00:00Z`))),
      wochentage: de
        ? WOCHENTAGE.map((w) => ({ kurz: w.kurz, lang: w.lang }))
        : Array.from({ length: 7 }, (_, i) => {
            const tag = plusTage(EIN_MONTAG, i);
            // Arabic has no short weekday names: one letter each, as phones' calendars show them.
            const kurz = sprache === 'ar' ? schmal.format(new Date(`${tag}T12:00:00Z`)) : wochentagKurz(tag, sprache);
            return { kurz, lang: wochentagName(tag, sprache) };
          }),
      datum: (datum: Datum) => (de ? datumDeutsch(datum) : datumKurz(datum, sprache)),
      /** '22.03.2027 – 28.03.2027' */
      wochenZeitraum: (woche: IsoWoche) => {
        if (de) return wochenZeitraum(woche);
        try {
          const montag = montagDerWoche(woche);
          return `${datumKurz(montag, sprache)} – ${datumKurz(plusTage(montag, 6), sprache)}`;
        } catch {
          return null;
        }
      },
      /** 'KW 3/2027' */
      kwName: (woche: IsoWoche) =>
        de ? kwName(woche) : t('schliesszeiten.kwName', { kw: String(woche.kalenderwoche), jahr: String(woche.jahr) }),
      /** 'KW 3' */
      kw: (kalenderwoche: number) => t('schliesszeiten.kw', { kw: kalenderwoche }),
    };
  }, [t, sprache]);
}
