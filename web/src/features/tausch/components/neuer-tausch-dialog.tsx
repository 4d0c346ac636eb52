import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogAktionen } from '@/components/dialog';
import type { Zuweisung } from '@/lib/wasserdienst-api';
import { WocheSelect } from './woche-select';
import '../tausch.css';

type NeuerTauschDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The family's own weeks that may be offered (within 12 weeks, not yet on offer). */
  angebotbar: readonly Zuweisung[];
  pending: boolean;
  /** `abgeben`: the week is given away, without a week wanted in return. */
  onSubmit: (wasserdienstId: string, abgeben: boolean) => void;
};

/**
 * 'Neuen Tausch anbieten' (docs/produkt.md §2): choose one of the own weeks and offer it to the group,
 * either for a week in return ('Tauschen') or given away ('Abgeben (ohne Gegendienst)', issue 17).
 */
export function NeuerTauschDialog({ open, onClose, angebotbar, pending, onSubmit }: NeuerTauschDialogProps) {
  const id = useId();
  const { t } = useTranslation();
  const [wasserdienstId, setWasserdienstId] = useState('');
  const [abgeben, setAbgeben] = useState(false);

  useEffect(() => {
    if (open) {
      setWasserdienstId('');
      setAbgeben(false);
    }
  }, [open]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (wasserdienstId && !pending) onSubmit(wasserdienstId, abgeben);
  };

  return (
    <Dialog open={open} onClose={onClose} title={t('tausch.neuAnbieten')}>
      <form className="tausch-form" onSubmit={submit}>
        {angebotbar.length === 0 ? (
          <p className="dialog__muted">{t('tausch.neu.keineWochen')}</p>
        ) : (
          <>
            <WocheSelect
              id={`${id}-woche`}
              label={t('tausch.neu.woche')}
              zuweisungen={angebotbar}
              value={wasserdienstId}
              onChange={setWasserdienstId}
              disabled={pending}
            />
            <fieldset className="field tausch-art" disabled={pending}>
              <legend className="field__label">{t('tausch.neu.art')}</legend>
              <label className="tausch-art__option">
                <input type="radio" name={`${id}-art`} checked={!abgeben} onChange={() => setAbgeben(false)} />
                {t('tausch.neu.tauschen')}
              </label>
              <label className="tausch-art__option">
                <input type="radio" name={`${id}-art`} checked={abgeben} onChange={() => setAbgeben(true)} />
                {t('tausch.neu.abgeben')}
              </label>
            </fieldset>
            <p className="dialog__muted">{abgeben ? t('tausch.neu.hinweisAbgeben') : t('tausch.neu.hinweisTauschen')}</p>
          </>
        )}
        <DialogAktionen onAbbrechen={onClose} gesperrt={!wasserdienstId || pending}>
          {abgeben ? t('tausch.neu.dienstAbgeben') : t('tausch.neu.erstellen')}
        </DialogAktionen>
      </form>
    </Dialog>
  );
}
