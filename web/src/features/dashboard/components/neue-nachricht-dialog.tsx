import { MAX_TEXT } from '@waldkita/domain/mitteilung/mitteilung';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogAktionen } from '@/components/dialog';
import { TextFeld } from '@/components/feld';

type NeueNachrichtDialogProps = {
  open: boolean;
  pending: boolean;
  onClose: () => void;
  /** The trimmed, non-blank text. */
  onSave: (text: string) => void;
  toast?: ReactNode;
};

/** 'Neue Nachricht erstellen' (admins): a text, Speichern and Abbrechen. A blank text does nothing (docs/produkt.md §5). */
export function NeueNachrichtDialog({ open, ...props }: NeueNachrichtDialogProps) {
  const { t } = useTranslation();
  // The form is mounted afresh with every opening, so it starts empty.
  return (
    <Dialog open={open} onClose={props.onClose} title={t('mitteilungen.neu')}>
      {open && <NachrichtFormular {...props} />}
    </Dialog>
  );
}

function NachrichtFormular({ pending, onClose, onSave, toast }: Omit<NeueNachrichtDialogProps, 'open'>) {
  const id = useId();
  const { t } = useTranslation();
  const [text, setText] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (pending || trimmed === '') return;
    onSave(trimmed);
  };

  return (
    <>
      <form className="nachricht-form" onSubmit={submit} noValidate>
        <TextFeld
          label={t('mitteilungen.nachricht')}
          hinweis={
            <p id={`${id}-zaehler`} className="nachricht-form__zaehler">
              {t('mitteilungen.zeichen', { anzahl: String(text.length), max: String(MAX_TEXT) })}
            </p>
          }
          id={id}
          className="nachricht-form__text"
          rows={5}
          maxLength={MAX_TEXT}
          value={text}
          onChange={(event) => setText(event.target.value)}
          disabled={pending}
          aria-describedby={`${id}-zaehler`}
        />
        <DialogAktionen onAbbrechen={onClose} gesperrt={pending}>
          {t('mitteilungen.speichern')}
        </DialogAktionen>
      </form>
      {toast}
    </>
  );
}
