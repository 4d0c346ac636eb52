import type { ElternDto } from '@waldkita/domain/auth/antworten';
import { istAdmin } from '@waldkita/domain/eltern/eltern';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuswahlFeld } from '@/components/feld';
import { LadePanel } from '@/components/lade-zustand';
import { VerteilungTabelle } from '@/components/verteilung-tabelle';
import { serverMessage } from '@/lib/error-message';
import { rollenVon } from '@/lib/roles';
import { useGruppen, useVerteilung } from '../api/get-verteilung';
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
  const admin = istAdmin(rollenVon(user));
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
        <VerteilungTabelle
          zeilen={verteilung.data}
          eigeneId={user.id}
          titelId={titleId}
          texte={{
            familie: t('wasserdienst.verteilung.familie'),
            geleistet: t('wasserdienst.verteilung.geleistet'),
            geplant: t('wasserdienst.verteilung.geplant'),
            gesamt: t('wasserdienst.verteilung.gesamt'),
            anteil: t('wasserdienst.verteilung.anteil'),
            sie: t('wasserdienst.verteilung.sie'),
          }}
        />
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
    inhalt = <LadePanel text={t('wasserdienst.verteilung.laden')} className="wd-verteilung__laden" />;
  }

  return (
    <section className="card wd-card wd-verteilung" aria-labelledby={titleId} aria-busy={verteilung.isFetching}>
      <div className="verteilung-kopf">
        <h2 id={titleId} className="wd-card__title">
          {t('wasserdienst.verteilung.titel')}
        </h2>
        {admin && (gruppen.data?.length ?? 0) > 0 && (
          <AuswahlFeld
            feldClassName="wd-verteilung__gruppe"
            label={t('wasserdienst.verteilung.gruppe')}
            id={selectId}
            value={gruppeId ?? ''}
            onChange={(event) => setGewaehlt(event.target.value)}
          >
            {gruppen.data?.map((gruppe) => (
              <option key={gruppe.gruppenID} value={gruppe.gruppenID}>
                {gruppe.gruppenName}
              </option>
            ))}
          </AuswahlFeld>
        )}
      </div>
      <p className="verteilung-hinweis text-muted">{t('wasserdienst.verteilung.hinweis')}</p>
      {inhalt}
    </section>
  );
}
