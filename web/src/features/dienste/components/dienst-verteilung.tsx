import type { ElternDto } from '@waldkita/domain/auth/antworten';
import { WASSERDIENST_ID } from '@waldkita/domain/dienste/dienstart';
import { istAdmin } from '@waldkita/domain/eltern/eltern';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuswahlFeld } from '@/components/feld';
import { LadePanel } from '@/components/lade-zustand';
import { VerteilungTabelle } from '@/components/verteilung-tabelle';
import type { Dienstart } from '@/lib/dienste-api';
import { serverMessage } from '@/lib/error-message';
import { rollenVon } from '@/lib/roles';
import { useDienstVerteilung, useGruppenKurz } from '../api/get-verteilung';

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
  const admin = istAdmin(rollenVon(user));
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
        <VerteilungTabelle
          zeilen={verteilung.data}
          eigeneId={user.id}
          titelId={titelId}
          texte={{
            familie: t('dienste.verteilung.familie'),
            geleistet: t('dienste.verteilung.geleistet'),
            geplant: t('dienste.verteilung.geplant'),
            gesamt: t('dienste.verteilung.gesamt'),
            anteil: t('dienste.verteilung.anteil'),
            sie: `(${t('dienste.verteilung.sie')})`,
          }}
        />
      );
  } else if (verteilung.error) {
    inhalt = (
      <p className="wd-empty" role="alert">
        {serverMessage(verteilung.error) ?? t('dienste.verteilung.fehler')}
      </p>
    );
  } else {
    inhalt = <LadePanel text={t('dienste.verteilung.laden')} className="ds-verteilung__laden" />;
  }

  return (
    <section className="card wd-card ds-verteilung" aria-labelledby={titelId} aria-busy={verteilung.isFetching}>
      <div className="verteilung-kopf">
        <h2 id={titelId} className="wd-card__title">
          {t('dienste.verteilung.titel')}
        </h2>
        <div className="ds-verteilung__auswahl">
          <AuswahlFeld
            label={t('dienste.verteilung.dienstart')}
            id={artId}
            value={art?.id ?? ''}
            onChange={(event) => setGewaehlt(event.target.value)}
          >
            {arten.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </AuswahlFeld>
          {admin && jeGruppe && (gruppen.data?.length ?? 0) > 0 && (
            <AuswahlFeld
              label={t('dienste.verteilung.gruppe')}
              id={gruppeSelectId}
              value={gruppeId ?? ''}
              onChange={(event) => setGruppeGewaehlt(event.target.value)}
            >
              {gruppen.data?.map((g) => (
                <option key={g.gruppenID} value={g.gruppenID}>
                  {g.gruppenName}
                </option>
              ))}
            </AuswahlFeld>
          )}
        </div>
      </div>
      <p className="verteilung-hinweis text-muted">
        {art?.bereich === 'kita'
          ? t('dienste.verteilung.hinweisKita', { dienstart: art.name })
          : t('dienste.verteilung.hinweisGruppe', { dienstart: art?.name ?? t('dienste.verteilung.dienste') })}
      </p>
      {inhalt}
    </section>
  );
}
