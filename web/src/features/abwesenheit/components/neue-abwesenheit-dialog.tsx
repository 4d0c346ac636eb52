import { datumDeutsch, type IsoWoche } from '@waldkita/domain/kalender/iso-woche';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Dialog } from '@/components/dialog';
import { type Frist, waehlbareJahre } from '../utils/frist';
import { kwText, restTageText } from '../utils/texte';
import { alsGanzzahl, pruefeAbwesenheit } from '../utils/validierung';
import { wochenZeitraum } from '../utils/wochen-zeitraum';

type NeueAbwesenheitDialogProps = {
  open: boolean;
  onClose: () => void;
  frist: Frist;
  pending: boolean;
  onSubmit: (woche: IsoWoche) => void;
  /** The screen's toast, shown above the modal while it is open. */
  toast?: ReactNode;
};

/**
 * 'Neue Abwesenheit' (SPEC.md §2): year (current, +1, +2) and week 1–53, defaulting to the current
 * week. After the deadline every input and the submit button are disabled.
 */
export function NeueAbwesenheitDialog({ open, ...props }: NeueAbwesenheitDialogProps) {
  // The form is mounted afresh with every opening, so it starts with the current week and year (SPEC.md §4).
  return (
    <Dialog open={open} onClose={props.onClose} title="Neue Abwesenheit">
      {open && <AbwesenheitFormular {...props} />}
    </Dialog>
  );
}

function AbwesenheitFormular({ onClose, frist, pending, onSubmit, toast }: Omit<NeueAbwesenheitDialogProps, 'open'>) {
  const id = useId();
  const { aktuelleWoche, kannErstellen } = frist;
  const [jahr, setJahr] = useState(String(aktuelleWoche.jahr));
  const [kalenderwoche, setKalenderwoche] = useState(String(aktuelleWoche.kalenderwoche));
  const [fehler, setFehler] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const meldung = pruefeAbwesenheit({ kalenderwoche, jahr, kannErstellen, aktuelleWoche });
    setFehler(meldung);
    if (meldung) return;
    onSubmit({ kalenderwoche: Number(kalenderwoche), jahr: Number(jahr) });
  };

  const gewaehlt = alsGanzzahl(kalenderwoche);
  const zeitraum = gewaehlt !== null ? wochenZeitraum({ kalenderwoche: gewaehlt, jahr: Number(jahr) }) : null;
  const jahre = waehlbareJahre(aktuelleWoche.jahr);
  const gesperrt = !kannErstellen || pending;

  return (
    <>
      <form className="aw-form" onSubmit={submit} noValidate>
        <dl className="aw-facts">
          <div>
            <dt>Aktuelle Woche</dt>
            <dd>{kwText(aktuelleWoche)}</dd>
          </div>
          <div>
            <dt>Frist</dt>
            <dd>
              {!kannErstellen
                ? 'Erstellungsfrist abgelaufen'
                : frist.deadline
                  ? `${restTageText(frist.restTage)} (bis ${datumDeutsch(frist.deadline)})`
                  : 'keine Frist festgelegt'}
            </dd>
          </div>
        </dl>
        {!kannErstellen && (
          <p className="form-error" role="alert">
            Sie können keine Abwesenheiten mehr erstellen. Die konfigurierte Frist ist abgelaufen.
          </p>
        )}
        <div className="aw-form__row">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-jahr`}>
              Jahr
            </label>
            <select
              id={`${id}-jahr`}
              className="input select"
              value={jahr}
              onChange={(event) => setJahr(event.target.value)}
              disabled={gesperrt}
            >
              {jahre.map((j) => (
                <option key={j} value={j}>
                  {j}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-kw`}>
              Kalenderwoche
            </label>
            <input
              id={`${id}-kw`}
              className="input"
              type="number"
              inputMode="numeric"
              min={1}
              max={53}
              step={1}
              value={kalenderwoche}
              onChange={(event) => setKalenderwoche(event.target.value)}
              disabled={gesperrt}
              aria-describedby={`${id}-zeitraum`}
              aria-invalid={fehler ? true : undefined}
              aria-errormessage={fehler ? `${id}-fehler` : undefined}
            />
          </div>
        </div>
        <p id={`${id}-zeitraum`} className="dialog__muted aw-form__hint">
          {zeitraum ? `Zeitraum: ${zeitraum}` : 'Kalenderwoche 1 bis 53'}
        </p>
        {fehler && kannErstellen && (
          <p id={`${id}-fehler`} className="form-error" role="alert">
            {fehler}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            Abbrechen
          </button>
          <button type="submit" className="btn btn--primary" disabled={gesperrt}>
            {pending ? 'Wird erstellt...' : 'Erstellen'}
          </button>
        </div>
      </form>
      {toast}
    </>
  );
}
