import { datumKurz } from '@waldkita/domain/i18n/datum';
import { heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';
import { useId, useRef, useState } from 'react';
import { useBestaetigung } from '@/components/bestaetigung';
import { Toast } from '@/components/toast';
import { useSprache } from '@/hooks/use-sprache';
import { useToast } from '@/hooks/use-toast';
import { withServerMessage } from '@/lib/error-message';
import { type KalenderAboAdresse, useBeendeKalenderAbo, useErneuereKalenderAbo, useKalenderAbo } from '../api/kalender-abo';
import '../kalender-abo.css';
import { useTranslation } from 'react-i18next';

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
  const sprache = useSprache();
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
      onError: (error) => showError(withServerMessage(t('kalenderAbo.einrichtenFehler'), error)),
    });

  const frageErneuern = () =>
    bestaetigung.fragen(
      {
        titel: t('kalenderAbo.erneuernFrage'),
        text: <p>{t('kalenderAbo.erneuernText')}</p>,
        bestaetigen: t('kalenderAbo.erneuern'),
      },
      () => erstelle(t('kalenderAbo.erneuert')),
    );

  const frageBeenden = () =>
    bestaetigung.fragen(
      {
        titel: t('kalenderAbo.beendenFrage'),
        text: <p>{t('kalenderAbo.beendenText')}</p>,
        bestaetigen: t('kalenderAbo.beenden'),
      },
      () =>
        beenden.mutate(undefined, {
          onSuccess: () => {
            setAdresse(null);
            showSuccess(t('kalenderAbo.beendet'));
          },
          onError: (error) => showError(withServerMessage(t('kalenderAbo.beendenFehler'), error)),
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
          onKopiert={() => showSuccess(t('kalenderAbo.kopiert'))}
          onNichtKopiert={() => showError(t('kalenderAbo.kopierenFehler'))}
        />
      ) : aktiv ? (
        <p className="kalender-abo__text">
          {data.erneuertAm
            ? t('kalenderAbo.aktivVom', { datum: datumKurz(heuteInBerlin(new Date(data.erneuertAm)), sprache) })
            : t('kalenderAbo.aktiv')}
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
              onClick={() => erstelle(t('kalenderAbo.eingerichtet'))}
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
  const { t } = useTranslation();
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
        {t('kalenderAbo.oeffnen')}
      </a>
      <div className="field">
        <label className="field__label" htmlFor={feldId}>
          {t('kalenderAbo.linkZumKopieren')}
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
            {t('kalenderAbo.kopieren')}
          </button>
        </div>
        <p id={hinweisId} className="kalender-abo__hinweis">
          {t('kalenderAbo.geheim')}
        </p>
      </div>
      <details className="kalender-abo__anleitung">
        <summary>{t('kalenderAbo.anleitung')}</summary>
        <dl>
          <dt>{t('kalenderAbo.apple')}</dt>
          <dd>{t('kalenderAbo.appleText')}</dd>
          <dt>{t('kalenderAbo.google')}</dt>
          <dd>{t('kalenderAbo.googleText')}</dd>
          <dt>Outlook</dt>
          <dd>{t('kalenderAbo.outlookText')}</dd>
        </dl>
      </details>
    </div>
  );
}
