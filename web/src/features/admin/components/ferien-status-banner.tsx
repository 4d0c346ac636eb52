import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FerienStatus } from '../api/types';
import { CheckIcon, WarnIcon } from './icons';

/** The banner of 'Ferientermine verwalten': whether the holidays are confirmed, with the button that confirms them. */
export function FerienStatusBanner({
  status,
  pending,
  onBestaetigen,
}: {
  status: UseQueryResult<FerienStatus>;
  pending: boolean;
  onBestaetigen: () => void;
}) {
  const { t } = useTranslation();
  if (!status.data) {
    return (
      <div className="ad-banner ad-banner--warn">
        <span className="ad-banner__icon" aria-hidden="true">
          <WarnIcon />
        </span>
        <div className="ad-banner__text">
          <p className="ad-banner__title">{status.isError ? t('admin.ferien.statusUnbekannt') : t('admin.ferien.statusLaden')}</p>
          {status.isError && (
            <button type="button" className="btn btn--secondary btn--small" onClick={() => void status.refetch()}>
              {t('admin.erneutVersuchen')}
            </button>
          )}
        </div>
      </div>
    );
  }
  if (status.data.confirmed) {
    return (
      <div className="ad-banner ad-banner--ok">
        <span className="ad-banner__icon" aria-hidden="true">
          <CheckIcon />
        </span>
        <div className="ad-banner__text">
          <p className="ad-banner__title">{t('admin.ferien.istBestaetigt')}</p>
          <p>{t('admin.ferien.istBestaetigtText')}</p>
        </div>
      </div>
    );
  }
  return (
    <div className="ad-banner ad-banner--warn">
      <span className="ad-banner__icon" aria-hidden="true">
        <WarnIcon />
      </span>
      <div className="ad-banner__text">
        <p className="ad-banner__title">{t('admin.ferien.nichtBestaetigt')}</p>
        <p>{t('admin.ferien.nichtBestaetigtText')}</p>
        <div>
          <button type="button" className="btn btn--primary" onClick={onBestaetigen} disabled={pending}>
            {pending ? t('admin.ferien.wirdBestaetigt') : t('admin.ferien.bestaetigenKnopf')}
          </button>
        </div>
      </div>
    </div>
  );
}
