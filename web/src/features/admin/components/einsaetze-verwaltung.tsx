import type { EinsatzEingabe } from '@waldkita/domain/einsatz/einsatz';
import { type ReactNode, useId, useState } from 'react';
import { useBestaetigung } from '@/components/bestaetigung';
import { datumText, type Einsatz, tagText } from '@/lib/einsatz-api';
import { withServerMessage } from '@/lib/error-message';
import { useAdminEinsaetze, useSageEinsatzAb, useSpeichereEinsatz } from '../api/einsaetze';
import type { AdminEltern } from '../api/types';
import { AnwesenheitDialog } from './anwesenheit-dialog';
import { EinsatzDialog } from './einsatz-dialog';
import { LadeFehler } from './lade-fehler';
import type { Melder } from './melder';

/**
 * 'Arbeitseinsätze' in the Admin Center: the coming days and this kindergarten year's past ones,
 * '+ Neuer Arbeitseinsatz', and per day 'Bearbeiten', 'Absagen' (after a question) and
 * 'Anwesenheit' (who came; signed-up families are preset as present).
 */
export function EinsaetzeVerwaltung({ eltern, melder, toast }: { eltern: readonly AdminEltern[]; melder: Melder; toast: ReactNode }) {
  const titelId = useId();
  const einsaetze = useAdminEinsaetze();
  const speichern = useSpeichereEinsatz();
  const absagen = useSageEinsatzAb();
  const bestaetigung = useBestaetigung();
  const [bearbeiten, setBearbeiten] = useState<Einsatz | 'neu' | null>(null);
  const [anwesenheit, setAnwesenheit] = useState<string | null>(null);

  const bearbeitenDialog = (e: Einsatz | 'neu' | null) => {
    setBearbeiten(e);
    melder.dialog('einsatz', e !== null);
  };
  const anwesenheitDialog = (id: string | null) => {
    setAnwesenheit(id);
    melder.dialog('einsatz-anwesenheit', id !== null);
  };

  const speichere = (angaben: EinsatzEingabe) => {
    if (bearbeiten === null) return;
    speichern.mutate(
      { id: bearbeiten === 'neu' ? null : bearbeiten.id, angaben },
      {
        onSuccess: () => {
          bearbeitenDialog(null);
          melder.erfolg(
            bearbeiten === 'neu' ? `Arbeitseinsatz „${angaben.titel}“ angelegt.` : `Arbeitseinsatz „${angaben.titel}“ gespeichert.`,
          );
        },
        // The dialog stays open with what was entered; the toast moves into it.
        onError: (error) => melder.fehler(withServerMessage('Fehler beim Speichern des Arbeitseinsatzes', error)),
      },
    );
  };

  const sageAb = (e: Einsatz) => {
    const eingetragen = e.schichten.reduce((n, s) => n + s.belegt + s.warteliste, 0);
    bestaetigung.fragen(
      {
        titel: 'Arbeitseinsatz absagen?',
        text: (
          <p>
            Möchten Sie den Arbeitseinsatz „{e.titel}“ am {tagText(e.datum)} wirklich absagen?{' '}
            {eingetragen > 0
              ? `Die ${eingetragen === 1 ? 'eingetragene Familie wird' : `${eingetragen} eingetragenen Familien werden`} per E-Mail benachrichtigt.`
              : 'Es ist noch niemand eingetragen.'}{' '}
            Der Verlauf bleibt erhalten.
          </p>
        ),
        bestaetigen: 'Absagen',
      },
      () =>
        absagen.mutate(e.id, {
          onSuccess: (antwort) => melder.erfolg(antwort.message),
          onError: (error) => melder.fehler(withServerMessage('Fehler beim Absagen', error)),
        }),
    );
  };

  const beschaeftigt = absagen.isPending ? absagen.variables : null;

  return (
    <section id="einsaetze" className="card ad-section" aria-labelledby={titelId}>
      <div className="ad-section__head">
        <div className="ad-section__titles">
          <h2 id={titelId} className="ad-section__title">
            Arbeitseinsätze
          </h2>
          <p className="text-muted">
            Arbeitstage und Feste mit Schichten, für die sich die Familien eintragen. Nach dem Tag: Anwesenheit erfassen.
          </p>
        </div>
        <button type="button" className="btn btn--primary" onClick={() => bearbeitenDialog('neu')} disabled={!einsaetze.data}>
          + Neuer Arbeitseinsatz
        </button>
      </div>
      {einsaetze.error ? (
        <LadeFehler text="Die Arbeitseinsätze konnten nicht geladen werden." onErneut={() => void einsaetze.refetch()} />
      ) : !einsaetze.data ? (
        <p className="text-muted" role="status">
          Lade Arbeitseinsätze...
        </p>
      ) : einsaetze.data.length === 0 ? (
        <p className="text-muted">Noch keine Arbeitseinsätze in diesem Kita-Jahr.</p>
      ) : (
        <ul className="ad-dienstarten">
          {einsaetze.data.map((e) => {
            const belegt = e.schichten.reduce((n, s) => n + s.belegt, 0);
            const plaetze = e.schichten.reduce((n, s) => n + s.plaetze, 0);
            return (
              <li key={e.id} className={`ad-dienstart${e.abgesagt || e.vergangen ? ' ad-dienstart--archiviert' : ''}`}>
                <div className="ad-dienstart__text">
                  <p className="ad-dienstart__name">
                    {e.titel}
                    {e.abgesagt && <span className="badge badge--wartend">Abgesagt</span>}
                    {e.vergangen && !e.abgesagt && <span className="badge ad-badge-admin">Vorbei</span>}
                  </p>
                  <p className="ad-eltern__meta">
                    {tagText(e.datum)}
                    {e.ort ? ` · ${e.ort}` : ''} · Anmeldung bis {datumText(e.anmeldeschluss)}
                  </p>
                  <p className="ad-eltern__meta">
                    {e.schichten.length === 1 ? '1 Schicht' : `${e.schichten.length} Schichten`} · {belegt} von {plaetze} Plätzen belegt
                  </p>
                </div>
                {!e.abgesagt && (
                  <div className="ad-dienstart__knoepfe">
                    <button
                      type="button"
                      className="btn btn--secondary btn--small"
                      onClick={() => anwesenheitDialog(e.id)}
                      aria-label={`Anwesenheit: ${e.titel}, ${datumText(e.datum)}`}
                    >
                      Anwesenheit
                    </button>
                    {!e.vergangen && (
                      <>
                        <button
                          type="button"
                          className="btn btn--secondary btn--small"
                          onClick={() => bearbeitenDialog(e)}
                          aria-label={`Bearbeiten: ${e.titel}, ${datumText(e.datum)}`}
                        >
                          Bearbeiten
                        </button>
                        <button
                          type="button"
                          className="btn btn--danger btn--small"
                          onClick={() => sageAb(e)}
                          disabled={beschaeftigt === e.id}
                          aria-label={`${beschaeftigt === e.id ? 'Wird abgesagt...' : 'Absagen'}: ${e.titel}, ${datumText(e.datum)}`}
                        >
                          {beschaeftigt === e.id ? 'Wird abgesagt...' : 'Absagen'}
                        </button>
                      </>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <EinsatzDialog
        einsatz={bearbeiten}
        pending={speichern.isPending}
        onClose={() => bearbeitenDialog(null)}
        onSubmit={speichere}
        toast={bearbeiten ? toast : null}
      />
      <AnwesenheitDialog
        einsatzId={anwesenheit}
        eltern={eltern}
        onClose={() => anwesenheitDialog(null)}
        melder={melder}
        toast={anwesenheit ? toast : null}
      />
      {bestaetigung.dialog}
    </section>
  );
}
