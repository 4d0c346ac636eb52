import { Fragment, useId } from 'react';
import type { AdminEltern } from '../api/types';
import { anteilText, STANDARD_ANTEIL } from '../utils/anteil';
import { istAdminEintrag } from '../utils/gruppieren';
import { istPrueferEintrag, MELDUNG } from '../utils/texte';
import { KeyIcon, LockIcon, PersonLoeschenIcon, RoleIcon, ShareIcon, TrashIcon } from './icons';

type ElternGruppeListeProps = {
  name: string;
  eltern: AdminEltern[];
  loeschend: string | undefined;
  /** The family whose personal data is being erased, if any. */
  personendatenLoeschend: string | undefined;
  onLoeschen: (eltern: AdminEltern) => void;
  onPersonendatenLoeschen: (eltern: AdminEltern) => void;
  onRolle: (eltern: AdminEltern) => void;
  onPasswort: (eltern: AdminEltern) => void;
  onAnteil: (eltern: AdminEltern) => void;
};

/** One group of 'Eltern Verwaltung': its families with their badges and action buttons (an admin's entry is protected). */
export function ElternGruppeListe({
  name,
  eltern,
  loeschend,
  personendatenLoeschend,
  onLoeschen,
  onPersonendatenLoeschen,
  onRolle,
  onPasswort,
  onAnteil,
}: ElternGruppeListeProps) {
  const titleId = useId();
  return (
    <section className="ad-gruppe" aria-labelledby={titleId}>
      <h3 id={titleId} className="ad-gruppe__title">
        {name} <span className="ad-gruppe__count">({eltern.length})</span>
      </h3>
      <ul className="ad-eltern">
        {eltern.map((e) => {
          const admin = istAdminEintrag(e);
          const anteil = e.anteil ?? STANDARD_ANTEIL;
          // Only families in a group are planned; an admin account in a group can be exempted too.
          const anteilKnopf = e.gruppe ? (
            <button
              type="button"
              className="btn btn--small btn--secondary"
              aria-label={`Anteil setzen für Familie ${e.nachname}`}
              onClick={() => onAnteil(e)}
            >
              <ShareIcon />
              Anteil setzen
            </button>
          ) : null;
          return (
            <li key={e.id} className="ad-eltern__item">
              <div className="ad-eltern__text">
                <p className="ad-eltern__name">
                  <span>{e.nachname || '—'}</span>
                  {admin && <span className="badge ad-badge-admin">Admin</span>}
                  {!admin && istPrueferEintrag(e) && <span className="badge ad-badge-pruefer">Prüfer (Verlauf)</span>}
                  {anteil !== STANDARD_ANTEIL && (
                    <span className={`badge ad-badge-anteil${anteil === 0 ? ' ad-badge-anteil--befreit' : ''}`}>{anteilText(anteil)}</span>
                  )}
                </p>
                {e.nameKind && <p className="ad-eltern__meta">Kind: {e.nameKind}</p>}
                <p className="ad-eltern__meta ad-eltern__email">
                  <EmailMitUmbruch email={e.email} />
                </p>
                {anteil !== STANDARD_ANTEIL && e.anteilGrund && <p className="ad-eltern__meta">Grund für den Anteil: {e.anteilGrund}</p>}
              </div>
              {admin ? (
                <div className="ad-eltern__aktionen">
                  {anteilKnopf}
                  <span className="ad-geschuetzt" title={MELDUNG.adminGeschuetzt}>
                    <LockIcon />
                    Geschützt
                  </span>
                </div>
              ) : (
                <div className="ad-eltern__aktionen">
                  <div className="ad-eltern__knoepfe">
                    {anteilKnopf}
                    <button
                      type="button"
                      className="btn btn--small btn--secondary"
                      aria-label={`Rolle ändern für Familie ${e.nachname}`}
                      onClick={() => onRolle(e)}
                    >
                      <RoleIcon />
                      Rolle ändern…
                    </button>
                    <button
                      type="button"
                      className="btn btn--small btn--secondary"
                      aria-label={`Passwort setzen für Familie ${e.nachname}`}
                      onClick={() => onPasswort(e)}
                    >
                      <KeyIcon />
                      Passwort setzen
                    </button>
                    <button
                      type="button"
                      className="btn btn--small btn--danger"
                      aria-label={`Familie ${e.nachname} löschen`}
                      disabled={loeschend === e.id || personendatenLoeschend === e.id}
                      onClick={() => onLoeschen(e)}
                    >
                      <TrashIcon />
                      {loeschend === e.id ? 'Wird gelöscht...' : 'Löschen'}
                    </button>
                    <button
                      type="button"
                      className="btn btn--small btn--danger"
                      aria-label={`Personendaten löschen für Familie ${e.nachname}`}
                      disabled={loeschend === e.id || personendatenLoeschend === e.id}
                      onClick={() => onPersonendatenLoeschen(e)}
                    >
                      <PersonLoeschenIcon />
                      {personendatenLoeschend === e.id ? 'Wird gelöscht...' : 'Personendaten löschen'}
                    </button>
                  </div>
                </div>
              )}
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
  return (
    <>
      {teile.map((teil, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {teil}
        </Fragment>
      ))}
    </>
  );
}
