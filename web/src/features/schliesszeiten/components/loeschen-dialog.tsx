import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';

type LoeschenDialogProps = {
  open: boolean;
  /** 'Schließzeit löschen' */
  titel: string;
  /** 'Möchten Sie die Schließzeit KW 3/2027 „Winterpause“ wirklich löschen?' */
  frage: string;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
  toast?: ReactNode;
};

/** The delete confirmation of a closing week, day or event; its text ends with the docs/produkt.md §2 sentence. */
export function LoeschenDialog({ open, titel, frage, pending, onClose, onConfirm, toast }: LoeschenDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={titel}>
      <p className="sz-loeschen__text">
        {frage} {t('schliesszeiten.unwiderruflich')}
      </p>
      <div className="dialog__actions">
        <button type="button" className="btn btn--secondary" onClick={onClose}>
          {t('dialog.abbrechen')}
        </button>
        <button type="button" className="btn btn--danger btn--danger-solid" onClick={onConfirm} disabled={pending}>
          {t('schliesszeiten.loeschen')}
        </button>
      </div>
      {toast}
    </Dialog>
  );
}
