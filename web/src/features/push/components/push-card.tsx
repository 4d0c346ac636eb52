import {
  BENACHRICHTIGUNGS_ARTEN,
  BENACHRICHTIGUNGS_NAMEN,
  type BenachrichtigungsWahl,
  STANDARD_WAHL,
} from '@waldkita/domain/push/benachrichtigungen';
import { useCallback, useEffect, useId, useState } from 'react';
import { Toast } from '@/components/toast';
import { useToast } from '@/hooks/use-toast';
import { withServerMessage } from '@/lib/error-message';
import {
  entferneGeraet,
  holeVapidSchluessel,
  meldeGeraetAb,
  meldeGeraetAn,
  type PushGeraet,
  speichereWahl,
  usePushEinstellungen,
  usePushGeraete,
  usePushSchreiben,
} from '../api/push-api';
import { dieseUmgebung, HINWEISE, type PushZustand, pushZustand, schluesselBytes, seitDatum } from '../utils/push-unterstuetzung';
import '../push.css';
import { useTranslation } from 'react-i18next';

/** Which entry of the family's list is this browser: the id the server gave when it subscribed. */
const GERAET_KEY = 'waldkita.pushGeraetId';
const merke = (id: string | null) => {
  try {
    if (id) localStorage.setItem(GERAET_KEY, id);
    else localStorage.removeItem(GERAET_KEY);
  } catch {
    // Private mode without storage: the list just does not mark this device.
  }
};
const gemerkt = () => {
  try {
    return localStorage.getItem(GERAET_KEY);
  } catch {
    return null;
  }
};

const registrierung = () => navigator.serviceWorker.ready;

/**
 * 'Erinnerungen aufs Handy' on the dashboard (docs/push.md): turn push messages on or off on this
 * device, see and remove the family's devices, and choose per notice push and/or e-mail. Where the
 * browser cannot receive push messages, a German note says so instead of a button.
 */
export function PushCard() {
  const titelId = useId();
  const { t } = useTranslation();
  const [zustand, setZustand] = useState<PushZustand>(() => pushZustand(dieseUmgebung()));
  const [diesesGeraet, setDiesesGeraet] = useState<string | null>(gemerkt);
  const [aboDa, setAboDa] = useState(false);
  const [beschaeftigt, setBeschaeftigt] = useState<'aktivieren' | 'abschalten' | null>(null);
  const { toast, showSuccess, showError, dismiss } = useToast();
  const geraete = usePushGeraete();
  const entfernen = usePushSchreiben(entferneGeraet);
  const anmelden = usePushSchreiben(meldeGeraetAn);
  const abmelden = usePushSchreiben(meldeGeraetAb);

  // Whether this browser holds a subscription (the service worker may take a moment to be ready).
  useEffect(() => {
    if (zustand !== 'moeglich') return;
    let aktiv = true;
    registrierung()
      .then((r) => r.pushManager.getSubscription())
      .then((abo) => {
        if (aktiv) setAboDa(abo !== null);
      })
      .catch(() => undefined);
    return () => {
      aktiv = false;
    };
  }, [zustand]);

  const liste = geraete.data ?? [];
  const hierAktiv = aboDa && diesesGeraet !== null && liste.some((g) => g.id === diesesGeraet);

  const aktivieren = async () => {
    setBeschaeftigt('aktivieren');
    try {
      const erlaubnis = await Notification.requestPermission();
      if (erlaubnis !== 'granted') {
        setZustand(pushZustand(dieseUmgebung()));
        if (erlaubnis === 'default') showError('Ohne Ihre Erlaubnis kann das Elternportal keine Benachrichtigungen zeigen.');
        return;
      }
      const r = await registrierung();
      const abo =
        (await r.pushManager.getSubscription()) ??
        (await r.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: schluesselBytes(await holeVapidSchluessel()) }));
      const { id } = await anmelden.mutateAsync(abo.toJSON());
      merke(id);
      setDiesesGeraet(id);
      setAboDa(true);
      showSuccess('Dieses Gerät erhält jetzt Benachrichtigungen.');
    } catch (error) {
      showError(withServerMessage('Benachrichtigungen konnten nicht aktiviert werden', error));
    } finally {
      setBeschaeftigt(null);
    }
  };

  const deaktivieren = async () => {
    setBeschaeftigt('abschalten');
    try {
      const abo = await (await registrierung()).pushManager.getSubscription();
      if (abo) {
        await abmelden.mutateAsync(abo.endpoint).catch(() => undefined);
        await abo.unsubscribe();
      }
      merke(null);
      setDiesesGeraet(null);
      setAboDa(false);
      showSuccess('Dieses Gerät erhält keine Benachrichtigungen mehr.');
    } catch (error) {
      showError(withServerMessage('Benachrichtigungen konnten nicht abgeschaltet werden', error));
    } finally {
      setBeschaeftigt(null);
    }
  };

  const entferne = (geraet: PushGeraet) => {
    if (geraet.id === diesesGeraet) return void deaktivieren();
    entfernen.mutate(geraet.id, {
      onSuccess: () => showSuccess(`„${geraet.bezeichnung}“ erhält keine Benachrichtigungen mehr.`),
      onError: (error) => showError(withServerMessage('Fehler beim Entfernen', error)),
    });
  };

  return (
    <section className="card push-card" aria-labelledby={titelId}>
      <h2 id={titelId} className="push-card__titel">
        {t('push.titel')}
      </h2>
      <p className="push-card__text">{t('push.text')}</p>
      {zustand === 'moeglich' ? (
        <div className="push-card__aktionen">
          {/* while switching off, the list may already be empty: keep the switch-off button until it is done */}
          {hierAktiv || beschaeftigt === 'abschalten' ? (
            <>
              {hierAktiv && <p className="push-card__status">{t('push.aktiv')}</p>}
              <button type="button" className="btn btn--secondary btn--small" disabled={beschaeftigt !== null} onClick={deaktivieren}>
                {beschaeftigt === 'abschalten' ? t('push.wirdAbgeschaltet') : t('push.abschalten')}
              </button>
            </>
          ) : (
            <button type="button" className="btn btn--primary btn--small" disabled={beschaeftigt !== null} onClick={aktivieren}>
              {beschaeftigt === 'aktivieren' ? t('push.wirdAktiviert') : t('push.aktivieren')}
            </button>
          )}
        </div>
      ) : (
        <p className="push-card__hinweis" role="note">
          {HINWEISE[zustand]}
        </p>
      )}

      <h3 className="push-card__untertitel">{t('push.geraete')}</h3>
      {geraete.isPending ? (
        <p className="push-card__text">{t('push.geraeteLaden')}</p>
      ) : geraete.isError ? (
        <p className="push-card__text">{t('push.geraeteFehler')}</p>
      ) : liste.length === 0 ? (
        <p className="push-card__text">{t('push.keinGeraet')}</p>
      ) : (
        <ul className="push-card__geraete">
          {liste.map((g) => (
            <li key={g.id} className="push-geraet">
              <span className="push-geraet__name">
                {g.bezeichnung}
                {g.id === diesesGeraet && aboDa && <span className="push-geraet__dieses"> {t('push.diesesGeraet')}</span>}
              </span>
              <span className="push-geraet__seit">seit {seitDatum(g.seit)}</span>
              <button
                type="button"
                className="btn btn--danger btn--small"
                aria-label={`${g.bezeichnung} (seit ${seitDatum(g.seit)}) entfernen`}
                disabled={entfernen.isPending && entfernen.variables === g.id}
                onClick={() => entferne(g)}
              >
                {t('push.entfernen')}
              </button>
            </li>
          ))}
        </ul>
      )}

      <WahlTabelle onErfolg={showSuccess} onFehler={showError} />
      <Toast toast={toast} onDismiss={dismiss} durationMs={4000} />
    </section>
  );
}

