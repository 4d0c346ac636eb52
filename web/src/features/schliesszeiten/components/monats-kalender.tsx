import type { Datum } from '@waldkita/domain/kalender/iso-woche';
import { useId, useMemo, useState } from 'react';
import { Legende } from '@/components/legende';
import { useSzTexte } from '../hooks/use-sz-texte';
import type { TagInfo } from '../utils/markierungen';
import { monatAus, monatsRaster, naechsterMonat, type RasterTag } from '../utils/monats-raster';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

type MonatsKalenderProps = {
  /** What the calendar shows on a date (null: an ordinary day). */
  finde: (datum: Datum) => TagInfo | null;
  /** Today in Europe/Berlin; its month is shown first and the day is highlighted. */
  heute: Datum;
};

type Auswahl = { datum: Datum; texte: string[] };

/**
 * The month calendar of docs/produkt.md §2 Schließzeiten & Events: Monday first, German month names, the whole ISO
 * weeks touching the month with their week numbers. Marked days are buttons with the entries as
 * tooltip and accessible name; hovering, focusing or tapping one shows its entries below the grid.
 */
export function MonatsKalender({ finde, heute }: MonatsKalenderProps) {
  const titelId = useId();
  const sz = useSzTexte();
  const { t } = sz;
  const [monat, setMonat] = useState(() => monatAus(heute));
  const [auswahl, setAuswahl] = useState<Auswahl | null>(null);
  const raster = useMemo(() => monatsRaster(monat), [monat]);
  const heuteMonat = monatAus(heute);
  const istHeuteMonat = heuteMonat.jahr === monat.jahr && heuteMonat.monat === monat.monat;

  const blaettern = (schritt: 1 | -1) => {
    setMonat((m) => naechsterMonat(m, schritt));
    setAuswahl(null);
  };

  return (
    <section className="card sz-card sz-cal" aria-labelledby={titelId}>
      <div className="sz-cal__toolbar">
        <h2 id={titelId} className="sz-cal__title" aria-live="polite">
          {sz.monatsTitel(monat)}
        </h2>
        <div className="sz-cal__nav">
          <button
            type="button"
            className="btn btn--secondary btn--small sz-cal__today"
            onClick={() => {
              setMonat(heuteMonat);
              setAuswahl(null);
            }}
            disabled={istHeuteMonat}
          >
            {t('schliesszeiten.kalender.heute')}
          </button>
          <button
            type="button"
            className="sz-cal__arrow"
            aria-label={t('schliesszeiten.kalender.vorher')}
            title={t('schliesszeiten.kalender.vorher')}
            onClick={() => blaettern(-1)}
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            className="sz-cal__arrow"
            aria-label={t('schliesszeiten.kalender.naechster')}
            title={t('schliesszeiten.kalender.naechster')}
            onClick={() => blaettern(1)}
          >
            <ChevronRightIcon />
          </button>
        </div>
      </div>

      <table className="sz-cal__grid" aria-labelledby={titelId}>
        <thead>
          <tr>
            <th scope="col" className="sz-cal__kw-head">
              <abbr title={t('schliesszeiten.kalender.kalenderwoche')}>{t('schliesszeiten.kalender.kwKurz')}</abbr>
            </th>
            {sz.wochentage.map((tag) => (
              <th scope="col" key={tag.kurz}>
                <abbr title={tag.lang}>{tag.kurz}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {raster.map((woche) => (
            <tr key={`${woche.jahr}-${woche.kalenderwoche}`}>
              <th scope="row" className="sz-cal__kw">
                <span className="visually-hidden">{t('schliesszeiten.kalender.kwKurz')} </span>
                {woche.kalenderwoche}
              </th>
              {woche.tage.map((tag) => (
                <TagZelle
                  key={tag.datum}
                  tag={tag}
                  info={finde(tag.datum)}
                  heute={heute}
                  aktiv={auswahl?.datum === tag.datum}
                  onWaehle={setAuswahl}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>

      <p className="sz-cal__detail">
        {auswahl ? (
          <>
            <strong>{sz.datum(auswahl.datum)}</strong>
            {auswahl.texte.map((text) => (
              <span key={text} className="sz-cal__detail-line">
                {text}
              </span>
            ))}
          </>
        ) : (
          t('schliesszeiten.kalender.hinweis')
        )}
      </p>

      <Legende
        label={t('dienste.kalender.legende')}
        className="sz-legend"
        eintraege={[
          { key: 'event', swatch: 'sz-legend__swatch sz-day--event', text: t('schliesszeiten.event.singular') },
          { key: 'schliesstag', swatch: 'sz-legend__swatch sz-day--schliesstag', text: t('schliesszeiten.tag.singular') },
          { key: 'woche', swatch: 'sz-legend__swatch sz-day--woche', text: t('schliesszeiten.kalender.ganzeWoche') },
          { key: 'heute', swatch: 'sz-legend__swatch sz-legend__swatch--heute', text: t('schliesszeiten.kalender.heute') },
        ]}
      />
    </section>
  );
}

type TagZelleProps = {
  tag: RasterTag;
  info: TagInfo | null;
  heute: Datum;
  aktiv: boolean;
  onWaehle: (auswahl: Auswahl) => void;
};

function TagZelle({ tag, info, heute, aktiv, onWaehle }: TagZelleProps) {
  const sz = useSzTexte();
  const istHeute = tag.datum === heute;
  const klassen = [
    'sz-day',
    tag.imMonat ? '' : 'sz-day--aussen',
    info ? `sz-day--${info.markierung}` : '',
    istHeute ? 'sz-day--heute' : '',
    aktiv ? 'sz-day--aktiv' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const waehle = () => info && onWaehle({ datum: tag.datum, texte: info.texte });
  return (
    <td className={klassen} aria-current={istHeute ? 'date' : undefined}>
      {info ? (
        <button
          type="button"
          className="sz-day__btn"
          title={info.texte.join('\n')}
          aria-label={`${sz.tagLang(tag.datum)}${istHeute ? ` (${sz.t('schliesszeiten.kalender.heuteKlein')})` : ''}: ${info.texte.join('; ')}`}
          onClick={waehle}
          onFocus={waehle}
          onMouseEnter={waehle}
        >
          <span className="sz-day__num">{tag.tag}</span>
        </button>
      ) : (
        <span className="sz-day__num" title={istHeute ? sz.t('schliesszeiten.kalender.heute') : undefined}>
          {tag.tag}
        </span>
      )}
    </td>
  );
}
