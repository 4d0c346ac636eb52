import { BENACHRICHTIGUNGS_ARTEN, BENACHRICHTIGUNGS_NAMEN } from '@waldkita/domain/push/benachrichtigungen';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router-dom';
import { Toast } from '@/components/toast';
import { useToast } from '@/hooks/use-toast';
import { serverMessage, withServerMessage } from '@/lib/error-message';
import { type Datenexport, useDatenexport, useDatenHerunterladen } from '../api/datenexport';
import { rollen, tag, woche, zeit } from '../utils/format';
import { DATEN_HERUNTERGELADEN } from './meine-daten-card';
import '../datenschutz.css';

const TOAST_MS = 5000;

/** One part of the summary: a card with its heading, and a sentence when there is nothing in it. */
const STUNDEN_STATUS: Record<string, string> = { ausstehend: 'wartet auf Bestätigung', bestaetigt: 'bestätigt', abgelehnt: 'abgelehnt' };

function Abschnitt({ titel, leer, children }: { titel: string; leer?: string | false; children?: ReactNode }) {
  const id = useId();
  return (
    <section className="card meine-daten-abschnitt" aria-labelledby={id}>
      <h2 id={id} className="meine-daten-abschnitt__titel">
        {titel}
      </h2>
      {leer ? <p className="meine-daten-abschnitt__leer">{leer}</p> : children}
    </section>
  );
}

/** Label and value pairs. */
function Angaben({ zeilen }: { zeilen: [string, ReactNode][] }) {
  return (
    <dl className="meine-daten-angaben">
      {zeilen.map(([name, wert]) => (
        <div key={name} className="meine-daten-angaben__zeile">
          <dt>{name}</dt>
          <dd>{wert}</dd>
        </div>
      ))}
    </dl>
  );
}

const wege = (weg: { push: boolean; mail: boolean }) =>
  [weg.push ? 'Push' : null, weg.mail ? 'E-Mail' : null].filter(Boolean).join(' und ') || 'keine';

