import { zeichenzahl } from '@waldkita/domain/shared/eingabe';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Dialog } from '@/components/dialog';
import type { AdminEltern } from '../api/types';
import { type AnteilFehler, anteilText, MAX_ANTEIL, MAX_ANTEIL_GRUND, MIN_ANTEIL, pruefeAnteil, STANDARD_ANTEIL } from '../utils/anteil';

type AnteilSetzenDialogProps = {
  /** The family whose share is set; the dialog is open while there is one. */
  eltern: AdminEltern | null;
  onClose: () => void;
  pending: boolean;
  onSubmit: (anteil: number, grund: string) => void;
  /** The screen's toast; shown inside the dialog while it is open (the rest of the page is inert then). */
  toast?: ReactNode;
};

/**
 * 'Anteil am Wasserdienst' (PUT /api/admin/eltern/{id}/anteil, issue 17): how many duties a family
 * does compared with the others of its group — 0 exempts it, 1 is the default, up to 5 — with a
 * required reason that the history keeps. Checked here with the server's messages before it is sent.
 */
export function AnteilSetzenDialog({ eltern, ...props }: AnteilSetzenDialogProps) {
  // Mounted afresh with every opening: the field starts at the family's current share.
  return (
    <Dialog open={eltern !== null} onClose={props.onClose} title="Anteil am Wasserdienst">
      {eltern && <AnteilFormular key={eltern.id} eltern={eltern} {...props} />}
    </Dialog>
  );
}

function AnteilFormular({ eltern, onClose, pending, onSubmit, toast }: AnteilSetzenDialogProps & { eltern: AdminEltern }) {
  const id = useId();
  const bisher = eltern.anteil ?? STANDARD_ANTEIL;
  const [anteil, setAnteil] = useState(String(bisher));
  const [grund, setGrund] = useState('');
  const [fehler, setFehler] = useState<AnteilFehler | null>(null);
  const anteilRef = useRef<HTMLInputElement>(null);
  const grundRef = useRef<HTMLTextAreaElement>(null);
  const laenge = zeichenzahl(grund);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const geprueft = pruefeAnteil({ anteil, grund, bisher });
    if ('feld' in geprueft) {
      setFehler(geprueft);
      (geprueft.feld === 'anteil' ? anteilRef : grundRef).current?.focus();
      return;
    }
    setFehler(null);
    onSubmit(geprueft.anteil, geprueft.grund);
  };

  const ungueltig = (feld: AnteilFehler['feld']) =>
    fehler?.feld === feld ? { 'aria-invalid': true as const, 'aria-errormessage': `${id}-fehler` } : {};

  return (
    <>
      <form className="ad-form" onSubmit={submit} noValidate aria-busy={pending}>
        <p className="dialog__text ad-passwort__fuer">
          Familie {eltern.nachname || '—'} <span className="ad-passwort__email">({eltern.email})</span>
        </p>
        <p className="ad-anteil__bisher">
          Bisher: {bisher === STANDARD_ANTEIL ? 'Anteil 1 (üblich)' : anteilText(bisher)}
          {eltern.anteilGrund && <span className="ad-anteil__grund"> – Grund: „{eltern.anteilGrund}“</span>}
        </p>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-anteil`}>
            Anteil
          </label>
          <input
            ref={anteilRef}
            id={`${id}-anteil`}
            name="anteil"
            className="input ad-anteil__zahl"
            type="number"
            inputMode="numeric"
            min={MIN_ANTEIL}
            max={MAX_ANTEIL}
            step={1}
            value={anteil}
            onChange={(event) => {
              setAnteil(event.target.value);
              if (fehler?.feld === 'anteil') setFehler(null);
            }}
            disabled={pending}
            aria-describedby={`${id}-erklaerung`}
            {...ungueltig('anteil')}
          />
        </div>
        <ul id={`${id}-erklaerung`} className="ad-hint ad-anteil__erklaerung">
          <li>
            <strong>0</strong> – vom Wasserdienst befreit (z. B. Vorstand)
          </li>
          <li>
            <strong>1</strong> – üblicher Anteil jeder Familie
          </li>
          <li>
            <strong>2 bis {MAX_ANTEIL}</strong> – entsprechend mehr Dienste (z. B. zwei Kinder in der Gruppe)
          </li>
          <li>Gilt für künftige Planungen; bereits geplante Dienste bleiben.</li>
        </ul>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-grund`}>
            Grund
          </label>
          <textarea
            ref={grundRef}
            id={`${id}-grund`}
            name="grund"
            className="input ad-textarea"
            rows={3}
            required
            value={grund}
            onChange={(event) => {
              setGrund(event.target.value);
              if (fehler?.feld === 'grund') setFehler(null);
            }}
            disabled={pending}
            aria-describedby={`${id}-zaehler`}
            {...ungueltig('grund')}
          />
          <p id={`${id}-zaehler`} className={`ad-zaehler${laenge > MAX_ANTEIL_GRUND ? ' ad-zaehler--voll' : ''}`}>
            {laenge}/{MAX_ANTEIL_GRUND} Zeichen – erscheint im Verlauf
          </p>
        </div>
        {fehler && (
          <p id={`${id}-fehler`} className="form-error" role="alert">
            {fehler.text}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={onClose} disabled={pending}>
            Abbrechen
          </button>
          <button type="submit" className="btn btn--primary" disabled={pending}>
            {pending ? 'Wird gespeichert...' : 'Anteil speichern'}
          </button>
        </div>
      </form>
      {toast}
    </>
  );
}
