import { datumDeutsch, heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';
import { useId, useRef, useState } from 'react';
import { useBestaetigung } from '@/components/bestaetigung';
import { Toast } from '@/components/toast';
import { useToast } from '@/hooks/use-toast';
import { withServerMessage } from '@/lib/error-message';
import { type KalenderAboAdresse, useBeendeKalenderAbo, useErneuereKalenderAbo, useKalenderAbo } from '../api/kalender-abo';
import '../kalender-abo.css';
import { useTranslation } from 'react-i18next';

export const ABO_EINGERICHTET = 'Kalender-Abo eingerichtet!';
export const LINK_ERNEUERT = 'Neuer Link erstellt. Der bisherige Link funktioniert nicht mehr.';
export const ABO_BEENDET = 'Kalender-Abo beendet.';
export const LINK_KOPIERT = 'Link kopiert!';
export const KOPIEREN_FEHLGESCHLAGEN = 'Kopieren nicht möglich. Bitte markieren und kopieren Sie den Link selbst.';
const TOAST_MS = 3000;

/**
 * 'Kalender abonnieren' on the dashboard (docs/kalender-abo.md): the family's water duties and the
 * kindergarten's closing times and events as a calendar subscription. The address is shown right
 * after it was made (the server keeps only its digest); later visits can renew it or end the
 * subscription, each after a question.
 */
export function KalenderAboCard() {
  const titelId = useId();
  const { t } = useTranslation();
  const { data, isPending, isError } = useKalenderAbo();
  const erneuern = useErneuereKalenderAbo();
  const beenden = useBeendeKalenderAbo();
  const bestaetigung = useBestaetigung();
  const { toast, showSuccess, showError, dismiss } = useToast();
  /** The address made in this visit; it cannot be read again later. */
  const [adresse, setAdresse] = useState<KalenderAboAdresse | null>(null);
  const beschaeftigt = erneuern.isPending || beenden.isPending;

  const erstelle = (erfolg: string) =>
    erneuern.mutate(undefined, {
      onSuccess: (neu) => {
        setAdresse(neu);
        showSuccess(erfolg);
      },
      onError: (error) => showError(withServerMessage('Fehler beim Einrichten des Kalender-Abos', error)),
    });

  const frageErneuern = () =>
    bestaetigung.fragen(
      {
        titel: 'Link erneuern?',
        text: (
          <p>
            Sie erhalten einen neuen Link. Der bisherige Link funktioniert danach nicht mehr: Kalender, die ihn abonniert haben, zeigen
            keine neuen Termine mehr. Abonnieren Sie dort den neuen Link.
          </p>
        ),
        bestaetigen: 'Link erneuern',
      },
      () => erstelle(LINK_ERNEUERT),
    );

  const frageBeenden = () =>
    bestaetigung.fragen(
      {
        titel: 'Kalender-Abo beenden?',
        text: (
          <p>
            Der Link funktioniert danach nicht mehr, und abonnierte Kalender erhalten keine neuen Termine. Sie können jederzeit ein neues
            Abo einrichten.
          </p>
        ),
        bestaetigen: 'Abo beenden',
      },
      () =>
        beenden.mutate(undefined, {
          onSuccess: () => {
            setAdresse(null);
            showSuccess(ABO_BEENDET);
          },
          onError: (error) => showError(withServerMessage('Fehler beim Beenden des Kalender-Abos', error)),
        }),
    );

  const aktiv = data?.aktiv === true;
  const sichtbareAdresse = aktiv ? adresse : null;

  return (
    <section className="card kalender-abo" aria-labelledby={titelId}>
      <h2 id={titelId} className="kalender-abo__titel">
        {t('kalenderAbo.titel')}
      </h2>
      <p className="kalender-abo__text">{t('kalenderAbo.text')}</p>
      {isPending ? (
        <p className="kalender-abo__text" role="status">
          {t('kalenderAbo.laden')}
        </p>
      ) : isError ? (
        <p className="kalender-abo__text">{t('kalenderAbo.fehler')}</p>
      ) : sichtbareAdresse ? (
        <AboLinks
          adresse={sichtbareAdresse}
          onKopiert={() => showSuccess(LINK_KOPIERT)}
          onNichtKopiert={() => showError(KOPIEREN_FEHLGESCHLAGEN)}
        />
      ) : aktiv ? (
        <p className="kalender-abo__text">
          Ihr Kalender-Abo ist aktiv{data.erneuertAm ? ` (Link vom ${datumDeutsch(heuteInBerlin(new Date(data.erneuertAm)))})` : ''}. Den
          Link zeigen wir aus Sicherheitsgründen nur direkt nach dem Erstellen an. Brauchen Sie ihn noch einmal, erneuern Sie ihn.
        </p>
      ) : (
        <p className="kalender-abo__text">{t('kalenderAbo.keinAbo')}</p>
      )}
      {!isPending && !isError && (
        <div className="kalender-abo__aktionen">
          {aktiv ? (
            <>
              <button type="button" className="btn btn--secondary btn--small" onClick={frageErneuern} disabled={beschaeftigt}>
                {t('kalenderAbo.erneuern')}
              </button>
              <button type="button" className="btn btn--danger btn--small" onClick={frageBeenden} disabled={beschaeftigt}>
                {t('kalenderAbo.beenden')}
              </button>
            </>
          ) : (
            <button
              type="button"
              className="btn btn--primary btn--small"
              onClick={() => erstelle(ABO_EINGERICHTET)}
              disabled={beschaeftigt}
            >
              {erneuern.isPending ? t('kalenderAbo.wirdEingerichtet') : t('kalenderAbo.einrichten')}
            </button>
          )}
        </div>
      )}
      {bestaetigung.dialog}
      <Toast toast={toast} onDismiss={dismiss} durationMs={TOAST_MS} />
    </section>
  );
}

type AboLinksProps = { adresse: KalenderAboAdresse; onKopiert: () => void; onNichtKopiert: () => void };

/** The two addresses and how to subscribe on iPhone, Android/Google and Outlook. */
function AboLinks({ adresse, onKopiert, onNichtKopiert }: AboLinksProps) {
  const feldId = useId();
  const hinweisId = useId();
  const feld = useRef<HTMLInputElement>(null);
  const kopiere = async () => {
    try {
      await navigator.clipboard.writeText(adresse.url);
      onKopiert();
    } catch {
      feld.current?.select();
      onNichtKopiert();
    }
  };
  return (
    <div className="kalender-abo__links">
      <a className="btn btn--primary btn--small kalender-abo__webcal" href={adresse.webcal}>
        Im Kalender öffnen
      </a>
      <div className="field">
        <label className="field__label" htmlFor={feldId}>
          Link zum Kopieren
        </label>
        <div className="kalender-abo__kopieren">
          <input
            ref={feld}
            id={feldId}
            className="input kalender-abo__url"
            type="url"
            readOnly
            value={adresse.url}
            aria-describedby={hinweisId}
            onFocus={(event) => event.currentTarget.select()}
          />
          <button type="button" className="btn btn--secondary btn--small" onClick={kopiere}>
            Link kopieren
          </button>
        </div>
        <p id={hinweisId} className="kalender-abo__hinweis">
          Behalten Sie den Link für sich: Wer ihn kennt, sieht Ihre Wasserdienste. Er wird nur jetzt angezeigt.
        </p>
      </div>
      <details className="kalender-abo__anleitung">
        <summary>So abonnieren Sie den Kalender</summary>
        <dl>
          <dt>iPhone und iPad</dt>
          <dd>
            „Im Kalender öffnen“ tippen und „Abonnieren“ bestätigen. Oder: Einstellungen → Kalender → Accounts → Account hinzufügen → Andere
            → Kalenderabo hinzufügen, den kopierten Link einfügen.
          </dd>
          <dt>Android und Google Kalender</dt>
          <dd>
            Am Computer calendar.google.com öffnen, bei „Weitere Kalender“ auf „+“ → „Per URL“ klicken, den kopierten Link einfügen und
            „Kalender hinzufügen“ wählen. Der Kalender erscheint dann auch in der Google-Kalender-App auf dem Handy.
          </dd>
          <dt>Outlook</dt>
          <dd>Im Kalender „Kalender hinzufügen“ → „Aus dem Internet abonnieren“ wählen, den kopierten Link einfügen und bestätigen.</dd>
        </dl>
      </details>
    </div>
  );
}
