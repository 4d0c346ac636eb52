import type { StundenFamilie } from '@waldkita/domain/stunden/antworten';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBestaetigung } from '@/components/bestaetigung';
import { speichereDatei } from '@/lib/datei-speichern';
import { withServerMessage } from '@/lib/error-message';
import {
  ladeStundenCsv,
  useEntscheideStunden,
  useKorrigiereStunden,
  useOeffneStundenjahr,
  useSchliesseStundenjahr,
  useSetzeStundenFamilie,
  useStundenAbrechnung,
  useStundenUebersicht,
  useWartendeStunden,
} from '../api/stunden';
import { LadeFehler } from './lade-fehler';
import type { Melder } from './melder';
import { EintraegeDialog, FamilieFormular, FamilienDialog, GrundDialog, KorrekturFormular } from './stunden-dialoge';
import { useStundenFormat } from './stunden-format';
import { RegelnFormular } from './stunden-regeln';

type Spalte = 'nachname' | 'soll' | 'ist' | 'ausstehend' | 'offen';
/** The table's columns; the names are catalogue keys. */
const SPALTEN: { spalte: Spalte; name: string }[] = [
  { spalte: 'nachname', name: 'admin.stunden.spalte.familie' },
  { spalte: 'soll', name: 'admin.stunden.spalte.soll' },
  { spalte: 'ist', name: 'admin.stunden.spalte.ist' },
  { spalte: 'ausstehend', name: 'admin.stunden.spalte.ausstehend' },
  { spalte: 'offen', name: 'admin.stunden.spalte.offen' },
];

/**
 * 'Stunden' (docs/stunden.md): the rules of the year, the own entries waiting for a decision
 * ('Bestätigen' / 'Ablehnen' with a reason), every family's hours in a sortable table with CSV,
 * a correction and a family's children and exemption per row, the settlement in euros with CSV,
 * and 'Jahr abschließen' (after a question) or 'Wieder eröffnen' (with a reason).
 */
/** The buttons of a family's row: each opens a dialog about the family; only the entries stay open once the year is closed. */
const FAMILIEN_KNOEPFE = [
  { art: 'eintraege', text: 'admin.stunden.eintraege', label: 'admin.stunden.eintraegeVon', auchAbgeschlossen: true },
  { art: 'korrektur', text: 'admin.stunden.korrigieren', label: 'admin.stunden.korrigierenLabel', auchAbgeschlossen: false },
  { art: 'familie', text: 'admin.stunden.angaben', label: 'admin.stunden.angabenLabel', auchAbgeschlossen: false },
] as const;
type FamilienDialogArt = (typeof FAMILIEN_KNOEPFE)[number]['art'];

