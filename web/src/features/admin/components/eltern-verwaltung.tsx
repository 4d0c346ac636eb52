import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode, useId, useMemo, useState } from 'react';
import { useBestaetigung } from '@/components/bestaetigung';
import { withServerMessage } from '@/lib/error-message';
import { useCreateEltern, useDeleteEltern, usePersonendatenLoeschen, useSetzeAnteil, useSetzePasswort, useSetzeRolle } from '../api/eltern';
import type { AdminEltern, AdminGruppe, NeuerElternteil } from '../api/types';
import { anteilGesetzt, anteilText, STANDARD_ANTEIL } from '../utils/anteil';
import { istAdminEintrag, nachGruppe } from '../utils/gruppieren';
import { type Rollenwahl, rolleGeaendert } from '../utils/rollen';
import { elternAngelegt, elternGeloescht, istPrueferEintrag, loeschenFrage, MELDUNG, personendatenLoeschenFrage } from '../utils/texte';
import { AnteilSetzenDialog } from './anteil-setzen-dialog';
import { KeyIcon, LockIcon, PersonLoeschenIcon, RoleIcon, ShareIcon, TrashIcon } from './icons';
import { LadeFehler } from './lade-fehler';
import type { Melder } from './melder';
import { NeuerElternteilDialog } from './neuer-elternteil-dialog';
import { PasswortSetzenDialog } from './passwort-setzen-dialog';
import { RolleAendernDialog } from './rolle-aendern-dialog';

type ElternVerwaltungProps = {
  eltern: UseQueryResult<AdminEltern[]>;
  gruppen: UseQueryResult<AdminGruppe[]>;
  melder: Melder;
  /** The screen's toast; shown inside the dialog while it is open (the rest of the page is inert then). */
  toast: ReactNode;
};

/**
 * 'Eltern Verwaltung' (SPEC.md §2): parents by group, deleting a family (after a question), setting
 * its password, changing its role in a dialog, setting its share of the water duty (issue 17),
 * erasing its personal data (issue 18, after a question that says it cannot be undone), and
 * '+ Neuer Elternteil'.
 */
export function ElternVerwaltung({ eltern, gruppen, melder, toast }: ElternVerwaltungProps) {
  const titleId = useId();
  const [dialogOffen, setDialogOffen] = useState(false);
  const create = useCreateEltern();
  const remove = useDeleteEltern();
  const personendaten = usePersonendatenLoeschen();
  const rolle = useSetzeRolle();
  const passwort = useSetzePasswort();
  const anteil = useSetzeAnteil();
  const bestaetigung = useBestaetigung();
  const [passwortFuer, setPasswortFuer] = useState<AdminEltern | null>(null);
  const [rolleFuer, setRolleFuer] = useState<AdminEltern | null>(null);
  const [anteilFuer, setAnteilFuer] = useState<AdminEltern | null>(null);
  const gruppiert = useMemo(() => nachGruppe(eltern.data ?? []), [eltern.data]);

  const oeffnen = (offen: boolean) => {
    setDialogOffen(offen);
    melder.dialog('eltern', offen);
  };

  const passwortDialog = (e: AdminEltern | null) => {
    setPasswortFuer(e);
    melder.dialog('passwort', e !== null);
  };

  const rolleDialog = (e: AdminEltern | null) => {
    setRolleFuer(e);
    melder.dialog('rolle', e !== null);
  };

  const anteilDialog = (e: AdminEltern | null) => {
    setAnteilFuer(e);
    melder.dialog('anteil', e !== null);
  };

  const anteilSetzen = (neu: number, grund: string) => {
    if (!anteilFuer) return;
    const e = anteilFuer;
    anteil.mutate(
      { eltern: e, anteil: neu, grund },
      {
        onSuccess: (antwort) => {
          anteilDialog(null);
          melder.erfolg(antwort?.message?.trim() || anteilGesetzt(e.nachname, neu));
        },
        // The dialog stays open with what was entered; the toast moves into it.
        onError: (error) => melder.fehler(withServerMessage(MELDUNG.anteilFehler, error)),
      },
    );
  };

  const rolleSetzen = (neu: Rollenwahl) => {
    if (!rolleFuer) return;
    const e = rolleFuer;
    rolle.mutate(
      { eltern: e, rolle: neu },
      {
        onSuccess: () => {
          rolleDialog(null);
          melder.erfolg(rolleGeaendert(e.nachname, neu));
        },
        // The dialog stays open with the choice; the toast moves into it.
        onError: (error) => melder.fehler(withServerMessage(MELDUNG.rolleFehler, error)),
      },
    );
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
    bestaetigung.fragen({ titel: 'Familie löschen?', text: loeschenFrage(e.nachname, e.email), bestaetigen: 'Familie löschen' }, () =>
      remove.mutate(e, {
        onSuccess: (antwort) => melder.erfolg(elternGeloescht(e.nachname, antwort?.freigegebeneWochen ?? [])),
        onError: (error) => melder.fehler(withServerMessage(MELDUNG.loeschFehler, error)),
      }),
    );
  };

  /** Art. 17 DSGVO: removes the family if it is still in the kindergarten, then erases its personal data for good. */
  const personendatenLoeschen = (e: AdminEltern) => {
    if (istAdminEintrag(e)) {
      melder.fehler(MELDUNG.adminGeschuetzt);
      return;
    }
    bestaetigung.fragen(
      { titel: 'Personendaten löschen', text: personendatenLoeschenFrage(e.nachname), bestaetigen: 'Endgültig löschen' },
      () =>
        personendaten.mutate(e, {
          onSuccess: (antwort) => melder.erfolg(antwort?.message?.trim() || MELDUNG.personendatenGeloescht),
          onError: (error) => melder.fehler(withServerMessage(MELDUNG.personendatenFehler, error)),
        }),
    );
  };

  const loeschend = remove.isPending ? remove.variables?.id : undefined;
  const personendatenLoeschend = personendaten.isPending ? personendaten.variables?.id : undefined;
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
              personendatenLoeschend={personendatenLoeschend}
              onLoeschen={loeschen}
              onPersonendatenLoeschen={personendatenLoeschen}
              onRolle={rolleDialog}
              onPasswort={passwortDialog}
              onAnteil={anteilDialog}
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
      <RolleAendernDialog
        eltern={rolleFuer}
        onClose={() => rolleDialog(null)}
        pending={rolle.isPending}
        onSubmit={rolleSetzen}
        toast={rolleFuer ? toast : null}
      />
      <AnteilSetzenDialog
        eltern={anteilFuer}
        onClose={() => anteilDialog(null)}
        pending={anteil.isPending}
        onSubmit={anteilSetzen}
        toast={anteilFuer ? toast : null}
      />
      {bestaetigung.dialog}
    </section>
  );
}

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

function ElternGruppeListe({
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
