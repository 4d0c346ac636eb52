import type { ElternDto } from '@waldkita/domain/auth/antworten';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBestaetigung } from '@/components/bestaetigung';
import { LinienIcon } from '@/components/icons';
import { LadeFehlerKarte, LadePanel } from '@/components/lade-zustand';
import { istNurLesend, NurLesenHinweis } from '@/components/nur-lesen';
import { PageLayout } from '@/components/page-layout';
import { Toast } from '@/components/toast';
import { useMyAssignments } from '@/hooks/use-my-assignments';
import { useToast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { withServerMessage } from '@/lib/error-message';
import { istKeineGruppe } from '@/lib/wasserdienst-api';
import { useTauschAngebote } from '../api/get-tausch-angebote';
import { useTauschAnbieten } from '../api/tausch-anbieten';
import { useTauschAnnehmen } from '../api/tausch-annehmen';
import { useTauschZurueckziehen } from '../api/tausch-zurueckziehen';
import type { Tausch } from '../api/types';
import { antwortText, kwSlashJahr, TOAST_MS } from '../utils/texte';
import { MeineAnfragenList } from './meine-anfragen-list';
import { NeuerTauschDialog } from './neuer-tausch-dialog';
import { TauschAngeboteList } from './tausch-angebote-list';
import { TauschAnnehmenDialog } from './tausch-annehmen-dialog';

/**
 * /tauschboerse (docs/produkt.md §2 Tausch-Börse): open offers of the other families, the family's own
 * offers, and the two dialogs to offer a week and to accept an offer. A read-only family (an
 * auditor) sees the offers without any button that would write.
 */
export function TauschBoersePage({ user }: { user: ElternDto }) {
  const gruppe = user.gruppe;
  const { t } = useTranslation();
  const nurLesend = istNurLesend(user);
  const { toast, showSuccess, showError, dismiss } = useToast();
  const [neuOffen, setNeuOffen] = useState(false);
  const [annehmen, setAnnehmen] = useState<Tausch | null>(null);
  const { fragen, dialog: frageDialog } = useBestaetigung();

  const angebote = useTauschAngebote({ gruppeId: gruppe?.gruppenID ?? null });
  const assignments = useMyAssignments({ enabled: Boolean(gruppe) });
  const tauschAnbieten = useTauschAnbieten();
  const tauschAnnehmen = useTauschAnnehmen();
  const tauschZurueckziehen = useTauschZurueckziehen();

  const keineGruppe = !gruppe || istKeineGruppe(angebote.error) || istKeineGruppe(assignments.error);
  const loadError = keineGruppe ? null : (angebote.error ?? assignments.error);

  useEffect(() => {
    if (loadError && !(loadError instanceof ApiError && loadError.status === 401))
      showError(withServerMessage(t('tausch.meldung.ladeFehler'), loadError));
  }, [loadError, showError, t]);

  const { fremde, eigene } = useMemo(() => {
    const alle = angebote.data ?? [];
    return {
      fremde: alle.filter((tausch) => tausch.requestEltern.id !== user.id && !tausch.bestaetigt),
      eigene: alle.filter((tausch) => tausch.requestEltern.id === user.id),
    };
  }, [angebote.data, user.id]);

  const angebotbar = useMemo(
    () => (assignments.data ?? []).filter((zuweisung) => zuweisung.tauschbar && !zuweisung.angeboten),
    [assignments.data],
  );

  const erstellen = (wasserdienstId: string, abgeben: boolean) =>
    tauschAnbieten.mutate(abgeben ? { elternId: user.id, wasserdienstId, abgeben: true } : { elternId: user.id, wasserdienstId }, {
      onSuccess: (antwort) => showSuccess(abgeben ? antwortText(antwort, t('tausch.meldung.abgegeben')) : t('tausch.meldung.erstellt')),
      onError: (error) =>
        showError(withServerMessage(abgeben ? t('tausch.meldung.abgabeFehler') : t('tausch.meldung.erstellFehler'), error)),
      onSettled: () => setNeuOffen(false),
    });

  // 'Übernehmen': asked first, then the duty given away becomes the family's own.
  const uebernehmen = (angebot: Tausch) =>
    fragen(
      {
        titel: t('tausch.uebernehmenFrage.titel'),
        text: (
          <p>
            {t('tausch.uebernehmenFrage.text', {
              woche: kwSlashJahr(t, angebot.requestWasserdienst),
              nachname: angebot.requestEltern.nachname,
            })}
          </p>
        ),
        bestaetigen: t('tausch.uebernehmen'),
        gefaehrlich: false,
      },
      () =>
        tauschAnnehmen.mutate(
          { tauschId: angebot.id, resolveElternId: user.id },
          {
            onSuccess: (antwort) => showSuccess(antwortText(antwort, t('tausch.meldung.uebernommen'))),
            onError: (error) => showError(withServerMessage(t('tausch.meldung.uebernahmeFehler'), error)),
          },
        ),
    );

  const bestaetigen = (angebot: Tausch, resolveWasserdienstId: string) =>
    tauschAnnehmen.mutate(
      { tauschId: angebot.id, resolveElternId: user.id, resolveWasserdienstId },
      {
        onSuccess: () => showSuccess(t('tausch.meldung.angenommen')),
        onError: (error) => showError(withServerMessage(t('tausch.meldung.annahmeFehler'), error)),
        onSettled: () => setAnnehmen(null),
      },
    );

  // 'Anfrage zurückziehen': asked in the app's dialog first, as every other confirmation.
  const zurueckziehen = (anfrage: Tausch) =>
    fragen(
      {
        titel: t('tausch.zurueckziehenFrage.titel'),
        text: <p>{t('tausch.zurueckziehenFrage.text', { woche: kwSlashJahr(t, anfrage.requestWasserdienst) })}</p>,
        bestaetigen: t('tausch.anfrageZurueckziehen'),
      },
      () =>
        tauschZurueckziehen.mutate(anfrage.id, {
          onSuccess: () => showSuccess(t('tausch.meldung.zurueckgezogen')),
          onError: (error) => showError(withServerMessage(t('tausch.meldung.rueckzugFehler'), error)),
        }),
    );

  const refreshing = angebote.isFetching || assignments.isFetching;
  const aktualisieren = () => {
    void angebote.refetch();
    void assignments.refetch();
  };

  let content: ReactNode;
  if (keineGruppe) {
    content = (
      <section className="card wd-card wd-notice" aria-label={t('allgemein.hinweis')}>
        <p className="wd-notice__title">{t('allgemein.keineGruppe')}</p>
        <p className="wd-notice__text">{t('tausch.keineGruppeText')}</p>
      </section>
    );
  } else if (angebote.data && assignments.data) {
    content = (
      <div className="tausch-page">
        {nurLesend && <NurLesenHinweis />}
        <TauschAngeboteList
          angebote={fremde}
          onAnnehmen={nurLesend ? undefined : setAnnehmen}
          onUebernehmen={nurLesend ? undefined : uebernehmen}
          beschaeftigt={tauschAnnehmen.isPending}
        />
        <MeineAnfragenList
          anfragen={eigene}
          zurueckziehend={tauschZurueckziehen.isPending ? (tauschZurueckziehen.variables ?? null) : null}
          onZurueckziehen={nurLesend ? undefined : zurueckziehen}
        />
      </div>
    );
  } else if (loadError) {
    content = (
      <LadeFehlerKarte
        titel={t('tausch.ladeFehlerTitel')}
        hinweis={t('allgemein.hinweis')}
        erneut={t('allgemein.erneutVersuchen')}
        onErneut={aktualisieren}
      />
    );
  } else {
    content = <LadePanel text={t('tausch.laden')} />;
  }

  return (
    <PageLayout
      title={t('tausch.titel')}
      subtitle={gruppe ? t('tausch.untertitel', { gruppe: gruppe.gruppenName }) : undefined}
      backToDashboard
      actions={
        keineGruppe ? undefined : (
          <>
            {!nurLesend && (
              <button type="button" className="btn btn--on-dark-solid" onClick={() => setNeuOffen(true)} disabled={!assignments.data}>
                {t('tausch.neuAnbieten')}
              </button>
            )}
            <button type="button" className="btn btn--on-dark" onClick={aktualisieren} aria-busy={refreshing}>
              <RefreshIcon spinning={refreshing} />
              {t('tausch.aktualisieren')}
            </button>
          </>
        )
      }
    >
      {content}
      {!nurLesend && (
        <>
          <NeuerTauschDialog
            open={neuOffen}
            onClose={() => setNeuOffen(false)}
            angebotbar={angebotbar}
            pending={tauschAnbieten.isPending}
            onSubmit={erstellen}
          />
          <TauschAnnehmenDialog
            angebot={annehmen}
            onClose={() => setAnnehmen(null)}
            angebotbar={angebotbar}
            pending={tauschAnnehmen.isPending}
            onSubmit={bestaetigen}
          />
          {frageDialog}
        </>
      )}
      <Toast toast={toast} onDismiss={dismiss} durationMs={TOAST_MS} />
    </PageLayout>
  );
}

function RefreshIcon({ spinning }: { spinning: boolean }) {
  return (
    <LinienIcon className={`refresh-icon${spinning ? ' refresh-icon--spinning' : ''}`} strokeWidth={2.2}>
      <path d="M20 11a8 8 0 0 0-14.3-4.9L4 8" />
      <path d="M4 3v5h5" />
      <path d="M4 13a8 8 0 0 0 14.3 4.9L20 16" />
      <path d="M20 21v-5h-5" />
    </LinienIcon>
  );
}
