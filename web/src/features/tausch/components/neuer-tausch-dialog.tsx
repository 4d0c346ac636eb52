import { type FormEvent, useEffect, useId, useState } from 'react';
import { Dialog } from '@/components/dialog';
import type { Zuweisung } from '@/lib/wasserdienst-api';
import { WocheSelect } from './woche-select';
import '../tausch.css';

type NeuerTauschDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The family's own weeks that may be offered (within 12 weeks, not yet on offer). */
  angebotbar: readonly Zuweisung[];
  pending: boolean;
  /** `abgeben`: the week is given away, without a week wanted in return. */
  onSubmit: (wasserdienstId: string, abgeben: boolean) => void;
};

/**
 * 'Neuen Tausch anbieten' (SPEC.md §2): choose one of the own weeks and offer it to the group,
 * either for a week in return ('Tauschen') or given away ('Abgeben (ohne Gegendienst)', issue 17).
 */
export function NeuerTauschDialog({ open, onClose, angebotbar, pending, onSubmit }: NeuerTauschDialogProps) {
  const id = useId();
  const [wasserdienstId, setWasserdienstId] = useState('');
  const [abgeben, setAbgeben] = useState(false);

  useEffect(() => {
    if (open) {
      setWasserdienstId('');
      setAbgeben(false);
    }
  }, [open]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (wasserdienstId && !pending) onSubmit(wasserdienstId, abgeben);
  };

  return (
    <Dialog open={open} onClose={onClose} title="Neuen Tausch anbieten">
      <form className="tausch-form" onSubmit={submit}>
        {angebotbar.length === 0 ? (
          <p className="dialog__muted">Sie haben derzeit keine verfügbaren Wasserdienste zum Tauschen.</p>
        ) : (
          <>
            <WocheSelect
              id={`${id}-woche`}
              label="Ihr Wasserdienst"
              zuweisungen={angebotbar}
              value={wasserdienstId}
              onChange={setWasserdienstId}
              disabled={pending}
            />
            <fieldset className="field tausch-art" disabled={pending}>
              <legend className="field__label">Art des Angebots</legend>
              <label className="tausch-art__option">
                <input type="radio" name={`${id}-art`} checked={!abgeben} onChange={() => setAbgeben(false)} />
                Tauschen
              </label>
              <label className="tausch-art__option">
                <input type="radio" name={`${id}-art`} checked={abgeben} onChange={() => setAbgeben(true)} />
                Abgeben (ohne Gegendienst)
              </label>
            </fieldset>
            <p className="dialog__muted">
              {abgeben
                ? 'Eine andere Familie Ihrer Gruppe kann den Dienst übernehmen, ohne Ihnen einen Dienst dafür zu geben.'
                : 'Angeboten werden können Ihre Wasserdienste der nächsten 12 Kalenderwochen.'}
            </p>
          </>
        )}
        <div className="dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            Abbrechen
          </button>
          <button type="submit" className="btn btn--primary" disabled={!wasserdienstId || pending}>
            {abgeben ? 'Dienst abgeben' : 'Tausch erstellen'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
