import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Frage } from '@/components/bestaetigung';
import { TrashIcon } from '@/components/icons';
import { useSprache } from '@/hooks/use-sprache';
import type { FerienLoeschung } from '../api/ferien';
import type { FerienUebersicht } from '../api/types';
import { datumText, ferienNachJahr, wochenSpanne } from '../utils/ferien';
import {
  ferienartLoeschenFrage,
  ferienartLoeschenKnopf,
  ferienartName,
  ferientagLoeschenFrage,
  ferienwocheLoeschenFrage,
  kwJahr,
  type Uebersetze,
} from '../utils/texte';
import { CrossIcon } from './icons';
import { LadeFehler } from './lade-fehler';

type UebersichtProps = {
  uebersicht: UseQueryResult<FerienUebersicht>;
  loeschend: FerienLoeschung | undefined;
  onLoeschen: (loeschung: FerienLoeschung, frage: Frage) => void;
};

/** 'Eingetragene Ferien': the holidays by year and type, each week, day and type with its delete button. */
export function FerienUebersichtListe({ uebersicht, loeschend, onLoeschen }: UebersichtProps) {
  const { t } = useTranslation();
  const sprache = useSprache();
  const titleId = useId();
  const jahre = useMemo(() => ferienNachJahr(uebersicht.data), [uebersicht.data]);

  let inhalt: ReactNode;
  if (uebersicht.data) {
    inhalt =
      jahre.length === 0 ? (
        <p className="empty-note">{t('admin.ferien.keine')}</p>
      ) : (
        jahre.map(({ jahr, arten }) => (
          <section key={jahr} className="ad-ferienjahr" aria-labelledby={`${titleId}-${jahr}`}>
            <h4 id={`${titleId}-${jahr}`} className="ad-ferienjahr__title">
              {jahr}
            </h4>
            <ul className="ad-ferienarten">
              {arten.map(({ art, eintraege }) => (
                <li key={art} className="ad-ferienart">
                  <div className="ad-ferienart__head">
                    <p className="ad-ferienart__name">
                      {ferienartName(art, t)}
                      <span className="ad-ferienart__count">{anzahlText(eintraege.weeks.length, eintraege.days.length, t)}</span>
                    </p>
                    <button
                      type="button"
                      className="btn btn--small btn--danger"
                      disabled={loeschend?.art === 'typ' && loeschend.holidayType === art && loeschend.jahr === jahr}
                      onClick={() =>
                        onLoeschen(
                          { art: 'typ', holidayType: art, jahr },
                          {
                            titel: t('admin.ferien.artLoeschenTitel', { art: ferienartName(art, t), jahr: String(jahr) }),
                            text: ferienartLoeschenFrage(art, jahr, t),
                            bestaetigen: t('admin.ferien.alleLoeschen'),
                          },
                        )
                      }
                    >
                      <TrashIcon />
                      {ferienartLoeschenKnopf(art, jahr, t)}
                    </button>
                  </div>
                  <ul className="ad-chips" aria-label={`${ferienartName(art, t)} ${jahr}`}>
                    {eintraege.weeks.map((woche) => {
                      const spanne = wochenSpanne(jahr, woche.kalenderwoche, sprache);
                      const kw = kwJahr({ jahr, kalenderwoche: woche.kalenderwoche }, t);
                      return (
                        <li key={woche.id} className="ad-chip">
                          <span className="ad-chip__text">
                            <span className="ad-chip__main">{t('admin.ferien.kw', { kalenderwoche: String(woche.kalenderwoche) })}</span>
                            {spanne && <span className="ad-chip__sub">{spanne}</span>}
                          </span>
                          <button
                            type="button"
                            className="ad-chip__delete"
                            aria-label={t('admin.ferien.wocheLoeschenName', { kw })}
                            title={t('admin.ferien.wocheLoeschen')}
                            disabled={loeschend?.art === 'woche' && loeschend.id === woche.id}
                            onClick={() =>
                              onLoeschen(
                                { art: 'woche', id: woche.id },
                                {
                                  titel: t('admin.ferien.wocheLoeschenTitel'),
                                  text: ferienwocheLoeschenFrage(kw, art, t),
                                  bestaetigen: t('admin.ferien.wocheLoeschen'),
                                },
                              )
                            }
                          >
                            <CrossIcon />
                          </button>
                        </li>
                      );
                    })}
                    {eintraege.days.map((tag) => (
                      <li key={tag.id} className="ad-chip ad-chip--tag">
                        <span className="ad-chip__text">
                          <span className="ad-chip__main">{datumText(tag.datum, sprache)}</span>
                          <span className="ad-chip__sub">{t('admin.ferien.einzeltag')}</span>
                        </span>
                        <button
                          type="button"
                          className="ad-chip__delete"
                          aria-label={t('admin.ferien.tagLoeschenName', { datum: datumText(tag.datum, sprache) })}
                          title={t('admin.ferien.tagLoeschen')}
                          disabled={loeschend?.art === 'tag' && loeschend.id === tag.id}
                          onClick={() =>
                            onLoeschen(
                              { art: 'tag', id: tag.id },
                              {
                                titel: t('admin.ferien.tagLoeschenTitel'),
                                text: ferientagLoeschenFrage(datumText(tag.datum, sprache), art, t),
                                bestaetigen: t('admin.ferien.tagLoeschen'),
                              },
                            )
                          }
                        >
                          <CrossIcon />
                        </button>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </section>
        ))
      );
  } else if (uebersicht.isError) {
    inhalt = <LadeFehler text={t('admin.ferien.ladeFehler')} onErneut={() => void uebersicht.refetch()} />;
  } else {
    inhalt = (
      <p className="text-muted" role="status">
        {t('admin.ferien.laden')}
      </p>
    );
  }

  return (
    <section className="ad-subcard ad-ferien__uebersicht" aria-labelledby={titleId}>
      <h3 id={titleId} className="ad-subcard__title">
        {t('admin.ferien.uebersichtTitel')}
      </h3>
      {inhalt}
    </section>
  );
}

const anzahlText = (wochen: number, tage: number, t: Uebersetze) =>
  [wochen > 0 && t('admin.ferien.wochen', { anzahl: wochen }), tage > 0 && t('admin.ferien.tage', { anzahl: tage })]
    .filter(Boolean)
    .join(', ');
