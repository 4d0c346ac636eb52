import { type Dispatch, type FormEvent, type ReactNode, type SetStateAction, useId, useState } from 'react';
import { Dialog } from '@/components/dialog';
import { BESTAETIGUNGS_PHRASE } from '../utils/texte';

/** The open confirmation step of the CSV import; null while none is open. */
export type Schritt = 'warnung' | 'phrase' | null;

type ImportBestaetigungProps = {
  schritt: Schritt;
  setSchritt: Dispatch<SetStateAction<Schritt>>;
  /** The chosen file, named in the warning. */
  datei: File | null;
  pending: boolean;
  onBestaetigt: () => void;
  toast: ReactNode;
};

/** The two destructive confirmations of the CSV import: a warning, then the typed phrase DATENBANK LÖSCHEN. */
export function ImportBestaetigung({ schritt, setSchritt, datei, pending, onBestaetigt, toast }: ImportBestaetigungProps) {
  /** A dialog's close event (Escape, or closing it for the next step) ends only its own step. */
  const schliesse = (eigener: Schritt) => () => setSchritt((aktuell) => (aktuell === eigener ? null : aktuell));

  return (
    <>
      <Dialog open={schritt === 'warnung'} onClose={schliesse('warnung')} title="Achtung: Alle Daten werden ersetzt">
        {schritt === 'warnung' && (
          <>
            <div className="ad-warnung">
              <p className="dialog__text">
                Der Import ersetzt alle bestehenden Familien, Wasserdienste, Tausch-Angebote und Abwesenheiten.
              </p>
              <p className="dialog__muted">
                Familien, die nicht in der Datei stehen, werden entfernt; Admin-Konten bleiben erhalten. Alle Wasserdienste müssen danach
                neu geplant werden. Dieser Schritt kann nicht rückgängig gemacht werden.
              </p>
              {datei && (
                <p className="dialog__muted">
                  Datei: <strong>{datei.name}</strong>
                </p>
              )}
            </div>
            <div className="dialog__actions">
              <button type="button" className="btn btn--secondary" onClick={() => setSchritt(null)}>
                Abbrechen
              </button>
              <button type="button" className="btn btn--danger btn--danger-solid" onClick={() => setSchritt('phrase')}>
                Weiter
              </button>
            </div>
            {toast}
          </>
        )}
      </Dialog>
      <Dialog open={schritt === 'phrase'} onClose={schliesse('phrase')} title="Import endgültig bestätigen">
        {schritt === 'phrase' && (
          <PhraseFormular pending={pending} onAbbrechen={() => setSchritt(null)} onBestaetigt={onBestaetigt} toast={toast} />
        )}
      </Dialog>
    </>
  );
}

function PhraseFormular({
  pending,
  onAbbrechen,
  onBestaetigt,
  toast,
}: {
  pending: boolean;
  onAbbrechen: () => void;
  onBestaetigt: () => void;
  toast: ReactNode;
}) {
  const id = useId();
  const [phrase, setPhrase] = useState('');
  const passt = phrase === BESTAETIGUNGS_PHRASE;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (passt && !pending) onBestaetigt();
  };

  return (
    <>
      <form className="ad-form" onSubmit={submit} noValidate>
        <p className="dialog__text">Alle bisherigen Daten werden gelöscht und durch die Datei ersetzt.</p>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-phrase`}>
            Geben Sie zur Bestätigung <span className="ad-phrase">{BESTAETIGUNGS_PHRASE}</span> ein
          </label>
          <input
            id={`${id}-phrase`}
            className="input"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={phrase}
            onChange={(event) => setPhrase(event.target.value)}
            disabled={pending}
          />
        </div>
        <div className="dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={onAbbrechen} disabled={pending}>
            Abbrechen
          </button>
          <button type="submit" className="btn btn--danger btn--danger-solid" disabled={!passt || pending}>
            {pending ? 'Wird importiert...' : 'Daten ersetzen und importieren'}
          </button>
        </div>
      </form>
      {toast}
    </>
  );
}
