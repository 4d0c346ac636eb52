import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Toast } from '@/components/toast';
import { ZugriffVerweigert } from '@/components/zugriff-verweigert';
import { useSprache } from '@/hooks/use-sprache';
import { useToast } from '@/hooks/use-toast';
import { serverMessage, withServerMessage } from '@/lib/error-message';
import { useTauschGeschichte } from '../api/get-tausch-geschichte';
import { ladeHerunter } from '../api/integritaet';
import { familieText, meldungen, TOAST_MS, tagIn, ZUGRIFF_VERWEIGERT } from '../utils/texte';
import { istVerweigert } from '../utils/zugriff';
import { GeschichteLayout, GeschichteStatus } from './geschichte-layout';
import { VerlaufListe } from './verlauf-liste';

const BADGE = { offen: 'badge--offen', angenommen: 'badge--angenommen', zurueckgezogen: 'vl-badge--zurueckgezogen' } as const;
/** The swap's state as shown (the server's 'statusText' in German). */
const STATUS_KEY = {
  offen: 'audit.tausch.status.offen',
  angenommen: 'audit.tausch.status.angenommen',
  zurueckgezogen: 'audit.tausch.status.zurueckgezogen',
} as const;

/** The swap's case report (PDF, its evidence attached) for the parents' council. */
function BerichtKnopf({ tauschId }: { tauschId: string }) {
  const { t } = useTranslation();
  const { toast, showSuccess, showError, dismiss } = useToast();
  const [laedt, setLaedt] = useState(false);
  const laden = () => {
    setLaedt(true);
    ladeHerunter(`/api/audit/bericht?tausch=${encodeURIComponent(tauschId)}`, 'fallbericht.pdf')
      .then(
        (datei) => showSuccess(t('audit.fall.heruntergeladen', { datei })),
        (error: unknown) => showError(withServerMessage(t('audit.fall.fehler'), error)),
      )
      .finally(() => setLaedt(false));
  };
  return (
    <section className="card vl-card" aria-labelledby="vl-tausch-bericht">
      <h2 id="vl-tausch-bericht" className="vl-card__title">
        {t('audit.fall.berichtTitel')}
      </h2>
      <p className="text-muted">{t('audit.fall.erklaerung')}</p>
      <button type="button" className="btn btn--primary btn--small" onClick={laden} disabled={laedt}>
        {laedt ? t('audit.export.laeuft') : t('audit.fall.bericht')}
      </button>
      <Toast toast={toast} onDismiss={dismiss} durationMs={TOAST_MS} />
    </section>
  );
}

/** /audit/tausch/:tauschId — one swap's whole story: who offered which week, who took it and gave which week. */
export function TauschGeschichtePage({ tauschId }: { tauschId: string }) {
  const { t } = useTranslation();
  const MELDUNG = meldungen(t);
  const sprache = useSprache();
  const geschichte = useTauschGeschichte(tauschId, { enabled: true });
  if (istVerweigert(geschichte.error)) return <ZugriffVerweigert texte={ZUGRIFF_VERWEIGERT} />;
  const { data } = geschichte;

  return (
    <GeschichteLayout
      title={t('audit.tausch.titel')}
      subtitle={data?.gruppenName ? t('audit.tausch.gruppe', { gruppe: data.gruppenName }) : undefined}
    >
      <GeschichteStatus
        laedt={geschichte.isPending}
        fehler={geschichte.isError ? (serverMessage(geschichte.error) ?? MELDUNG.ladeFehler) : null}
      />
      {data && (
        <>
          <section className="card vl-card" aria-labelledby="vl-tausch-titel">
            <div className="vl-card__kopf">
              <h2 id="vl-tausch-titel" className="vl-card__title">
                {t('audit.tausch.kopf', { kw: data.angebot.woche.kw })}
              </h2>
              <span className={`badge ${BADGE[data.status]}`}>{t(STATUS_KEY[data.status])}</span>
            </div>
            <dl className="vl-fakten">
              <div>
                <dt>{t('audit.tausch.angebotenVon')}</dt>
                <dd>
                  {t('audit.tausch.angebot', {
                    familie: familieText(data.angebot.familie, t),
                    kw: data.angebot.woche.kw,
                    freitag: tagIn(data.angebot.freitag, sprache),
                  })}
                </dd>
              </div>
              {data.angebot.nachricht && (
                <div>
                  <dt>{t('audit.tausch.nachricht')}</dt>
                  <dd>„{data.angebot.nachricht}“</dd>
                </div>
              )}
              <div>
                <dt>{t('audit.tausch.angenommenVon')}</dt>
                <dd>
                  {data.annahme
                    ? t('audit.tausch.annahme', {
                        familie: familieText(data.annahme.familie, t),
                        kw: data.annahme.woche.kw,
                        freitag: tagIn(data.annahme.freitag, sprache),
                      })
                    : data.status === 'zurueckgezogen'
                      ? t('audit.tausch.zurueckgezogen')
                      : t('audit.tausch.offen')}
                </dd>
              </div>
            </dl>
          </section>
          <section className="card vl-card" aria-labelledby="vl-tausch-verlauf">
            <h2 id="vl-tausch-verlauf" className="vl-card__title">
              {t('audit.tausch.eintraege')}
            </h2>
            <VerlaufListe eintraege={data.eintraege} ohneLinks="tausch" />
          </section>
          <BerichtKnopf tauschId={tauschId} />
        </>
      )}
    </GeschichteLayout>
  );
}