export function StundenVerwaltung({ melder, toast }: { melder: Melder; toast: ReactNode }) {
  const { t } = useTranslation();
  const { std, euro, datum } = useStundenFormat();
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
  const familienDialoge = { eintraege: setEintraegeVon, korrektur: setKorrekturFuer, familie: setFamilieFuer };
  /** Opens the dialog `art` about family `f`, or closes it (null). */
  const familienDialog = (art: FamilienDialogArt, f: StundenFamilie | null) => {
    familienDialoge[art](f);
    dialog(art, f !== null);
  };

  const csv = async (art: 'uebersicht' | 'abrechnung') => {
    if (csvLaeuft) return;
    setCsvLaeuft(art);
    try {
      const { datei, dateiname } = await ladeStundenCsv(art, u?.jahr ?? jahr);
      speichereDatei(datei, dateiname);
      melder.erfolg(t('admin.stunden.csvGespeichert', { datei: dateiname }));
    } catch (error) {
      fehler(t('admin.stunden.fehler.export'))(error);
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
      { onSuccess: (a) => melder.erfolg(a.message), onError: fehler(t('admin.stunden.fehler.bestaetigen')) },
    );

  const jahrAbschliessen = () => {
    if (!u) return;
    bestaetigung.fragen(
      {
        titel: t('admin.stunden.abschliessenTitel', { jahr: u.jahrName }),
        text: <p>{t('admin.stunden.abschliessenText', { jahr: u.jahrName })}</p>,
        bestaetigen: t('admin.stunden.abschliessen'),
      },
      () =>
        schliessen.mutate(u.jahr, { onSuccess: (a) => melder.erfolg(a.message), onError: fehler(t('admin.stunden.fehler.abschliessen')) }),
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
        { onSuccess: fertig, onError: fehler(t('admin.stunden.fehler.ablehnen')) },
      );
    else if (u) oeffnen.mutate({ jahr: u.jahr, grund }, { onSuccess: fertig, onError: fehler(t('admin.stunden.fehler.oeffnen')) });
  };

  const summe = (abrechnung.data ?? []).reduce((s, z) => s + z.betrag, 0);

  return (
    <section id="stunden" className="card ad-section st-admin" aria-labelledby={titelId}>
      <div className="ad-section__head">
        <div className="ad-section__titles">
          <h2 id={titelId} className="ad-section__title">
            {t('admin.stunden.titel')}
          </h2>
          {u && (
            <p className="st-admin__jahrname">{t('admin.stunden.jahrname', { jahr: u.jahrName, von: datum(u.von), bis: datum(u.bis) })}</p>
          )}
          <p className="text-muted">{t('admin.stunden.text')}</p>
        </div>
        {aktuellesJahr !== null && (
          <div className="st-admin__jahr">
            <button type="button" className="btn btn--secondary btn--small" onClick={() => setJahr(aktuellesJahr - 1)}>
              {t('admin.stunden.vorjahr')}
            </button>
            <button type="button" className="btn btn--secondary btn--small" onClick={() => setJahr(aktuellesJahr + 1)}>
              {t('admin.stunden.folgejahr')}
            </button>
          </div>
        )}
      </div>

      {uebersicht.error ? (
        <LadeFehler text={t('admin.stunden.nichtGeladen')} onErneut={() => void uebersicht.refetch()} />
      ) : !u ? (
        <p className="text-muted" role="status">
          {t('admin.stunden.laden')}
        </p>
      ) : (
        <>
          {u.abgeschlossen && <p className="st-admin__zu">{t('admin.stunden.abgeschlossen')}</p>}
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
              {t('admin.stunden.wartend.titel')}
            </h3>
            {(wartend.data ?? []).length === 0 ? (
              <p className="empty-note">{t('admin.stunden.wartend.keine')}</p>
            ) : (
              <ul className="st-admin__wartend">
                {(wartend.data ?? []).map((w) => {
                  const laeuft = entscheiden.isPending && entscheiden.variables?.id === w.id;
                  return (
                    <li key={w.id} className="st-admin__eintrag">
                      <div>
                        <p className="st-admin__wer">
                          {t('admin.stunden.wartend.wer', {
                            nachname: w.nachname,
                            datum: datum(w.datum),
                            stunden: w.stunden,
                            stundenText: std(w.stunden),
                          })}
                        </p>
                        <p className="ad-eltern__meta">{w.beschreibung ?? '—'}</p>
                      </div>
                      <div className="st-admin__knoepfe">
                        <button
                          type="button"
                          className="btn btn--primary btn--small"
                          disabled={entscheiden.isPending}
                          onClick={() => bestaetige(w.id)}
                          aria-label={t('admin.stunden.wartend.bestaetigenLabel', { nachname: w.nachname, datum: datum(w.datum) })}
                        >
                          {laeuft ? t('admin.stunden.wirdGesendet') : t('admin.stunden.wartend.bestaetigen')}
                        </button>
                        <button
                          type="button"
                          className="btn btn--secondary btn--small"
                          disabled={entscheiden.isPending}
                          onClick={() => {
                            setGrundDialog({
                              art: 'ablehnen',
                              id: w.id,
                              text: t('admin.stunden.wartend.von', { nachname: w.nachname, datum: datum(w.datum) }),
                            });
                            dialog('grund', true);
                          }}
                          aria-label={t('admin.stunden.wartend.ablehnenLabel', { nachname: w.nachname, datum: datum(w.datum) })}
                        >
                          {t('admin.stunden.ablehnen')}
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
                {t('admin.stunden.familien')}
              </h3>
              <button
                type="button"
                className="btn btn--secondary btn--small"
                onClick={() => void csv('uebersicht')}
                aria-busy={csvLaeuft === 'uebersicht' || undefined}
              >
                {csvLaeuft === 'uebersicht' ? t('admin.stunden.wirdExportiert') : t('admin.stunden.csv')}
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
                          {t(name)}
                          <span aria-hidden="true">{sortierung.spalte === spalte ? (sortierung.ab ? ' ▼' : ' ▲') : ''}</span>
                        </button>
                      </th>
                    ))}
                    <th scope="col">
                      <span className="visually-hidden">{t('admin.stunden.aktionen')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {sortiert.map((f) => (
                    <tr key={f.elternId}>
                      <th scope="row" className="st-admin__familie">
                        {f.nachname}
                        <span className="st-admin__klein">
                          {f.befreit ? t('admin.stunden.befreit') : t('admin.stunden.kinder', { anzahl: f.kinder })}
                          {f.gruppe ? ` · ${f.gruppe}` : ''}
                        </span>
                      </th>
                      <td className="st-zahl">{std(f.soll)}</td>
                      <td className="st-zahl">{std(f.ist)}</td>
                      <td className="st-zahl">{std(f.ausstehend)}</td>
                      <td className="st-zahl">{std(f.offen)}</td>
                      <td>
                        <div className="st-admin__knoepfe">
                          {FAMILIEN_KNOEPFE.map((k) => (
                            <button
                              key={k.art}
                              type="button"
                              className="btn btn--secondary btn--small"
                              disabled={!k.auchAbgeschlossen && u.abgeschlossen}
                              onClick={() => familienDialog(k.art, f)}
                              aria-label={t(k.label, { nachname: f.nachname })}
                            >
                              {t(k.text)}
                            </button>
                          ))}
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
                {t('admin.stunden.abrechnung.titel', { satz: euro(u.regeln.stundensatz) })}
              </h3>
              <button
                type="button"
                className="btn btn--secondary btn--small"
                onClick={() => void csv('abrechnung')}
                aria-busy={csvLaeuft === 'abrechnung' || undefined}
              >
                {csvLaeuft === 'abrechnung' ? t('admin.stunden.wirdExportiert') : t('admin.stunden.abrechnung.csv')}
              </button>
            </div>
            {(abrechnung.data ?? []).length === 0 ? (
              <p className="empty-note">{t('admin.stunden.abrechnung.keine')}</p>
            ) : (
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus (WCAG 2.1.1)
              <div className="data-table__scroll" tabIndex={0}>
                <table className="data-table st-admin__tabelle" aria-labelledby={`${titelId}-abrechnung`}>
                  <thead>
                    <tr>
                      <th scope="col">{t('admin.stunden.spalte.familie')}</th>
                      <th scope="col" className="st-zahl">
                        {t('admin.stunden.spalte.offen')}
                      </th>
                      <th scope="col" className="st-zahl">
                        {t('admin.stunden.abrechnung.betrag')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {(abrechnung.data ?? []).map((z) => (
                      <tr key={z.elternId}>
                        <th scope="row">{z.nachname}</th>
                        <td className="st-zahl">{t('admin.stunden.std', { stunden: std(z.offen) })}</td>
                        <td className="st-zahl">{euro(z.betrag)}</td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr className="st-admin__summe">
                      <th scope="row">{t('admin.stunden.abrechnung.summe')}</th>
                      <td />
                      <td className="st-zahl">
                        <strong>{euro(summe)}</strong>
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
                    setGrundDialog({ art: 'oeffnen', text: t('admin.stunden.kitajahr', { jahr: u.jahrName }) });
                    dialog('grund', true);
                  }}
                >
                  {t('admin.stunden.wiederEroeffnen')}
                </button>
              ) : (
                <button type="button" className="btn btn--primary" disabled={schliessen.isPending} onClick={jahrAbschliessen}>
                  {schliessen.isPending ? t('admin.stunden.wirdGesendet') : t('admin.stunden.abschliessen')}
                </button>
              )}
              <p className="ad-hint">
                {u.abgeschlossen
                  ? t('admin.stunden.hinweisAbgeschlossen')
                  : t('admin.stunden.hinweisAbschliessen', { datum: datum(u.bis) })}
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
      <EintraegeDialog jahr={jahr} familie={eintraegeVon} onClose={() => familienDialog('eintraege', null)} />
      <FamilienDialog
        titel={t('admin.stunden.korrektur.titel')}
        Formular={KorrekturFormular}
        familie={korrekturFuer}
        pending={korrigieren.isPending}
        onClose={() => familienDialog('korrektur', null)}
        onSubmit={(korrektur) =>
          korrigieren.mutate(korrektur, {
            onSuccess: (a) => {
              familienDialog('korrektur', null);
              melder.erfolg(a.message);
            },
            onError: fehler(t('admin.stunden.fehler.korrektur')),
          })
        }
        toast={toast}
      />
      <FamilienDialog
        titel={t('admin.stunden.familie.titel')}
        Formular={FamilieFormular}
        familie={familieFuer}
        pending={familieSetzen.isPending}
        onClose={() => familienDialog('familie', null)}
        onSubmit={(angaben) =>
          u &&
          familieSetzen.mutate(
            { ...angaben, jahr: u.jahr },
            {
              onSuccess: (a) => {
                familienDialog('familie', null);
                melder.erfolg(a.message);
              },
              onError: fehler(t('admin.stunden.fehler.speichern')),
            },
          )
        }
        toast={toast}
      />
      {bestaetigung.dialog}
    </section>
  );
}
