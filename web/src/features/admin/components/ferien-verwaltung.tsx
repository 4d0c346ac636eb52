import type { UseQueryResult } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { type Frage, useBestaetigung } from '@/components/bestaetigung';
import { serverMessage, withServerMessage } from '@/lib/error-message';
import { type FerienLoeschung, useConfirmFerien, useCreateFerienzeitraum, useDeleteFerien } from '../api/ferien';
import type { FerienStatus, FerienUebersicht } from '../api/types';
import { datumText, ferienNachJahr, pruefeFerienzeitraum, wochenSpanne } from '../utils/ferien';
import {
  FERIENARTEN,
  ferienartGeloescht,
  ferienartLoeschenFrage,
  ferienartLoeschenKnopf,
  ferientagLoeschenFrage,
  ferienwocheLoeschenFrage,
  MELDUNG,
} from '../utils/texte';
import { CheckIcon, CrossIcon, TrashIcon, WarnIcon } from './icons';
import { LadeFehler } from './lade-fehler';
import type { Melder } from './melder';

type FerienVerwaltungProps = {
  status: UseQueryResult<FerienStatus>;
  uebersicht: UseQueryResult<FerienUebersicht>;
  melder: Melder;
};

/**
 * 'Ferientermine verwalten' (SPEC.md §2, §4): whether the holidays are confirmed, adding a holiday
 * range, the overview by year and type with deleting (each deletion asks first), and the one-way
 * confirmation.
 */
export function FerienVerwaltung({ status, uebersicht, melder }: FerienVerwaltungProps) {
  const titleId = useId();
  const confirm = useConfirmFerien();
  const remove = useDeleteFerien();
  const bestaetigung = useBestaetigung();

  const bestaetigen = () =>
    bestaetigung.fragen(
      {
        titel: 'Ferientermine bestätigen?',
        text: MELDUNG.ferienBestaetigenFrage,
        bestaetigen: 'Ferientermine bestätigen',
        gefaehrlich: false,
      },
      () =>
        confirm.mutate(undefined, {
          onSuccess: () => melder.erfolg(MELDUNG.ferienBestaetigt),
          onError: (error) => melder.fehler(withServerMessage(MELDUNG.bestaetigFehler, error)),
        }),
    );

  const loeschen = (loeschung: FerienLoeschung, frage: Frage) =>
    bestaetigung.fragen(frage, () =>
      remove.mutate(loeschung, {
        onSuccess: () =>
          melder.erfolg(
            loeschung.art === 'woche'
              ? MELDUNG.ferienwocheGeloescht
              : loeschung.art === 'tag'
                ? MELDUNG.ferientagGeloescht
                : ferienartGeloescht(loeschung.holidayType),
          ),
        onError: (error) => melder.fehler(withServerMessage(MELDUNG.loeschFehler, error)),
      }),
    );

  const loeschend = remove.isPending ? remove.variables : undefined;

  return (
    <section id="ferien" className="card ad-section" aria-labelledby={titleId}>
      <div className="ad-section__head">
        <div className="ad-section__titles">
          <h2 id={titleId} className="ad-section__title">
            Ferientermine verwalten
          </h2>
          <p className="text-muted">Ferien und Brückentage sind wasserdienstfrei. Vor dem CSV-Import müssen sie bestätigt werden.</p>
        </div>
      </div>
      <FerienStatusBanner status={status} pending={confirm.isPending} onBestaetigen={bestaetigen} />
      <div className="ad-ferien">
        <FerienFormular melder={melder} />
        <FerienUebersichtListe uebersicht={uebersicht} loeschend={loeschend} onLoeschen={loeschen} />
      </div>
      {bestaetigung.dialog}
    </section>
  );
}