/** The export in German sentences and lists, part by part. */
function Zusammenfassung({ daten }: { daten: Datenexport }) {
  const { konto, tausch } = daten;
  return (
    <>
      <Abschnitt titel="Konto">
        <Angaben
          zeilen={[
            ['Familie', konto.nachname],
            ['E-Mail', konto.email],
            ['Rollen', rollen(konto.rollen)],
            ['Angelegt am', tag(konto.registriertAm)],
            ...(konto.anteil
              ? ([['Anteil am Wasserdienst', `${konto.anteil.anteil} (Grund: ${konto.anteil.grund})`]] as [string, ReactNode][])
              : []),
          ]}
        />
      </Abschnitt>

      <Abschnitt titel="Kind und Gruppe">
        <Angaben
          zeilen={[
            ['Kind', daten.kind.name ?? 'nicht angegeben'],
            ['Gruppe', daten.gruppe?.name ?? 'keine Gruppe'],
          ]}
        />
      </Abschnitt>

      <Abschnitt titel="Wasserdienste" leer={daten.wasserdienste.length === 0 && 'Keine Wasserdienste eingetragen.'}>
        <ul className="meine-daten-liste">
          {daten.wasserdienste.map((d) => (
            <li key={d.wasserdienstId}>
              {woche(d)}
              {d.gruppe ? <span className="meine-daten-liste__neben"> · Gruppe {d.gruppe}</span> : null}
            </li>
          ))}
        </ul>
        {daten.wasserdiensteFrueher.length > 0 && (
          <>
            <h3 className="meine-daten-abschnitt__unter">Frühere Kita-Jahre</h3>
            <ul className="meine-daten-liste">
              {daten.wasserdiensteFrueher.map((f) => (
                <li key={`${f.gruppe}-${f.bis.jahr}-${f.bis.kalenderwoche}`}>
                  {f.geleistet} {f.geleistet === 1 ? 'Dienst' : 'Dienste'} bis {f.bis.kw}
                  {f.gruppe ? ` (Gruppe ${f.gruppe})` : ''}
                </li>
              ))}
            </ul>
          </>
        )}
      </Abschnitt>

      <Abschnitt
        titel="Tausch-Börse"
        leer={tausch.angebote.length === 0 && tausch.angenommen.length === 0 && 'Keine Tausch-Angebote und keine Übernahmen.'}
      >
        {tausch.angebote.length > 0 && (
          <>
            <h3 className="meine-daten-abschnitt__unter">Ihre Angebote</h3>
            <ul className="meine-daten-liste">
              {tausch.angebote.map((t) => (
                <li key={t.tauschId}>
                  {woche(t.woche)} {t.abgeben ? 'abgegeben' : 'zum Tausch angeboten'} am {tag(t.angebotenAm)} · {t.statusText}
                  {t.gegenWoche ? ` (dafür ${t.gegenWoche.kw})` : ''}
                  {t.nachricht ? <span className="meine-daten-liste__neben"> · Nachricht: „{t.nachricht}“</span> : null}
                </li>
              ))}
            </ul>
          </>
        )}
        {tausch.angenommen.length > 0 && (
          <>
            <h3 className="meine-daten-abschnitt__unter">Von Ihnen übernommen</h3>
            <ul className="meine-daten-liste">
              {tausch.angenommen.map((t) => (
                <li key={t.tauschId}>
                  {woche(t.woche)}
                  {t.gegenWoche ? ` gegen ${t.gegenWoche.kw}` : ' ohne Gegendienst'}
                  {t.angenommenAm ? ` am ${tag(t.angenommenAm)}` : ''}
                </li>
              ))}
            </ul>
          </>
        )}
      </Abschnitt>

      <Abschnitt titel="Abwesenheiten" leer={daten.abwesenheiten.length === 0 && 'Keine Abwesenheiten gemeldet.'}>
        <ul className="meine-daten-liste">
          {daten.abwesenheiten.map((a) => (
            <li key={a.abwesenheitId}>
              {a.kw} <span className="meine-daten-liste__neben">· gemeldet am {tag(a.gemeldetAm)}</span>
            </li>
          ))}
        </ul>
      </Abschnitt>

      <Abschnitt titel="Elternstunden" leer={(daten.stunden?.eintraege ?? []).length === 0 && 'Keine eigenen Stunden eingetragen.'}>
        <ul className="meine-daten-liste">
          {(daten.stunden?.eintraege ?? []).map((e) => (
            <li key={e.id}>
              {e.datum.split('-').reverse().join('.')}: {String(e.stunden).replace('.', ',')} Stunden
              {e.beschreibung ? ` – ${e.beschreibung}` : ''}{' '}
              <span className="meine-daten-liste__neben">
                · {e.quelle === 'korrektur' ? 'Korrektur' : (STUNDEN_STATUS[e.status] ?? e.status)}
                {e.grund ? ` (${e.grund})` : ''}
              </span>
            </li>
          ))}
        </ul>
      </Abschnitt>

      <Abschnitt titel="Benachrichtigungen und Kalender">
        <h3 className="meine-daten-abschnitt__unter">Geräte für Push-Benachrichtigungen</h3>
        {daten.pushGeraete.length === 0 ? (
          <p className="meine-daten-abschnitt__leer">Kein Gerät angemeldet.</p>
        ) : (
          <ul className="meine-daten-liste">
            {daten.pushGeraete.map((g) => (
              <li key={g.geraetId}>
                {g.bezeichnung} <span className="meine-daten-liste__neben">· seit {tag(g.seit)}</span>
              </li>
            ))}
          </ul>
        )}
        <h3 className="meine-daten-abschnitt__unter">
          Wege der Benachrichtigungen{daten.benachrichtigungen.gewaehlt ? '' : ' (Voreinstellung)'}
        </h3>
        <ul className="meine-daten-liste">
          {BENACHRICHTIGUNGS_ARTEN.map((art) => (
            <li key={art}>
              {BENACHRICHTIGUNGS_NAMEN[art]}: {wege(daten.benachrichtigungen.wahl[art])}
            </li>
          ))}
        </ul>
        <h3 className="meine-daten-abschnitt__unter">Kalender-Abo</h3>
        <p className="meine-daten-abschnitt__text">
          {daten.kalenderAbo.aktiv && daten.kalenderAbo.seit
            ? `Aktiv, Link vom ${tag(daten.kalenderAbo.seit)}. Den Link selbst speichern wir nicht.`
            : 'Kein Kalender-Abo eingerichtet.'}
        </p>
      </Abschnitt>

      <Abschnitt titel="Verlauf" leer={daten.verlauf.length === 0 && 'Noch keine Einträge.'}>
        <p className="meine-daten-abschnitt__text">
          Die Einträge des Verlaufs, die Ihre Familie betreffen, älteste zuerst. Andere Familien werden nicht genannt.
        </p>
        <ol className="meine-daten-verlauf">
          {daten.verlauf.map((e, i) => (
            // entries have no id of their own in the export; their order is fixed
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is never reordered
            <li key={i}>
              <span className="meine-daten-verlauf__zeit">
                {e.zeit} · {e.akteur}
              </span>
              <span>{e.text}</span>
            </li>
          ))}
        </ol>
      </Abschnitt>

      <Abschnitt titel="Versandte E-Mails" leer={daten.mails.length === 0 && 'Wir haben Ihnen noch keine E-Mail geschickt.'}>
        <ul className="meine-daten-liste">
          {daten.mails.map((m, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is never reordered
            <li key={i}>
              {m.bezeichnung} <span className="meine-daten-liste__neben">· {zeit(m.gesendetAm)}</span>
            </li>
          ))}
        </ul>
      </Abschnitt>
    </>
  );
}

