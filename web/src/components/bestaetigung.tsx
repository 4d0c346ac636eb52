import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './dialog';

/** What a destructive action asks before it runs. */
export type Frage = {
  /** The dialog's title, e.g. 'Ferientag löschen?'. */
  titel: string;
  /** The question, naming the object, e.g. 'Möchten Sie den Ferientag 04.01.2027 (Herbstferien) wirklich löschen?'. */
  text: ReactNode;
  /** The label of the button that does it, e.g. 'Ferientag löschen'. */
  bestaetigen: string;
  /** A red button for what cannot be undone (default); a green one for a step forward. */
  gefaehrlich?: boolean;
  /** The cancel button's label (default 'Abbrechen' in the screen's language). */
  abbrechen?: string;
};

type BestaetigungsDialogProps = {
  /** The open question; the dialog is closed while there is none. */
  frage: Frage | null;
  onBestaetigen: () => void;
  onAbbrechen: () => void;
};

/**
 * Asks before a destructive action: a modal with the question, 'Abbrechen' (focused first, so a
 * hasty Enter changes nothing) and the button that does it. Escape and the backdrop cancel.
 */
function BestaetigungsDialog({ frage, onBestaetigen, onAbbrechen }: BestaetigungsDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={frage !== null} onClose={onAbbrechen} title={frage?.titel ?? ''}>
      {frage && (
        <>
          <div className="dialog__text bestaetigung__text">{frage.text}</div>
          <div className="dialog__actions">
            {/* The first button of the modal: it takes the focus when the question opens. */}
            <button type="button" className="btn btn--secondary" onClick={onAbbrechen}>
              {frage.abbrechen ?? t('dialog.abbrechen')}
            </button>
            <button
              type="button"
              className={`btn ${frage.gefaehrlich === false ? 'btn--primary' : 'btn--danger-solid'}`}
              onClick={onBestaetigen}
            >
              {frage.bestaetigen}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}

/**
 * A question and what to do when it is answered with yes: `fragen(frage, aktion)` opens the
 * dialog, `dialog` is the element to render. Cancelling runs nothing.
 */
export function useBestaetigung() {
  const [offen, setOffen] = useState<{ frage: Frage; aktion: () => void } | null>(null);
  const fragen = useCallback((frage: Frage, aktion: () => void) => setOffen({ frage, aktion }), []);
  const abbrechen = useCallback(() => setOffen(null), []);
  const dialog = (
    <BestaetigungsDialog
      frage={offen?.frage ?? null}
      onAbbrechen={abbrechen}
      onBestaetigen={() => {
        setOffen(null);
        offen?.aktion();
      }}
    />
  );
  return { fragen, dialog, offen: offen !== null };
}
