import { useTranslation } from 'react-i18next';
import { useSprache } from '@/hooks/use-sprache';
import { zeitpunkt } from '@/lib/zeitpunkt';
import '../offline-hinweis.css';
import { LinienIcon } from '@/components/icons';

/**
 * Above what /wasserdienst shows without a network: that it is offline, from when the data is, and
 * that nothing can be changed until the connection is back (nothing is sent later by itself).
 */
export function OfflineHinweis({ gespeichertAm }: { gespeichertAm: string | null }) {
  const { t } = useTranslation();
  const sprache = useSprache();
  return (
    <section className="offline-hinweis" role="status" aria-label={t('wasserdienst.offline.label')}>
      <span className="offline-hinweis__icon">
        <LinienIcon>
          <path d="M2 2l20 20" />
          <path d="M8.5 16.4a5 5 0 0 1 7 0" />
          <path d="M5 12.9a10 10 0 0 1 5.2-2.8" />
          <path d="M19 12.9a10 10 0 0 0-2.3-1.6" />
          <path d="M2 8.8a15 15 0 0 1 4.2-2.6" />
          <path d="M22 8.8A15 15 0 0 0 10.7 5" />
          <path d="M12 20h.01" />
        </LinienIcon>
      </span>
      <div className="offline-hinweis__text">
        <p className="offline-hinweis__titel">{t('wasserdienst.offline.titel')}</p>
        <p>
          {gespeichertAm
            ? t('wasserdienst.offline.stand', { zeitpunkt: zeitpunkt(gespeichertAm, sprache) })
            : t('wasserdienst.offline.ohneStand')}{' '}
          {t('wasserdienst.offline.aenderungen')}
        </p>
      </div>
    </section>
  );
}
