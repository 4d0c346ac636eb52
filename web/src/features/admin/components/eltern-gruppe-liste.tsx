import { istAdmin } from '@waldkita/domain/eltern/eltern';
import { Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TrashIcon } from '@/components/icons';
import { rollenVon } from '@/lib/roles';
import type { AdminEltern } from '../api/types';
import { anteilText, STANDARD_ANTEIL } from '../utils/anteil';
import { istPrueferEintrag, MELDUNG } from '../utils/texte';
import { type Aktion, AktionenMenue } from './aktionen-menue';
import { KeyIcon, LockIcon, PersonLoeschenIcon, RoleIcon, ShareIcon } from './icons';

type ElternGruppeListeProps = {
  name: string;
  eltern: AdminEltern[];
  /** The group's families without the search; the heading reads '(2 von 12)' while a search leaves some out. */
  gesamt: number;
  loeschend: string | undefined;
  /** The family whose personal data is being erased, if any. */
  personendatenLoeschend: string | undefined;
  onLoeschen: (eltern: AdminEltern) => void;
  onPersonendatenLoeschen: (eltern: AdminEltern) => void;
  onRolle: (eltern: AdminEltern) => void;
  onPasswort: (eltern: AdminEltern) => void;
  onAnteil: (eltern: AdminEltern) => void;
};

/** One group of 'Eltern Verwaltung': its families with their badges and one actions menu each (an admin's entry is protected). */
export function ElternGruppeListe({
  name,
  eltern,
  gesamt,
  loeschend,
  personendatenLoeschend,
  onLoeschen,
  onPersonendatenLoeschen,
  onRolle,
  onPasswort,
  onAnteil,
}: ElternGruppeListeProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="ad-gruppe" aria-labelledby={titleId}>
      <h3 id={titleId} className="ad-gruppe__title">
        {name === MELDUNG.ohneGruppe ? t(MELDUNG.ohneGruppe) : name}{' '}
        <span className="ad-gruppe__count">
          ({eltern.length === gesamt ? gesamt : t('admin.eltern.anzahlVon', { anzahl: eltern.length, gesamt })})
        </span>
      </h3>
      <ul className="ad-eltern">
        {eltern.map((e) => {
          const admin = istAdmin(rollenVon(e));
          const anteil = e.anteil ?? STANDARD_ANTEIL;
          const wirdGeloescht = loeschend === e.id || personendatenLoeschend === e.id;
          const aktionen: Aktion[] = [];
          // Only families in a group are planned; an admin account in a group can be exempted too.
          if (e.gruppe)
            aktionen.push({
              text: t('admin.aktion.anteil'),
              name: t('admin.aktion.anteilName', { nachname: e.nachname }),
              icon: <ShareIcon />,
              ausfuehren: () => onAnteil(e),
            });
          if (!admin)
            aktionen.push(
              {
                text: t('admin.aktion.rolle'),
                name: t('admin.aktion.rolleName', { nachname: e.nachname }),
                icon: <RoleIcon />,
                ausfuehren: () => onRolle(e),
              },
              {
                text: t('admin.aktion.passwort'),
                name: t('admin.aktion.passwortName', { nachname: e.nachname }),
                icon: <KeyIcon />,
                ausfuehren: () => onPasswort(e),
              },
              {
                text: t('admin.aktion.loeschen'),
                name: t('admin.aktion.loeschenName', { nachname: e.nachname }),
                icon: <TrashIcon />,
                gefaehrlich: true,
                gesperrt: wirdGeloescht,
                ausfuehren: () => onLoeschen(e),
              },
              {
                text: t('admin.aktion.personendaten'),
                name: t('admin.aktion.personendatenName', { nachname: e.nachname }),
                icon: <PersonLoeschenIcon />,
                gefaehrlich: true,
                gesperrt: wirdGeloescht,
                ausfuehren: () => onPersonendatenLoeschen(e),
              },
            );
          const menue =
            aktionen.length > 0 ? (
              <AktionenMenue
                name={t('admin.aktion.menueName', { nachname: e.nachname })}
                aktionen={aktionen}
                laeuft={wirdGeloescht ? t('admin.wirdGeloescht') : undefined}
              />
            ) : null;
          return (
            <li key={e.id} className="ad-eltern__item">
              <div className="ad-eltern__text">
                <p className="ad-eltern__name">
                  <span>{e.nachname || '—'}</span>
                  {admin && <span className="badge ad-badge-admin">{t('admin.eltern.badgeAdmin')}</span>}
                  {!admin && istPrueferEintrag(e) && <span className="badge ad-badge-pruefer">{t('admin.rolle.pruefer')}</span>}
                  {anteil !== STANDARD_ANTEIL && (
                    <span className={`badge ad-badge-anteil${anteil === 0 ? ' ad-badge-anteil--befreit' : ''}`}>{anteilText(anteil)}</span>
                  )}
                </p>
                {e.nameKind && <p className="ad-eltern__meta">{t('admin.eltern.kind', { name: e.nameKind })}</p>}
                <p className="ad-eltern__meta ad-eltern__email">
                  <EmailMitUmbruch email={e.email} />
                </p>
                {anteil !== STANDARD_ANTEIL && e.anteilGrund && (
                  <p className="ad-eltern__meta">{t('admin.eltern.anteilGrund', { grund: e.anteilGrund })}</p>
                )}
              </div>
              <div className="ad-eltern__aktionen">
                {admin && (
                  <span className="ad-geschuetzt" title={t(MELDUNG.adminGeschuetzt)}>
                    <LockIcon />
                    {t('admin.eltern.geschuetzt')}
                  </span>
                )}
                {menue}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Lets a long address break after the '@' and before a dot rather than in the middle of a word. */
function EmailMitUmbruch({ email }: { email: string }) {
  const teile = email.split(/(?=\.)|(?<=@)/);
  // Left to right also in Arabic, so the dots stay where they belong.
  return (
    <bdi dir="ltr">
      {teile.map((teil, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {teil}
        </Fragment>
      ))}
    </bdi>
  );
}
