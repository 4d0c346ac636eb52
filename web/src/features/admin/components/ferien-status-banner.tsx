import type { UseQueryResult } from '@tanstack/react-query';
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
  if (!status.data) {
    return (
      <div className="ad-banner ad-banner--warn">
        <span className="ad-banner__icon" aria-hidden="true">
          <WarnIcon />
        </span>
        <div className="ad-banner__text">
          <p className="ad-banner__title">{status.isError ? 'Der Ferienstatus ist unbekannt.' : 'Lade Ferienstatus...'}</p>
          {status.isError && (
            <button type="button" className="btn btn--secondary btn--small" onClick={() => void status.refetch()}>
              Erneut versuchen
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
          <p className="ad-banner__title">Ferientermine sind bestätigt</p>
          <p>Der CSV-Import ist möglich. Spätere Korrekturen sind weiterhin möglich, auch auf der Seite „Schließzeiten & Events“.</p>
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
        <p className="ad-banner__title">Ferientermine sind noch nicht bestätigt</p>
        <p>Bitte tragen Sie alle Ferien des kommenden Kita-Jahres ein und bestätigen Sie sie. Erst danach ist der CSV-Import möglich.</p>
        <div>
          <button type="button" className="btn btn--primary" onClick={onBestaetigen} disabled={pending}>
            {pending ? 'Wird bestätigt...' : 'Ferientermine bestätigen'}
          </button>
        </div>
      </div>
    </div>
  );
}
