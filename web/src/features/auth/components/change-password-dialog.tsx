import { Dialog } from '@/components/dialog';

type ChangePasswordDialogProps = { open: boolean; onClose: () => void };

/** 'Passwort ändern' — the real form (SPEC.md §2 change-password dialog) follows in a later issue. */
export function ChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Passwort ändern">
      <p className="dialog__text">In Vorbereitung</p>
      <p className="dialog__muted">Bald können Sie Ihr Passwort hier selbst ändern.</p>
      <div className="dialog__actions">
        <button type="button" className="btn btn--primary" onClick={onClose}>
          Schließen
        </button>
      </div>
    </Dialog>
  );
}
