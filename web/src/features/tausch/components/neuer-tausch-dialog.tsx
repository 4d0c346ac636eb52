import { type FormEvent, useEffect, useId, useState } from 'react';
import { Dialog } from '@/components/dialog';
import type { Zuweisung } from '@/features/wasserdienst/api/types';
import { WocheSelect } from './woche-select';

type NeuerTauschDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The family's own weeks that may be offered (within 12 weeks, not yet on offer). */
  angebotbar: readonly Zuweisung[];
  pending: boolean;
  onSubmit: (wasserdienstId: string) => void;
};

/** 'Neuen Tausch anbieten' (SPEC.md §2): choose one of the own weeks and offer it to the group. */
export function NeuerTauschDialog({ open, onClose, angebotbar, pending, onSubmit }: NeuerTauschDialogProps) {
  const id = useId();
  const [wasserdienstId, setWasserdienstId] = useState('');

  useEffect(() => {
    if (open) setWasserdienstId('');
  }, [open]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (wasserdienstId && !pending) onSubmit(wasserdienstId);
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
            <p className="dialog__muted">Angeboten werden können Ihre Wasserdienste der nächsten 12 Kalenderwochen.</p>
          </>
        )}
        <div className="dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            Abbrechen
          </button>
          <button type="submit" className="btn btn--primary" disabled={!wasserdienstId || pending}>
            Tausch erstellen
          </button>
        </div>
      </form>
    </Dialog>
  );
}
