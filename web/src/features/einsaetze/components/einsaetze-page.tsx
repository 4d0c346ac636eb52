import type { ElternDto } from '@waldkita/domain/auth/login';
import { type ReactNode, useEffect, useId } from 'react';
import { useBestaetigung } from '@/components/bestaetigung';
import { istNurLesend, NurLesenHinweis } from '@/components/nur-lesen';
import { Toast } from '@/components/toast';
import { useToast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { datumText, type Einsatz, type Schicht, stundenText, tagText, zeitText } from '@/lib/einsatz-api';
import { withServerMessage } from '@/lib/error-message';
import { type AnmeldungInput, useEinsaetze, useTrageAus, useTrageEin } from '../api/einsaetze';
import '../einsaetze.css';

const TOAST_MS = 4000;

export const MELDUNG = {
  laden: 'Lade Arbeitseinsätze...',
  ladeFehler: 'Die Arbeitseinsätze konnten nicht geladen werden',
  keine: 'Zurzeit sind keine Arbeitseinsätze geplant.',
  eintragenFehler: 'Fehler beim Eintragen',
  austragenFehler: 'Fehler beim Austragen',
} as const;

/**
 * /arbeitseinsaetze 'Arbeitseinsätze' (docs/produkt.md): the coming work days and fêtes with their
 * shifts. A family signs up for a shift ('Eintragen'), joins its waiting list when it is full, and
 * withdraws ('Austragen', asked first) until the deadline.
 */
export function EinsaetzePage({ user }: { user: ElternDto }) {
  const nurLesend = istNurLesend(user);
  const { toast, showSuccess, showError, dismiss } = useToast();
  const { fragen, dialog } = useBestaetigung();
  const einsaetze = useEinsaetze();
  const eintragen = useTrageEin();
  const austragen = useTrageAus();

  useEffect(() => {
    const fehler = einsaetze.error;
    if (fehler && !(fehler instanceof ApiError && fehler.status === 401)) showError(withServerMessage(MELDUNG.ladeFehler, fehler));
  }, [einsaetze.error, showError]);

  const beschaeftigt = eintragen.isPending
    ? (eintragen.variables?.schichtId ?? null)
    : austragen.isPending
      ? (austragen.variables?.schichtId ?? null)
      : null;

  const trageEin = (input: AnmeldungInput) =>
    eintragen.mutate(input, {
      onSuccess: (antwort) => showSuccess(antwort.message),
      onError: (error) => showError(withServerMessage(MELDUNG.eintragenFehler, error)),
    });

  const trageAus = (einsatz: Einsatz, schicht: Schicht) =>
    fragen(
      {
        titel: schicht.meineAnmeldung === 'warteliste' ? 'Von der Warteliste nehmen?' : 'Austragen?',
        text: (
          <p>
            {schicht.meineAnmeldung === 'warteliste'
              ? `Möchten Sie Ihre Familie von der Warteliste für „${schicht.aufgabe}“ (${tagText(einsatz.datum)}, ${zeitText(schicht)}) nehmen?`
              : `Möchten Sie Ihre Familie aus der Schicht „${schicht.aufgabe}“ (${tagText(einsatz.datum)}, ${zeitText(schicht)}) austragen? Steht eine Familie auf der Warteliste, rückt sie nach.`}
          </p>
        ),
        bestaetigen: 'Austragen',
      },
      () =>
        austragen.mutate(
          { einsatzId: einsatz.id, schichtId: schicht.id },
          {
            onSuccess: (antwort) => showSuccess(antwort.message),
            onError: (error) => showError(withServerMessage(MELDUNG.austragenFehler, error)),
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
          <section className="card wd-card wd-notice" aria-label="Hinweis">
            <p className="wd-notice__title">{MELDUNG.keine}</p>
            <p className="wd-notice__text">Sobald die Kita einen Arbeitseinsatz oder ein Fest plant, können Sie sich hier eintragen.</p>
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
      <section className="card wd-card wd-notice" aria-label="Hinweis">
        <p className="wd-notice__title">{MELDUNG.ladeFehler}.</p>
        <button type="button" className="btn btn--primary" onClick={() => void einsaetze.refetch()}>
          Erneut versuchen
        </button>
      </section>
    );
  } else {
    inhalt = (
      <div className="loading-panel" role="status">
        <span className="spinner" aria-hidden="true" />
        <p>{MELDUNG.laden}</p>
      </div>
    );
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
  return (
    <section className={`card wd-card ez-einsatz${einsatz.abgesagt ? ' ez-einsatz--abgesagt' : ''}`} aria-labelledby={titelId}>
      <div className="ez-einsatz__kopf">
        <h2 id={titelId} className="wd-card__title ez-einsatz__titel">
          {einsatz.titel}
        </h2>
        {einsatz.abgesagt && <span className="badge badge--offen">abgesagt</span>}
      </div>
      <p className="ez-einsatz__wann">
        {tagText(einsatz.datum)}
        {einsatz.ort && <> · {einsatz.ort}</>}
      </p>
      {einsatz.beschreibung && <p className="ez-einsatz__beschreibung">{einsatz.beschreibung}</p>}
      <p className="ez-einsatz__frist">
        {einsatz.abgesagt
          ? 'Dieser Arbeitseinsatz ist abgesagt.'
          : einsatz.anmeldungOffen
            ? `Anmeldung bis ${datumText(einsatz.anmeldeschluss)}`
            : `Die Anmeldefrist ist abgelaufen (${datumText(einsatz.anmeldeschluss)}).`}
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
  const voll = s.belegt >= s.plaetze;
  const offen = einsatz.anmeldungOffen && !einsatz.abgesagt;
  const wo = `${s.aufgabe}, ${tagText(einsatz.datum)}, ${zeitText(s)}`;
  const knopf = (text: string, aktion: () => void, art: 'primary' | 'secondary') => (
    <button
      type="button"
      className={`btn btn--${art} btn--small`}
      onClick={aktion}
      disabled={gesperrt}
      // the name keeps the visible text (WCAG 2.5.3), also while the request runs
      aria-label={`${wartet ? 'Wird gesendet...' : text}: ${wo}`}
    >
      {wartet ? 'Wird gesendet...' : text}
    </button>
  );
  return (
    <li className={`ez-schicht${s.meineAnmeldung === 'eingetragen' ? ' ez-schicht--meine' : ''}`}>
      <div className="ez-schicht__text">
        <p className="ez-schicht__aufgabe">{s.aufgabe}</p>
        <p className="ez-schicht__zeit">
          {zeitText(s)} · {stundenText(s.stunden)}
        </p>
        <p className="ez-schicht__plaetze">
          {s.belegt} von {s.plaetze} Plätzen belegt
          {s.warteliste > 0 && <> · {s.warteliste === 1 ? '1 Familie wartet' : `${s.warteliste} Familien warten`}</>}
        </p>
      </div>
      <div className="ez-schicht__status">
        {s.meineAnmeldung === 'eingetragen' && <span className="badge badge--angenommen">Eingetragen</span>}
        {s.meineAnmeldung === 'warteliste' && <span className="badge badge--wartend">Auf der Warteliste</span>}
        {s.meineAnmeldung === null && voll && <span className="badge badge--offen">voll</span>}
      </div>
      {offen && (onEintragen || onAustragen) && (
        <div className="ez-schicht__aktionen">
          {s.meineAnmeldung !== null
            ? onAustragen && knopf('Austragen', () => onAustragen(einsatz, s), 'secondary')
            : onEintragen &&
              (voll
                ? knopf('Auf die Warteliste', () => onEintragen({ einsatzId: einsatz.id, schichtId: s.id, warteliste: true }), 'secondary')
                : knopf('Eintragen', () => onEintragen({ einsatzId: einsatz.id, schichtId: s.id }), 'primary'))}
        </div>
      )}
    </li>
  );
}
