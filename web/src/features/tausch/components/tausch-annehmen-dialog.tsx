import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogAktionen } from '@/components/dialog';
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

/** 'Tausch-Angebot annehmen' (docs/produkt.md §2): take the offered week, give one of the own weeks in return. */
export function TauschAnnehmenDialog({ angebot, onClose, angebotbar, pending, onSubmit }: TauschAnnehmenDialogProps) {
  const id = useId();
  const { t } = useTranslation();
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
    <Dialog open={angebot !== null} onClose={onClose} title={t('tausch.annehmen.titel')}>
      <form className="tausch-form" onSubmit={submit}>
        {shown && (
          <p className="dialog__text">
            {t('tausch.annehmen.text', { nachname: shown.requestEltern.nachname, woche: kwSlashJahr(t, shown.requestWasserdienst) })}
          </p>
        )}
        {angebotbar.length === 0 ? (
          <p className="dialog__muted">{t('tausch.annehmen.keineWochen')}</p>
        ) : (
          <>
            <WocheSelect
              id={`${id}-woche`}
              label={t('tausch.annehmen.woche')}
              zuweisungen={angebotbar}
              value={wasserdienstId}
              onChange={setWasserdienstId}
              disabled={pending}
            />
            <p className="dialog__muted">{t('tausch.annehmen.hinweis')}</p>
          </>
        )}
        <DialogAktionen onAbbrechen={onClose} gesperrt={!wasserdienstId || pending}>
          {t('tausch.annehmen.bestaetigen')}
        </DialogAktionen>
      </form>
    </Dialog>
  );
}
