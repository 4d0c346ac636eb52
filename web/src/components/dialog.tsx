import { type ReactNode, useEffect, useId, useRef } from 'react';

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
        // React passes a nested dialog's close up its tree; only this dialog's own close counts.
        if (event.target === event.currentTarget) onClose();
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
