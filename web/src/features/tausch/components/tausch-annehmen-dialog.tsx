import { type FormEvent, useEffect, useId, useState } from 'react';
import { Dialog } from '@/components/dialog';
import type { Zuweisung } from '@/lib/wasserdienst-api';
import type { Tausch } from '../api/types';
import { kwSlashJahr } from '../utils/texte';
import { WocheSelect } from './woche-select';

type TauschAnnehmenDialogProps = {
  /** The offer to accept; null closes the dialog. */
  angebot: Tausch | null;
  onClose: () => void;
  /** The family's own weeks it can give in return. */
  angebotbar: readonly Zuweisung[];
  pending: boolean;
  onSubmit: (angebot: Tausch, resolveWasserdienstId: string) => void;
};

/** 'Tausch-Angebot annehmen' (SPEC.md §2): take the offered week, give one of the own weeks in return. */
export function TauschAnnehmenDialog({ angebot, onClose, angebotbar, pending, onSubmit }: TauschAnnehmenDialogProps) {
  const id = useId();
  const [wasserdienstId, setWasserdienstId] = useState('');
  // Keeps the text while the dialog closes.
  const [shown, setShown] = useState<Tausch | null>(angebot);

  useEffect(() => {
    if (angebot) {
      setShown(angebot);
      setWasserdienstId('');
    }
  }, [angebot]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (angebot && wasserdienstId && !pending) onSubmit(angebot, wasserdienstId);
  };

  return (
    <Dialog open={angebot !== null} onClose={onClose} title="Tausch-Angebot annehmen">
      <form className="tausch-form" onSubmit={submit}>
        {shown && (
          <p className="dialog__text">
            Familie {shown.requestEltern.nachname} bietet {kwSlashJahr(shown.requestWasserdienst)} an.
          </p>
        )}
        {angebotbar.length === 0 ? (
          <p className="dialog__muted">Sie haben keine verfügbaren Wasserdienste zum Tauschen</p>
        ) : (
          <>
            <WocheSelect
              id={`${id}-woche`}
              label="Ihr Wasserdienst im Tausch"
              zuweisungen={angebotbar}
              value={wasserdienstId}
              onChange={setWasserdienstId}
              disabled={pending}
            />
            <p className="dialog__muted">Sie übernehmen die angebotene Woche und geben diese Woche dafür ab.</p>
          </>
        )}
        <div className="dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            Abbrechen
          </button>
          <button type="submit" className="btn btn--primary" disabled={!wasserdienstId || pending}>
            Tausch bestätigen
          </button>
        </div>
      </form>
    </Dialog>
  );
}
