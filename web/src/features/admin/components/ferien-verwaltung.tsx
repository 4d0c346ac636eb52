import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type Frage, useBestaetigung } from '@/components/bestaetigung';
import { withServerMessage } from '@/lib/error-message';
import { type FerienLoeschung, useConfirmFerien, useDeleteFerien } from '../api/ferien';
import type { FerienStatus, FerienUebersicht } from '../api/types';
import { ferienartGeloescht, MELDUNG } from '../utils/texte';
import { FerienFormular } from './ferien-formular';
import { FerienStatusBanner } from './ferien-status-banner';
import { FerienUebersichtListe } from './ferien-uebersicht-liste';
import type { Melder } from './melder';

type FerienVerwaltungProps = {
  status: UseQueryResult<FerienStatus>;
  uebersicht: UseQueryResult<FerienUebersicht>;
  melder: Melder;
};

/**
 * 'Ferientermine verwalten' (docs/produkt.md §2, §4): whether the holidays are confirmed, adding a holiday
 * range, the overview by year and type with deleting (each deletion asks first), and the one-way
 * confirmation.
 */
export function FerienVerwaltung({ status, uebersicht, melder }: FerienVerwaltungProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const confirm = useConfirmFerien();
  const remove = useDeleteFerien();
  const bestaetigung = useBestaetigung();

  const bestaetigen = () =>
    bestaetigung.fragen(
      {
        titel: t('admin.ferien.bestaetigenTitel'),
        text: t(MELDUNG.ferienBestaetigenFrage),
        bestaetigen: t('admin.ferien.bestaetigenKnopf'),
        gefaehrlich: false,
      },
      () =>
        confirm.mutate(undefined, {
          onSuccess: () => melder.erfolg(t(MELDUNG.ferienBestaetigt)),
          onError: (error) => melder.fehler(withServerMessage(t(MELDUNG.bestaetigFehler), error)),
        }),
    );

  const loeschen = (loeschung: FerienLoeschung, frage: Frage) =>
    bestaetigung.fragen(frage, () =>
      remove.mutate(loeschung, {
        onSuccess: () =>
          melder.erfolg(
            loeschung.art === 'woche'
              ? t(MELDUNG.ferienwocheGeloescht)
              : loeschung.art === 'tag'
                ? t(MELDUNG.ferientagGeloescht)
                : ferienartGeloescht(loeschung.holidayType, t),
          ),
        onError: (error) => melder.fehler(withServerMessage(t(MELDUNG.loeschFehler), error)),
      }),
    );

  const loeschend = remove.isPending ? remove.variables : undefined;

  return (
    <section id="ferien" className="card ad-section" aria-labelledby={titleId}>
      <div className="ad-section__head">
        <div className="ad-section__titles">
          <h2 id={titleId} className="ad-section__title">
            {t('admin.ferien.titel')}
          </h2>
          <p className="text-muted">{t('admin.ferien.untertitel')}</p>
        </div>
      </div>
      <FerienStatusBanner status={status} pending={confirm.isPending} onBestaetigen={bestaetigen} />
      <div className="ad-ferien">
        <FerienFormular melder={melder} />
        <FerienUebersichtListe uebersicht={uebersicht} loeschend={loeschend} onLoeschen={loeschen} />
      </div>
      {bestaetigung.dialog}
    </section>
  );
}
