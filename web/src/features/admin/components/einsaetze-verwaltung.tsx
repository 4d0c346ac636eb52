import type { EinsatzEingabe } from '@waldkita/domain/einsatz/einsatz';
import { datumKurz, wochentagKurz } from '@waldkita/domain/i18n/datum';
import type { Sprache } from '@waldkita/domain/i18n/sprachen';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBestaetigung } from '@/components/bestaetigung';
import { useSprache } from '@/hooks/use-sprache';
import { datumText, type Einsatz, tagText } from '@/lib/einsatz-api';
import { withServerMessage } from '@/lib/error-message';
import { useAdminEinsaetze, useSageEinsatzAb, useSpeichereEinsatz } from '../api/einsaetze';
import type { AdminEltern } from '../api/types';
import { AnwesenheitDialog } from './anwesenheit-dialog';
import { EinsatzDialog } from './einsatz-dialog';
import { LadeFehler } from './lade-fehler';
import type { Melder } from './melder';

/** 'Sa 20.03.2027' in German as before, 'Sat 20/03/2027' in English … */
const tagIn = (datum: string, sprache: Sprache) =>
  sprache === 'de' ? tagText(datum) : `${wochentagKurz(datum, sprache)} ${datumKurz(datum, sprache)}`;
/** '20.03.2027' in German as before, the others in their own form. */
const datumIn = (datum: string, sprache: Sprache) => (sprache === 'de' ? datumText(datum) : datumKurz(datum, sprache));

/**
 * 'Arbeitseinsätze' in the Admin Center: the coming days and this kindergarten year's past ones,
 * '+ Neuer Arbeitseinsatz', and per day 'Bearbeiten', 'Absagen' (after a question) and
 * 'Anwesenheit' (who came; signed-up families are preset as present).
 */
export function EinsaetzeVerwaltung({ eltern, melder, toast }: { eltern: readonly AdminEltern[]; melder: Melder; toast: ReactNode }) {
  const { t } = useTranslation();
  const sprache = useSprache();
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
            bearbeiten === 'neu'
              ? t('admin.einsaetze.angelegt', { titel: angaben.titel })
              : t('admin.einsaetze.gespeichert', { titel: angaben.titel }),
          );
        },
        // The dialog stays open with what was entered; the toast moves into it.
        onError: (error) => melder.fehler(withServerMessage(t('admin.einsaetze.speichernFehler'), error)),
      },
    );
  };

  const sageAb = (e: Einsatz) => {
    const eingetragen = e.schichten.reduce((n, s) => n + s.belegt + s.warteliste, 0);
    bestaetigung.fragen(
      {
        titel: t('admin.einsaetze.absagenTitel'),
        text: (
          <p>
            {t('admin.einsaetze.absagenFrage', { titel: e.titel, tag: tagIn(e.datum, sprache) })}{' '}
            {eingetragen > 0 ? t('admin.einsaetze.benachrichtigt', { anzahl: eingetragen }) : t('admin.einsaetze.niemandEingetragen')}{' '}
            {t('admin.einsaetze.verlaufBleibt')}
          </p>
        ),
        bestaetigen: t('admin.einsaetze.absagen'),
      },
      () =>
        absagen.mutate(e.id, {
          onSuccess: (antwort) => melder.erfolg(antwort.message),
          onError: (error) => melder.fehler(withServerMessage(t('admin.einsaetze.absagenFehler'), error)),
        }),
    );
  };

  const beschaeftigt = absagen.isPending ? absagen.variables : null;

  return (
    <section id="einsaetze" className="card ad-section" aria-labelledby={titelId}>
      <div className="ad-section__head">
        <div className="ad-section__titles">
          <h2 id={titelId} className="ad-section__title">
            {t('admin.einsaetze.titel')}
          </h2>
          <p className="text-muted">{t('admin.einsaetze.text')}</p>
        </div>
        <button type="button" className="btn btn--primary" onClick={() => bearbeitenDialog('neu')} disabled={!einsaetze.data}>
          {t('admin.einsaetze.neu')}
        </button>
      </div>
      {einsaetze.error ? (
        <LadeFehler text={t('admin.einsaetze.nichtGeladen')} onErneut={() => void einsaetze.refetch()} />
      ) : !einsaetze.data ? (
        <p className="text-muted" role="status">
          {t('admin.einsaetze.laden')}
        </p>
      ) : einsaetze.data.length === 0 ? (
        <p className="text-muted">{t('admin.einsaetze.keine')}</p>
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
                    {e.abgesagt && <span className="badge badge--wartend">{t('admin.einsaetze.abgesagt')}</span>}
                    {e.vergangen && !e.abgesagt && <span className="badge ad-badge-admin">{t('admin.einsaetze.vorbei')}</span>}
                  </p>
                  <p className="ad-eltern__meta">
                    {tagIn(e.datum, sprache)}
                    {e.ort ? ` · ${e.ort}` : ''} · {t('admin.einsaetze.anmeldungBis', { datum: datumIn(e.anmeldeschluss, sprache) })}
                  </p>
                  <p className="ad-eltern__meta">
                    {t('admin.einsaetze.schichten', { anzahl: e.schichten.length })} · {t('admin.einsaetze.belegt', { belegt, plaetze })}
                  </p>
                </div>
                {!e.abgesagt && (
                  <div className="ad-dienstart__knoepfe">
                    <button
                      type="button"
                      className="btn btn--secondary btn--small"
                      onClick={() => anwesenheitDialog(e.id)}
                      aria-label={t('admin.einsaetze.anwesenheitLabel', { titel: e.titel, datum: datumIn(e.datum, sprache) })}
                    >
                      {t('admin.einsaetze.anwesenheit')}
                    </button>
                    {!e.vergangen && (
                      <>
                        <button
                          type="button"
                          className="btn btn--secondary btn--small"
                          onClick={() => bearbeitenDialog(e)}
                          aria-label={t('admin.einsaetze.bearbeitenLabel', { titel: e.titel, datum: datumIn(e.datum, sprache) })}
                        >
                          {t('admin.einsaetze.bearbeiten')}
                        </button>
                        <button
                          type="button"
                          className="btn btn--danger btn--small"
                          onClick={() => sageAb(e)}
                          disabled={beschaeftigt === e.id}
                          aria-label={`${beschaeftigt === e.id ? t('admin.einsaetze.wirdAbgesagt') : t('admin.einsaetze.absagen')}: ${t('admin.einsaetze.tagLabel', { titel: e.titel, datum: datumIn(e.datum, sprache) })}`}
                        >
                          {beschaeftigt === e.id ? t('admin.einsaetze.wirdAbgesagt') : t('admin.einsaetze.absagen')}
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
