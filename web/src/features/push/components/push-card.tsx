import {
  BENACHRICHTIGUNGS_ARTEN,
  type BenachrichtigungsArt,
  type BenachrichtigungsWahl,
  STANDARD_WAHL,
} from '@waldkita/domain/push/benachrichtigungen';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useId, useState } from 'react';
import { Toast } from '@/components/toast';
import { useSprache } from '@/hooks/use-sprache';
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
import { dieseUmgebung, type PushZustand, pushZustand, schluesselBytes, seitDatum } from '../utils/push-unterstuetzung';
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

/** Why this browser cannot receive push messages, in the screen's language. */
const hinweis = (zustand: Exclude<PushZustand, 'moeglich'>, t: TFunction) =>
  zustand === 'kein-service-worker'
    ? t('push.karte.keinServiceWorker')
    : zustand === 'kein-push'
      ? t('push.karte.keinPush')
      : t('push.karte.blockiert');

/** A notice's name (the same as on 'Meine Daten'). */
const artName = (art: BenachrichtigungsArt, t: TFunction) =>
  ({
    dienstErinnerung: t('push.art.dienstErinnerung'),
    angebotAngenommen: t('push.art.angebotAngenommen'),
    neuesAngebot: t('push.art.neuesAngebot'),
    wocheOhneFamilie: t('push.art.wocheOhneFamilie'),
  })[art];

/**
 * 'Erinnerungen aufs Handy' on the dashboard (docs/push.md): turn push messages on or off on this
 * device, see and remove the family's devices, and choose per notice push and/or e-mail. Where the
 * browser cannot receive push messages, a German note says so instead of a button.
 */
export function PushCard() {
  const titelId = useId();
  const { t } = useTranslation();
  const sprache = useSprache();
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
        if (erlaubnis === 'default') showError(t('push.karte.ohneErlaubnis'));
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
      showSuccess(t('push.karte.aktiviert'));
    } catch (error) {
      showError(withServerMessage(t('push.karte.aktivierenFehler'), error));
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
      showSuccess(t('push.karte.abgeschaltet'));
    } catch (error) {
      showError(withServerMessage(t('push.karte.abschaltenFehler'), error));
    } finally {
      setBeschaeftigt(null);
    }
  };

  const entferne = (geraet: PushGeraet) => {
    if (geraet.id === diesesGeraet) return void deaktivieren();
    entfernen.mutate(geraet.id, {
      onSuccess: () => showSuccess(t('push.karte.entfernt', { geraet: geraet.bezeichnung })),
      onError: (error) => showError(withServerMessage(t('push.karte.entfernenFehler'), error)),
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
          {hinweis(zustand, t)}
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
              <span className="push-geraet__seit">{t('datenschutz.benachrichtigungen.seit', { datum: seitDatum(g.seit, sprache) })}</span>
              <button
                type="button"
                className="btn btn--danger btn--small"
                aria-label={t('push.karte.entfernenLabel', {
                  geraet: g.bezeichnung,
                  seit: t('datenschutz.benachrichtigungen.seit', { datum: seitDatum(g.seit, sprache) }),
                })}
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
function WahlTabelle({ onErfolg, onFehler }: { onErfolg: (text: string) => void; onFehler: (text: string) => void }) {
  const { t } = useTranslation();
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
          onError: (error) => onFehler(withServerMessage(t('push.karte.speichernFehler'), error)),
        });
      }}
    >
      <table className="push-wahl">
        <caption className="push-card__untertitel">{t('push.karte.wahlTitel')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('push.karte.benachrichtigung')}</th>
            <th scope="col">{t('datenschutz.wege.push')}</th>
            <th scope="col">{t('datenschutz.wege.mail')}</th>
          </tr>
        </thead>
        <tbody>
          {BENACHRICHTIGUNGS_ARTEN.map((art) => (
            <tr key={art}>
              <th scope="row">{artName(art, t)}</th>
              {(['push', 'mail'] as const).map((weg) => (
                <td key={weg}>
                  <input
                    type="checkbox"
                    aria-label={t('push.karte.perWeg', {
                      art: artName(art, t),
                      weg: weg === 'push' ? t('datenschutz.wege.push') : t('datenschutz.wege.mail'),
                    })}
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
        {t('push.karte.speichern')}
      </button>
    </form>
  );
}
