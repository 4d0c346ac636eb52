import { type EinsatzEingabe, einsatzSchema, MAX_SCHICHTEN } from '@waldkita/domain/einsatz/einsatz';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogAktionen } from '@/components/dialog';
import { FormFehler } from '@/components/feld';
import type { Einsatz } from '@/lib/einsatz-api';

type SchichtFeld = { key: number; id?: string; aufgabe: string; beginn: string; ende: string; plaetze: string; stunden: string };
type Eingabe = { titel: string; datum: string; ort: string; beschreibung: string; anmeldeschluss: string; schichten: SchichtFeld[] };

let naechsterKey = 1;
const neueSchicht = (): SchichtFeld => ({ key: naechsterKey++, aufgabe: '', beginn: '09:00', ende: '12:00', plaetze: '2', stunden: '3' });
const zahl = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')));

const eingabeVon = (e: Einsatz | 'neu'): Eingabe =>
  e === 'neu'
    ? { titel: '', datum: '', ort: '', beschreibung: '', anmeldeschluss: '', schichten: [neueSchicht()] }
    : {
        titel: e.titel,
        datum: e.datum,
        ort: e.ort ?? '',
        beschreibung: e.beschreibung ?? '',
        anmeldeschluss: e.anmeldeschluss,
        schichten: e.schichten.map((s) => ({
          key: naechsterKey++,
          id: s.id,
          aufgabe: s.aufgabe,
          beginn: s.beginn,
          ende: s.ende,
          plaetze: String(s.plaetze),
          stunden: String(s.stunden).replace('.', ','),
        })),
      };

type EinsatzDialogProps = {
  /** 'neu' to create a day, a day to edit it; null: closed. */
  einsatz: Einsatz | 'neu' | null;
  pending: boolean;
  onClose: () => void;
  onSubmit: (angaben: EinsatzEingabe) => void;
  /** The screen's toast, shown inside the dialog while it is open. */
  toast?: ReactNode;
};

/**
 * 'Neuer Arbeitseinsatz' / 'Arbeitseinsatz bearbeiten': title, date, place, description, deadline,
 * and the shifts (task, start–end, places, hours credited). A shift keeps its id when edited, so
 * its families stay signed up; removing one with families is allowed (they are told by mail).
 */
export function EinsatzDialog({ einsatz, ...props }: EinsatzDialogProps) {
  const { t } = useTranslation();
  const titel =
    einsatz === 'neu' ? t('admin.einsaetze.dialog.neu') : einsatz ? t('admin.einsaetze.dialog.bearbeiten', { titel: einsatz.titel }) : '';
  return (
    <Dialog open={einsatz !== null} onClose={props.onClose} title={titel}>
      {einsatz && <EinsatzFormular key={einsatz === 'neu' ? 'neu' : einsatz.id} einsatz={einsatz} {...props} />}
    </Dialog>
  );
}

