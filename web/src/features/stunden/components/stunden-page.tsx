import type { ElternDto } from '@waldkita/domain/auth/antworten';
import { datumKurz, zahl } from '@waldkita/domain/i18n/datum';
import type { StundenEintrag } from '@waldkita/domain/stunden/antworten';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { istNurLesend, NurLesenHinweis } from '@/components/nur-lesen';
import { Toast } from '@/components/toast';
import { useSprache } from '@/hooks/use-sprache';
import { useToast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { withServerMessage } from '@/lib/error-message';
import { useMeineStunden, useTrageStundenEin } from '../api/stunden';
import { StundenEintragen } from './stunden-eintragen';
import '../stunden.css';

const TOAST_MS = 4000;

const STATUS_BADGE: Record<StundenEintrag['status'], string> = {
  bestaetigt: 'badge--angenommen',
  ausstehend: 'badge--wartend',
  geplant: 'badge--wartend',
  abgelehnt: 'badge--offen',
};

/**
 * /stunden 'Meine Stunden' (docs/stunden.md): the family's hours of the current kindergarten year
 * as '12,5 von 20 Stunden' with a bar, what is still open and waiting, every entry with its source
 * and status, and the form to record own work.
 */
export function StundenPage({ user }: { user: ElternDto }) {
  const nurLesend = istNurLesend(user);
  const { t } = useTranslation();
  const sprache = useSprache();
  /** '12,5' in German (as stundenDeutsch), '12.5' in English. */
  const z = (n: number) => zahl(Math.round(n * 100) / 100, sprache, { maximumFractionDigits: 2, useGrouping: false });
  /** '2,5 Stunden', '1 Stunde'. */
  const mitEinheit = (n: number, betrag = n) => t('einsaetze.stunden', { anzahl: Math.abs(betrag), stunden: z(n) });
  const quelle: Record<StundenEintrag['quelle'], string> = {
    dienst: t('stunden.quelle.dienst'),
    schicht: t('stunden.quelle.schicht'),
    eigen: t('stunden.quelle.eigen'),
    korrektur: t('stunden.quelle.korrektur'),
  };
  const status: Record<StundenEintrag['status'], string> = {
    geplant: t('stunden.status.geplant'),
    bestaetigt: t('stunden.status.bestaetigt'),
    ausstehend: t('stunden.status.ausstehend'),
    abgelehnt: t('stunden.status.abgelehnt'),
  };
  // null: the current kindergarten year; a number: an earlier one the family looks back at
  const [jahr, setJahr] = useState<number | null>(null);
  const konto = useMeineStunden(jahr);
  const eintragen = useTrageStundenEin();
  const { toast, showSuccess, showError, dismiss } = useToast();
  const titelId = useId();
  const listeId = useId();
  const formId = useId();

  useEffect(() => {
    if (konto.error && !(konto.error instanceof ApiError && konto.error.status === 401))
      showError(withServerMessage(t('stunden.ladeFehler'), konto.error));
  }, [konto.error, showError, t]);

  const k = konto.data;
  const anteil = k && k.soll > 0 ? Math.min(100, Math.round((k.ist / k.soll) * 100)) : k ? 100 : 0;

  return (
    <div className="st-page">
      <section className="card st-stand" aria-labelledby={titelId}>
        <div className="st-stand__kopf">
          <h2 id={titelId} className="st-stand__titel">
            {t('stunden.kitaJahr', { jahr: k?.jahrName ?? '…' })}
          </h2>
          {k && (
            <div className="st-stand__jahre">
              <button type="button" className="btn btn--secondary btn--small" onClick={() => setJahr(k.jahr - 1)}>
                {t('stunden.vorjahr')}
              </button>
              {jahr !== null && (
                <button type="button" className="btn btn--secondary btn--small" onClick={() => setJahr(null)}>
                  {t('stunden.aktuellesJahr')}
                </button>
              )}
            </div>
          )}
        </div>
        {!k ? (
          <p className="text-muted" role="status">
            {t('stunden.laden')}
          </p>
        ) : (
          <>
            <p className="st-stand__zahl">
              {t('stunden.stand', { ist: z(k.ist), soll: z(k.soll), anzahl: k.soll })
                .split('**')
                .map((teil, i) => (i % 2 === 1 ? <strong key={teil}>{teil}</strong> : teil))}
            </p>
            <div
              className="st-balken"
              role="progressbar"
              aria-label={t('stunden.geleistet')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={anteil}
              aria-valuetext={t('stunden.standText', { ist: z(k.ist), soll: z(k.soll) })}
            >
              <span className="st-balken__fuellung" style={{ width: `${anteil}%` }} />
            </div>
            <dl className="st-fakten">
              <div>
                <dt>{t('stunden.offen')}</dt>
                <dd>{mitEinheit(k.offen)}</dd>
              </div>
              <div>
                <dt>{t('stunden.status.ausstehend')}</dt>
                <dd>{mitEinheit(k.ausstehend)}</dd>
              </div>
              <div>
                <dt>{t('stunden.zeitraum')}</dt>
                <dd>
                  {datumKurz(k.von, sprache)} – {datumKurz(k.bis, sprache)}
                </dd>
              </div>
            </dl>
            {k.abgeschlossen && <p className="st-hinweis">{t('stunden.abgeschlossen')}</p>}
            {k.offen === 0 && k.soll > 0 && <p className="st-hinweis st-hinweis--gut">{t('stunden.geschafft')}</p>}
          </>
        )}
      </section>

      <section className="card st-abschnitt" aria-labelledby={formId}>
        <h2 id={formId} className="st-abschnitt__titel">
          {t('stunden.eintragen')}
        </h2>
        {nurLesend ? (
          <NurLesenHinweis />
        ) : (
          <StundenEintragen
            pending={eintragen.isPending}
            onSubmit={(neu, fertig) =>
              eintragen.mutate(neu, {
                onSuccess: () => {
                  fertig();
                  showSuccess(t('stunden.eingetragen', { menge: mitEinheit(neu.stunden) }));
                },
                onError: (error) => showError(withServerMessage(t('stunden.eintragenFehler'), error)),
              })
            }
          />
        )}
      </section>

      <section className="card st-abschnitt" aria-labelledby={listeId}>
        <h2 id={listeId} className="st-abschnitt__titel">
          {t('stunden.alle')}
        </h2>
        {k && k.eintraege.length === 0 && <p className="empty-note">{t('stunden.keine')}</p>}
        {k && k.eintraege.length > 0 && (
          <ul className="st-liste">
            {[...k.eintraege].reverse().map((e) => (
              <li key={`${e.quelle}-${e.id}`} className="st-eintrag">
                <div className="st-eintrag__kopf">
                  <span className="st-eintrag__datum">{datumKurz(e.datum, sprache)}</span>
                  <span className={`st-eintrag__stunden${e.stunden < 0 ? ' st-eintrag__stunden--minus' : ''}`}>
                    {e.stunden > 0 && e.quelle === 'korrektur' ? '+' : ''}
                    {mitEinheit(e.stunden)}
                  </span>
                </div>
                <p className="st-eintrag__was">{e.beschreibung ?? '—'}</p>
                <p className="st-eintrag__meta">
                  <span className="st-quelle">{quelle[e.quelle]}</span>
                  <span className={`badge ${STATUS_BADGE[e.status]}`}>{status[e.status]}</span>
                </p>
                {e.grund && <p className="st-eintrag__grund">{t('stunden.begruendung', { grund: e.grund })}</p>}
              </li>
            ))}
          </ul>
        )}
      </section>
      <Toast toast={toast} onDismiss={dismiss} durationMs={TOAST_MS} />
    </div>
  );
}
