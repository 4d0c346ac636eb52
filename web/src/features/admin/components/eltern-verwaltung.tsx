import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode, useId, useMemo, useState } from 'react';
import { withServerMessage } from '@/lib/error-message';
import { useCreateEltern, useDeleteEltern, useSetzePasswort, useSetzePruefer } from '../api/eltern';
import type { AdminEltern, AdminGruppe, NeuerElternteil } from '../api/types';
import { istAdminEintrag, nachGruppe } from '../utils/gruppieren';
import { elternAngelegt, elternGeloescht, istPrueferEintrag, loeschenFrage, MELDUNG, prueferGeaendert } from '../utils/texte';
import { KeyIcon, LockIcon, TrashIcon } from './icons';
import { LadeFehler } from './lade-fehler';
import type { Melder } from './melder';
import { NeuerElternteilDialog } from './neuer-elternteil-dialog';
import { PasswortSetzenDialog } from './passwort-setzen-dialog';

type ElternVerwaltungProps = {
  eltern: UseQueryResult<AdminEltern[]>;
  gruppen: UseQueryResult<AdminGruppe[]>;
  melder: Melder;
  /** The screen's toast; shown inside the dialog while it is open (the rest of the page is inert then). */
  toast: ReactNode;
};

/** 'Eltern Verwaltung' (SPEC.md §2): parents by group, deleting a family, setting its password, and '+ Neuer Elternteil'. */
export function ElternVerwaltung({ eltern, gruppen, melder, toast }: ElternVerwaltungProps) {
  const titleId = useId();
  const [dialogOffen, setDialogOffen] = useState(false);
  const create = useCreateEltern();
  const remove = useDeleteEltern();
  const pruefer = useSetzePruefer();
  const passwort = useSetzePasswort();
  const [passwortFuer, setPasswortFuer] = useState<AdminEltern | null>(null);
  const gruppiert = useMemo(() => nachGruppe(eltern.data ?? []), [eltern.data]);

  const oeffnen = (offen: boolean) => {
    setDialogOffen(offen);
    melder.dialog('eltern', offen);
  };

  const passwortDialog = (e: AdminEltern | null) => {
    setPasswortFuer(e);
    melder.dialog('passwort', e !== null);
  };

  const passwortSetzen = (neu: string) => {
    if (!passwortFuer) return;
    passwort.mutate(
      { eltern: passwortFuer, passwort: neu },
      {
        onSuccess: (antwort) => {
          passwortDialog(null);
          melder.erfolg(typeof antwort === 'string' && antwort.trim() ? antwort.trim() : MELDUNG.passwortGesetzt);
        },
        // The dialog stays open with what was typed; the toast moves into it.
        onError: (error) => melder.fehler(withServerMessage(MELDUNG.passwortFehler, error)),
      },
    );
  };

  const anlegen = (input: NeuerElternteil) =>
    create.mutate(input, {
      onSuccess: (antwort) => {
        oeffnen(false);
        melder.erfolg(elternAngelegt(antwort?.nachname || input.nachname));
      },
      // The dialog stays open, so a taken e-mail can be corrected.
      onError: (error) => melder.fehler(withServerMessage(MELDUNG.erstellFehler, error)),
    });

  const loeschen = (e: AdminEltern) => {
    if (istAdminEintrag(e)) {
      melder.fehler(MELDUNG.adminGeschuetzt);
      return;
    }
    if (!window.confirm(loeschenFrage(e.nachname, e.email))) return;
    remove.mutate(e, {
      onSuccess: (antwort) => melder.erfolg(elternGeloescht(e.nachname, antwort?.freigegebeneWochen ?? [])),
      onError: (error) => melder.fehler(withServerMessage(MELDUNG.loeschFehler, error)),
    });
  };

  // What was asked for shows at once and stays until the list is read again (or the change failed).
  const [gewuenscht, setGewuenscht] = useState<ReadonlyMap<string, boolean>>(() => new Map());
  const setzePruefer = (e: AdminEltern, neu: boolean) => {
    setGewuenscht((alt) => new Map(alt).set(e.id, neu));
    // mutateAsync: every call settles on its own, also when the admin switches several families quickly.
    pruefer
      .mutateAsync({ eltern: e, pruefer: neu })
      .then(
        () => melder.erfolg(prueferGeaendert(e.nachname, neu)),
        (error: unknown) => melder.fehler(withServerMessage(MELDUNG.rolleFehler, error)),
      )
      .finally(() =>
        setGewuenscht((alt) => {
          const ohne = new Map(alt);
          ohne.delete(e.id);
          return ohne;
        }),
      );
  };

  const loeschend = remove.isPending ? remove.variables?.id : undefined;
  const anzahl = eltern.data?.length ?? 0;

  let inhalt: ReactNode;
  if (eltern.data) {
    inhalt =
      anzahl === 0 ? (
        <p className="empty-note">{MELDUNG.keineEltern}</p>
      ) : (
        <div className="ad-gruppen">
          {gruppiert.map((gruppe) => (
            <ElternGruppeListe
              key={gruppe.name}
              name={gruppe.name}
              eltern={gruppe.eltern}
              loeschend={loeschend}
              onLoeschen={loeschen}
              gewuenscht={gewuenscht}
              onPruefer={setzePruefer}
              onPasswort={passwortDialog}
            />
          ))}
        </div>
      );
  } else if (eltern.isError) {
    inhalt = <LadeFehler text="Die Eltern konnten nicht geladen werden." onErneut={() => void eltern.refetch()} />;
  } else {
    inhalt = (
      <p className="text-muted" role="status">
        Lade Eltern...
      </p>
    );
  }

  return (
    <section id="eltern" className="card ad-section" aria-labelledby={titleId}>
      <div className="ad-section__head">
        <div className="ad-section__titles">
          <h2 id={titleId} className="ad-section__title">
            Eltern Verwaltung
          </h2>
          {eltern.data && anzahl > 0 && <p className="text-muted">{anzahl === 1 ? '1 Eintrag' : `${anzahl} Einträge`}</p>}
        </div>
        <button type="button" className="btn btn--primary" onClick={() => oeffnen(true)}>
          + Neuer Elternteil
        </button>
      </div>
      {inhalt}
      <NeuerElternteilDialog
        open={dialogOffen}
        onClose={() => oeffnen(false)}
        gruppen={gruppen.data ?? []}
        gruppenFehler={gruppen.isError}
        pending={create.isPending}
        onSubmit={anlegen}
        toast={dialogOffen ? toast : null}
      />
      <PasswortSetzenDialog
        eltern={passwortFuer}
        onClose={() => passwortDialog(null)}
        pending={passwort.isPending}
        onSubmit={passwortSetzen}
        toast={passwortFuer ? toast : null}
      />
    </section>
  );
}