function EinsatzFormular({ einsatz, pending, onClose, onSubmit, toast }: EinsatzDialogProps & { einsatz: Einsatz | 'neu' }) {
  const { t } = useTranslation();
  const id = useId();
  const [eingabe, setEingabe] = useState<Eingabe>(() => eingabeVon(einsatz));
  const [fehler, setFehler] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const setze = <K extends keyof Eingabe>(feld: K, wert: Eingabe[K]) => {
    setEingabe((alt) => ({ ...alt, [feld]: wert }));
    setFehler(null);
  };
  const setzeSchicht = (key: number, feld: keyof Omit<SchichtFeld, 'key' | 'id'>, wert: string) => {
    setEingabe((alt) => ({ ...alt, schichten: alt.schichten.map((s) => (s.key === key ? { ...s, [feld]: wert } : s)) }));
    setFehler(null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const geprueft = einsatzSchema.safeParse({
      titel: eingabe.titel,
      datum: eingabe.datum,
      ort: eingabe.ort,
      beschreibung: eingabe.beschreibung,
      anmeldeschluss: eingabe.anmeldeschluss,
      schichten: eingabe.schichten.map((s) => ({
        ...(s.id ? { id: s.id } : {}),
        aufgabe: s.aufgabe,
        beginn: s.beginn,
        ende: s.ende,
        plaetze: zahl(s.plaetze),
        stunden: zahl(s.stunden),
      })),
    });
    if (!geprueft.success) {
      setFehler(geprueft.error.issues[0]?.message ?? t('admin.einsaetze.dialog.pruefen'));
      return;
    }
    setFehler(null);
    onSubmit(geprueft.data);
  };

  const feld = (name: 'titel' | 'datum' | 'ort' | 'anmeldeschluss', label: string, typ: 'text' | 'date', pflicht = true) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${name}`}>
        {label}
        {!pflicht && <span className="text-muted">{t('admin.einsaetze.dialog.optional')}</span>}
      </label>
      <input
        id={`${id}-${name}`}
        type={typ}
        className="input"
        value={eingabe[name]}
        onChange={(event) => setze(name, event.target.value)}
        disabled={pending}
        required={pflicht}
      />
    </div>
  );

  return (
    <>
      <form ref={formRef} className="ad-form ad-einsatz-form" onSubmit={submit} noValidate aria-busy={pending}>
        {feld('titel', t('admin.einsaetze.dialog.titel'), 'text')}
        <div className="ad-einsatz-form__zeile">
          {feld('datum', t('admin.einsaetze.dialog.datum'), 'date')}
          {feld('anmeldeschluss', t('admin.einsaetze.dialog.anmeldeschluss'), 'date')}
        </div>
        {feld('ort', t('admin.einsaetze.dialog.ort'), 'text', false)}
        <div className="field">
          <label className="field__label" htmlFor={`${id}-beschreibung`}>
            {t('admin.einsaetze.dialog.beschreibung')}
            <span className="text-muted">{t('admin.einsaetze.dialog.optional')}</span>
          </label>
          <textarea
            id={`${id}-beschreibung`}
            className="input ad-textarea"
            rows={3}
            value={eingabe.beschreibung}
            onChange={(event) => setze('beschreibung', event.target.value)}
            disabled={pending}
          />
        </div>
        <fieldset className="ad-fieldset ad-schichten">
          <legend className="field__label">{t('admin.einsaetze.dialog.schichten')}</legend>
          <ol className="ad-schichten__liste">
            {eingabe.schichten.map((s, index) => {
              const nr = index + 1;
              const schichtFeld = (name: 'aufgabe' | 'beginn' | 'ende' | 'plaetze' | 'stunden', label: string, props: object) => (
                <div className={`field ad-schicht__${name}`}>
                  <label className="field__label" htmlFor={`${id}-s${s.key}-${name}`}>
                    {label}
                  </label>
                  <input
                    id={`${id}-s${s.key}-${name}`}
                    className="input"
                    value={s[name]}
                    onChange={(event) => setzeSchicht(s.key, name, event.target.value)}
                    disabled={pending}
                    aria-describedby={`${id}-s${s.key}-nr`}
                    {...props}
                  />
                </div>
              );
              return (
                <li key={s.key} className="ad-schicht">
                  <p id={`${id}-s${s.key}-nr`} className="ad-schicht__nr">
                    {t('admin.einsaetze.dialog.schicht', { nr })}
                  </p>
                  {schichtFeld('aufgabe', t('admin.einsaetze.dialog.aufgabe'), { type: 'text', required: true })}
                  {schichtFeld('beginn', t('admin.einsaetze.dialog.beginn'), { type: 'time', required: true })}
                  {schichtFeld('ende', t('admin.einsaetze.dialog.ende'), { type: 'time', required: true })}
                  {schichtFeld('plaetze', t('admin.einsaetze.dialog.plaetze'), {
                    type: 'number',
                    min: 1,
                    max: 100,
                    step: 1,
                    inputMode: 'numeric',
                  })}
                  {schichtFeld('stunden', t('admin.einsaetze.dialog.stunden'), { type: 'text', inputMode: 'decimal' })}
                  <button
                    type="button"
                    className="btn btn--secondary btn--small ad-schicht__entfernen"
                    onClick={() =>
                      setze(
                        'schichten',
                        eingabe.schichten.filter((x) => x.key !== s.key),
                      )
                    }
                    disabled={pending || eingabe.schichten.length === 1}
                    aria-label={
                      s.aufgabe
                        ? t('admin.einsaetze.dialog.entfernenLabel', { nr, aufgabe: s.aufgabe })
                        : t('admin.einsaetze.dialog.entfernen', { nr })
                    }
                  >
                    {t('admin.einsaetze.dialog.entfernen', { nr })}
                  </button>
                </li>
              );
            })}
          </ol>
          <button
            type="button"
            className="btn btn--secondary btn--small"
            onClick={() => setze('schichten', [...eingabe.schichten, neueSchicht()])}
            disabled={pending || eingabe.schichten.length >= MAX_SCHICHTEN}
          >
            {t('admin.einsaetze.dialog.hinzufuegen')}
          </button>
        </fieldset>
        <FormFehler>{fehler}</FormFehler>
        <DialogAktionen onAbbrechen={onClose} gesperrt={pending} abbrechenGesperrt={pending}>
          {pending
            ? t('admin.einsaetze.dialog.speichertGerade')
            : einsatz === 'neu'
              ? t('admin.einsaetze.dialog.anlegen')
              : t('admin.einsaetze.dialog.speichern')}
        </DialogAktionen>
      </form>
      {toast}
    </>
  );
}