function FerienStatusBanner({
  status,
  pending,
  onBestaetigen,
}: {
  status: UseQueryResult<FerienStatus>;
  pending: boolean;
  onBestaetigen: () => void;
}) {
  if (!status.data) {
    return (
      <div className="ad-banner ad-banner--warn">
        <span className="ad-banner__icon" aria-hidden="true">
          <WarnIcon />
        </span>
        <div className="ad-banner__text">
          <p className="ad-banner__title">{status.isError ? 'Der Ferienstatus ist unbekannt.' : 'Lade Ferienstatus...'}</p>
          {status.isError && (
            <button type="button" className="btn btn--secondary btn--small" onClick={() => void status.refetch()}>
              Erneut versuchen
            </button>
          )}
        </div>
      </div>
    );
  }
  if (status.data.confirmed) {
    return (
      <div className="ad-banner ad-banner--ok">
        <span className="ad-banner__icon" aria-hidden="true">
          <CheckIcon />
        </span>
        <div className="ad-banner__text">
          <p className="ad-banner__title">Ferientermine sind bestätigt</p>
          <p>Der CSV-Import ist möglich. Spätere Korrekturen sind weiterhin möglich, auch auf der Seite „Schließzeiten & Events“.</p>
        </div>
      </div>
    );
  }
  return (
    <div className="ad-banner ad-banner--warn">
      <span className="ad-banner__icon" aria-hidden="true">
        <WarnIcon />
      </span>
      <div className="ad-banner__text">
        <p className="ad-banner__title">Ferientermine sind noch nicht bestätigt</p>
        <p>Bitte tragen Sie alle Ferien des kommenden Kita-Jahres ein und bestätigen Sie sie. Erst danach ist der CSV-Import möglich.</p>
        <div>
          <button type="button" className="btn btn--primary" onClick={onBestaetigen} disabled={pending}>
            {pending ? 'Wird bestätigt...' : 'Ferientermine bestätigen'}
          </button>
        </div>
      </div>
    </div>
  );
}

function FerienFormular({ melder }: { melder: Melder }) {
  const id = useId();
  const create = useCreateFerienzeitraum();
  const [art, setArt] = useState('');
  const [von, setVon] = useState('');
  const [bis, setBis] = useState('');
  const [fehler, setFehler] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const pruefung = pruefeFerienzeitraum({ art, von, bis });
    const meldung = pruefung === 'fehlt' ? MELDUNG.ferienUngueltig : pruefung === 'umgekehrt' ? MELDUNG.ferienUmgekehrt : null;
    setFehler(meldung);
    if (meldung) return;
    create.mutate(
      { holidayType: art, startDate: von, endDate: bis },
      {
        onSuccess: () => {
          melder.erfolg(MELDUNG.ferienErstellt);
          setVon('');
          setBis('');
        },
        onError: (error) => {
          const text = serverMessage(error);
          melder.fehler(text ? `${MELDUNG.erstellFehler}: ${text}` : MELDUNG.erstellFehlerZeitraum);
        },
      },
    );
  };

  const invalid = fehler ? { 'aria-invalid': true as const, 'aria-errormessage': `${id}-fehler` } : {};

  return (
    <form className="ad-subcard ad-form" onSubmit={submit} noValidate aria-labelledby={`${id}-titel`}>
      <h3 id={`${id}-titel`} className="ad-subcard__title">
        Ferienzeitraum hinzufügen
      </h3>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-art`}>
          Ferienart
        </label>
        <select
          id={`${id}-art`}
          className="input select"
          value={art}
          onChange={(event) => setArt(event.target.value)}
          disabled={create.isPending}
          {...(fehler && !art ? invalid : {})}
        >
          <option value="">Bitte wählen</option>
          {FERIENARTEN.map((typ) => (
            <option key={typ} value={typ}>
              {typ}
            </option>
          ))}
        </select>
      </div>
      <div className="ad-form__row">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-von`}>
            Startdatum
          </label>
          <input
            id={`${id}-von`}
            className="input"
            type="date"
            value={von}
            max={bis || undefined}
            onChange={(event) => setVon(event.target.value)}
            disabled={create.isPending}
            {...(fehler && art ? invalid : {})}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-bis`}>
            Enddatum
          </label>
          <input
            id={`${id}-bis`}
            className="input"
            type="date"
            value={bis}
            min={von || undefined}
            onChange={(event) => setBis(event.target.value)}
            disabled={create.isPending}
            {...(fehler && art ? invalid : {})}
          />
        </div>
      </div>
      <p className="ad-hint">Ganze Wochen (Montag bis Freitag) werden als Ferienwoche eingetragen, einzelne Tage als Ferientag.</p>
      {fehler && (
        <p id={`${id}-fehler`} className="form-error" role="alert">
          {fehler}
        </p>
      )}
      <div>
        <button type="submit" className="btn btn--primary" disabled={create.isPending}>
          {create.isPending ? 'Wird eingetragen...' : 'Ferienzeitraum hinzufügen'}
        </button>
      </div>
    </form>
  );
}

type UebersichtProps = {
  uebersicht: UseQueryResult<FerienUebersicht>;
  loeschend: FerienLoeschung | undefined;
  onLoeschen: (loeschung: FerienLoeschung, frage: Frage) => void;
};

function FerienUebersichtListe({ uebersicht, loeschend, onLoeschen }: UebersichtProps) {
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
