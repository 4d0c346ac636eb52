import type { UseQueryResult } from '@tanstack/react-query';
import { istAdmin } from '@waldkita/domain/eltern/eltern';
import { type ReactNode, useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBestaetigung } from '@/components/bestaetigung';
import { EingabeFeld } from '@/components/feld';
import type { Dienstart } from '@/lib/dienste-api';
import { withServerMessage } from '@/lib/error-message';
import { rollenVon } from '@/lib/roles';
import { useCreateEltern, useDeleteEltern, usePersonendatenLoeschen, useSetzeAnteil, useSetzePasswort, useSetzeRolle } from '../api/eltern';
import type { AdminEltern, AdminGruppe, NeuerElternteil } from '../api/types';
import { anteilGesetzt } from '../utils/anteil';
import { nachGruppe } from '../utils/gruppieren';
import { type Rollenwahl, rolleGeaendert } from '../utils/rollen';
import { passtZurSuche, suchErgebnisText, suchWoerter } from '../utils/suche';
import { elternAngelegt, elternGeloescht, loeschenFrage, MELDUNG, personendatenLoeschenFrage } from '../utils/texte';
import { AnteilSetzenDialog } from './anteil-setzen-dialog';
import { ElternGruppeListe } from './eltern-gruppe-liste';
import { LadeFehler } from './lade-fehler';
import type { Melder } from './melder';
import { NeuerElternteilDialog } from './neuer-elternteil-dialog';
import { PasswortSetzenDialog } from './passwort-setzen-dialog';
import { RolleAendernDialog } from './rolle-aendern-dialog';

type ElternVerwaltungProps = {
  eltern: UseQueryResult<AdminEltern[]>;
  gruppen: UseQueryResult<AdminGruppe[]>;
  /** The active duty kinds, for the share of a kind (Wasserdienst first). */
  dienstarten: readonly Dienstart[];
  melder: Melder;
  /** The screen's toast; shown inside the dialog while it is open (the rest of the page is inert then). */
  toast: ReactNode;
};

/**
 * 'Eltern Verwaltung' (docs/produkt.md §2): parents by group, deleting a family (after a question), setting
 * its password, changing its role in a dialog, setting its share of the water duty (issue 17),
 * erasing its personal data (issue 18, after a question that says it cannot be undone), and
 * '+ Neuer Elternteil'.
 */
