import { zeitpunktIn } from '@waldkita/domain/i18n/datum';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { useSprache } from '@/hooks/use-sprache';
import { zeitpunkt } from '@/lib/zeitpunkt';
import type { Mitteilung } from '../api/types';
import { vorschau } from '../utils/vorschau';

type NachrichtenVerwaltenDialogProps = {
  open: boolean;
  mitteilungen: Mitteilung[];
  /** The id whose deletion is under way. */
  loeschtId: string | null;
  onClose: () => void;
  onDelete: (mitteilung: Mitteilung) => void;
  toast?: ReactNode;
};

/**
 * 'Nachrichten verwalten' (admins): every announcement as a 50-character preview with 'Löschen'
 * (named after the announcement; the screen asks before it deletes), and 'Schließen'.
 */
export function NachrichtenVerwaltenDialog({ open, mitteilungen, loeschtId, onClose, onDelete, toast }: NachrichtenVerwaltenDialogProps) {
  const { t } = useTranslation();
  const sprache = useSprache();
  return (
    <Dialog open={open} onClose={onClose} title={t('mitteilungen.verwalten')}>
      {mitteilungen.length === 0 ? (
        <p className="dialog__muted">{t('mitteilungen.keineVorhanden')}</p>
      ) : (
        <ul className="nachrichten-liste">
          {mitteilungen.map((m) => (
            <li key={m.id} className="nachrichten-liste__eintrag">
              <div className="nachrichten-liste__inhalt">
                <p className="nachrichten-liste__vorschau">{vorschau(m.text)}</p>
                <p className="nachrichten-liste__zeit">
                  {sprache === 'de' ? zeitpunkt(m.veroeffentlichtAm) : zeitpunktIn(m.veroeffentlichtAm, sprache)}
                </p>
              </div>
              <button
                type="button"
                className="btn btn--danger btn--small"
                aria-label={t('mitteilungen.loeschenLabel', { vorschau: vorschau(m.text) })}
                disabled={loeschtId === m.id}
                onClick={() => onDelete(m)}
              >
                {t('schliesszeiten.loeschen')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="dialog__actions">
        <button type="button" className="btn btn--secondary" onClick={onClose}>
          {t('mitteilungen.schliessen')}
        </button>
      </div>
      {toast}
    </Dialog>
  );
}
