import type { UseQueryResult } from '@tanstack/react-query';
import type { DienstartAngaben } from '@waldkita/domain/dienste/dienstart';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useBestaetigung } from '@/components/bestaetigung';
import { useSprache } from '@/hooks/use-sprache';
import type { Dienstart } from '@/lib/dienste-api';
import { withServerMessage } from '@/lib/error-message';
import { useAendereDienstart, useArchiviereDienstart, useLegeDienstartAn, usePlaneDienstart } from '../api/dienstarten';
import type { AdminEltern, AdminGruppe, DienstartPlanungsErgebnis } from '../api/types';
import { bereichPfad } from '../utils/bereiche';
import { archivierenFrage, bereichText, rhythmusText, terminUmfang, zeitraumText } from '../utils/dienstart';
import { DienstartDialog } from './dienstart-dialog';
import { DienstartPlanenDialog } from './dienstart-planen-dialog';
import { LadeFehler } from './lade-fehler';
import type { Melder } from './melder';

type DienstartenVerwaltungProps = {
  dienstarten: UseQueryResult<Dienstart[]>;
  gruppen: readonly AdminGruppe[];
  eltern: readonly AdminEltern[];
  melder: Melder;
  toast: ReactNode;
};

/**
 * 'Dienstarten': every duty kind (Wasserdienst built in and marked, archived ones last), '+ Neue
 * Dienstart', and per kind 'Bearbeiten', 'Planen' and 'Archivieren' (after a question). Wasserdienst
 * is planned below ('Wasserdienste planen') and cannot be archived.
 */
