import type { ElternDto } from '@waldkita/domain/auth/login';
import { zahl } from '@waldkita/domain/i18n/datum';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSprache } from '@/hooks/use-sprache';
import { serverMessage } from '@/lib/error-message';
import { isAdmin } from '@/lib/roles';
import { useGruppen, useVerteilung } from '../api/get-verteilung';
import type { Verteilung } from '../api/types';
import '../wasserdienst.css';

/**
 * 'Verteilung' (issue 17): every family of the group with its duties of the season done so far,
 * still planned, the total and its share; the signed-in family's row says '(Sie)'. Admins choose
 * the group. While the numbers load, the section keeps the height of a table, so nothing moves.
 */
export function VerteilungSection({ user }: { user: ElternDto }) {
  const titleId = useId();
  const selectId = useId();
  const { t } = useTranslation();
  const admin = isAdmin(user);
  const gruppen = useGruppen({ enabled: admin });
  const [gewaehlt, setGewaehlt] = useState<string | null>(null);
  // Admins: the chosen group, else their own, else the first one; parents: always their own.
  const gruppeId = admin ? (gewaehlt ?? user.gruppe?.gruppenID ?? gruppen.data?.[0]?.gruppenID ?? null) : null;
  const verteilung = useVerteilung({ gruppeId, enabled: !admin || gruppeId !== null });
  const wartetAufGruppen = admin && gruppeId === null && gruppen.isPending;

  let inhalt: ReactNode;
  if (verteilung.data) {
    inhalt =
      verteilung.data.length === 0 ? (
        <p className="wd-empty">{t('wasserdienst.verteilung.keineFamilien')}</p>
      ) : (
        <VerteilungTable zeilen={verteilung.data} eigeneId={user.id} titleId={titleId} />
      );
  } else if (verteilung.error || gruppen.error) {
    inhalt = (
      <p className="wd-empty" role="alert">
        {serverMessage(verteilung.error ?? gruppen.error) ?? t('wasserdienst.verteilung.ladeFehler')}
      </p>
    );
  } else if (admin && gruppeId === null && !wartetAufGruppen) {
    inhalt = <p className="wd-empty">{t('wasserdienst.verteilung.keineGruppe')}</p>;
  } else {
    inhalt = (
      <div className="loading-panel wd-verteilung__laden" role="status">
        <span className="spinner" aria-hidden="true" />
        <p>{t('wasserdienst.verteilung.laden')}</p>
      </div>
    );
  }

  return (
    <section className="card wd-card wd-verteilung" aria-labelledby={titleId} aria-busy={verteilung.isFetching}>
      <div className="wd-verteilung__kopf">
        <h2 id={titleId} className="wd-card__title">
          {t('wasserdienst.verteilung.titel')}
        </h2>
        {admin && (gruppen.data?.length ?? 0) > 0 && (
          <div className="field wd-verteilung__gruppe">
            <label className="field__label" htmlFor={selectId}>
              {t('wasserdienst.verteilung.gruppe')}
            </label>
            <select id={selectId} className="input select" value={gruppeId ?? ''} onChange={(event) => setGewaehlt(event.target.value)}>
              {gruppen.data?.map((gruppe) => (
                <option key={gruppe.gruppenID} value={gruppe.gruppenID}>
                  {gruppe.gruppenName}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <p className="wd-verteilung__hinweis text-muted">{t('wasserdienst.verteilung.hinweis')}</p>
      {inhalt}
    </section>
  );
}

function VerteilungTable({ zeilen, eigeneId, titleId }: { zeilen: readonly Verteilung[]; eigeneId: string; titleId: string }) {
  const { t } = useTranslation();
  const sprache = useSprache();
  return (
    // Reachable by keyboard, should a very narrow screen need to scroll the table sideways.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus (WCAG 2.1.1)
    <div className="data-table__scroll" tabIndex={0}>
      <table className="data-table wd-verteilung__table" aria-labelledby={titleId}>
        <thead>
          <tr>
            <th scope="col">{t('wasserdienst.verteilung.familie')}</th>
            <th scope="col" className="wd-verteilung__zahl">
              {t('wasserdienst.verteilung.geleistet')}
            </th>
            <th scope="col" className="wd-verteilung__zahl">
              {t('wasserdienst.verteilung.geplant')}
            </th>
            <th scope="col" className="wd-verteilung__zahl">
              {t('wasserdienst.verteilung.gesamt')}
            </th>
            <th scope="col" className="wd-verteilung__zahl">
              {t('wasserdienst.verteilung.anteil')}
            </th>
          </tr>
        </thead>
        <tbody>
          {zeilen.map((zeile) => {
            const eigene = zeile.elternId === eigeneId;
            return (
              <tr key={zeile.elternId} className={eigene ? 'wd-verteilung__eigene' : undefined} aria-current={eigene ? 'true' : undefined}>
                <th scope="row">
                  {zeile.nachname}
                  {eigene && <span className="wd-verteilung__sie"> {t('wasserdienst.verteilung.sie')}</span>}
                </th>
                <td className="wd-verteilung__zahl">{zeile.geleistet}</td>
                <td className="wd-verteilung__zahl">{zeile.geplant}</td>
                <td className="wd-verteilung__zahl">{zeile.geleistet + zeile.geplant}</td>
                <td className="wd-verteilung__zahl">{zahl(zeile.anteil, sprache)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
