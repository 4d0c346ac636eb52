import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogAktionen } from '@/components/dialog';
import { EingabeFeld } from '@/components/feld';
import type { Schliesszeit, SchliesszeitInput } from '../api/types';
import { pruefungText } from '../hooks/use-sz-texte';
import { ARTEN } from '../utils/arten';
import { JAHR_MAX, JAHR_MIN, PRUEFUNG } from '../utils/texte';
import { alsGanzzahl, pruefeBearbeitung, pruefeNeueSchliesszeit, type SchliesszeitFormular } from '../utils/validierung';
import { BeschreibungFeld } from './beschreibung-feld';

type SchliesszeitDialogProps = {
  open: boolean;
  /** null: create; otherwise the closing week whose description is edited. */
  eintrag: Schliesszeit | null;
  /** Year proposed when creating. */
  standardJahr: number;
  pending: boolean;
  onClose: () => void;
  onSubmit: (daten: SchliesszeitInput) => void;
  toast?: ReactNode;
};

const leer = (jahr: number): SchliesszeitFormular => ({
  bereich: false,
  jahr: String(jahr),
  kalenderwoche: '',
  von: '',
  bis: '',
  beschreibung: '',
});

/**
 * Create a closing week, one week or a range of weeks of one year (docs/produkt.md §2, §4, §5); or edit the
 * description of one, with week and year locked.
 */
export function SchliesszeitDialog({ open, ...props }: SchliesszeitDialogProps) {
  const { t } = useTranslation();
  // The form is mounted afresh with every opening, with the entry's values or empty ones.
  return (
    <Dialog
      open={open}
      onClose={props.onClose}
      title={props.eintrag ? t('schliesszeiten.bearbeitenTitel.woche') : t('schliesszeiten.woche.neu')}
    >
      {open && <SchliesszeitFormularInhalt {...props} />}
    </Dialog>
  );
}

function SchliesszeitFormularInhalt({ eintrag, standardJahr, pending, onClose, onSubmit, toast }: Omit<SchliesszeitDialogProps, 'open'>) {
  const id = useId();
  const { t } = useTranslation();
  const bearbeiten = eintrag !== null;
  const [formular, setFormular] = useState<SchliesszeitFormular>(() =>
    eintrag
      ? {
          bereich: false,
          jahr: String(eintrag.jahr),
          kalenderwoche: String(eintrag.kalenderwoche),
          von: '',
          bis: '',
          beschreibung: eintrag.beschreibung,
        }
      : leer(standardJahr),
  );
  const [fehler, setFehler] = useState<string | null>(null);

  const setze = (feld: keyof SchliesszeitFormular) => (value: string | boolean) => setFormular((f) => ({ ...f, [feld]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const meldung = bearbeiten ? pruefeBearbeitung(formular.beschreibung, ARTEN.woche.maxLaenge) : pruefeNeueSchliesszeit(formular);
    setFehler(meldung);
    if (meldung) return;
    const bereich = !bearbeiten && formular.bereich;
    onSubmit({
      kalenderwoche: bereich ? null : alsGanzzahl(formular.kalenderwoche),
      kalenderwocheVon: bereich ? alsGanzzahl(formular.von) : null,
      kalenderwocheBis: bereich ? alsGanzzahl(formular.bis) : null,
      jahr: Number(formular.jahr),
      beschreibung: formular.beschreibung.trim(),
      isRange: bereich,
    });
  };

  const fehlerId = fehler ? `${id}-fehler` : undefined;
  const beschreibungFehler = fehler === PRUEFUNG.beschreibungLeer || fehler?.startsWith('Die Beschreibung') ? fehlerId : undefined;
  const zahlFeld = (feld: 'jahr' | 'kalenderwoche' | 'von' | 'bis', label: string, min: number, max: number, gesperrt = false) => (
    <EingabeFeld
      label={label}
      id={`${id}-${feld}`}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      value={formular[feld]}
      onChange={(event) => setze(feld)(event.target.value)}
      disabled={pending || gesperrt}
      aria-describedby={gesperrt ? `${id}-fest` : undefined}
    />
  );

  return (
    <>
      <form className="sz-form" onSubmit={submit} noValidate>
        {!bearbeiten && (
          <fieldset className="sz-modus">
            <legend className="field__label">Zeitraum</legend>
            <label className="sz-modus__option">
              <input
                type="radio"
                name={`${id}-modus`}
                checked={!formular.bereich}
                onChange={() => setze('bereich')(false)}
                disabled={pending}
              />
              {t('schliesszeiten.einzelneWoche')}
            </label>
            <label className="sz-modus__option">
              <input
                type="radio"
                name={`${id}-modus`}
                checked={formular.bereich}
                onChange={() => setze('bereich')(true)}
                disabled={pending}
              />
              {t('schliesszeiten.mehrereWochen')}
            </label>
          </fieldset>
        )}
        <div className={`sz-form__row${formular.bereich ? ' sz-form__row--bereich' : ''}`}>
          {zahlFeld('jahr', t('schliesszeiten.feld.jahr'), JAHR_MIN, JAHR_MAX, bearbeiten)}
          {formular.bereich ? (
            <>
              {zahlFeld('von', t('schliesszeiten.feld.von'), 1, 53)}
              {zahlFeld('bis', t('schliesszeiten.feld.bis'), 1, 53)}
            </>
          ) : (
            zahlFeld('kalenderwoche', t('schliesszeiten.kalender.kalenderwoche'), 1, 53, bearbeiten)
          )}
        </div>
        {bearbeiten ? (
          <p id={`${id}-fest`} className="dialog__muted">
            {t('schliesszeiten.pruefung.wocheFest')}
          </p>
        ) : (
          <p className="dialog__muted">
            {formular.bereich
              ? `Jede Woche des Zeitraums wird einzeln angelegt; Wochen mit einer Schließzeit werden übersprungen. Jahr ${JAHR_MIN} bis ${JAHR_MAX}.`
              : `Jahr ${JAHR_MIN} bis ${JAHR_MAX}, Kalenderwoche 1 bis 53.`}
          </p>
        )}
        <BeschreibungFeld
          value={formular.beschreibung}
          onChange={setze('beschreibung')}
          maxLaenge={ARTEN.woche.maxLaenge}
          disabled={pending}
          fehlerId={beschreibungFehler}
        />
        {fehler && (
          <p id={fehlerId} className="form-error" role="alert">
            {pruefungText(fehler, t)}
          </p>
        )}
        <DialogAktionen onAbbrechen={onClose} gesperrt={pending}>
          {bearbeiten ? t('mitteilungen.speichern') : t('schliesszeiten.erstellen')}
        </DialogAktionen>
      </form>
      {toast}
    </>
  );
}
