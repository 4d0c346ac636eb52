import { datumDeutsch, heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';
import { euroDeutsch, stundenDeutsch } from '@waldkita/domain/stunden/rechnen';
import {
  GRUND_FEHLT,
  KINDER_UNGUELTIG,
  KORREKTUR_UNGUELTIG,
  korrekturSchema,
  MAX_GRUND,
  QUELLE_TEXT,
  regelnSchema,
  STATUS_TEXT,
  type StundenFamilie,
} from '@waldkita/domain/stunden/stundenjahr';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useBestaetigung } from '@/components/bestaetigung';
import { Dialog } from '@/components/dialog';
import { withServerMessage } from '@/lib/error-message';
import {
  ladeStundenCsv,
  useEntscheideStunden,
  useKorrigiereStunden,
  useOeffneStundenjahr,
  useSchliesseStundenjahr,
  useSetzeStundenFamilie,
  useSetzeStundenRegeln,
  useStundenAbrechnung,
  useStundenEinerFamilie,
  useStundenUebersicht,
  useWartendeStunden,
} from '../api/stunden';
import { speichereDatei } from '../utils/datei-speichern';
import { LadeFehler } from './lade-fehler';
import type { Melder } from './melder';

/** '12,5' or '-1.5' as a number; anything else NaN, so the schema answers with its German message. */
const alsZahl = (text: string) => (/^\s*[-−]?\d+([.,]\d+)?\s*$/.test(text) ? Number(text.replace(',', '.').replace('−', '-')) : Number.NaN);

const MONATE = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];

type Spalte = 'nachname' | 'soll' | 'ist' | 'ausstehend' | 'offen';
const SPALTEN: { spalte: Spalte; name: string }[] = [
  { spalte: 'nachname', name: 'Familie' },
  { spalte: 'soll', name: 'Soll' },
  { spalte: 'ist', name: 'Geleistet' },
  { spalte: 'ausstehend', name: 'Ausstehend' },
  { spalte: 'offen', name: 'Offen' },
];

/**
 * 'Stunden' (docs/stunden.md): the rules of the year, the own entries waiting for a decision
 * ('Bestätigen' / 'Ablehnen' with a reason), every family's hours in a sortable table with CSV,
 * a correction and a family's children and exemption per row, the settlement in euros with CSV,
 * and 'Jahr abschließen' (after a question) or 'Wieder eröffnen' (with a reason).
 */