export function DienstartenVerwaltung({ dienstarten, gruppen, eltern, melder, toast }: DienstartenVerwaltungProps) {
  const { t } = useTranslation();
  const sprache = useSprache();
  const titelId = useId();
  const anlegen = useLegeDienstartAn();
  const aendern = useAendereDienstart();
  const archivieren = useArchiviereDienstart();
  const planen = usePlaneDienstart();
  const bestaetigung = useBestaetigung();
  const [bearbeiten, setBearbeiten] = useState<Dienstart | 'neu' | null>(null);
  const [planenFuer, setPlanenFuer] = useState<Dienstart | null>(null);
  const [ergebnis, setErgebnis] = useState<DienstartPlanungsErgebnis | null>(null);

  const bearbeitenDialog = (art: Dienstart | 'neu' | null) => {
    setBearbeiten(art);
    melder.dialog('dienstart', art !== null);
  };
  const planenDialog = (art: Dienstart | null) => {
    setPlanenFuer(art);
    melder.dialog('dienstart-planen', art !== null);
  };

  const speichern = (angaben: DienstartAngaben) => {
    if (bearbeiten === null) return;
    const optionen = {
      onSuccess: (art: Dienstart) => {
        bearbeitenDialog(null);
        melder.erfolg(
          bearbeiten === 'neu'
            ? t('admin.dienstarten.angelegt', { name: art?.name ?? angaben.name })
            : t('admin.dienstarten.gespeichert', { name: angaben.name }),
        );
      },
      // The dialog stays open with what was entered; the toast moves into it.
      onError: (error: unknown) => melder.fehler(withServerMessage(t('admin.dienstarten.speichernFehler'), error)),
    };
    if (bearbeiten === 'neu') anlegen.mutate(angaben, optionen);
    else aendern.mutate({ id: bearbeiten.id, angaben }, optionen);
  };

  const archiviere = (art: Dienstart) =>
    bestaetigung.fragen(
      {
        titel: t('admin.dienstarten.archivierenTitel'),
        text: archivierenFrage(art.name, t),
        bestaetigen: t('admin.dienstarten.archivieren'),
      },
      () =>
        archivieren.mutate(art.id, {
          onSuccess: (antwort) => melder.erfolg(antwort?.message?.trim() || t('admin.dienstarten.archiviert', { name: art.name })),
          onError: (error) => melder.fehler(withServerMessage(t('admin.dienstarten.archivierenFehler'), error)),
        }),
    );

  const plane = (auftrag: { von: string; bis: string; gruppeId?: string }) => {
    if (!planenFuer) return;
    planen.mutate(
      { dienstartId: planenFuer.id, ...auftrag },
      {
        onSuccess: (antwort) => {
          setErgebnis(antwort);
          melder.erfolg(antwort.message);
        },
        onError: (error) => melder.fehler(withServerMessage(t('admin.dienstarten.planenFehler'), error)),
      },
    );
  };

  const arten = [...(dienstarten.data ?? [])].sort((a, b) => Number(a.archiviert) - Number(b.archiviert));
  const beschaeftigt = archivieren.isPending ? archivieren.variables : null;

  return (
    <section id="dienstarten" className="card ad-section" aria-labelledby={titelId}>
      <div className="ad-section__head">
        <div className="ad-section__titles">
          <h2 id={titelId} className="ad-section__title">
            {t('admin.dienstarten.titel')}
          </h2>
          <p className="text-muted">{t('admin.dienstarten.text')}</p>
        </div>
        <button type="button" className="btn btn--primary" onClick={() => bearbeitenDialog('neu')} disabled={!dienstarten.data}>
          {t('admin.dienstarten.neu')}
        </button>
      </div>
      {dienstarten.error ? (
        <LadeFehler text={t('admin.dienstarten.nichtGeladen')} onErneut={() => void dienstarten.refetch()} />
      ) : !dienstarten.data ? (
        <p className="text-muted" role="status">
          {t('admin.dienstarten.laden')}
        </p>
      ) : (
        <ul className="ad-dienstarten">
          {arten.map((art) => (
            <li key={art.id} className={`ad-dienstart${art.archiviert ? ' ad-dienstart--archiviert' : ''}`}>
              <div className="ad-dienstart__text">
                <p className="ad-dienstart__name">
                  {art.name}
                  {art.eingebaut && <span className="badge ad-badge-admin">{t('admin.dienstarten.eingebaut')}</span>}
                  {art.archiviert && <span className="badge badge--wartend">{t('admin.dienstarten.archiviertBadge')}</span>}
                </p>
                <p className="ad-eltern__meta">
                  {rhythmusText(art, t, sprache)} · {bereichText(art.bereich, t)} · {terminUmfang(art, t, sprache)} ·{' '}
                  {zeitraumText(art, t, sprache)}
                  {art.pausiertBeiSchliessung ? t('admin.dienstarten.pausiert') : ''}
                </p>
                {art.beschreibung && (
                  <p className="ad-eltern__meta" dir="auto">
                    {art.beschreibung}
                  </p>
                )}
              </div>
              {!art.archiviert && (
                <div className="ad-dienstart__knoepfe">
                  <button
                    type="button"
                    className="btn btn--secondary btn--small"
                    onClick={() => bearbeitenDialog(art)}
                    aria-label={t('admin.dienstarten.bearbeitenLabel', { name: art.name })}
                  >
                    {t('admin.dienstarten.bearbeiten')}
                  </button>
                  {art.eingebaut ? (
                    <Link className="btn btn--secondary btn--small" to={bereichPfad('planung')}>
                      {t('admin.dienstarten.zurPlanung')}
                    </Link>
                  ) : (
                    <>
                      <button
                        type="button"
                        className="btn btn--secondary btn--small"
                        onClick={() => planenDialog(art)}
                        aria-label={t('admin.dienstarten.planenLabel', { name: art.name })}
                      >
                        {t('admin.dienstarten.planen')}
                      </button>
                      <button
                        type="button"
                        className="btn btn--danger btn--small"
                        onClick={() => archiviere(art)}
                        disabled={beschaeftigt === art.id}
                        aria-label={t('admin.dienstarten.archivierenLabel', { name: art.name })}
                      >
                        {beschaeftigt === art.id ? t('admin.dienstarten.wirdArchiviert') : t('admin.dienstarten.archivieren')}
                      </button>
                    </>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <DienstartDialog
        art={bearbeiten}
        pending={anlegen.isPending || aendern.isPending}
        onClose={() => bearbeitenDialog(null)}
        onSubmit={speichern}
        toast={bearbeiten ? toast : null}
      />
      <DienstartPlanenDialog
        art={planenFuer}
        gruppen={gruppen}
        eltern={eltern}
        pending={planen.isPending}
        ergebnis={ergebnis}
        onClose={() => planenDialog(null)}
        onSubmit={plane}
        toast={planenFuer ? toast : null}
      />
      {bestaetigung.dialog}
    </section>
  );
}
