import { datumKurz } from '@waldkita/domain/i18n/datum';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LadePanel } from '@/components/lade-zustand';
import { useSprache } from '@/hooks/use-sprache';
import type { Zuweisung } from '@/lib/wasserdienst-api';

/**
 * 'Meine Wasserdienste:' — the family's own weeks with the Friday of each (docs/produkt.md §2).
 * `null` while they load: the card with its heading and the loading panel in it, the screen's
 * first frame (src/rahmen), so the heading stands where it will stay.
 */
export function MeineWasserdiensteTable({ zuweisungen }: { zuweisungen: readonly Zuweisung[] | null }) {
  const titleId = useId();
  const { t } = useTranslation();
  const sprache = useSprache();
  return (
    <section className="card wd-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="wd-card__title">
        {t('wasserdienst.meine.titel')}
      </h2>
      {zuweisungen === null ? (
        <LadePanel text={t('wasserdienst.laden')} />
      ) : zuweisungen.length === 0 ? (
        <p className="wd-empty">{t('wasserdienst.meine.keine')}</p>
      ) : (
        <div className="data-table__scroll">
          <table className="data-table" aria-labelledby={titleId}>
            <thead>
              <tr>
                <th scope="col">{t('wasserdienst.meine.kalenderwoche')}</th>
                <th scope="col">{t('wasserdienst.meine.datum')}</th>
              </tr>
            </thead>
            <tbody>
              {zuweisungen.map((zuweisung) => (
                <tr key={zuweisung.id}>
                  <td>{t('wasserdienst.kwMitJahr', { kw: String(zuweisung.kalenderwoche), jahr: String(zuweisung.jahr) })}</td>
                  <td>{datumKurz(zuweisung.freitag, sprache)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
