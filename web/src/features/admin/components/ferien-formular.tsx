import { ferienHinweis } from '@waldkita/domain/kalender/ferien-plausibel';
import { type FormEvent, useId, useState } from 'react';
import { serverMessage } from '@/lib/error-message';
import { useCreateFerienzeitraum } from '../api/ferien';
import { pruefeFerienzeitraum } from '../utils/ferien';
import { FERIENARTEN, MELDUNG } from '../utils/texte';
import type { Melder } from './melder';

/** The form 'Ferienzeitraum hinzufügen': a holiday type and a date range, checked before it is sent. */
export function FerienFormular({ melder }: { melder: Melder }) {
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
  // A type that does not fit its dates is pointed out, not refused (issue 24).
  const hinweis = ferienHinweis({ art, von, bis });
  const beschrieben = hinweis ? { 'aria-describedby': `${id}-hinweis` } : {};

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
          {...beschrieben}
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
            {...beschrieben}
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
            {...beschrieben}
            {...(fehler && art ? invalid : {})}
          />
        </div>
      </div>
      <p id={`${id}-hinweis`} className="ad-plausibel" role="status">
        {hinweis}
      </p>
      <p className="ad-hint">
        Wochen, deren Montag bis Freitag im Zeitraum liegen, werden als Ferienwoche (Montag bis Sonntag) eingetragen, die übrigen Tage als
        einzelne Ferientage.
      </p>
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
