import { useTranslation } from 'react-i18next';

/** A section whose data could not be read: what is missing, and 'Erneut versuchen'. */
export function LadeFehler({ text, onErneut }: { text: string; onErneut: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="ad-notice">
      <p>{text}</p>
      <button type="button" className="btn btn--secondary btn--small" onClick={onErneut}>
        {t('admin.erneutVersuchen')}
      </button>
    </div>
  );
}