export function ElternVerwaltung({ eltern, gruppen, dienstarten, melder, toast }: ElternVerwaltungProps) {
  const { t } = useTranslation();
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
  const [suche, setSuche] = useState('');
  // Typing stays quick with many families: the list follows the search a moment later.
  const gesuchte = useDeferredValue(suche);
  const gruppiert = useMemo(() => nachGruppe(eltern.data ?? []), [eltern.data]);
  const gefiltert = useMemo(() => {
    const woerter = suchWoerter(gesuchte);
    return gruppiert
      .map((gruppe) => ({ ...gruppe, gesamt: gruppe.eltern.length, eltern: gruppe.eltern.filter((e) => passtZurSuche(e, woerter)) }))
      .filter((gruppe) => gruppe.eltern.length > 0);
  }, [gruppiert, gesuchte]);
  const gefunden = gefiltert.reduce((summe, gruppe) => summe + gruppe.eltern.length, 0);
  const sucht = suchWoerter(gesuchte).length > 0;

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

  const anteilSetzen = (neu: number, grund: string, dienstartId: string) => {
    if (!anteilFuer) return;
    const e = anteilFuer;
    const art = dienstarten.find((a) => a.id === dienstartId);
    anteil.mutate(
      { eltern: e, anteil: neu, grund, dienstartId },
      {
        onSuccess: (antwort) => {
          anteilDialog(null);
          melder.erfolg(antwort?.message?.trim() || anteilGesetzt(e.nachname, neu, art && !art.eingebaut ? art.name : undefined));
        },
        // The dialog stays open with what was entered; the toast moves into it.
        onError: (error) => melder.fehler(withServerMessage(t(MELDUNG.anteilFehler), error)),
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
          melder.erfolg(rolleGeaendert(e.nachname, neu, t));
        },
        // The dialog stays open with the choice; the toast moves into it.
        onError: (error) => melder.fehler(withServerMessage(t(MELDUNG.rolleFehler), error)),
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
          melder.erfolg(typeof antwort === 'string' && antwort.trim() ? antwort.trim() : t(MELDUNG.passwortGesetzt));
        },
        // The dialog stays open with what was typed; the toast moves into it.
        onError: (error) => melder.fehler(withServerMessage(t(MELDUNG.passwortFehler), error)),
      },
    );
  };

  const anlegen = (input: NeuerElternteil) =>
    create.mutate(input, {
      onSuccess: (antwort) => {
        oeffnen(false);
        melder.erfolg(elternAngelegt(antwort?.nachname || input.nachname, t));
      },
      // The dialog stays open, so a taken e-mail can be corrected.
      onError: (error) => melder.fehler(withServerMessage(t(MELDUNG.erstellFehler), error)),
    });

  const loeschen = (e: AdminEltern) => {
    if (istAdmin(rollenVon(e))) {
      melder.fehler(t(MELDUNG.adminGeschuetzt));
      return;
    }
    bestaetigung.fragen(
      {
        titel: t('admin.eltern.loeschenTitel'),
        text: loeschenFrage(e.nachname, e.email, t),
        bestaetigen: t('admin.eltern.loeschenKnopf'),
      },
      () =>
        remove.mutate(e, {
          onSuccess: (antwort) => melder.erfolg(elternGeloescht(e.nachname, antwort?.freigegebeneWochen ?? [], t)),
          onError: (error) => melder.fehler(withServerMessage(t(MELDUNG.loeschFehler), error)),
        }),
    );
  };

  /** Art. 17 DSGVO: removes the family if it is still in the kindergarten, then erases its personal data for good. */
  const personendatenLoeschen = (e: AdminEltern) => {
    if (istAdmin(rollenVon(e))) {
      melder.fehler(t(MELDUNG.adminGeschuetzt));
      return;
    }
    bestaetigung.fragen(
      {
        titel: t('admin.eltern.personendatenTitel'),
        text: personendatenLoeschenFrage(e.nachname, t),
        bestaetigen: t('admin.eltern.personendatenKnopf'),
      },
      () =>
        personendaten.mutate(e, {
          onSuccess: (antwort) => melder.erfolg(antwort?.message?.trim() || t(MELDUNG.personendatenGeloescht)),
          onError: (error) => melder.fehler(withServerMessage(t(MELDUNG.personendatenFehler), error)),
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
        <p className="empty-note">{t(MELDUNG.keineEltern)}</p>
      ) : (
        <>
          <EingabeFeld
            feldClassName="ad-suche"
            label={t('admin.eltern.suchen')}
            hinweis={
              <p id={`${titleId}-suche-hinweis`} className="ad-hint">
                {t('admin.eltern.suchHinweis')}
              </p>
            }
            id={`${titleId}-suche`}
            type="search"
            autoComplete="off"
            spellCheck={false}
            value={suche}
            onChange={(event) => setSuche(event.target.value)}
            aria-describedby={`${titleId}-suche-hinweis`}
          />
          <p className="ad-suche__ergebnis" role="status">
            {sucht ? suchErgebnisText(gefunden, anzahl, gesuchte, t) : ''}
          </p>
          {gefiltert.length > 0 && (
            <div className="ad-zweispaltig">
              {gefiltert.map((gruppe) => (
                <ElternGruppeListe
                  key={gruppe.name}
                  name={gruppe.name}
                  eltern={gruppe.eltern}
                  gesamt={gruppe.gesamt}
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
          )}
        </>
      );
  } else if (eltern.isError) {
    inhalt = <LadeFehler text={t('admin.eltern.ladeFehler')} onErneut={() => void eltern.refetch()} />;
  } else {
    inhalt = (
      <p className="text-muted" role="status">
        {t('admin.eltern.laden')}
      </p>
    );
  }

  return (
    <section id="eltern" className="card ad-section" aria-labelledby={titleId}>
      <div className="ad-section__head">
        <div className="ad-section__titles">
          <h2 id={titleId} className="ad-section__title">
            {t('admin.eltern.titel')}
          </h2>
          {eltern.data && anzahl > 0 && <p className="text-muted">{t('admin.eltern.eintraege', { anzahl })}</p>}
        </div>
        <button type="button" className="btn btn--primary" onClick={() => oeffnen(true)}>
          {t('admin.eltern.neu')}
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
        dienstarten={dienstarten}
        toast={anteilFuer ? toast : null}
      />
      {bestaetigung.dialog}
    </section>
  );
}