export function StundenVerwaltung({ melder, toast }: { melder: Melder; toast: ReactNode }) {
  const titelId = useId();
  const [jahr, setJahr] = useState<number | null>(null);
  const uebersicht = useStundenUebersicht(jahr);
  const abrechnung = useStundenAbrechnung(jahr);
  const wartend = useWartendeStunden();
  const entscheiden = useEntscheideStunden();
  const schliessen = useSchliesseStundenjahr();
  const oeffnen = useOeffneStundenjahr();
  const korrigieren = useKorrigiereStunden();
  const familieSetzen = useSetzeStundenFamilie();
  const bestaetigung = useBestaetigung();
  const [sortierung, setSortierung] = useState<{ spalte: Spalte; ab: boolean }>({ spalte: 'nachname', ab: false });
  const [grundDialog, setGrundDialog] = useState<{ art: 'ablehnen'; id: string; text: string } | { art: 'oeffnen'; text: string } | null>(
    null,
  );
  const [korrekturFuer, setKorrekturFuer] = useState<StundenFamilie | null>(null);
  const [familieFuer, setFamilieFuer] = useState<StundenFamilie | null>(null);
  const [eintraegeVon, setEintraegeVon] = useState<StundenFamilie | null>(null);
  const [csvLaeuft, setCsvLaeuft] = useState<string | null>(null);

  const u = uebersicht.data;
  const aktuellesJahr = u?.jahr ?? null;
  const fehler = (text: string) => (error: unknown) => melder.fehler(withServerMessage(text, error));
  const dialog = (name: string, offen: boolean) => melder.dialog(`stunden-${name}`, offen);

  const csv = async (art: 'uebersicht' | 'abrechnung') => {
    if (csvLaeuft) return;
    setCsvLaeuft(art);
    try {
      const { datei, dateiname } = await ladeStundenCsv(art, u?.jahr ?? jahr);
      speichereDatei(datei, dateiname);
      melder.erfolg(`${dateiname} gespeichert.`);
    } catch (error) {
      fehler('Fehler beim Export')(error);
    } finally {
      setCsvLaeuft(null);
    }
  };

  const sortiert = [...(u?.familien ?? [])].sort((a, b) => {
    const { spalte, ab } = sortierung;
    const v = spalte === 'nachname' ? a.nachname.localeCompare(b.nachname, 'de') : a[spalte] - b[spalte];
    return (ab ? -v : v) || a.nachname.localeCompare(b.nachname, 'de');
  });
  const sortiere = (spalte: Spalte) => setSortierung((alt) => ({ spalte, ab: alt.spalte === spalte ? !alt.ab : spalte !== 'nachname' }));

  const bestaetige = (id: string) =>
    entscheiden.mutate(
      { id, status: 'bestaetigt' },
      { onSuccess: (a) => melder.erfolg(a.message), onError: fehler('Fehler beim Bestätigen') },
    );

  const jahrAbschliessen = () => {
    if (!u) return;
    bestaetigung.fragen(
      {
        titel: `Kita-Jahr ${u.jahrName} abschließen?`,
        text: (
          <p>
            Die Abrechnung von {u.jahrName} wird festgeschrieben. Danach lassen sich Stunden dieses Jahres erst nach einer Wiedereröffnung
            mit Begründung ändern.
          </p>
        ),
        bestaetigen: 'Jahr abschließen',
      },
      () => schliessen.mutate(u.jahr, { onSuccess: (a) => melder.erfolg(a.message), onError: fehler('Fehler beim Abschließen') }),
    );
  };

  const grundAbschicken = (grund: string) => {
    if (!grundDialog) return;
    const fertig = (a: { message: string }) => {
      setGrundDialog(null);
      dialog('grund', false);
      melder.erfolg(a.message);
    };
    if (grundDialog.art === 'ablehnen')
      entscheiden.mutate(
        { id: grundDialog.id, status: 'abgelehnt', grund },
        { onSuccess: fertig, onError: fehler('Fehler beim Ablehnen') },
      );
    else if (u) oeffnen.mutate({ jahr: u.jahr, grund }, { onSuccess: fertig, onError: fehler('Fehler beim Wiedereröffnen') });
  };

  const summe = (abrechnung.data ?? []).reduce((s, z) => s + z.betrag, 0);

  return (
    <section id="stunden" className="card ad-section st-admin" aria-labelledby={titelId}>
      <div className="ad-section__head">
        <div className="ad-section__titles">
          <h2 id={titelId} className="ad-section__title">
            Stunden
          </h2>
          {u && (
            <p className="st-admin__jahrname">
              Kita-Jahr {u.jahrName} ({datumDeutsch(u.von)} – {datumDeutsch(u.bis)})
            </p>
          )}
          <p className="text-muted">
            Elternstunden je Familie: Dienste und Arbeitseinsätze zählen von selbst, eigene Einträge nach Ihrer Bestätigung.
          </p>
        </div>
        {aktuellesJahr !== null && (
          <div className="st-admin__jahr">
            <button type="button" className="btn btn--secondary btn--small" onClick={() => setJahr(aktuellesJahr - 1)}>
              ← Vorjahr
            </button>
            <button type="button" className="btn btn--secondary btn--small" onClick={() => setJahr(aktuellesJahr + 1)}>
              Folgejahr →
            </button>
          </div>
        )}
      </div>

      {uebersicht.error ? (
        <LadeFehler text="Die Stunden konnten nicht geladen werden." onErneut={() => void uebersicht.refetch()} />
      ) : !u ? (
        <p className="text-muted" role="status">
          Lade Stunden...
        </p>
      ) : (
        <>
          {u.abgeschlossen && <p className="st-admin__zu">Dieses Kita-Jahr ist abgeschlossen; seine Zahlen stehen fest.</p>}
          <RegelnFormular
            // keyed by year only: the form (and its write) stays while the saved rules come back
            key={u.jahr}
            jahr={u.jahr}
            regeln={u.regeln}
            gesperrt={u.abgeschlossen}
            melder={melder}
          />

          <section className="ad-subcard" aria-labelledby={`${titelId}-wartend`}>
            <h3 id={`${titelId}-wartend`} className="ad-subcard__title">
              Warten auf Bestätigung
            </h3>
            {(wartend.data ?? []).length === 0 ? (
              <p className="empty-note">Keine eigenen Einträge warten auf eine Entscheidung.</p>
            ) : (
              <ul className="st-admin__wartend">
                {(wartend.data ?? []).map((w) => {
                  const laeuft = entscheiden.isPending && entscheiden.variables?.id === w.id;
                  return (
                    <li key={w.id} className="st-admin__eintrag">
                      <div>
                        <p className="st-admin__wer">
                          Familie {w.nachname} · {datumDeutsch(w.datum)} · {stundenDeutsch(w.stunden)}{' '}
                          {w.stunden === 1 ? 'Stunde' : 'Stunden'}
                        </p>
                        <p className="ad-eltern__meta">{w.beschreibung ?? '—'}</p>
                      </div>
                      <div className="st-admin__knoepfe">
                        <button
                          type="button"
                          className="btn btn--primary btn--small"
                          disabled={entscheiden.isPending}
                          onClick={() => bestaetige(w.id)}
                          aria-label={`Stunden von Familie ${w.nachname} vom ${datumDeutsch(w.datum)} bestätigen`}
                        >
                          {laeuft ? 'Wird gesendet...' : 'Bestätigen'}
                        </button>
                        <button
                          type="button"
                          className="btn btn--secondary btn--small"
                          disabled={entscheiden.isPending}
                          onClick={() => {
                            setGrundDialog({
                              art: 'ablehnen',
                              id: w.id,
                              text: `Stunden von Familie ${w.nachname} vom ${datumDeutsch(w.datum)}`,
                            });
                            dialog('grund', true);
                          }}
                          aria-label={`Stunden von Familie ${w.nachname} vom ${datumDeutsch(w.datum)} ablehnen`}
                        >
                          Ablehnen
                        </button>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>

          <section className="ad-subcard" aria-labelledby={`${titelId}-familien`}>
            <div className="st-admin__kopf">
              <h3 id={`${titelId}-familien`} className="ad-subcard__title">
                Familien
              </h3>
              <button
                type="button"
                className="btn btn--secondary btn--small"
                onClick={() => void csv('uebersicht')}
                aria-busy={csvLaeuft === 'uebersicht' || undefined}
              >
                {csvLaeuft === 'uebersicht' ? 'Wird exportiert...' : 'CSV herunterladen'}
              </button>
            </div>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus (WCAG 2.1.1) */}
            <div className="data-table__scroll" tabIndex={0}>
              <table className="data-table st-admin__tabelle" aria-labelledby={`${titelId}-familien`}>
                <thead>
                  <tr>
                    {SPALTEN.map(({ spalte, name }) => (
                      <th
                        key={spalte}
                        scope="col"
                        className={spalte === 'nachname' ? undefined : 'st-zahl'}
                        aria-sort={sortierung.spalte === spalte ? (sortierung.ab ? 'descending' : 'ascending') : undefined}
                      >
                        <button type="button" className="st-sortieren" onClick={() => sortiere(spalte)}>
                          {name}
                          <span aria-hidden="true">{sortierung.spalte === spalte ? (sortierung.ab ? ' ▼' : ' ▲') : ''}</span>
                        </button>
                      </th>
                    ))}
                    <th scope="col">
                      <span className="visually-hidden">Aktionen</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {sortiert.map((f) => (
                    <tr key={f.elternId}>
                      <th scope="row" className="st-admin__familie">
                        {f.nachname}
                        <span className="st-admin__klein">
                          {f.befreit ? 'befreit' : `${f.kinder} ${f.kinder === 1 ? 'Kind' : 'Kinder'}`}
                          {f.gruppe ? ` · ${f.gruppe}` : ''}
                        </span>
                      </th>
                      <td className="st-zahl">{stundenDeutsch(f.soll)}</td>
                      <td className="st-zahl">{stundenDeutsch(f.ist)}</td>
                      <td className="st-zahl">{stundenDeutsch(f.ausstehend)}</td>
                      <td className="st-zahl">{stundenDeutsch(f.offen)}</td>
                      <td>
                        <div className="st-admin__knoepfe">
                          <button
                            type="button"
                            className="btn btn--secondary btn--small"
                            onClick={() => {
                              setEintraegeVon(f);
                              dialog('eintraege', true);
                            }}
                            aria-label={`Einträge von Familie ${f.nachname}`}
                          >
                            Einträge
                          </button>
                          <button
                            type="button"
                            className="btn btn--secondary btn--small"
                            disabled={u.abgeschlossen}
                            onClick={() => {
                              setKorrekturFuer(f);
                              dialog('korrektur', true);
                            }}
                            aria-label={`Stunden von Familie ${f.nachname} korrigieren`}
                          >
                            Korrigieren
                          </button>
                          <button
                            type="button"
                            className="btn btn--secondary btn--small"
                            disabled={u.abgeschlossen}
                            onClick={() => {
                              setFamilieFuer(f);
                              dialog('familie', true);
                            }}
                            aria-label={`Angaben von Familie ${f.nachname}: Kinder und Befreiung`}
                          >
                            Angaben
                          </button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>

          <section className="ad-subcard" aria-labelledby={`${titelId}-abrechnung`}>
            <div className="st-admin__kopf">
              <h3 id={`${titelId}-abrechnung`} className="ad-subcard__title">
                Abrechnung ({euroDeutsch(u.regeln.stundensatz)} je offener Stunde)
              </h3>
              <button
                type="button"
                className="btn btn--secondary btn--small"
                onClick={() => void csv('abrechnung')}
                aria-busy={csvLaeuft === 'abrechnung' || undefined}
              >
                {csvLaeuft === 'abrechnung' ? 'Wird exportiert...' : 'Abrechnung als CSV'}
              </button>
            </div>
            {(abrechnung.data ?? []).length === 0 ? (
              <p className="empty-note">Keine Familie hat offene Stunden.</p>
            ) : (
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus (WCAG 2.1.1)
              <div className="data-table__scroll" tabIndex={0}>
                <table className="data-table st-admin__tabelle" aria-labelledby={`${titelId}-abrechnung`}>
                  <thead>
                    <tr>
                      <th scope="col">Familie</th>
                      <th scope="col" className="st-zahl">
                        Offen
                      </th>
                      <th scope="col" className="st-zahl">
                        Betrag
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {(abrechnung.data ?? []).map((z) => (
                      <tr key={z.elternId}>
                        <th scope="row">{z.nachname}</th>
                        <td className="st-zahl">{stundenDeutsch(z.offen)} Std.</td>
                        <td className="st-zahl">{euroDeutsch(z.betrag)}</td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr className="st-admin__summe">
                      <th scope="row">Summe</th>
                      <td />
                      <td className="st-zahl">
                        <strong>{euroDeutsch(summe)}</strong>
                      </td>
                    </tr>
                  </tfoot>
                </table>
              </div>
            )}
            <div className="st-admin__abschluss">
              {u.abgeschlossen ? (
                <button
                  type="button"
                  className="btn btn--secondary"
                  disabled={oeffnen.isPending}
                  onClick={() => {
                    setGrundDialog({ art: 'oeffnen', text: `Kita-Jahr ${u.jahrName}` });
                    dialog('grund', true);
                  }}
                >
                  Wieder eröffnen
                </button>
              ) : (
                <button type="button" className="btn btn--primary" disabled={schliessen.isPending} onClick={jahrAbschliessen}>
                  {schliessen.isPending ? 'Wird gesendet...' : 'Jahr abschließen'}
                </button>
              )}
              <p className="ad-hint">
                {u.abgeschlossen
                  ? 'Änderungen an einem abgeschlossenen Jahr brauchen eine Wiedereröffnung mit Begründung.'
                  : `Abschließen lässt sich ein Kita-Jahr nach seinem letzten Tag (${datumDeutsch(u.bis)}).`}
              </p>
            </div>
          </section>
        </>
      )}

      <GrundDialog
        offen={grundDialog}
        pending={entscheiden.isPending || oeffnen.isPending}
        onClose={() => {
          setGrundDialog(null);
          dialog('grund', false);
        }}
        onSubmit={grundAbschicken}
        toast={toast}
      />
      <EintraegeDialog
        jahr={jahr}
        familie={eintraegeVon}
        onClose={() => {
          setEintraegeVon(null);
          dialog('eintraege', false);
        }}
      />
      <FamilienDialog
        titel="Stunden korrigieren"
        Formular={KorrekturFormular}
        familie={korrekturFuer}
        pending={korrigieren.isPending}
        onClose={() => {
          setKorrekturFuer(null);
          dialog('korrektur', false);
        }}
        onSubmit={(korrektur) =>
          korrigieren.mutate(korrektur, {
            onSuccess: (a) => {
              setKorrekturFuer(null);
              dialog('korrektur', false);
              melder.erfolg(a.message);
            },
            onError: fehler('Fehler bei der Korrektur'),
          })
        }
        toast={toast}
      />
      <FamilienDialog
        titel="Kinder und Befreiung"
        Formular={FamilieFormular}
        familie={familieFuer}
        pending={familieSetzen.isPending}
        onClose={() => {
          setFamilieFuer(null);
          dialog('familie', false);
        }}
        onSubmit={(angaben) =>
          u &&
          familieSetzen.mutate(
            { ...angaben, jahr: u.jahr },
            {
              onSuccess: (a) => {
                setFamilieFuer(null);
                dialog('familie', false);
                melder.erfolg(a.message);
              },
              onError: fehler('Fehler beim Speichern'),
            },
          )
        }
        toast={toast}
      />
      {bestaetigung.dialog}
    </section>
  );
}

function RegelnFormular({
  jahr,
  regeln,
  gesperrt,
  melder,
}: {
  jahr: number;
  regeln: { sollProFamilie: number; sollProKind: number | null; stundensatz: number; jahresbeginnMonat: number };
  gesperrt: boolean;
  melder: Melder;
}) {
  const id = useId();
  const setzen = useSetzeStundenRegeln();
  const [soll, setSoll] = useState(stundenDeutsch(regeln.sollProFamilie));
  const [proKind, setProKind] = useState(regeln.sollProKind === null ? '' : stundenDeutsch(regeln.sollProKind));
  const [satz, setSatz] = useState(stundenDeutsch(regeln.stundensatz));
  const [monat, setMonat] = useState(String(regeln.jahresbeginnMonat));
  const [fehler, setFehler] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (setzen.isPending) return;
    const geprueft = regelnSchema.safeParse({
      sollProFamilie: alsZahl(soll),
      sollProKind: proKind.trim() === '' ? null : alsZahl(proKind),
      stundensatz: alsZahl(satz),
      jahresbeginnMonat: Number(monat),
      jahr,
    });
    if (!geprueft.success) {
      setFehler(geprueft.error.issues[0]?.message ?? 'Bitte prüfen Sie die Angaben.');
      return;
    }
    setFehler(null);
    const { sollProKind, ...rest } = geprueft.data;
    setzen.mutate(
      { ...rest, sollProKind: sollProKind ?? null, jahr },
      { onSuccess: (a) => melder.erfolg(a.message), onError: (error) => melder.fehler(withServerMessage('Fehler beim Speichern', error)) },
    );
  };

  return (
    <form className="ad-subcard st-regeln" onSubmit={submit} noValidate aria-labelledby={`${id}-titel`}>
      <h3 id={`${id}-titel`} className="ad-subcard__title">
        Regeln
      </h3>
      <div className="st-regeln__felder">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-soll`}>
            Stunden je Familie
          </label>
          <input
            id={`${id}-soll`}
            className="input"
            inputMode="decimal"
            value={soll}
            onChange={(e) => setSoll(e.target.value)}
            disabled={gesperrt}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-kind`}>
            Zusätzlich je Kind (optional)
          </label>
          <input
            id={`${id}-kind`}
            className="input"
            inputMode="decimal"
            value={proKind}
            onChange={(e) => setProKind(e.target.value)}
            disabled={gesperrt}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-satz`}>
            Stundensatz in Euro
          </label>
          <input
            id={`${id}-satz`}
            className="input"
            inputMode="decimal"
            value={satz}
            onChange={(e) => setSatz(e.target.value)}
            disabled={gesperrt}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-monat`}>
            Kita-Jahr beginnt im
          </label>
          <select id={`${id}-monat`} className="input select" value={monat} onChange={(e) => setMonat(e.target.value)} disabled={gesperrt}>
            {MONATE.map((name, i) => (
              <option key={name} value={i + 1}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {fehler && (
        <p className="form-error" role="alert">
          {fehler}
        </p>
      )}
      <p className="ad-hint">Gilt ab diesem Kita-Jahr und für die folgenden, bis Sie neue Regeln speichern.</p>
      <button type="submit" className="btn btn--primary" disabled={gesperrt || setzen.isPending}>
        {setzen.isPending ? 'Wird gespeichert...' : 'Regeln speichern'}
      </button>
    </form>
  );
}

function GrundDialog({
  offen,
  pending,
  onClose,
  onSubmit,
  toast,
}: {
  offen: { art: 'ablehnen' | 'oeffnen'; text: string } | null;
  pending: boolean;
  onClose: () => void;
  onSubmit: (grund: string) => void;
  toast: ReactNode;
}) {
  const titel = offen?.art === 'oeffnen' ? 'Kita-Jahr wieder eröffnen' : 'Stunden ablehnen';
  return (
    <Dialog open={offen !== null} onClose={onClose} title={titel}>
      {offen && <GrundFormular key={offen.text} offen={offen} pending={pending} onClose={onClose} onSubmit={onSubmit} toast={toast} />}
    </Dialog>
  );
}

function GrundFormular({
  offen,
  pending,
  onClose,
  onSubmit,
  toast,
}: {
  offen: { art: 'ablehnen' | 'oeffnen'; text: string };
  pending: boolean;
  onClose: () => void;
  onSubmit: (grund: string) => void;
  toast: ReactNode;
}) {
  const id = useId();
  const [grund, setGrund] = useState('');
  const [fehler, setFehler] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (!grund.trim()) {
      setFehler(GRUND_FEHLT);
      return;
    }
    setFehler(null);
    onSubmit(grund.trim());
  };
  return (
    <>
      <form className="ad-form" onSubmit={submit} noValidate aria-busy={pending}>
        <p className="dialog__text">{offen.text}</p>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-grund`}>
            {offen.art === 'oeffnen' ? 'Warum wird das Jahr wieder eröffnet?' : 'Begründung für die Familie'}
          </label>
          <textarea
            id={`${id}-grund`}
            className="input"
            rows={3}
            maxLength={MAX_GRUND}
            value={grund}
            onChange={(e) => setGrund(e.target.value)}
            aria-invalid={fehler ? true : undefined}
            aria-errormessage={fehler ? `${id}-fehler` : undefined}
          />
        </div>
        {fehler && (
          <p id={`${id}-fehler`} className="form-error" role="alert">
            {fehler}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            Abbrechen
          </button>
          <button type="submit" className={`btn ${offen.art === 'oeffnen' ? 'btn--primary' : 'btn--danger-solid'}`} disabled={pending}>
            {pending ? 'Wird gesendet...' : offen.art === 'oeffnen' ? 'Wieder eröffnen' : 'Ablehnen'}
          </button>
        </div>
      </form>
      {toast}
    </>
  );
}

/** What one family's figures are made of: every entry of the year with its source, status and reason. */
function EintraegeDialog({ jahr, familie, onClose }: { jahr: number | null; familie: StundenFamilie | null; onClose: () => void }) {
  const konto = useStundenEinerFamilie(jahr, familie?.elternId ?? null);
  const k = konto.data;
  return (
    <Dialog open={familie !== null} onClose={onClose} title={familie ? `Einträge von Familie ${familie.nachname}` : 'Einträge'}>
      {konto.error ? (
        <p className="form-error" role="alert">
          {withServerMessage('Die Einträge konnten nicht geladen werden', konto.error)}
        </p>
      ) : !k || k.elternId !== familie?.elternId ? (
        <p className="text-muted" role="status">
          Lade die Einträge...
        </p>
      ) : (
        <>
          <p className="st-admin__summe">
            {stundenDeutsch(k.ist)} von {stundenDeutsch(k.soll)} Stunden im Kita-Jahr {k.jahrName}, {stundenDeutsch(k.offen)} offen
          </p>
          {k.eintraege.length === 0 ? (
            <p className="empty-note">Keine Einträge in diesem Kita-Jahr.</p>
          ) : (
            <ul className="st-admin__eintraege">
              {k.eintraege.map((e) => (
                <li key={`${e.quelle}-${e.id}`}>
                  <strong>{datumDeutsch(e.datum)}</strong> · {stundenDeutsch(e.stunden)} Std. · {QUELLE_TEXT[e.quelle]} ·{' '}
                  {STATUS_TEXT[e.status]}
                  <br />
                  {e.beschreibung ?? '—'}
                  {e.grund && <> (Begründung: {e.grund})</>}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <div className="dialog__actions">
        <button type="button" className="btn btn--secondary" onClick={onClose}>
          Schließen
        </button>
      </div>
    </Dialog>
  );
}

type FamilienFormularProps<A> = {
  familie: StundenFamilie;
  pending: boolean;
  onClose: () => void;
  onSubmit: (angaben: A) => void;
  toast: ReactNode;
};

/** A dialog about one family: open while `familie` is set; its form starts afresh for each family. */
function FamilienDialog<A>({
  titel,
  familie,
  Formular,
  ...rest
}: Omit<FamilienFormularProps<A>, 'familie'> & {
  titel: string;
  familie: StundenFamilie | null;
  Formular: (props: FamilienFormularProps<A>) => ReactNode;
}) {
  return (
    <Dialog open={familie !== null} onClose={rest.onClose} title={titel}>
      {familie && <Formular key={familie.elternId} familie={familie} {...rest} />}
    </Dialog>
  );
}

function KorrekturFormular({
  familie,
  pending,
  onClose,
  onSubmit,
  toast,
}: FamilienFormularProps<{ elternId: string; datum: string; stunden: number; grund: string }>) {
  const id = useId();
  const [datum, setDatum] = useState(heuteInBerlin(new Date()));
  const [stunden, setStunden] = useState('');
  const [grund, setGrund] = useState('');
  const [fehler, setFehler] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const geprueft = korrekturSchema.safeParse({ elternId: familie.elternId, datum, stunden: alsZahl(stunden), grund });
    if (!geprueft.success) {
      setFehler(geprueft.error.issues[0]?.message ?? KORREKTUR_UNGUELTIG);
      return;
    }
    setFehler(null);
    onSubmit(geprueft.data);
  };
  return (
    <>
      <form className="ad-form" onSubmit={submit} noValidate aria-busy={pending}>
        <p className="dialog__text">
          Familie {familie.nachname}: bisher {stundenDeutsch(familie.ist)} von {stundenDeutsch(familie.soll)} Stunden.
        </p>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-datum`}>
            Datum
          </label>
          <input id={`${id}-datum`} className="input" type="date" value={datum} onChange={(e) => setDatum(e.target.value)} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-stunden`}>
            Stunden (abziehen mit Minus, z. B. −1,5)
          </label>
          <input
            id={`${id}-stunden`}
            className="input"
            inputMode="decimal"
            autoComplete="off"
            value={stunden}
            onChange={(e) => setStunden(e.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-grund`}>
            Begründung
          </label>
          <textarea
            id={`${id}-grund`}
            className="input"
            rows={3}
            maxLength={MAX_GRUND}
            value={grund}
            onChange={(e) => setGrund(e.target.value)}
          />
        </div>
        {fehler && (
          <p className="form-error" role="alert">
            {fehler}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            Abbrechen
          </button>
          <button type="submit" className="btn btn--primary" disabled={pending}>
            {pending ? 'Wird gesendet...' : 'Korrektur speichern'}
          </button>
        </div>
      </form>
      {toast}
    </>
  );
}

function FamilieFormular({
  familie,
  pending,
  onClose,
  onSubmit,
  toast,
}: FamilienFormularProps<{ elternId: string; kinder: number; befreit: boolean; grund: string }>) {
  const id = useId();
  const [kinder, setKinder] = useState(String(familie.kinder));
  const [befreit, setBefreit] = useState(familie.befreit);
  const [grund, setGrund] = useState(familie.grund);
  const [fehler, setFehler] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const anzahl = Number(kinder);
    if (!Number.isInteger(anzahl) || anzahl < 1 || anzahl > 10) return setFehler(KINDER_UNGUELTIG);
    if (befreit && !grund.trim()) return setFehler(GRUND_FEHLT);
    setFehler(null);
    onSubmit({ elternId: familie.elternId, kinder: anzahl, befreit, grund: grund.trim() });
  };
  return (
    <>
      <form className="ad-form" onSubmit={submit} noValidate aria-busy={pending}>
        <p className="dialog__text">Familie {familie.nachname}</p>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-kinder`}>
            Kinder in der Kita
          </label>
          <input
            id={`${id}-kinder`}
            className="input"
            type="number"
            min={1}
            max={10}
            step={1}
            value={kinder}
            onChange={(e) => setKinder(e.target.value)}
          />
        </div>
        <label className="st-admin__befreit">
          <input type="checkbox" checked={befreit} onChange={(e) => setBefreit(e.target.checked)} /> Von den Elternstunden befreit
        </label>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-grund`}>
            Grund {befreit ? '' : '(optional)'}
          </label>
          <textarea
            id={`${id}-grund`}
            className="input"
            rows={2}
            maxLength={MAX_GRUND}
            value={grund}
            onChange={(e) => setGrund(e.target.value)}
          />
        </div>
        {fehler && (
          <p className="form-error" role="alert">
            {fehler}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            Abbrechen
          </button>
          <button type="submit" className="btn btn--primary" disabled={pending}>
            {pending ? 'Wird gespeichert...' : 'Speichern'}
          </button>
        </div>
      </form>
      {toast}
    </>
  );
}
