import { ferienHinweis } from '@waldkita/domain/kalender/ferien-plausibel';
import { FERIENARTEN } from '@waldkita/domain/kalender/schliesszeiten';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuswahlFeld, EingabeFeld, FormFehler } from '@/components/feld';
import { serverMessage } from '@/lib/error-message';
import { useCreateFerienzeitraum } from '../api/ferien';
import { pruefeFerienzeitraum } from '../utils/ferien';
import { ferienartName, ferienHinweisText, MELDUNG } from '../utils/texte';
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
      <AuswahlFeld
        label={t('admin.ferien.art')}
        id={`${id}-art`}
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
      </AuswahlFeld>
      <div className="ad-form__row">
        <EingabeFeld
          label={t('admin.ferien.start')}
          id={`${id}-von`}
          type="date"
          value={von}
          max={bis || undefined}
          onChange={(event) => setVon(event.target.value)}
          disabled={create.isPending}
          {...beschrieben}
          {...(fehler && art ? invalid : {})}
        />
        <EingabeFeld
          label={t('admin.ferien.ende')}
          id={`${id}-bis`}
          type="date"
          value={bis}
          min={von || undefined}
          onChange={(event) => setBis(event.target.value)}
          disabled={create.isPending}
          {...beschrieben}
          {...(fehler && art ? invalid : {})}
        />
      </div>
      <p id={`${id}-hinweis`} className="ad-plausibel" role="status">
        {hinweis}
      </p>
      <p className="ad-hint">{t('admin.ferien.formHinweis')}</p>
      <FormFehler id={`${id}-fehler`}>{fehler}</FormFehler>
      <div>
        <button type="submit" className="btn btn--primary" disabled={create.isPending}>
          {create.isPending ? t('admin.ferien.wirdEingetragen') : t('admin.ferien.formTitel')}
        </button>
      </div>
    </form>
  );
}
