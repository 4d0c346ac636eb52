import type { ElternDto } from '@waldkita/domain/auth/antworten';
import type { IsoWoche } from '@waldkita/domain/kalender/iso-woche';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBestaetigung } from '@/components/bestaetigung';
import { LadeFehlerKarte, LadePanel } from '@/components/lade-zustand';
import { istNurLesend, NurLesenHinweis } from '@/components/nur-lesen';
import { PageLayout } from '@/components/page-layout';
import { Toast } from '@/components/toast';
import { useToast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { withServerMessage } from '@/lib/error-message';
import { istFamilie } from '@/lib/roles';
import { useCreateAbwesenheit } from '../api/create-abwesenheit';
import { useDeleteAbwesenheit } from '../api/delete-abwesenheit';
import { useAbwesenheiten } from '../api/get-abwesenheiten';
import { useCreationInfo } from '../api/get-creation-info';
import type { Abwesenheit } from '../api/types';
import { fristAus } from '../utils/frist';
import { nachJahr } from '../utils/nach-jahr';
import { kwText, TOAST_MS } from '../utils/texte';
import { AbwesenheitList } from './abwesenheit-list';
import { FristBanner } from './frist-banner';
import { NeueAbwesenheitDialog } from './neue-abwesenheit-dialog';
import '../abwesenheit.css';

/**
 * /abwesenheit (docs/produkt.md §2 Abwesenheiten): the deadline banner, the family's absences by year, the
 * dialog to report a week and deleting one after a confirmation. A read-only family (an auditor)
 * sees its absences without any button that would write.
 */
export function AbwesenheitPage({ user }: { user: ElternDto }) {
  const hinweisId = useId();
  const { t } = useTranslation();
  const nurLesend = istNurLesend(user);
  const { toast, showSuccess, showError, dismiss } = useToast();
  const [dialogOffen, setDialogOffen] = useState(false);
  const { fragen, dialog: frageDialog } = useBestaetigung();

  const liste = useAbwesenheiten();
  const info = useCreationInfo();
  const create = useCreateAbwesenheit();
  const remove = useDeleteAbwesenheit();

  const frist = useMemo(() => fristAus(info.data), [info.data]);
  const fristBekannt = Boolean(info.data);
  const abgelaufen = !frist.kannErstellen;
  const gruppen = useMemo(() => nachJahr(liste.data ?? []), [liste.data]);

  // A refused session (401) is ended by the API client; the route gate takes over from there.
  const ladeFehler = liste.error && !(liste.error instanceof ApiError && liste.error.status === 401) ? liste.error : null;
  useEffect(() => {
    if (ladeFehler) showError(withServerMessage(t('abwesenheit.meldung.ladeFehler'), ladeFehler));
  }, [ladeFehler, showError, t]);

  const oeffnen = () => {
    if (!abgelaufen) setDialogOffen(true);
  };

  const erstellen = (woche: IsoWoche) =>
    create.mutate(woche, {
      onSuccess: () => {
        setDialogOffen(false);
        showSuccess(t('abwesenheit.meldung.erstellt'));
      },
      // The dialog stays open, so the week can be corrected.
      onError: (error) => showError(withServerMessage(t('abwesenheit.meldung.erstellFehler'), error)),
    });

  // Asked in the app's dialog first, as every other confirmation.
  const loeschen = (abwesenheit: Abwesenheit) =>
    fragen(
      {
        titel: t('abwesenheit.loeschenFrage.titel'),
        text: <p>{t('abwesenheit.loeschenFrage.text', { woche: kwText(t, abwesenheit) })}</p>,
        bestaetigen: t('abwesenheit.loeschenFrage.bestaetigen'),
      },
      () =>
        remove.mutate(abwesenheit.abwesenheitID ?? abwesenheit.id, {
          onSuccess: () => showSuccess(t('abwesenheit.meldung.geloescht')),
          onError: (error) => showError(withServerMessage(t('abwesenheit.meldung.loeschFehler'), error)),
        }),
    );

  const toastElement = <Toast toast={toast} onDismiss={dismiss} durationMs={TOAST_MS} />;

  let content: ReactNode;
  if (liste.data) {
    content =
      gruppen.length === 0 ? (
        <section className="card aw-empty" aria-label={t('abwesenheit.leer.label')}>
          <p className="aw-empty__title">{t('abwesenheit.leer.titel')}</p>
          <p className="aw-empty__text">
            {nurLesend ? t('abwesenheit.leer.nurLesen') : abgelaufen ? t('abwesenheit.leer.abgelaufen') : t('abwesenheit.leer.text')}
          </p>
        </section>
      ) : (
        <AbwesenheitList
          gruppen={gruppen}
          loeschend={remove.isPending ? (remove.variables ?? null) : null}
          onLoeschen={nurLesend ? undefined : loeschen}
        />
      );
  } else if (ladeFehler) {
    content = (
      <LadeFehlerKarte
        titel={t('abwesenheit.ladeFehlerTitel')}
        hinweis={t('allgemein.hinweis')}
        erneut={t('allgemein.erneutVersuchen')}
        onErneut={() => void liste.refetch()}
        className="aw-empty"
        titelClassName="aw-empty__title"
      />
    );
  } else {
    content = <LadePanel text={t('abwesenheit.laden')} />;
  }

  return (
    <PageLayout
      title={t('abwesenheit.titel')}
      subtitle={untertitel(user, t)}
      backToDashboard
      actions={
        nurLesend ? undefined : (
          <>
            <button
              type="button"
              className="btn btn--on-dark-solid aw-new"
              aria-disabled={abgelaufen || undefined}
              title={abgelaufen ? t('abwesenheit.fristTooltip') : undefined}
              aria-describedby={abgelaufen ? hinweisId : undefined}
              onClick={oeffnen}
            >
              <span aria-hidden="true">+</span> {t('abwesenheit.neu')}
            </button>
            {abgelaufen && (
              <span id={hinweisId} hidden>
                {t('abwesenheit.fristTooltip')}
              </span>
            )}
          </>
        )
      }
    >
      <div className="aw-page">
        {/* The deadline is for reporting; a read-only family reports nothing. */}
        {nurLesend ? <NurLesenHinweis /> : <FristBanner frist={frist} bekannt={fristBekannt} />}
        {content}
      </div>
      {!nurLesend && (
        <NeueAbwesenheitDialog
          open={dialogOffen}
          onClose={() => setDialogOffen(false)}
          frist={frist}
          pending={create.isPending}
          onSubmit={erstellen}
          toast={dialogOffen ? toastElement : null}
        />
      )}
      {!nurLesend && frageDialog}
      {!dialogOffen && toastElement}
    </PageLayout>
  );
}

/**
 * 'Familie Fuchs' for a family; an account without a group and without a child (the
 * kindergarten's own admin account, named e.g. 'Leitung') is no family: 'Ihre Abwesenheiten'.
 */
function untertitel(user: ElternDto, t: TFunction): string {
  const nachname = user.nachname?.trim();
  return nachname && istFamilie(user) ? t('dashboard.familie', { nachname }) : t('abwesenheit.ihre');
}
