import { heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';
import { pruefeFrist } from '@waldkita/domain/saison/saison';
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Dialog } from '@/components/dialog';
import { serverMessage } from '@/lib/error-message';
import { importErgebnisAus, useImportEltern } from '../api/import-eltern';
import type { ImportErgebnis } from '../api/types';
import { BESTAETIGUNGS_PHRASE, MELDUNG } from '../utils/texte';
import { istCsvDatei, pruefeImport } from '../utils/validierung';
import { UploadIcon, WarnIcon } from './icons';
import type { Melder } from './melder';

type CsvImportProps = {
  /** null while the status is unknown. */
  ferienBestaetigt: boolean | null;
  melder: Melder;
  toast: ReactNode;
};

type Schritt = 'warnung' | 'phrase' | null;

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

  /** A dialog's close event (Escape, or closing it for the next step) ends only its own step. */
  const schliesse = (eigener: Schritt) => () => setSchritt((aktuell) => (aktuell === eigener ? null : aktuell));

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
              Bestätigen Sie die Ferientermine im Bereich <a href="#ferien">„Ferientermine verwalten“</a>; danach ist der Import möglich.
            </p>
          </div>
        </div>
      )}
      <form className="ad-form" onSubmit={starten} noValidate>
        <div className="ad-form__row">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-frist`}>
              Fälligkeitsdatum
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
              Spalten: Nachname Kind, Vorname Kind, Gruppe, Brief-E-Mail. Erste Zeile mit den Spaltennamen, durch Komma getrennt, UTF-8
              empfohlen. Geschwister mit derselben E-Mail werden zu einer Familie.
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

      <Dialog open={schritt === 'warnung'} onClose={schliesse('warnung')} title="Achtung: Alle Daten werden ersetzt">
        {schritt === 'warnung' && (
          <>
            <div className="ad-warnung">
              <p className="dialog__text">
                Der Import ersetzt alle bestehenden Familien, Wasserdienste, Tausch-Angebote und Abwesenheiten.
              </p>
              <p className="dialog__muted">
                Familien, die nicht in der Datei stehen, werden entfernt; Admin-Konten bleiben erhalten. Alle Wasserdienste müssen danach
                neu geplant werden. Dieser Schritt kann nicht rückgängig gemacht werden.
              </p>
              {datei && (
                <p className="dialog__muted">
                  Datei: <strong>{datei.name}</strong>
                </p>
              )}
            </div>
            <div className="dialog__actions">
              <button type="button" className="btn btn--secondary" onClick={() => setSchritt(null)}>
                Abbrechen
              </button>
              <button type="button" className="btn btn--danger btn--danger-solid" onClick={() => setSchritt('phrase')}>
                Weiter
              </button>
            </div>
            {toast}
          </>
        )}
      </Dialog>
      <Dialog open={schritt === 'phrase'} onClose={schliesse('phrase')} title="Import endgültig bestätigen">
        {schritt === 'phrase' && (
          <PhraseFormular pending={upload.isPending} onAbbrechen={() => setSchritt(null)} onBestaetigt={hochladen} toast={toast} />
        )}
      </Dialog>
    </section>
  );
}

function PhraseFormular({
  pending,
  onAbbrechen,
  onBestaetigt,
  toast,
}: {
  pending: boolean;
  onAbbrechen: () => void;
  onBestaetigt: () => void;
  toast: ReactNode;
}) {
  const id = useId();
  const [phrase, setPhrase] = useState('');
  const passt = phrase === BESTAETIGUNGS_PHRASE;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (passt && !pending) onBestaetigt();
  };

  return (
    <>
      <form className="ad-form" onSubmit={submit} noValidate>
        <p className="dialog__text">Alle bisherigen Daten werden gelöscht und durch die Datei ersetzt.</p>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-phrase`}>
            Geben Sie zur Bestätigung <span className="ad-phrase">{BESTAETIGUNGS_PHRASE}</span> ein
          </label>
          <input
            id={`${id}-phrase`}
            className="input"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={phrase}
            onChange={(event) => setPhrase(event.target.value)}
            disabled={pending}
          />
        </div>
        <div className="dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={onAbbrechen} disabled={pending}>
            Abbrechen
          </button>
          <button type="submit" className="btn btn--danger btn--danger-solid" disabled={!passt || pending}>
            {pending ? 'Wird importiert...' : 'Daten ersetzen und importieren'}
          </button>
        </div>
      </form>
      {toast}
    </>
  );
}

function ImportErgebnisPanel({ ergebnis, erfolgreich }: { ergebnis: ImportErgebnis; erfolgreich: boolean }) {
  const titleId = useId();
  const details = [
    ergebnis.neueFamilien !== undefined && `${ergebnis.neueFamilien} neu`,
    ergebnis.bekannteFamilien !== undefined && `${ergebnis.bekannteFamilien} bereits bekannt`,
    ergebnis.entfernteFamilien !== undefined && `${ergebnis.entfernteFamilien} entfernt`,
  ].filter(Boolean);
  return (
    <section className={`ad-result${erfolgreich ? '' : ' ad-result--error'}`} aria-labelledby={titleId}>
      <h3 id={titleId} className="ad-result__title">
        {erfolgreich ? 'Import abgeschlossen' : 'Import abgelehnt'}
      </h3>
      {ergebnis.message && <p className="ad-result__message">{ergebnis.message}</p>}
      <dl className="ad-counts">
        <div className="ad-counts__item">
          <dt>Importiert</dt>
          <dd>{ergebnis.successCount}</dd>
        </div>
        <div className="ad-counts__item">
          <dt>Übersprungen</dt>
          <dd>{ergebnis.skippedCount}</dd>
        </div>
        <div className={`ad-counts__item${ergebnis.errorCount > 0 ? ' ad-counts__item--error' : ''}`}>
          <dt>Fehler</dt>
          <dd>{ergebnis.errorCount}</dd>
        </div>
      </dl>
      {details.length > 0 && <p className="text-muted">Familien: {details.join(', ')}.</p>}
      {ergebnis.errors.length > 0 && (
        <>
          <p className="ad-result__subtitle">Fehler in der Datei</p>
          <ul className="ad-result__errors">
            {ergebnis.errors.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </>
      )}
      {erfolgreich && (
        <p className="ad-result__next">
          Nächster Schritt: <a href="#planen">Wasserdienste planen</a>
        </p>
      )}
    </section>
  );
}
