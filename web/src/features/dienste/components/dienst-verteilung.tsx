import type { ElternDto } from '@waldkita/domain/auth/login';
import { WASSERDIENST_ID } from '@waldkita/domain/dienste/dienstart';
import { zahl } from '@waldkita/domain/i18n/datum';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSprache } from '@/hooks/use-sprache';
import type { Dienstart } from '@/lib/dienste-api';
import { serverMessage } from '@/lib/error-message';
import { isAdmin } from '@/lib/roles';
import { useDienstVerteilung, useGruppenKurz } from '../api/get-verteilung';
import type { DienstVerteilung } from '../api/types';

/**
 * 'Verteilung' of any kind: the kind is chosen above the table; every family of the group (or of
 * the whole kindergarten, for a kind of the whole Kita) with its dates done, planned, the total and
 * its share. The signed-in family's row says '(Sie)'. Admins choose the group of a kind per group.
 */
export function DienstVerteilungSection({ user, arten }: { user: ElternDto; arten: readonly Dienstart[] }) {
  const titelId = useId();
  const { t } = useTranslation();
  const artId = useId();
  const gruppeSelectId = useId();
  const admin = isAdmin(user);
  const [gewaehlt, setGewaehlt] = useState<string | null>(null);
  const art = arten.find((a) => a.id === gewaehlt) ?? arten.find((a) => a.id === WASSERDIENST_ID) ?? arten[0] ?? null;
  const jeGruppe = art?.bereich !== 'kita';
  const gruppen = useGruppenKurz({ enabled: admin });
  const [gruppeGewaehlt, setGruppeGewaehlt] = useState<string | null>(null);
  const gruppeId = admin && jeGruppe ? (gruppeGewaehlt ?? user.gruppe?.gruppenID ?? gruppen.data?.[0]?.gruppenID ?? null) : null;
  const verteilung = useDienstVerteilung({
    dienstartId: art?.id ?? null,
    gruppeId,
    enabled: art !== null && (!admin || !jeGruppe || gruppeId !== null),
  });

  let inhalt: ReactNode;
  if (verteilung.data) {
    inhalt =
      verteilung.data.length === 0 ? (
        <p className="wd-empty">{t('dienste.verteilung.keine')}</p>
      ) : (
        <VerteilungTabelle zeilen={verteilung.data} eigeneId={user.id} titelId={titelId} />
      );
  } else if (verteilung.error) {
    inhalt = (
      <p className="wd-empty" role="alert">
        {serverMessage(verteilung.error) ?? t('dienste.verteilung.fehler')}
      </p>
    );
  } else {
    inhalt = (
      <div className="loading-panel ds-verteilung__laden" role="status">
        <span className="spinner" aria-hidden="true" />
        <p>{t('dienste.verteilung.laden')}</p>
      </div>
    );
  }

  return (
    <section className="card wd-card ds-verteilung" aria-labelledby={titelId} aria-busy={verteilung.isFetching}>
      <div className="ds-verteilung__kopf">
        <h2 id={titelId} className="wd-card__title">
          {t('dienste.verteilung.titel')}
        </h2>
        <div className="ds-verteilung__auswahl">
          <div className="field">
            <label className="field__label" htmlFor={artId}>
              {t('dienste.verteilung.dienstart')}
            </label>
            <select id={artId} className="input select" value={art?.id ?? ''} onChange={(event) => setGewaehlt(event.target.value)}>
              {arten.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
          </div>
          {admin && jeGruppe && (gruppen.data?.length ?? 0) > 0 && (
            <div className="field">
              <label className="field__label" htmlFor={gruppeSelectId}>
                {t('dienste.verteilung.gruppe')}
              </label>
              <select
                id={gruppeSelectId}
                className="input select"
                value={gruppeId ?? ''}
                onChange={(event) => setGruppeGewaehlt(event.target.value)}
              >
                {gruppen.data?.map((g) => (
                  <option key={g.gruppenID} value={g.gruppenID}>
                    {g.gruppenName}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
      </div>
      <p className="ds-verteilung__hinweis text-muted">
        {art?.bereich === 'kita'
          ? t('dienste.verteilung.hinweisKita', { dienstart: art.name })
          : t('dienste.verteilung.hinweisGruppe', { dienstart: art?.name ?? t('dienste.verteilung.dienste') })}
      </p>
      {inhalt}
    </section>
  );
}

function VerteilungTabelle({ zeilen, eigeneId, titelId }: { zeilen: readonly DienstVerteilung[]; eigeneId: string; titelId: string }) {
  const { t } = useTranslation();
  const sprache = useSprache();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus (WCAG 2.1.1)
    <div className="data-table__scroll" tabIndex={0}>
      <table className="data-table ds-verteilung__tabelle" aria-labelledby={titelId}>
        <thead>
          <tr>
            <th scope="col">{t('dienste.verteilung.familie')}</th>
            <th scope="col" className="ds-zahl">
              {t('dienste.verteilung.geleistet')}
            </th>
            <th scope="col" className="ds-zahl">
              {t('dienste.verteilung.geplant')}
            </th>
            <th scope="col" className="ds-zahl">
              {t('dienste.verteilung.gesamt')}
            </th>
            <th scope="col" className="ds-zahl">
              {t('dienste.verteilung.anteil')}
            </th>
          </tr>
        </thead>
        <tbody>
          {zeilen.map((z) => {
            const eigene = z.elternId === eigeneId;
            return (
              <tr key={z.elternId} className={eigene ? 'ds-verteilung__eigene' : undefined} aria-current={eigene ? 'true' : undefined}>
                <th scope="row">
                  {z.nachname}
                  {eigene && <span className="ds-verteilung__sie"> ({t('dienste.verteilung.sie')})</span>}
                </th>
                <td className="ds-zahl">{z.geleistet}</td>
                <td className="ds-zahl">{z.geplant}</td>
                <td className="ds-zahl">{z.geleistet + z.geplant}</td>
                <td className="ds-zahl">{zahl(z.anteil, sprache)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