/**
 * /meine-daten: a readable German summary of the family's data export (the same answer the
 * download saves), with the download and the way to the data protection page.
 */
/** `zusatz`: a part of the profile shown below the head card (the language, features/sprache). */
export function MeineDatenAnsicht({ zusatz }: { zusatz?: ReactNode } = {}) {
  const { data, isPending, isError, error } = useDatenexport();
  const herunterladen = useDatenHerunterladen();
  const { toast, showSuccess, showError, dismiss } = useToast();
  const lade = () =>
    herunterladen.mutate(undefined, {
      onSuccess: () => showSuccess(DATEN_HERUNTERGELADEN),
      onError: (e) => showError(withServerMessage('Fehler beim Herunterladen Ihrer Daten', e)),
    });

  return (
    <div className="meine-daten-seite">
      <div className="card meine-daten-kopf">
        <p className="meine-daten-kopf__text">
          Das speichert das Elternportal über Ihre Familie{data ? ` (Stand ${data.erstellt})` : ''}. Wie lange und wozu, lesen Sie unter{' '}
          <Link to="/datenschutz">Datenschutz im Elternportal</Link>.
        </p>
        <button type="button" className="btn btn--primary btn--small" onClick={lade} disabled={herunterladen.isPending}>
          {herunterladen.isPending ? 'Wird vorbereitet...' : 'Meine Daten herunterladen'}
        </button>
      </div>
      {zusatz}
      {isPending ? (
        <div className="loading-panel" role="status">
          <span className="spinner" aria-hidden="true" />
          <p>Lade Ihre Daten...</p>
        </div>
      ) : isError ? (
        <p className="form-error" role="alert">
          {serverMessage(error) ?? 'Ihre Daten konnten nicht geladen werden. Bitte versuchen Sie es später erneut.'}
        </p>
      ) : (
        <Zusammenfassung daten={data} />
      )}
      <Toast toast={toast} onDismiss={dismiss} durationMs={TOAST_MS} />
    </div>
  );
}