type ElternGruppeListeProps = {
  name: string;
  eltern: AdminEltern[];
  loeschend: string | undefined;
  onLoeschen: (eltern: AdminEltern) => void;
  /** Auditor switches changed just now, by family id, until the list is read again. */
  gewuenscht: ReadonlyMap<string, boolean>;
  onPruefer: (eltern: AdminEltern, pruefer: boolean) => void;
  onPasswort: (eltern: AdminEltern) => void;
};

function ElternGruppeListe({ name, eltern, loeschend, onLoeschen, gewuenscht, onPruefer, onPasswort }: ElternGruppeListeProps) {
  const titleId = useId();
  return (
    <section className="ad-gruppe" aria-labelledby={titleId}>
      <h3 id={titleId} className="ad-gruppe__title">
        {name} <span className="ad-gruppe__count">({eltern.length})</span>
      </h3>
      <ul className="ad-eltern">
        {eltern.map((e) => {
          const admin = istAdminEintrag(e);
          return (
            <li key={e.id} className="ad-eltern__item">
              <div className="ad-eltern__text">
                <p className="ad-eltern__name">
                  <span>{e.nachname || '—'}</span>
                  {admin && <span className="badge ad-badge-admin">Admin</span>}
                </p>
                {e.nameKind && <p className="ad-eltern__meta">Kind: {e.nameKind}</p>}
                <p className="ad-eltern__meta ad-eltern__email">
                  <EmailMitUmbruch email={e.email} />
                </p>
              </div>
              {admin ? (
                <span className="ad-geschuetzt" title={MELDUNG.adminGeschuetzt}>
                  <LockIcon />
                  Geschützt
                </span>
              ) : (
                <div className="ad-eltern__aktionen">
                  <label className="ad-pruefer">
                    <input
                      type="checkbox"
                      checked={gewuenscht.get(e.id) ?? istPrueferEintrag(e)}
                      aria-busy={gewuenscht.has(e.id)}
                      onChange={(event) => onPruefer(e, event.target.checked)}
                    />
                    <span>
                      <span className="visually-hidden">Familie {e.nachname}: </span>Prüfer (Verlauf)
                    </span>
                  </label>
                  {/* The two buttons keep together: below the switch when the row is too narrow for all three. */}
                  <div className="ad-eltern__knoepfe">
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
                      disabled={loeschend === e.id}
                      onClick={() => onLoeschen(e)}
                    >
                      <TrashIcon />
                      {loeschend === e.id ? 'Wird gelöscht...' : 'Löschen'}
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
