import type { UseQueryResult } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBestaetigung } from '@/components/bestaetigung';
import { FormFehler } from '@/components/feld';
import { TrashIcon } from '@/components/icons';
import { speichereDatei } from '@/lib/datei-speichern';
import { withServerMessage } from '@/lib/error-message';
import { useExport } from '../api/export';
import { useCreateGruppe, useDeleteGruppe } from '../api/gruppen';
import type { AdminGruppe, AdminStatistik, ExportTyp } from '../api/types';
import { EXPORTE } from '../utils/export';
import { exportGespeichert, familienAnzahl, gruppeAngelegt, gruppeGeloescht, gruppeLoeschenFrage, MELDUNG } from '../utils/texte';
import { pruefeGruppenname } from '../utils/validierung';
import { DownloadIcon } from './icons';
import { LadeFehler } from './lade-fehler';
import type { Melder } from './melder';

type GruppenExportProps = {
  gruppen: UseQueryResult<AdminGruppe[]>;
  statistik: UseQueryResult<AdminStatistik>;
  melder: Melder;
};

/** 'Gruppen & Export': the counts of the current data, the groups (create, delete) and the four CSV exports. */
export function GruppenExport({ gruppen, statistik, melder }: GruppenExportProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section id="gruppen" className="card ad-section" aria-labelledby={titleId}>
      <div className="ad-section__head">
        <div className="ad-section__titles">
          <h2 id={titleId} className="ad-section__title">
            {t('admin.bereich.gruppen')}
          </h2>
          <p className="text-muted">{t('admin.gruppen.untertitel')}</p>
        </div>
      </div>
      <Kennzahlen statistik={statistik} />
      <div className="ad-zweispaltig">
        <GruppenListe gruppen={gruppen} melder={melder} />
        <Exporte melder={melder} />
      </div>
    </section>
  );
}

/** The labels of GET /api/admin/stats (catalogue keys), in the order they are shown. */
const KENNZAHLEN: readonly [keyof AdminStatistik, string][] = [
  ['eltern', 'admin.kennzahl.eltern'],
  ['admins', 'admin.kennzahl.admins'],
  ['gruppen', 'admin.kennzahl.gruppen'],
  ['wasserdienste', 'admin.kennzahl.wasserdienste'],
  ['offeneTausche', 'admin.kennzahl.offeneTausche'],
  ['angenommeneTausche', 'admin.kennzahl.angenommeneTausche'],
  ['abwesenheiten', 'admin.kennzahl.abwesenheiten'],
  ['schliesswochen', 'admin.kennzahl.schliesswochen'],
  ['ferienwochen', 'admin.kennzahl.ferienwochen'],
];

function Kennzahlen({ statistik }: { statistik: UseQueryResult<AdminStatistik> }) {
  const { t } = useTranslation();
  const titleId = useId();
  let inhalt: ReactNode;
  if (statistik.data) {
    const zahlen = statistik.data;
    inhalt = (
      <dl className="ad-counts ad-counts--kennzahlen">
        {KENNZAHLEN.map(([feld, label]) => (
          <div key={feld} className="ad-counts__item">
            <dt>{t(label)}</dt>
            <dd>{zahlen[feld] ?? 0}</dd>
          </div>
        ))}
      </dl>
    );
  } else if (statistik.isError) {
    inhalt = <LadeFehler text={t('admin.kennzahl.ladeFehler')} onErneut={() => void statistik.refetch()} />;
  } else {
    inhalt = (
      <p className="text-muted" role="status">
        {t('admin.kennzahl.laden')}
      </p>
    );
  }
  return (
    <section className="ad-subcard" aria-labelledby={titleId}>
      <h3 id={titleId} className="ad-subcard__title">
        {t('admin.kennzahl.titel')}
      </h3>
      {inhalt}
    </section>
  );
}

