import { heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';
import {
  BESCHREIBUNG_FEHLT,
  BESCHREIBUNG_ZU_LANG,
  DATUM_UNGUELTIG,
  eigeneStundenSchema,
  MAX_BESCHREIBUNG,
  MAX_EIGENE_STUNDEN,
  STUNDEN_UNGUELTIG,
} from '@waldkita/domain/stunden/stundenjahr';
import type { TFunction } from 'i18next';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EingabeFeld, FormFehler, TextFeld } from '@/components/feld';

type Props = {
  pending: boolean;
  onSubmit: (neu: { datum: string; stunden: number; beschreibung: string }, fertig: () => void) => void;
};

/** The schema's German message in the screen's language. */
function pruefText(meldung: string, t: TFunction): string {
  switch (meldung) {
    case DATUM_UNGUELTIG:
      return t('stunden.pruefung.datum');
    case STUNDEN_UNGUELTIG:
      return t('stunden.pruefung.stunden', { max: MAX_EIGENE_STUNDEN });
    case BESCHREIBUNG_FEHLT:
      return t('stunden.pruefung.beschreibungFehlt');
    case BESCHREIBUNG_ZU_LANG:
      return t('stunden.pruefung.beschreibungZuLang', { max: MAX_BESCHREIBUNG });
    default:
      return meldung;
  }
}

/** '12,5' or '12.5' as a number; anything else NaN (the schema then gives the German message). */
const alsZahl = (text: string) => (/^\s*\d+([.,]\d+)?\s*$/.test(text) ? Number(text.replace(',', '.')) : Number.NaN);

/**
 * 'Stunden eintragen': date (today by default, never in the future), hours (German comma allowed)
 * and what the family did. Checked with the server's own rules and messages before it is sent.
 */
export function StundenEintragen({ pending, onSubmit }: Props) {
  const id = useId();
  const { t } = useTranslation();
  const heute = heuteInBerlin(new Date());
  const [datum, setDatum] = useState(heute);
  const [stunden, setStunden] = useState('');
  const [beschreibung, setBeschreibung] = useState('');
  const [fehler, setFehler] = useState<{ feld: 'datum' | 'stunden' | 'beschreibung'; text: string } | null>(null);
  const felder = {
    datum: useRef<HTMLInputElement>(null),
    stunden: useRef<HTMLInputElement>(null),
    beschreibung: useRef<HTMLTextAreaElement>(null),
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const geprueft = eigeneStundenSchema.safeParse({ datum, stunden: alsZahl(stunden), beschreibung });
    if (!geprueft.success) {
      const problem = geprueft.error.issues[0];
      const feld = (problem?.path[0] as 'datum' | 'stunden' | 'beschreibung' | undefined) ?? 'beschreibung';
      setFehler({ feld, text: pruefText(problem?.message ?? BESCHREIBUNG_FEHLT, t) });
      felder[feld].current?.focus();
      return;
    }
    setFehler(null);
    onSubmit(geprueft.data, () => {
      setStunden('');
      setBeschreibung('');
    });
  };

  const ungueltig = (feld: 'datum' | 'stunden' | 'beschreibung') =>
    fehler?.feld === feld ? { 'aria-invalid': true as const, 'aria-errormessage': `${id}-fehler` } : {};

  return (
    <form className="st-form" onSubmit={submit} noValidate aria-busy={pending}>
      <div className="st-form__zeile">
        <EingabeFeld
          label={t('stunden.form.datum')}
          ref={felder.datum}
          id={`${id}-datum`}
          type="date"
          max={heute}
          value={datum}
          onChange={(e) => setDatum(e.target.value)}
          disabled={pending}
          required
          {...ungueltig('datum')}
        />
        <EingabeFeld
          label={t('stunden.form.stunden')}
          ref={felder.stunden}
          id={`${id}-stunden`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('stunden.form.beispiel')}
          value={stunden}
          onChange={(e) => setStunden(e.target.value)}
          disabled={pending}
          required
          {...ungueltig('stunden')}
        />
      </div>
      <TextFeld
        label={t('stunden.form.was')}
        ref={felder.beschreibung}
        id={`${id}-was`}
        className="st-form__text"
        rows={3}
        maxLength={MAX_BESCHREIBUNG}
        value={beschreibung}
        onChange={(e) => setBeschreibung(e.target.value)}
        disabled={pending}
        required
        {...ungueltig('beschreibung')}
      />
      {fehler && <FormFehler id={`${id}-fehler`}>{fehler.text}</FormFehler>}
      <p className="text-muted st-form__hinweis">{t('stunden.form.hinweis')}</p>
      <button type="submit" className="btn btn--primary" disabled={pending}>
        {pending ? t('dienste.wirdGesendet') : t('stunden.eintragen')}
      </button>
    </form>
  );
}
