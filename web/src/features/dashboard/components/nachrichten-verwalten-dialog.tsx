import type { ReactNode } from 'react';
import { Dialog } from '@/components/dialog';
import { zeitpunkt } from '@/lib/zeitpunkt';
import type { Mitteilung } from '../api/types';
import { vorschau } from '../utils/vorschau';

type NachrichtenVerwaltenDialogProps = {
  open: boolean;
  mitteilungen: Mitteilung[];
  /** The id whose deletion is under way. */
  loeschtId: string | null;
  onClose: () => void;
  onDelete: (mitteilung: Mitteilung) => void;
  toast?: ReactNode;
};

/**
 * 'Nachrichten verwalten' (admins): every announcement as a 50-character preview with 'Löschen'
 * (named after the announcement; the screen asks before it deletes), and 'Schließen'.
 */
export function NachrichtenVerwaltenDialog({ open, mitteilungen, loeschtId, onClose, onDelete, toast }: NachrichtenVerwaltenDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Nachrichten verwalten">
      {mitteilungen.length === 0 ? (
        <p className="dialog__muted">Keine Nachrichten vorhanden.</p>
      ) : (
        <ul className="nachrichten-liste">
          {mitteilungen.map((m) => (
            <li key={m.id} className="nachrichten-liste__eintrag">
              <div className="nachrichten-liste__inhalt">
                <p className="nachrichten-liste__vorschau">{vorschau(m.text)}</p>
                <p className="nachrichten-liste__zeit">{zeitpunkt(m.veroeffentlichtAm)}</p>
              </div>
              <button
                type="button"
                className="btn btn--danger btn--small"
                aria-label={`Nachricht „${vorschau(m.text)}“ löschen`}
                disabled={loeschtId === m.id}
                onClick={() => onDelete(m)}
              >
                Löschen
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="dialog__actions">
        <button type="button" className="btn btn--secondary" onClick={onClose}>
          Schließen
        </button>
      </div>
      {toast}
    </Dialog>
  );
}
