import type { ElternDto } from '@waldkita/domain/auth/login';
import { datumDeutsch } from '@waldkita/domain/kalender/iso-woche';
import { stundenDeutsch } from '@waldkita/domain/stunden/rechnen';
import { QUELLE_TEXT, STATUS_TEXT, type StundenEintrag } from '@waldkita/domain/stunden/stundenjahr';
import { useEffect, useId, useState } from 'react';
import { istNurLesend, NurLesenHinweis } from '@/components/nur-lesen';
import { Toast } from '@/components/toast';
import { useToast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { withServerMessage } from '@/lib/error-message';
import { useMeineStunden, useTrageStundenEin } from '../api/stunden';
import { StundenEintragen } from './stunden-eintragen';
import '../stunden.css';

const TOAST_MS = 4000;

const einheit = (n: number) => (n === 1 ? 'Stunde' : 'Stunden');

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
      showError(withServerMessage('Ihre Stunden konnten nicht geladen werden', konto.error));
  }, [konto.error, showError]);

  const k = konto.data;
  const anteil = k && k.soll > 0 ? Math.min(100, Math.round((k.ist / k.soll) * 100)) : k ? 100 : 0;

  return (
    <div className="st-page">
      <section className="card st-stand" aria-labelledby={titelId}>
        <div className="st-stand__kopf">
          <h2 id={titelId} className="st-stand__titel">
            Kita-Jahr {k?.jahrName ?? '…'}
          </h2>
          {k && (
            <div className="st-stand__jahre">
              <button type="button" className="btn btn--secondary btn--small" onClick={() => setJahr(k.jahr - 1)}>
                ← Vorjahr
              </button>
              {jahr !== null && (
                <button type="button" className="btn btn--secondary btn--small" onClick={() => setJahr(null)}>
                  Aktuelles Kita-Jahr
                </button>
              )}
            </div>
          )}
        </div>
        {!k ? (
          <p className="text-muted" role="status">
            Lade Ihre Stunden...
          </p>
        ) : (
          <>
            <p className="st-stand__zahl">
              <strong>{stundenDeutsch(k.ist)}</strong> von {stundenDeutsch(k.soll)} {einheit(k.soll)}
            </p>
            <div
              className="st-balken"
              role="progressbar"
              aria-label="Geleistete Stunden"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={anteil}
              aria-valuetext={`${stundenDeutsch(k.ist)} von ${stundenDeutsch(k.soll)} Stunden`}
            >
              <span className="st-balken__fuellung" style={{ width: `${anteil}%` }} />
            </div>
            <dl className="st-fakten">
              <div>
                <dt>Noch offen</dt>
                <dd>
                  {stundenDeutsch(k.offen)} {einheit(k.offen)}
                </dd>
              </div>
              <div>
                <dt>Wartet auf Bestätigung</dt>
                <dd>
                  {stundenDeutsch(k.ausstehend)} {einheit(k.ausstehend)}
                </dd>
              </div>
              <div>
                <dt>Zeitraum</dt>
                <dd>
                  {datumDeutsch(k.von)} – {datumDeutsch(k.bis)}
                </dd>
              </div>
            </dl>
            {k.abgeschlossen && <p className="st-hinweis">Dieses Kita-Jahr ist abgeschlossen; die Abrechnung steht fest.</p>}
            {k.offen === 0 && k.soll > 0 && <p className="st-hinweis st-hinweis--gut">Geschafft – vielen Dank für Ihre Mithilfe!</p>}
          </>
        )}
      </section>

      <section className="card st-abschnitt" aria-labelledby={formId}>
        <h2 id={formId} className="st-abschnitt__titel">
          Stunden eintragen
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
                  showSuccess(
                    `${stundenDeutsch(neu.stunden)} ${einheit(neu.stunden)} eingetragen. Sie zählen, sobald die Kita-Leitung sie bestätigt hat.`,
                  );
                },
                onError: (error) => showError(withServerMessage('Die Stunden konnten nicht eingetragen werden', error)),
              })
            }
          />
        )}
      </section>

      <section className="card st-abschnitt" aria-labelledby={listeId}>
        <h2 id={listeId} className="st-abschnitt__titel">
          Alle Einträge
        </h2>
        {k && k.eintraege.length === 0 && <p className="empty-note">Noch keine Einträge in diesem Kita-Jahr.</p>}
        {k && k.eintraege.length > 0 && (
          <ul className="st-liste">
            {[...k.eintraege].reverse().map((e) => (
              <li key={`${e.quelle}-${e.id}`} className="st-eintrag">
                <div className="st-eintrag__kopf">
                  <span className="st-eintrag__datum">{datumDeutsch(e.datum)}</span>
                  <span className={`st-eintrag__stunden${e.stunden < 0 ? ' st-eintrag__stunden--minus' : ''}`}>
                    {e.stunden > 0 && e.quelle === 'korrektur' ? '+' : ''}
                    {stundenDeutsch(e.stunden)} {einheit(Math.abs(e.stunden))}
                  </span>
                </div>
                <p className="st-eintrag__was">{e.beschreibung ?? '—'}</p>
                <p className="st-eintrag__meta">
                  <span className="st-quelle">{QUELLE_TEXT[e.quelle]}</span>
                  <span className={`badge ${STATUS_BADGE[e.status]}`}>{STATUS_TEXT[e.status]}</span>
                </p>
                {e.grund && <p className="st-eintrag__grund">Begründung: {e.grund}</p>}
              </li>
            ))}
          </ul>
        )}
      </section>
      <Toast toast={toast} onDismiss={dismiss} durationMs={TOAST_MS} />
    </div>
  );
}
