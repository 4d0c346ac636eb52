import { heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';
import { pruefeFrist } from '@waldkita/domain/saison/saison';
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { serverMessage } from '@/lib/error-message';
import { importErgebnisAus, useImportEltern } from '../api/import-eltern';
import type { ImportErgebnis } from '../api/types';
import { bereichPfad } from '../utils/bereiche';
import { MELDUNG } from '../utils/texte';
import { istCsvDatei, pruefeImport } from '../utils/validierung';
import { UploadIcon, WarnIcon } from './icons';
import { ImportBestaetigung, type Schritt } from './import-bestaetigung';
import { ImportErgebnisPanel } from './import-ergebnis-panel';
import type { Melder } from './melder';

type CsvImportProps = {
  /** null while the status is unknown. */
  ferienBestaetigt: boolean | null;
  melder: Melder;
  toast: ReactNode;
};

/**
 * 'CSV Import' (SPEC.md §2, §4, §5): deadline and file, checked in the order of §5; then two
 * destructive confirmations (a warning, then the typed phrase DATENBANK LÖSCHEN) and the upload.
 * The result panel shows the counts and every line's error, also for a refused file.
 */
export function CsvImport({ ferienBestaetigt, melder, toast }: CsvImportProps) {
  const id = useId();
  const dateiRef = useRef<HTMLInputElement>(null);
  const upload = useImportEltern();
  const [datei, setDatei] = useState<File | null>(null);
  const [deadline, setDeadline] = useState('');
  const [fehler, setFehler] = useState<string | null>(null);
  const [schritt, setSchritt] = useState<Schritt>(null);
  const [ergebnis, setErgebnis] = useState<{ daten: ImportErgebnis; erfolgreich: boolean } | null>(null);

  const { dialog } = melder;
  useEffect(() => dialog('import', schritt !== null), [dialog, schritt]);

  const dateiGewaehlt = (event: ChangeEvent<HTMLInputElement>) => {
    const gewaehlt = event.target.files?.[0] ?? null;
    setDatei(gewaehlt);
    setFehler(gewaehlt && !istCsvDatei(gewaehlt) ? MELDUNG.dateiUngueltig : null);
  };

  const starten = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (upload.isPending) return;
    // A deadline before today (in Berlin) is refused here, before the confirmations, as the server refuses it.
    const meldung =
      pruefeImport({ datei, deadline, ferienBestaetigt: ferienBestaetigt === true }) ?? pruefeFrist(deadline, heuteInBerlin(new Date()));
    setFehler(meldung);
    if (!meldung) setSchritt('warnung');
  };

  const hochladen = () => {
    if (!datei || upload.isPending) return;
    upload.mutate(
      { datei, deadline },
      {
        onSuccess: (antwort) => {
          setSchritt(null);
          setErgebnis({ daten: antwort, erfolgreich: true });
          setDatei(null);
          if (dateiRef.current) dateiRef.current.value = '';
          melder.erfolg(MELDUNG.importErfolgreich);
        },
        onError: (error) => {
          setSchritt(null);
          const daten = importErgebnisAus(error);
          setErgebnis(daten ? { daten, erfolgreich: false } : null);
          const text = serverMessage(error);
          melder.fehler(text ? `${MELDUNG.importFehler}: ${text}` : MELDUNG.importFehlgeschlagen);
        },
      },
    );
  };

  const gesperrt = ferienBestaetigt === false;
  // Once the holidays are confirmed, the earlier refusal no longer holds.
  const meldung = fehler === MELDUNG.ferienNichtBestaetigt && ferienBestaetigt ? null : fehler;
  const invalid = (bedingung: boolean) =>
    meldung && bedingung ? { 'aria-invalid': true as const, 'aria-errormessage': `${id}-fehler` } : {};

  return (
    <section id="import" className="card ad-section" aria-labelledby={`${id}-titel`}>
      <div className="ad-section__head">
        <div className="ad-section__titles">
          <h2 id={`${id}-titel`} className="ad-section__title">
            CSV Import
          </h2>
          <p className="text-muted">Der jährliche Import der Familienliste zum neuen Kita-Jahr. Er ersetzt alle bisherigen Daten.</p>
        </div>
      </div>
      {gesperrt && (
        <div className="ad-banner ad-banner--warn">
          <span className="ad-banner__icon" aria-hidden="true">
            <WarnIcon />
          </span>
          <div className="ad-banner__text">
            <p className="ad-banner__title">{MELDUNG.ferienNichtBestaetigt}</p>
            <p>
              Bestätigen Sie die Ferientermine im Bereich <Link to={bereichPfad('ferien')}>„Ferientermine verwalten“</Link>; danach ist der
              Import möglich.
            </p>
          </div>
        </div>
      )}
      <form className="ad-form" onSubmit={starten} noValidate>
        <div className="ad-form__row">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-frist`}>
              Frist für Abwesenheitsmeldungen
            </label>
            <input
              id={`${id}-frist`}
              className="input"
              type="date"
              value={deadline}
              onChange={(event) => setDeadline(event.target.value)}
              disabled={upload.isPending}
              aria-describedby={`${id}-frist-hinweis`}
              {...invalid(!deadline || pruefeFrist(deadline, heuteInBerlin(new Date())) !== null)}
            />
            <p id={`${id}-frist-hinweis`} className="ad-hint">
              Bis zu diesem Tag können die Familien Abwesenheiten für die Wasserdienst-Zuweisung melden.
            </p>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-datei`}>
              CSV-Datei
            </label>
            <input
              ref={dateiRef}
              id={`${id}-datei`}
              className="input ad-file"
              type="file"
              accept=".csv,text/csv"
              onChange={dateiGewaehlt}
              disabled={upload.isPending}
              aria-describedby={`${id}-datei-hinweis`}
              {...invalid(!datei || !istCsvDatei(datei))}
            />
            <p id={`${id}-datei-hinweis`} className="ad-hint">
              Spalten: Nachname Kind, Vorname Kind, Gruppe, Brief-E-Mail; die erste Zeile mit den Spaltennamen. Getrennt durch Semikolon und
              im Zeichensatz Windows-1252, wie Excel und LibreOffice speichern; Komma und UTF-8 gehen auch. Geschwister mit derselben E-Mail
              werden zu einer Familie.
            </p>
          </div>
        </div>
        {meldung && (
          <p id={`${id}-fehler`} className="form-error" role="alert">
            {meldung}
          </p>
        )}
        <div>
          <button type="submit" className="btn btn--primary" disabled={upload.isPending}>
            <UploadIcon />
            {upload.isPending ? 'Wird importiert...' : 'CSV importieren'}
          </button>
        </div>
      </form>
      {ergebnis && <ImportErgebnisPanel ergebnis={ergebnis.daten} erfolgreich={ergebnis.erfolgreich} />}

      <ImportBestaetigung
        schritt={schritt}
        setSchritt={setSchritt}
        datei={datei}
        pending={upload.isPending}
        onBestaetigt={hochladen}
        toast={toast}
      />
    </section>
  );
}
