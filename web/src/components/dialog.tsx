import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
};

/**
 * A modal on the native <dialog>: focus stays inside, Escape closes, focus returns to the opener.
 */
export function Dialog({ open, onClose, title, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click is a mouse shortcut; keyboard users close with Escape or the dialog's buttons.
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onClose={(event) => {
        // React passes a nested dialog's close up its tree; only this dialog's own close counts. The
        // close event is queued after Escape: if a quick Enter has opened the dialog again before it
        // runs, the old close must not shut the new question.
        if (event.target === event.currentTarget && !event.currentTarget.open) onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself, not on its content.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="dialog__content">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}

type DialogAktionenProps = {
  onAbbrechen: () => void;
  /** The submit button is off: a request is under way, or there is nothing to send. */
  gesperrt: boolean;
  /** 'Abbrechen' is off too, while a request runs that cannot be called back. */
  abbrechenGesperrt?: boolean;
  /** Another word than 'Abbrechen' (e.g. 'Schließen'). */
  abbrechenText?: string;
  /** The submit button's text. */
  children: ReactNode;
};

/** A form dialog's buttons: 'Abbrechen' first (it closes without sending), then the form's submit. */
export function DialogAktionen({ onAbbrechen, gesperrt, abbrechenGesperrt, abbrechenText, children }: DialogAktionenProps) {
  const { t } = useTranslation();
  return (
    <div className="dialog__actions">
      <button type="button" className="btn btn--secondary" onClick={onAbbrechen} disabled={abbrechenGesperrt}>
        {abbrechenText ?? t('dialog.abbrechen')}
      </button>
      <button type="submit" className="btn btn--primary" disabled={gesperrt}>
        {children}
      </button>
    </div>
  );
}