function GruppenListe({ gruppen, melder }: { gruppen: UseQueryResult<AdminGruppe[]>; melder: Melder }) {
  const { t } = useTranslation();
  const id = useId();
  const create = useCreateGruppe();
  const remove = useDeleteGruppe();
  const bestaetigung = useBestaetigung();
  const [name, setName] = useState('');
  const [fehler, setFehler] = useState<string | null>(null);

  const anlegen = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const meldung = pruefeGruppenname(name, t);
    setFehler(meldung);
    if (meldung) return;
    const gruppenName = name.trim();
    create.mutate(gruppenName, {
      onSuccess: (antwort) => {
        setName('');
        melder.erfolg(antwort?.message || gruppeAngelegt(antwort?.gruppenName || gruppenName, t));
      },
      // The name stays in the field, so a taken name can be changed.
      onError: (error) => melder.fehler(withServerMessage(t(MELDUNG.erstellFehler), error)),
    });
  };

  const loeschen = (gruppe: AdminGruppe) => {
    const weg = () =>
      remove.mutate(gruppe, {
        onSuccess: () => melder.erfolg(gruppeGeloescht(gruppe.gruppenName, t)),
        onError: (error) => melder.fehler(withServerMessage(t(MELDUNG.loeschFehler), error)),
      });
    // A group with families is refused by the server, which says why; only an empty one is asked about.
    if (gruppe.anzahlEltern > 0) weg();
    else
      bestaetigung.fragen(
        {
          titel: t('admin.gruppen.loeschenTitel'),
          text: gruppeLoeschenFrage(gruppe.gruppenName, t),
          bestaetigen: t('admin.gruppen.loeschenKnopf'),
        },
        weg,
      );
  };

  const loeschend = remove.isPending ? remove.variables?.id : undefined;
  const hinweisId = `${id}-hinweis`;

  let liste: ReactNode;
  if (gruppen.data) {
    liste =
      gruppen.data.length === 0 ? (
        <p className="empty-note">{t('admin.neu.keineGruppen')}</p>
      ) : (
        <>
          <ul className="ad-gruppenliste">
            {gruppen.data.map((g) => (
              <li key={g.id ?? g.gruppenID} className="ad-gruppenliste__item">
                <div className="ad-gruppenliste__text">
                  <p className="ad-gruppenliste__name">{g.gruppenName}</p>
                  <p className="ad-eltern__meta">{familienAnzahl(g.anzahlEltern, t)}</p>
                </div>
                <button
                  type="button"
                  className="btn btn--small btn--danger"
                  aria-label={
                    loeschend === g.id
                      ? t('admin.gruppen.wirdGeloeschtName', { name: g.gruppenName })
                      : t('admin.gruppen.loeschenName', { name: g.gruppenName })
                  }
                  aria-describedby={g.anzahlEltern > 0 ? hinweisId : undefined}
                  disabled={loeschend === g.id}
                  onClick={() => loeschen(g)}
                >
                  <TrashIcon />
                  {loeschend === g.id ? t('admin.wirdGeloescht') : t('admin.aktion.loeschen')}
                </button>
              </li>
            ))}
          </ul>
          <p id={hinweisId} className="ad-hint">
            {t('admin.gruppen.loeschenHinweis')}
          </p>
        </>
      );
  } else if (gruppen.isError) {
    liste = <LadeFehler text={t('admin.neu.gruppenFehler')} onErneut={() => void gruppen.refetch()} />;
  } else {
    liste = (
      <p className="text-muted" role="status">
        {t('admin.gruppen.laden')}
      </p>
    );
  }

  const invalid = fehler ? { 'aria-invalid': true as const, 'aria-errormessage': `${id}-fehler` } : {};

  return (
    <section className="ad-subcard" aria-labelledby={`${id}-titel`}>
      <h3 id={`${id}-titel`} className="ad-subcard__title">
        {t('admin.gruppen.titel')}
      </h3>
      {liste}
      <form className="ad-form ad-gruppe-neu" onSubmit={anlegen} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-name`}>
            {t('admin.gruppen.neu')}
          </label>
          <div className="ad-inline-form">
            <input
              id={`${id}-name`}
              className="input"
              type="text"
              autoComplete="off"
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setFehler(null);
              }}
              disabled={create.isPending}
              {...invalid}
            />
            <button type="submit" className="btn btn--primary" disabled={create.isPending}>
              {create.isPending ? t('admin.wirdAngelegt') : t('admin.gruppen.anlegen')}
            </button>
          </div>
        </div>
        <FormFehler id={`${id}-fehler`}>{fehler}</FormFehler>
      </form>
      {bestaetigung.dialog}
    </section>
  );
}

function Exporte({ melder }: { melder: Melder }) {
  const { t } = useTranslation();
  const id = useId();
  const download = useExport();
  const laeuft: ExportTyp | undefined = download.isPending ? download.variables : undefined;

  const exportieren = (typ: ExportTyp) => {
    // Held back, not disabled, while a file is on its way: the keyboard focus stays on the button.
    if (download.isPending) return;
    download.mutate(typ, {
      onSuccess: ({ datei, dateiname }) => {
        speichereDatei(datei, dateiname);
        melder.erfolg(exportGespeichert(dateiname, t));
      },
      onError: (error) => melder.fehler(withServerMessage(t(MELDUNG.exportFehler), error)),
    });
  };

  return (
    <section className="ad-subcard" aria-labelledby={`${id}-titel`}>
      <h3 id={`${id}-titel`} className="ad-subcard__title">
        {t('admin.export.titel')}
      </h3>
      <p className="ad-hint">{t('admin.export.hinweis')}</p>
      <ul className="ad-exporte">
        {EXPORTE.map(({ typ, labelKey, inhaltKey }) => (
          <li key={typ} className="ad-exporte__item">
            <button
              type="button"
              className="btn btn--secondary btn--block"
              aria-describedby={`${id}-${typ}`}
              aria-disabled={download.isPending || undefined}
              aria-busy={laeuft === typ || undefined}
              onClick={() => exportieren(typ)}
            >
              <DownloadIcon />
              {laeuft === typ ? t('admin.export.wirdExportiert') : t(labelKey)}
            </button>
            <p id={`${id}-${typ}`} className="ad-hint">
              {t(inhaltKey)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