/** Per notice: push and/or e-mail (until the family chooses: all of them both ways). */
function WahlTabelle({ onErfolg, onFehler }: { onErfolg: (t: string) => void; onFehler: (t: string) => void }) {
  const einstellungen = usePushEinstellungen();
  const speichern = usePushSchreiben(speichereWahl);
  const [wahl, setWahl] = useState<BenachrichtigungsWahl | null>(null);
  const geladen = einstellungen.data?.wahl;
  useEffect(() => {
    if (geladen) setWahl(geladen);
  }, [geladen]);
  const aktuell = wahl ?? geladen ?? STANDARD_WAHL;
  const setze = useCallback(
    (art: keyof BenachrichtigungsWahl, weg: 'push' | 'mail', an: boolean) =>
      setWahl((w) => {
        const basis = w ?? geladen ?? STANDARD_WAHL;
        return { ...basis, [art]: { ...basis[art], [weg]: an } };
      }),
    [geladen],
  );
  const geaendert = geladen !== undefined && JSON.stringify(aktuell) !== JSON.stringify(geladen);

  return (
    <form
      className="push-card__wahl"
      onSubmit={(e) => {
        e.preventDefault();
        speichern.mutate(aktuell, {
          onSuccess: (antwort) => onErfolg(antwort.message),
          onError: (error) => onFehler(withServerMessage('Fehler beim Speichern', error)),
        });
      }}
    >
      <table className="push-wahl">
        <caption className="push-card__untertitel">Was soll wie ankommen?</caption>
        <thead>
          <tr>
            <th scope="col">Benachrichtigung</th>
            <th scope="col">Push</th>
            <th scope="col">E-Mail</th>
          </tr>
        </thead>
        <tbody>
          {BENACHRICHTIGUNGS_ARTEN.map((art) => (
            <tr key={art}>
              <th scope="row">{BENACHRICHTIGUNGS_NAMEN[art]}</th>
              {(['push', 'mail'] as const).map((weg) => (
                <td key={weg}>
                  <input
                    type="checkbox"
                    aria-label={`${BENACHRICHTIGUNGS_NAMEN[art]} per ${weg === 'push' ? 'Push' : 'E-Mail'}`}
                    checked={aktuell[art][weg]}
                    disabled={!geladen}
                    onChange={(e) => setze(art, weg, e.target.checked)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <button type="submit" className="btn btn--primary btn--small" disabled={!geaendert || speichern.isPending}>
        Auswahl speichern
      </button>
    </form>
  );
}
