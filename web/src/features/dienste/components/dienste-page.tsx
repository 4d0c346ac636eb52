import type { ElternDto } from '@waldkita/domain/auth/login';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useBestaetigung } from '@/components/bestaetigung';
import { istNurLesend, NurLesenHinweis } from '@/components/nur-lesen';
import { Toast } from '@/components/toast';
import { useToast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { type MeinDienst, terminVon } from '@/lib/dienste-api';
import { withServerMessage } from '@/lib/error-message';
import { geschlossenEvents, useGeschlossen } from '@/lib/geschlossen';
import { useBieteDienstAn, useDienstTausch, useNimmDienstAn, useZieheDienstZurueck } from '../api/dienst-tausch';
import { useDienstarten, useMeineDienste } from '../api/get-meine-dienste';
import type { DienstTauschAngebot } from '../api/types';
import { artenVon, dienstEvents } from '../utils/kalender';
import { antwortText, MELDUNG, TOAST_MS } from '../utils/texte';
import { DienstVerteilungSection } from './dienst-verteilung';
import { DienstartFilter } from './dienstart-filter';
import { DiensteKalender } from './dienste-kalender';
import { DiensteListe } from './dienste-liste';
import { MeineSchichten } from './meine-schichten';
import { TauschAngebote } from './tausch-angebote';
import { TauschAnnehmenDialog } from './tausch-annehmen-dialog';
import '../dienste.css';

/**
 * /dienste 'Meine Dienste' (docs/produkt.md §2): one calendar of all the family's dates, coloured by
 * kind, with a filter per kind and the closed weeks and days; below it the dates (offer for a swap,
 * give away), the offers of other families and the family's own, and the distribution of a kind.
 */
export function DienstePage({ user }: { user: ElternDto }) {
  const nurLesend = istNurLesend(user);
  const { toast, showSuccess, showError, dismiss } = useToast();
  const { fragen, dialog: frageDialog } = useBestaetigung();
  const meine = useMeineDienste();
  const aktive = useDienstarten();
  const geschlossen = useGeschlossen();
  const tausch = useDienstTausch();
  const anbieten = useBieteDienstAn();
  const annehmen = useNimmDienstAn();
  const zurueckziehen = useZieheDienstZurueck();
  const [ausgeblendet, setAusgeblendet] = useState<ReadonlySet<string>>(() => new Set());
  const [annehmenFuer, setAnnehmenFuer] = useState<DienstTauschAngebot | null>(null);

  const ladeFehler = meine.error ?? aktive.error;
  useEffect(() => {
    if (ladeFehler && !(ladeFehler instanceof ApiError && ladeFehler.status === 401))
      showError(withServerMessage(MELDUNG.ladeFehler, ladeFehler));
  }, [ladeFehler, showError]);

  const dienste = meine.data ?? [];
  const arten = useMemo(() => artenVon(aktive.data ?? [], meine.data ?? []), [aktive.data, meine.data]);
  const anzahl = useMemo(() => {
    const zaehler = new Map<string, number>();
    for (const d of meine.data ?? []) zaehler.set(d.dienstartId, (zaehler.get(d.dienstartId) ?? 0) + 1);
    return zaehler;
  }, [meine.data]);
  const sichtbar = useMemo(() => (meine.data ?? []).filter((d) => !ausgeblendet.has(d.dienstartId)), [meine.data, ausgeblendet]);
  const events = useMemo(
    () => [...geschlossenEvents(geschlossen.data?.wochen ?? [], geschlossen.data?.tage ?? []), ...dienstEvents(sichtbar, arten)],
    [geschlossen.data, sichtbar, arten],
  );

  // The calendar opens at the month of the family's next date (today's month when it is this month or there is none).
  const naechster = (meine.data ?? []).find((d) => !d.erledigt)?.von;
  const umschalten = useCallback((dienstartId: string, zeigen: boolean) => {
    setAusgeblendet((alt) => {
      const neu = new Set(alt);
      if (zeigen) neu.delete(dienstartId);
      else neu.add(dienstartId);
      return neu;
    });
  }, []);

  const bieteAn = (dienst: MeinDienst, abgeben: boolean) =>
    fragen(
      {
        titel: abgeben ? 'Dienst abgeben?' : 'Zum Tausch anbieten?',
        text: abgeben ? (
          <p>
            Möchten Sie den {dienst.dienstart} am {terminVon(dienst)} abgeben? Eine andere Familie kann ihn übernehmen, ohne Ihnen dafür
            einen Termin zu geben.
          </p>
        ) : (
          <p>
            Möchten Sie den {dienst.dienstart} am {terminVon(dienst)} zum Tausch anbieten? Eine andere Familie gibt Ihnen dafür einen Termin
            derselben Dienstart.
          </p>
        ),
        bestaetigen: abgeben ? 'Dienst abgeben' : 'Tausch anbieten',
        gefaehrlich: false,
      },
      () =>
        anbieten.mutate(
          { dienstId: dienst.id, abgeben },
          {
            onSuccess: (antwort) => showSuccess(antwortText(antwort, abgeben ? MELDUNG.abgegeben : MELDUNG.angeboten)),
            onError: (error) => showError(withServerMessage(MELDUNG.anbietenFehler, error)),
          },
        ),
    );

  const nimmAn = (angebot: DienstTauschAngebot) => {
    if (!angebot.abgeben) {
      setAnnehmenFuer(angebot);
      return;
    }
    fragen(
      {
        titel: 'Dienst übernehmen?',
        text: (
          <p>
            Möchten Sie den {angebot.dienstart} am {terminVon(angebot)} von Familie {angebot.eltern.nachname} übernehmen? Sie geben dafür
            keinen Termin ab.
          </p>
        ),
        bestaetigen: 'Übernehmen',
        gefaehrlich: false,
      },
      () =>
        annehmen.mutate(
          { tauschId: angebot.id },
          {
            onSuccess: (antwort) => showSuccess(antwortText(antwort, MELDUNG.uebernommen)),
            onError: (error) => showError(withServerMessage(MELDUNG.annehmenFehler, error)),
          },
        ),
    );
  };

  const tauschen = (angebot: DienstTauschAngebot, resolveDienstId: string) =>
    annehmen.mutate(
      { tauschId: angebot.id, resolveDienstId },
      {
        onSuccess: (antwort) => {
          setAnnehmenFuer(null);
          showSuccess(antwortText(antwort, MELDUNG.angenommen));
        },
        onError: (error) => showError(withServerMessage(MELDUNG.annehmenFehler, error)),
      },
    );

  const zieheZurueck = (angebot: DienstTauschAngebot) =>
    fragen(
      {
        titel: 'Angebot zurückziehen?',
        text: (
          <p>
            Möchten Sie Ihr Angebot für den {angebot.dienstart} am {terminVon(angebot)} wirklich zurückziehen?
          </p>
        ),
        bestaetigen: 'Angebot zurückziehen',
      },
      () =>
        zurueckziehen.mutate(angebot.id, {
          onSuccess: (antwort) => showSuccess(antwortText(antwort, MELDUNG.zurueckgezogen)),
          onError: (error) => showError(withServerMessage(MELDUNG.zurueckziehenFehler, error)),
        }),
    );

  const angebotBeschaeftigt = annehmen.isPending
    ? (annehmen.variables?.tauschId ?? null)
    : zurueckziehen.isPending
      ? (zurueckziehen.variables ?? null)
      : null;

  let inhalt: ReactNode;
  if (meine.data && aktive.data) {
    inhalt = (
      <>
        {nurLesend && <NurLesenHinweis />}
        {dienste.length === 0 && (
          <section className="card wd-card wd-notice" aria-label="Hinweis">
            <p className="wd-notice__title">{MELDUNG.keineDienste}</p>
            <p className="wd-notice__text">Sobald die Kita Dienste plant, sehen Sie hier alle Termine Ihrer Familie.</p>
          </section>
        )}
        <DienstartFilter arten={arten} anzahl={anzahl} ausgeblendet={ausgeblendet} onChange={umschalten} />
        <DiensteKalender events={events} arten={arten.filter((a) => !ausgeblendet.has(a.id))} start={naechster} />
        <DiensteListe
          dienste={sichtbar}
          arten={arten}
          onAnbieten={nurLesend ? undefined : bieteAn}
          beschaeftigt={anbieten.isPending ? (anbieten.variables?.dienstId ?? null) : null}
        />
        <MeineSchichten />
        {tausch.data && (
          <TauschAngebote
            angebote={tausch.data.filter((a) => !ausgeblendet.has(a.dienstartId))}
            onAnnehmen={nurLesend ? undefined : nimmAn}
            onZurueckziehen={nurLesend ? undefined : zieheZurueck}
            beschaeftigt={angebotBeschaeftigt}
          />
        )}
        <DienstVerteilungSection user={user} arten={aktive.data} />
      </>
    );
  } else if (ladeFehler) {
    inhalt = (
      <section className="card wd-card wd-notice" aria-label="Hinweis">
        <p className="wd-notice__title">{MELDUNG.ladeFehler}.</p>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => {
            void meine.refetch();
            void aktive.refetch();
          }}
        >
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
    <div className="wd-page ds-page">
      {inhalt}
      {!nurLesend && (
        <>
          <TauschAnnehmenDialog
            angebot={annehmenFuer}
            eigene={dienste}
            pending={annehmen.isPending}
            onClose={() => setAnnehmenFuer(null)}
            onSubmit={tauschen}
          />
          {frageDialog}
        </>
      )}
      <Toast toast={toast} onDismiss={dismiss} durationMs={TOAST_MS} />
    </div>
  );
}
