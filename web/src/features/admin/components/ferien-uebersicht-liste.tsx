import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId, useMemo } from 'react';
import type { Frage } from '@/components/bestaetigung';
import type { FerienLoeschung } from '../api/ferien';
import type { FerienUebersicht } from '../api/types';
import { datumText, ferienNachJahr, wochenSpanne } from '../utils/ferien';
import { ferienartLoeschenFrage, ferienartLoeschenKnopf, ferientagLoeschenFrage, ferienwocheLoeschenFrage } from '../utils/texte';
import { CrossIcon, TrashIcon } from './icons';
import { LadeFehler } from './lade-fehler';

type UebersichtProps = {
  uebersicht: UseQueryResult<FerienUebersicht>;
  loeschend: FerienLoeschung | undefined;
  onLoeschen: (loeschung: FerienLoeschung, frage: Frage) => void;
};

/** 'Eingetragene Ferien': the holidays by year and type, each week, day and type with its delete button. */
export function FerienUebersichtListe({ uebersicht, loeschend, onLoeschen }: UebersichtProps) {
  const titleId = useId();
  const jahre = useMemo(() => ferienNachJahr(uebersicht.data), [uebersicht.data]);

  let inhalt: ReactNode;
  if (uebersicht.data) {
    inhalt =
      jahre.length === 0 ? (
        <p className="empty-note">Noch keine Ferientermine eingetragen.</p>
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
                      {art}
                      <span className="ad-ferienart__count">{anzahlText(eintraege.weeks.length, eintraege.days.length)}</span>
                    </p>
                    <button
                      type="button"
                      className="btn btn--small btn--danger"
                      disabled={loeschend?.art === 'typ' && loeschend.holidayType === art && loeschend.jahr === jahr}
                      onClick={() =>
                        onLoeschen(
                          { art: 'typ', holidayType: art, jahr },
                          { titel: `${art} ${jahr} löschen?`, text: ferienartLoeschenFrage(art, jahr), bestaetigen: 'Alle löschen' },
                        )
                      }
                    >
                      <TrashIcon />
                      {ferienartLoeschenKnopf(art, jahr)}
                    </button>
                  </div>
                  <ul className="ad-chips" aria-label={`${art} ${jahr}`}>
                    {eintraege.weeks.map((woche) => {
                      const spanne = wochenSpanne(jahr, woche.kalenderwoche);
                      return (
                        <li key={woche.id} className="ad-chip">
                          <span className="ad-chip__text">
                            <span className="ad-chip__main">KW {woche.kalenderwoche}</span>
                            {spanne && <span className="ad-chip__sub">{spanne}</span>}
                          </span>
                          <button
                            type="button"
                            className="ad-chip__delete"
                            aria-label={`Ferienwoche KW ${woche.kalenderwoche}/${jahr} löschen`}
                            title="Ferienwoche löschen"
                            disabled={loeschend?.art === 'woche' && loeschend.id === woche.id}
                            onClick={() =>
                              onLoeschen(
                                { art: 'woche', id: woche.id },
                                {
                                  titel: 'Ferienwoche löschen?',
                                  text: ferienwocheLoeschenFrage(`KW ${woche.kalenderwoche}/${jahr}`, art),
                                  bestaetigen: 'Ferienwoche löschen',
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
                          <span className="ad-chip__main">{datumText(tag.datum)}</span>
                          <span className="ad-chip__sub">Einzeltag</span>
                        </span>
                        <button
                          type="button"
                          className="ad-chip__delete"
                          aria-label={`Ferientag ${datumText(tag.datum)} löschen`}
                          title="Ferientag löschen"
                          disabled={loeschend?.art === 'tag' && loeschend.id === tag.id}
                          onClick={() =>
                            onLoeschen(
                              { art: 'tag', id: tag.id },
                              {
                                titel: 'Ferientag löschen?',
                                text: ferientagLoeschenFrage(datumText(tag.datum), art),
                                bestaetigen: 'Ferientag löschen',
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
    inhalt = <LadeFehler text="Die Ferienübersicht konnte nicht geladen werden." onErneut={() => void uebersicht.refetch()} />;
  } else {
    inhalt = (
      <p className="text-muted" role="status">
        Lade Ferienübersicht...
      </p>
    );
  }

  return (
    <section className="ad-subcard ad-ferien__uebersicht" aria-labelledby={titleId}>
      <h3 id={titleId} className="ad-subcard__title">
        Eingetragene Ferien
      </h3>
      {inhalt}
    </section>
  );
}

const anzahlText = (wochen: number, tage: number) =>
  [wochen > 0 && (wochen === 1 ? '1 Woche' : `${wochen} Wochen`), tage > 0 && (tage === 1 ? '1 Tag' : `${tage} Tage`)]
    .filter(Boolean)
    .join(', ');
