import { zeitpunktIn } from '@waldkita/domain/i18n/datum';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Toast } from '@/components/toast';
import { ZugriffVerweigert } from '@/components/zugriff-verweigert';
import { useSprache } from '@/hooks/use-sprache';
import { useToast } from '@/hooks/use-toast';
import { serverMessage, withServerMessage } from '@/lib/error-message';
import { ladeHerunter, useAnker, useAnkerSignieren, useIntegritaet } from '../api/integritaet';
import type { AnkerEintrag } from '../api/types';
import { TOAST_MS, ZUGRIFF_VERWEIGERT } from '../utils/texte';
import { istVerweigert } from '../utils/zugriff';
import { GeschichteLayout } from './geschichte-layout';

const ANLASS = {
  nacht: 'audit.integritaet.anlass.nacht',
  app: 'audit.integritaet.anlass.app',
  cli: 'audit.integritaet.anlass.cli',
} as const;

/**
 * /audit/integritaet 'Integrität prüfen' (docs/audit.md, "Anchors"): the auditor checks the whole
 * log — its hash chain, and the log against the latest signed anchor — signs an anchor now, and
 * downloads anchors to keep outside the portal.
 */
export function IntegritaetPage() {
  const { t } = useTranslation();
  const sprache = useSprache();
  const [pruefen, setPruefen] = useState(0);
  const ergebnis = useIntegritaet(pruefen);
  const anker = useAnker();
  const signieren = useAnkerSignieren();
  const { toast, showSuccess, showError, dismiss } = useToast();
  if (istVerweigert(anker.error) || istVerweigert(ergebnis.error)) return <ZugriffVerweigert texte={ZUGRIFF_VERWEIGERT} />;
  const { data } = ergebnis;

  const herunterladen = (a: AnkerEintrag) =>
    ladeHerunter(`/api/audit/anker/${a.position.replace('/', '-')}`, 'anker.json').then(
      (datei) => showSuccess(t('audit.integritaet.heruntergeladen', { datei })),
      (error: unknown) => showError(withServerMessage(t('audit.integritaet.downloadFehler'), error)),
    );

  return (
    <GeschichteLayout title={t('audit.integritaet.titel')} subtitle={t('audit.integritaet.untertitel')}>
      <section className="card vl-card" aria-labelledby="vl-pruefung-titel" aria-busy={ergebnis.isFetching}>
        <h2 id="vl-pruefung-titel" className="vl-card__title">
          {t('audit.integritaet.pruefung')}
        </h2>
        <p className="text-muted">{t('audit.integritaet.erklaerung')}</p>
        <div className="vl-form__aktionen">
          <button type="button" className="btn btn--primary" onClick={() => setPruefen((n) => n + 1)} disabled={ergebnis.isFetching}>
            {ergebnis.isFetching ? t('audit.integritaet.laeuft') : t('audit.integritaet.jetztPruefen')}
          </button>
        </div>
        {ergebnis.isError && (
          <p className="vl-hinweis__titel" role="alert">
            {serverMessage(ergebnis.error) ?? t('audit.integritaet.fehler')}
          </p>
        )}
        {data && !ergebnis.isFetching && (
          <div className="vl-ergebnis" role="status">
            <p className={data.kette.intakt ? 'vl-ergebnis__ok' : 'vl-ergebnis__fehler'}>
              {data.kette.intakt
                ? t('audit.integritaet.ketteIntakt', { ereignisse: data.kette.ereignisse, streams: data.kette.streams })
                : t('audit.integritaet.ketteVeraendert', { bruchstellen: data.kette.bruchstellen })}
            </p>
            {data.kette.bruch && (
              <p className="vl-ergebnis__detail" dir="auto">
                {t('audit.integritaet.bruch', { stream: data.kette.bruch.streamName, revision: data.kette.bruch.revision })}{' '}
                {data.kette.bruch.reason}
              </p>
            )}
            {data.anker ? (
              <>
                <p className={data.anker.passt ? 'vl-ergebnis__ok' : 'vl-ergebnis__fehler'}>
                  {data.anker.passt
                    ? t('audit.integritaet.ankerPasst', { zeitpunkt: zeitpunktIn(data.anker.zeitpunkt, sprache) })
                    : t('audit.integritaet.ankerWeichtAb', { zeitpunkt: zeitpunktIn(data.anker.zeitpunkt, sprache) })}
                </p>
                {data.anker.abweichungen.map((a) => (
                  <p key={a} className="vl-ergebnis__detail" dir="auto">
                    {a}
                  </p>
                ))}
              </>
            ) : (
              <p>{t('audit.integritaet.keinAnker')}</p>
            )}
            <p className="text-muted">
              {t('audit.integritaet.geprueftAm', {
                zeitpunkt: zeitpunktIn(data.geprueftAm, sprache),
                sekunden: (data.dauerMs / 1000).toFixed(1),
              })}
            </p>
          </div>
        )}
      </section>

      <section className="card vl-card" aria-labelledby="vl-anker-titel">
        <div className="vl-card__kopf">
          <h2 id="vl-anker-titel" className="vl-card__title">
            {t('audit.integritaet.anker')}
          </h2>
          <button
            type="button"
            className="btn btn--secondary btn--small"
            disabled={signieren.isPending}
            onClick={() =>
              signieren.mutate(undefined, {
                onSuccess: () => showSuccess(t('audit.integritaet.signiert')),
                onError: (error) => showError(withServerMessage(t('audit.integritaet.signierenFehler'), error)),
              })
            }
          >
            {signieren.isPending ? t('audit.integritaet.signiertGerade') : t('audit.integritaet.jetztSignieren')}
          </button>
        </div>
        <p className="text-muted">{t('audit.integritaet.ankerErklaerung')}</p>
        {anker.data && anker.data.length === 0 && <p className="empty-note">{t('audit.integritaet.nochKeinAnker')}</p>}
        {anker.data && anker.data.length > 0 && (
          <ul className="vl-anker">
            {anker.data.map((a) => (
              <li key={a.position} className="vl-anker__eintrag">
                <p className="vl-anker__kopf">
                  <strong>{zeitpunktIn(a.zeitpunkt, sprache)}</strong> · {t(ANLASS[a.anlass])}
                  {!a.signaturGueltig && <span className="badge vl-badge--zurueckgezogen">{t('audit.integritaet.signaturUngueltig')}</span>}
                </p>
                <p className="text-muted vl-anker__zahlen">
                  {t('audit.integritaet.umfang', { ereignisse: a.ereignisse, streams: a.streams, position: a.position })}
                </p>
                <p className="vl-anker__schluessel">
                  {t('audit.integritaet.fingerabdruck')} <code dir="ltr">{a.fingerabdruck}</code>
                </p>
                <button type="button" className="btn btn--secondary btn--small" onClick={() => void herunterladen(a)}>
                  {t('audit.integritaet.herunterladen')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Toast toast={toast} onDismiss={dismiss} durationMs={TOAST_MS} />
    </GeschichteLayout>
  );
}
