import { type Dispatch, type FormEvent, type ReactNode, type SetStateAction, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { EingabeFeld } from '@/components/feld';
import { BESTAETIGUNGS_PHRASE } from '../utils/texte';
import { EINSCHUB, mitEinschub } from './einschub';

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
  const { t } = useTranslation();
  /** A dialog's close event (Escape, or closing it for the next step) ends only its own step. */
  const schliesse = (eigener: Schritt) => () => setSchritt((aktuell) => (aktuell === eigener ? null : aktuell));

  return (
    <>
      <Dialog open={schritt === 'warnung'} onClose={schliesse('warnung')} title={t('admin.import.warnungTitel')}>
        {schritt === 'warnung' && (
          <>
            <div className="ad-warnung">
              <p className="dialog__text">{t('admin.import.warnungText')}</p>
              <p className="dialog__muted">{t('admin.import.warnungDetails')}</p>
              {datei && (
                <p className="dialog__muted">
                  {t('admin.import.dateiName')} <strong>{datei.name}</strong>
                </p>
              )}
            </div>
            <div className="dialog__actions">
              <button type="button" className="btn btn--secondary" onClick={() => setSchritt(null)}>
                {t('dialog.abbrechen')}
              </button>
              <button type="button" className="btn btn--danger btn--danger-solid" onClick={() => setSchritt('phrase')}>
                {t('admin.weiter')}
              </button>
            </div>
            {toast}
          </>
        )}
      </Dialog>
      <Dialog open={schritt === 'phrase'} onClose={schliesse('phrase')} title={t('admin.import.phraseTitel')}>
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
  const { t } = useTranslation();
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
        <p className="dialog__text">{t('admin.import.phraseText')}</p>
        <EingabeFeld
          label={mitEinschub(
            t('admin.import.phraseLabel', { phrase: EINSCHUB }),
            <span className="ad-phrase">{BESTAETIGUNGS_PHRASE}</span>,
          )}
          id={`${id}-phrase`}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={phrase}
          onChange={(event) => setPhrase(event.target.value)}
          disabled={pending}
        />
        <div className="dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={onAbbrechen} disabled={pending}>
            {t('dialog.abbrechen')}
          </button>
          <button type="submit" className="btn btn--danger btn--danger-solid" disabled={!passt || pending}>
            {pending ? t('admin.wirdImportiert') : t('admin.import.phraseKnopf')}
          </button>
        </div>
      </form>
      {toast}
    </>
  );
}
