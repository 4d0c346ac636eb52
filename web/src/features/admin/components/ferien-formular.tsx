import { ferienHinweis } from '@waldkita/domain/kalender/ferien-plausibel';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/error-message';
import { useCreateFerienzeitraum } from '../api/ferien';
import { pruefeFerienzeitraum } from '../utils/ferien';
import { FERIENARTEN, ferienartName, ferienHinweisText, MELDUNG } from '../utils/texte';
import type { Melder } from './melder';

/** The form 'Ferienzeitraum hinzufügen': a holiday type and a date range, checked before it is sent. */
export function FerienFormular({ melder }: { melder: Melder }) {
  const { t } = useTranslation();
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
    const meldung = pruefung === 'fehlt' ? t(MELDUNG.ferienUngueltig) : pruefung === 'umgekehrt' ? t(MELDUNG.ferienUmgekehrt) : null;
    setFehler(meldung);
    if (meldung) return;
    create.mutate(
      { holidayType: art, startDate: von, endDate: bis },
      {
        onSuccess: () => {
          melder.erfolg(t(MELDUNG.ferienErstellt));
          setVon('');
          setBis('');
        },
        onError: (error) => {
          const text = serverMessage(error);
          melder.fehler(text ? `${t(MELDUNG.erstellFehler)}: ${text}` : t(MELDUNG.erstellFehlerZeitraum));
        },
      },
    );
  };

  const invalid = fehler ? { 'aria-invalid': true as const, 'aria-errormessage': `${id}-fehler` } : {};
  // A type that does not fit its dates is pointed out, not refused (issue 24).
  const hinweis = ferienHinweis({ art, von, bis }) === null ? null : ferienHinweisText(art, t);
  const beschrieben = hinweis ? { 'aria-describedby': `${id}-hinweis` } : {};

  return (
    <form className="ad-subcard ad-form" onSubmit={submit} noValidate aria-labelledby={`${id}-titel`}>
      <h3 id={`${id}-titel`} className="ad-subcard__title">
        {t('admin.ferien.formTitel')}
      </h3>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-art`}>
          {t('admin.ferien.art')}
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
          <option value="">{t('admin.bitteWaehlen')}</option>
          {FERIENARTEN.map((typ) => (
            <option key={typ} value={typ}>
              {ferienartName(typ, t)}
            </option>
          ))}
        </select>
      </div>
      <div className="ad-form__row">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-von`}>
            {t('admin.ferien.start')}
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
            {t('admin.ferien.ende')}
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
      <p className="ad-hint">{t('admin.ferien.formHinweis')}</p>
      {fehler && (
        <p id={`${id}-fehler`} className="form-error" role="alert">
          {fehler}
        </p>
      )}
      <div>
        <button type="submit" className="btn btn--primary" disabled={create.isPending}>
          {create.isPending ? t('admin.ferien.wirdEingetragen') : t('admin.ferien.formTitel')}
        </button>
      </div>
    </form>
  );
}
