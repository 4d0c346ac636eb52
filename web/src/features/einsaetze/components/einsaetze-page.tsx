import type { ElternDto } from '@waldkita/domain/auth/antworten';
import { zahl } from '@waldkita/domain/i18n/datum';
import { type ReactNode, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useBestaetigung } from '@/components/bestaetigung';
import { LadeFehlerKarte, LadePanel } from '@/components/lade-zustand';
import { istNurLesend, NurLesenHinweis } from '@/components/nur-lesen';
import { Toast } from '@/components/toast';
import { useSprache } from '@/hooks/use-sprache';
import { useToast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { datumText, type Einsatz, type Schicht, tagText } from '@/lib/einsatz-api';
import { withServerMessage } from '@/lib/error-message';
import { type AnmeldungInput, useEinsaetze, useTrageAus, useTrageEin } from '../api/einsaetze';
import '../einsaetze.css';

const TOAST_MS = 4000;

/** '09:00–12:00 Uhr' and '2,5 Stunden' in the screen's language. */
function useSchichtTexte() {
  const { t } = useTranslation();
  const sprache = useSprache();
  return {
    zeit: (s: { beginn: string; ende: string }) => t('einsaetze.zeit', { beginn: s.beginn, ende: s.ende }),
    stunden: (n: number) => t('einsaetze.stunden', { anzahl: n, stunden: zahl(n, sprache, { maximumFractionDigits: 2 }) }),
    tag: (datum: string) => tagText(datum, sprache),
    datum: (datum: string) => datumText(datum, sprache),
  };
}

/**
 * /arbeitseinsaetze 'Arbeitseinsätze' (docs/produkt.md): the coming work days and fêtes with their
 * shifts. A family signs up for a shift ('Eintragen'), joins its waiting list when it is full, and
 * withdraws ('Austragen', asked first) until the deadline.
 */
export function EinsaetzePage({ user }: { user: ElternDto }) {
  const nurLesend = istNurLesend(user);
  const { t } = useTranslation();
  const text = useSchichtTexte();
  const { toast, showSuccess, showError, dismiss } = useToast();
  const { fragen, dialog } = useBestaetigung();
  const einsaetze = useEinsaetze();
  const eintragen = useTrageEin();
  const austragen = useTrageAus();

  useEffect(() => {
    const fehler = einsaetze.error;
    if (fehler && !(fehler instanceof ApiError && fehler.status === 401)) showError(withServerMessage(t('einsaetze.ladeFehler'), fehler));
  }, [einsaetze.error, showError, t]);

  const beschaeftigt = eintragen.isPending
    ? (eintragen.variables?.schichtId ?? null)
    : austragen.isPending
      ? (austragen.variables?.schichtId ?? null)
      : null;

  const trageEin = (input: AnmeldungInput) =>
    eintragen.mutate(input, {
      onSuccess: (antwort) => showSuccess(antwort.message),
      onError: (error) => showError(withServerMessage(t('einsaetze.eintragenFehler'), error)),
    });

  const trageAus = (einsatz: Einsatz, schicht: Schicht) =>
    fragen(
      {
        titel: schicht.meineAnmeldung === 'warteliste' ? t('einsaetze.warteliste.frage') : t('einsaetze.austragen.frage'),
        text: (
          <p>
            {schicht.meineAnmeldung === 'warteliste'
              ? t('einsaetze.warteliste.text', { aufgabe: schicht.aufgabe, tag: text.tag(einsatz.datum), zeit: text.zeit(schicht) })
              : t('einsaetze.austragen.text', { aufgabe: schicht.aufgabe, tag: text.tag(einsatz.datum), zeit: text.zeit(schicht) })}
          </p>
        ),
        bestaetigen: t('einsaetze.austragen'),
      },
      () =>
        austragen.mutate(
          { einsatzId: einsatz.id, schichtId: schicht.id },
          {
            onSuccess: (antwort) => showSuccess(antwort.message),
            onError: (error) => showError(withServerMessage(t('einsaetze.austragenFehler'), error)),
          },
        ),
    );

  let inhalt: ReactNode;
  if (einsaetze.data) {
    const kommende = einsaetze.data.filter((e) => !e.vergangen);
    inhalt = (
      <>
        {nurLesend && <NurLesenHinweis />}
        {kommende.length === 0 ? (
          <section className="card wd-card wd-notice" aria-label={t('dienste.seite.hinweis')}>
            <p className="wd-notice__title">{t('einsaetze.keine')}</p>
            <p className="wd-notice__text">{t('einsaetze.keineText')}</p>
          </section>
        ) : (
          kommende.map((e) => (
            <EinsatzKarte
              key={e.id}
              einsatz={e}
              beschaeftigt={beschaeftigt}
              onEintragen={nurLesend ? undefined : trageEin}
              onAustragen={nurLesend ? undefined : trageAus}
            />
          ))
        )}
      </>
    );
  } else if (einsaetze.error) {
    inhalt = (
      <LadeFehlerKarte
        titel={t('einsaetze.ladeFehlerSatz')}
        hinweis={t('dienste.seite.hinweis')}
        erneut={t('dienste.seite.erneut')}
        onErneut={() => void einsaetze.refetch()}
      />
    );
  } else {
    inhalt = <LadePanel text={t('einsaetze.laden')} />;
  }

  return (
    <div className="wd-page ez-page">
      {inhalt}
      {!nurLesend && dialog}
      <Toast toast={toast} onDismiss={dismiss} durationMs={TOAST_MS} />
    </div>
  );
}

type EinsatzKarteProps = {
  einsatz: Einsatz;
  beschaeftigt: string | null;
  onEintragen?: (input: AnmeldungInput) => void;
  onAustragen?: (einsatz: Einsatz, schicht: Schicht) => void;
};

function EinsatzKarte({ einsatz, beschaeftigt, onEintragen, onAustragen }: EinsatzKarteProps) {
  const titelId = useId();
  const { t } = useTranslation();
  const text = useSchichtTexte();
  return (
    <section className={`card wd-card ez-einsatz${einsatz.abgesagt ? ' ez-einsatz--abgesagt' : ''}`} aria-labelledby={titelId}>
      <div className="ez-einsatz__kopf">
        <h2 id={titelId} className="wd-card__title ez-einsatz__titel">
          {einsatz.titel}
        </h2>
        {einsatz.abgesagt && <span className="badge badge--offen">{t('einsaetze.abgesagt')}</span>}
      </div>
      <p className="ez-einsatz__wann">
        {text.tag(einsatz.datum)}
        {einsatz.ort && <> · {einsatz.ort}</>}
      </p>
      {einsatz.beschreibung && <p className="ez-einsatz__beschreibung">{einsatz.beschreibung}</p>}
      <p className="ez-einsatz__frist">
        {einsatz.abgesagt
          ? t('einsaetze.istAbgesagt')
          : einsatz.anmeldungOffen
            ? t('einsaetze.anmeldungBis', { datum: text.datum(einsatz.anmeldeschluss) })
            : t('einsaetze.fristAbgelaufen', { datum: text.datum(einsatz.anmeldeschluss) })}
      </p>
      <ul className="ez-schichten">
        {einsatz.schichten.map((s) => (
          <SchichtZeile
            key={s.id}
            einsatz={einsatz}
            schicht={s}
            wartet={beschaeftigt === s.id}
            gesperrt={beschaeftigt !== null}
            onEintragen={onEintragen}
            onAustragen={onAustragen}
          />
        ))}
      </ul>
    </section>
  );
}

type SchichtZeileProps = {
  einsatz: Einsatz;
  schicht: Schicht;
  /** This shift's request is on its way. */
  wartet: boolean;
  /** Some request is on its way: every button waits. */
  gesperrt: boolean;
  onEintragen?: (input: AnmeldungInput) => void;
  onAustragen?: (einsatz: Einsatz, schicht: Schicht) => void;
};

function SchichtZeile({ einsatz, schicht: s, wartet, gesperrt, onEintragen, onAustragen }: SchichtZeileProps) {
  const { t } = useTranslation();
  const text = useSchichtTexte();
  const voll = s.belegt >= s.plaetze;
  const offen = einsatz.anmeldungOffen && !einsatz.abgesagt;
  const wo = `${s.aufgabe}, ${text.tag(einsatz.datum)}, ${text.zeit(s)}`;
  const knopf = (beschriftung: string, aktion: () => void, art: 'primary' | 'secondary') => (
    <button
      type="button"
      className={`btn btn--${art} btn--small`}
      onClick={aktion}
      disabled={gesperrt}
      // the name keeps the visible text (WCAG 2.5.3), also while the request runs
      aria-label={`${wartet ? t('dienste.wirdGesendet') : beschriftung}: ${wo}`}
    >
      {wartet ? t('dienste.wirdGesendet') : beschriftung}
    </button>
  );
  return (
    <li className={`ez-schicht${s.meineAnmeldung === 'eingetragen' ? ' ez-schicht--meine' : ''}`}>
      <div className="ez-schicht__text">
        <p className="ez-schicht__aufgabe">{s.aufgabe}</p>
        <p className="ez-schicht__zeit">
          {text.zeit(s)} · {text.stunden(s.stunden)}
        </p>
        <p className="ez-schicht__plaetze">
          {t('einsaetze.belegt', { belegt: s.belegt, plaetze: s.plaetze })}
          {s.warteliste > 0 && <> · {t('einsaetze.wartende', { anzahl: s.warteliste })}</>}
        </p>
      </div>
      <div className="ez-schicht__status">
        {s.meineAnmeldung === 'eingetragen' && <span className="badge badge--angenommen">{t('einsaetze.eingetragen')}</span>}
        {s.meineAnmeldung === 'warteliste' && <span className="badge badge--wartend">{t('einsaetze.aufWarteliste')}</span>}
        {s.meineAnmeldung === null && voll && <span className="badge badge--offen">{t('einsaetze.voll')}</span>}
      </div>
      {offen && (onEintragen || onAustragen) && (
        <div className="ez-schicht__aktionen">
          {s.meineAnmeldung !== null
            ? onAustragen && knopf(t('einsaetze.austragen'), () => onAustragen(einsatz, s), 'secondary')
            : onEintragen &&
              (voll
                ? knopf(
                    t('einsaetze.aufDieWarteliste'),
                    () => onEintragen({ einsatzId: einsatz.id, schichtId: s.id, warteliste: true }),
                    'secondary',
                  )
                : knopf(t('einsaetze.eintragen'), () => onEintragen({ einsatzId: einsatz.id, schichtId: s.id }), 'primary'))}
        </div>
      )}
    </li>
  );
}
