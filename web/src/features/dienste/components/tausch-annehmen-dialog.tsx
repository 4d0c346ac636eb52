import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogAktionen } from '@/components/dialog';
import { AuswahlFeld } from '@/components/feld';
import { useSprache } from '@/hooks/use-sprache';
import { type MeinDienst, terminVon } from '@/lib/dienste-api';
import type { DienstTauschAngebot } from '../api/types';

type TauschAnnehmenDialogProps = {
  /** The offer to accept (a swap, not a give-away); null closes the dialog. */
  angebot: DienstTauschAngebot | null;
  /** The family's own dates: only those of the offer's kind that can still be swapped are offered. */
  eigene: readonly MeinDienst[];
  pending: boolean;
  onClose: () => void;
  onSubmit: (angebot: DienstTauschAngebot, resolveDienstId: string) => void;
};

/** 'Tausch annehmen': the offered date against one of the family's own dates of the SAME kind. */
export function TauschAnnehmenDialog({ angebot, eigene, pending, onClose, onSubmit }: TauschAnnehmenDialogProps) {
  const id = useId();
  const { t } = useTranslation();
  const sprache = useSprache();
  const [dienstId, setDienstId] = useState('');
  // Keeps the text while the dialog closes.
  const [gezeigt, setGezeigt] = useState<DienstTauschAngebot | null>(angebot);
  useEffect(() => {
    if (angebot) {
      setGezeigt(angebot);
      setDienstId('');
    }
  }, [angebot]);

  const passende = gezeigt ? eigene.filter((d) => d.dienstartId === gezeigt.dienstartId && d.tauschbar && !d.erledigt && !d.angeboten) : [];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (angebot && dienstId && !pending) onSubmit(angebot, dienstId);
  };

  return (
    <Dialog open={angebot !== null} onClose={onClose} title={t('dienste.angebote.annehmen')}>
      <form className="tausch-form" onSubmit={submit}>
        {gezeigt && (
          <p className="dialog__text">
            {t('dienste.tauschDialog.text', {
              nachname: gezeigt.eltern.nachname,
              dienstart: gezeigt.dienstart,
              termin: terminVon(gezeigt, sprache),
            })}
          </p>
        )}
        {passende.length === 0 ? (
          <p className="dialog__muted">
            {t('dienste.tauschDialog.keinTermin', { dienstart: gezeigt?.dienstart ?? t('dienste.tauschDialog.dienst') })}
          </p>
        ) : (
          <AuswahlFeld
            label={t('dienste.tauschDialog.ihrTermin')}
            hinweis={<p className="dialog__muted">{t('dienste.tauschDialog.nurGleiche')}</p>}
            id={`${id}-termin`}
            value={dienstId}
            onChange={(event) => setDienstId(event.target.value)}
            disabled={pending}
          >
            <option value="">{t('dienste.tauschDialog.bitteWaehlen')}</option>
            {passende.map((d) => (
              <option key={d.id} value={d.id}>
                {terminVon(d, sprache)}
              </option>
            ))}
          </AuswahlFeld>
        )}
        <DialogAktionen onAbbrechen={onClose} gesperrt={!dienstId || pending} abbrechenGesperrt={pending}>
          {pending ? t('dienste.tauschDialog.laeuft') : t('dienste.tauschDialog.bestaetigen')}
        </DialogAktionen>
      </form>
    </Dialog>
  );
}
