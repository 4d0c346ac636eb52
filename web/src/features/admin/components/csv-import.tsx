import { datumKurz } from '@waldkita/domain/i18n/datum';
import { heuteInBerlin, istDatum } from '@waldkita/domain/kalender/iso-woche';
import { pruefeFrist } from '@waldkita/domain/saison/saison';
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EingabeFeld, FormFehler } from '@/components/feld';
import { useSprache } from '@/hooks/use-sprache';
import { serverMessage } from '@/lib/error-message';
import { type GelesenesImportErgebnis, importErgebnisAus, useImportEltern } from '../api/import-eltern';
import { bereichPfad } from '../utils/bereiche';
import { MELDUNG, type Uebersetze } from '../utils/texte';
import { istCsvDatei, pruefeImport } from '../utils/validierung';
import { EINSCHUB, mitEinschub } from './einschub';
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

/** The deadline's check of the server (domain/saison), in the admin's language. */
function fristFehler(frist: string, heute: string, t: Uebersetze, datum: (d: string) => string): string | null {
  if (pruefeFrist(frist, heute) === null) return null;
  if (!istDatum(frist)) return t('admin.pruefung.fristUngueltig');
  return t('admin.pruefung.fristVergangen', { frist: datum(frist) });
}

/**
 * 'CSV Import' (docs/produkt.md §2, §4, §5): deadline and file, checked in the order of §5; then two
 * destructive confirmations (a warning, then the typed phrase DATENBANK LÖSCHEN) and the upload.
 * The result panel shows the counts and every line's error, also for a refused file.
 */
export function CsvImport({ ferienBestaetigt, melder, toast }: CsvImportProps) {
  const { t } = useTranslation();
  const sprache = useSprache();
  const id = useId();
  const dateiRef = useRef<HTMLInputElement>(null);
  const upload = useImportEltern();
  const [datei, setDatei] = useState<File | null>(null);
  const [deadline, setDeadline] = useState('');
  const [fehler, setFehler] = useState<string | null>(null);
  const [schritt, setSchritt] = useState<Schritt>(null);
  const [ergebnis, setErgebnis] = useState<{ daten: GelesenesImportErgebnis; erfolgreich: boolean } | null>(null);

  const { dialog } = melder;
  useEffect(() => dialog('import', schritt !== null), [dialog, schritt]);

  const dateiGewaehlt = (event: ChangeEvent<HTMLInputElement>) => {
    const gewaehlt = event.target.files?.[0] ?? null;
    setDatei(gewaehlt);
    setFehler(gewaehlt && !istCsvDatei(gewaehlt) ? t(MELDUNG.dateiUngueltig) : null);
  };

  const starten = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (upload.isPending) return;
    // A deadline before today (in Berlin) is refused here, before the confirmations, as the server refuses it.
    const meldung =
      pruefeImport({ datei, deadline, ferienBestaetigt: ferienBestaetigt === true }, t) ??
      fristFehler(deadline, heuteInBerlin(new Date()), t, (datum) => datumKurz(datum, sprache));
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
          melder.erfolg(t(MELDUNG.importErfolgreich));
        },
        onError: (error) => {
          setSchritt(null);
          const daten = importErgebnisAus(error);
          setErgebnis(daten ? { daten, erfolgreich: false } : null);
          const text = serverMessage(error);
          melder.fehler(text ? `${t(MELDUNG.importFehler)}: ${text}` : t(MELDUNG.importFehlgeschlagen));
        },
      },
    );
  };

  const gesperrt = ferienBestaetigt === false;
  // Once the holidays are confirmed, the earlier refusal no longer holds.
  const meldung = fehler === t(MELDUNG.ferienNichtBestaetigt) && ferienBestaetigt ? null : fehler;
  const invalid = (bedingung: boolean) =>
    meldung && bedingung ? { 'aria-invalid': true as const, 'aria-errormessage': `${id}-fehler` } : {};

  return (
    <section id="import" className="card ad-section" aria-labelledby={`${id}-titel`}>
      <div className="ad-section__head">
        <div className="ad-section__titles">
          <h2 id={`${id}-titel`} className="ad-section__title">
            {t('admin.import.titel')}
          </h2>
          <p className="text-muted">{t('admin.import.untertitel')}</p>
        </div>
      </div>
      {gesperrt && (
        <div className="ad-banner ad-banner--warn">
          <span className="ad-banner__icon" aria-hidden="true">
            <WarnIcon />
          </span>
          <div className="ad-banner__text">
            <p className="ad-banner__title">{t(MELDUNG.ferienNichtBestaetigt)}</p>
            <p>
              {mitEinschub(
                t('admin.import.gesperrt', { bereich: EINSCHUB }),
                <Link to={bereichPfad('ferien')}>{t('admin.import.gesperrtLink')}</Link>,
              )}
            </p>
          </div>
        </div>
      )}
      <form className="ad-form" onSubmit={starten} noValidate>
        <div className="ad-form__row">
          <EingabeFeld
            label={t('admin.import.frist')}
            hinweis={
              <p id={`${id}-frist-hinweis`} className="ad-hint">
                {t('admin.import.fristHinweis')}
              </p>
            }
            id={`${id}-frist`}
            type="date"
            value={deadline}
            onChange={(event) => setDeadline(event.target.value)}
            disabled={upload.isPending}
            aria-describedby={`${id}-frist-hinweis`}
            {...invalid(!deadline || pruefeFrist(deadline, heuteInBerlin(new Date())) !== null)}
          />
          <EingabeFeld
            label={t('admin.import.datei')}
            hinweis={
              <p id={`${id}-datei-hinweis`} className="ad-hint">
                {t('admin.import.dateiHinweis')}
              </p>
            }
            ref={dateiRef}
            id={`${id}-datei`}
            className="ad-file"
            type="file"
            accept=".csv,text/csv"
            onChange={dateiGewaehlt}
            disabled={upload.isPending}
            aria-describedby={`${id}-datei-hinweis`}
            {...invalid(!datei || !istCsvDatei(datei))}
          />
        </div>
        <FormFehler id={`${id}-fehler`}>{meldung}</FormFehler>
        <div>
          <button type="submit" className="btn btn--primary" disabled={upload.isPending}>
            <UploadIcon />
            {upload.isPending ? t('admin.wirdImportiert') : t('admin.import.importieren')}
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
