import type { ElternDto } from '@waldkita/domain/auth/antworten';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBestaetigung } from '@/components/bestaetigung';
import { LadeFehlerKarte, LadePanel } from '@/components/lade-zustand';
import { istNurLesend, NurLesenHinweis } from '@/components/nur-lesen';
import { Toast } from '@/components/toast';
import { useSprache } from '@/hooks/use-sprache';
import { useToast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { type MeinDienst, terminVon } from '@/lib/dienste-api';
import { withServerMessage } from '@/lib/error-message';
import { geschlossenEvents, useGeschlossen, wartetAufGeschlossen } from '@/lib/geschlossen';
import { useBieteDienstAn, useDienstTausch, useNimmDienstAn, useZieheDienstZurueck } from '../api/dienst-tausch';
import { useDienstarten, useMeineDienste } from '../api/get-meine-dienste';
import type { DienstTauschAngebot } from '../api/types';
import { artenVon, dienstEvents } from '../utils/kalender';
import { antwortText, TOAST_MS } from '../utils/texte';
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
  const { t } = useTranslation();
  const sprache = useSprache();
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
      showError(withServerMessage(t('dienste.seite.ladeFehler'), ladeFehler));
  }, [ladeFehler, showError, t]);

  const dienste = meine.data ?? [];
  const arten = useMemo(() => artenVon(aktive.data ?? [], meine.data ?? []), [aktive.data, meine.data]);
  const anzahl = useMemo(() => {
    const zaehler = new Map<string, number>();
    for (const d of meine.data ?? []) zaehler.set(d.dienstartId, (zaehler.get(d.dienstartId) ?? 0) + 1);
    return zaehler;
  }, [meine.data]);
  const sichtbar = useMemo(() => (meine.data ?? []).filter((d) => !ausgeblendet.has(d.dienstartId)), [meine.data, ausgeblendet]);
  const events = useMemo(
    () => [
      ...geschlossenEvents(geschlossen.data?.wochen ?? [], geschlossen.data?.tage ?? [], {
        ferien: t('dienste.kalender.ferien'),
        schliesszeit: t('dienste.kalender.schliesszeit'),
        schliesstag: t('dienste.kalender.schliesstag'),
      }),
      ...dienstEvents(sichtbar, arten, { erledigt: t('dienste.erledigt'), termin: (d) => terminVon(d, sprache) }),
    ],
    [geschlossen.data, sichtbar, arten, t, sprache],
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
        titel: abgeben ? t('dienste.abgeben.frage') : t('dienste.anbieten.frage'),
        text: abgeben ? (
          <p>{t('dienste.abgeben.text', { dienstart: dienst.dienstart, termin: terminVon(dienst, sprache) })}</p>
        ) : (
          <p>{t('dienste.anbieten.text', { dienstart: dienst.dienstart, termin: terminVon(dienst, sprache) })}</p>
        ),
        bestaetigen: abgeben ? t('dienste.abgeben.bestaetigen') : t('dienste.anbieten.bestaetigen'),
        gefaehrlich: false,
      },
      () =>
        anbieten.mutate(
          { dienstId: dienst.id, abgeben },
          {
            onSuccess: (antwort) => showSuccess(antwortText(antwort, abgeben ? t('dienste.abgeben.erfolg') : t('dienste.anbieten.erfolg'))),
            onError: (error) => showError(withServerMessage(t('dienste.anbieten.fehler'), error)),
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
        titel: t('dienste.uebernehmen.frage'),
        text: (
          <p>
            {t('dienste.uebernehmen.text', {
              dienstart: angebot.dienstart,
              termin: terminVon(angebot, sprache),
              nachname: angebot.eltern.nachname,
            })}
          </p>
        ),
        bestaetigen: t('dienste.uebernehmen.bestaetigen'),
        gefaehrlich: false,
      },
      () =>
        annehmen.mutate(
          { tauschId: angebot.id },
          {
            onSuccess: (antwort) => showSuccess(antwortText(antwort, t('dienste.uebernehmen.erfolg'))),
            onError: (error) => showError(withServerMessage(t('dienste.annehmen.fehler'), error)),
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
          showSuccess(antwortText(antwort, t('dienste.annehmen.erfolg')));
        },
        onError: (error) => showError(withServerMessage(t('dienste.annehmen.fehler'), error)),
      },
    );

  const zieheZurueck = (angebot: DienstTauschAngebot) =>
    fragen(
      {
        titel: t('dienste.zurueckziehen.frage'),
        text: <p>{t('dienste.zurueckziehen.text', { dienstart: angebot.dienstart, termin: terminVon(angebot, sprache) })}</p>,
        bestaetigen: t('dienste.zurueckziehen.bestaetigen'),
      },
      () =>
        zurueckziehen.mutate(angebot.id, {
          onSuccess: (antwort) => showSuccess(antwortText(antwort, t('dienste.zurueckziehen.erfolg'))),
          onError: (error) => showError(withServerMessage(t('dienste.zurueckziehen.fehler'), error)),
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
          <section className="card wd-card wd-notice" aria-label={t('dienste.seite.hinweis')}>
            <p className="wd-notice__title">{t('dienste.keine')}</p>
            <p className="wd-notice__text">{t('dienste.seite.keineText')}</p>
          </section>
        )}
        <DienstartFilter arten={arten} anzahl={anzahl} ausgeblendet={ausgeblendet} onChange={umschalten} />
        <DiensteKalender
          events={events}
          arten={arten.filter((a) => !ausgeblendet.has(a.id))}
          start={naechster}
          wartet={wartetAufGeschlossen(geschlossen)}
        />
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
      <LadeFehlerKarte
        titel={t('dienste.ladeFehler')}
        hinweis={t('dienste.seite.hinweis')}
        erneut={t('dienste.seite.erneut')}
        onErneut={() => {
          void meine.refetch();
          void aktive.refetch();
        }}
      />
    );
  } else {
    inhalt = <LadePanel text={t('dienste.laden')} />;
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
