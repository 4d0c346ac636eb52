import type { ElternDto } from '@waldkita/domain/auth/login';
import { aktuelleWoche, datumDeutsch, heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';
import { useEffect, useMemo, useState } from 'react';
import { PageLayout } from '@/components/page-layout';
import { Toast } from '@/components/toast';
import { useToast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { withServerMessage } from '@/lib/error-message';
import { isAdmin } from '@/lib/roles';
import { useCreateSchliesszeit } from '../api/create-schliesszeit';
import { useCreateTagEintrag } from '../api/create-tag-eintrag';
import { useDeleteSchliesszeit } from '../api/delete-schliesszeit';
import { useDeleteTagEintrag } from '../api/delete-tag-eintrag';
import { useSchliesszeiten } from '../api/get-schliesszeiten';
import { useTagEintraege } from '../api/get-tag-eintraege';
import type { Schliesszeit, SchliesszeitInput, TagArt, TagEintrag, TagEintragInput } from '../api/types';
import { useUpdateSchliesszeit } from '../api/update-schliesszeit';
import { useUpdateTagEintrag } from '../api/update-tag-eintrag';
import { ARTEN, type Art } from '../utils/arten';
import { tagInfoFinder } from '../utils/markierungen';
import { WOCHENTAGE } from '../utils/monats-raster';
import { tageNachJahr, wochenNachJahr } from '../utils/nach-jahr';
import { JAHR_MAX, JAHR_MIN, MELDUNG, TOAST_MS } from '../utils/texte';
import { wochenZeitraum } from '../utils/wochen-zeitraum';
import { EintragListe, type ListenEintrag } from './eintrag-liste';
import { EintragTabs } from './eintrag-tabs';
import { LoeschenDialog } from './loeschen-dialog';
import { MonatsKalender } from './monats-kalender';
import { SchliesszeitDialog } from './schliesszeit-dialog';
import { TagEintragDialog } from './tag-eintrag-dialog';
import '../schliesszeiten.css';

type Bearbeitung = { typ: 'woche'; eintrag: Schliesszeit | null } | { typ: 'tag'; art: TagArt; eintrag: TagEintrag | null };
type Loeschung = { art: 'woche'; eintrag: Schliesszeit } | { art: TagArt; eintrag: TagEintrag };

const kwName = (woche: Schliesszeit) => `KW ${woche.kalenderwoche}/${woche.jahr}`;

const wochentagKurz = (datum: string) => WOCHENTAGE[(new Date(`${datum}T00:00:00Z`).getUTCDay() + 6) % 7]?.kurz ?? '';

const alsWochenEintrag = (woche: Schliesszeit): ListenEintrag<Schliesszeit> => ({
  eintrag: woche,
  id: woche.id,
  titel: `KW ${woche.kalenderwoche}`,
  unter: wochenZeitraum(woche) ?? undefined,
  beschreibung: woche.beschreibung,
  name: kwName(woche),
});

const alsTagEintrag = (tag: TagEintrag): ListenEintrag<TagEintrag> => ({
  eintrag: tag,
  id: tag.id,
  titel: `${wochentagKurz(tag.datum)}, ${datumDeutsch(tag.datum)}`,
  beschreibung: tag.beschreibung,
  name: datumDeutsch(tag.datum),
});

/** A refused session (401) is ended by the API client and the route gate takes over: no toast for it. */
function useLadeFehlerToast(art: Art, error: unknown, showError: (text: string) => void) {
  useEffect(() => {
    if (error && !(error instanceof ApiError && error.status === 401)) showError(withServerMessage(MELDUNG.ladeFehler(art), error));
  }, [art, error, showError]);
}

/**
 * /schliesszeiten (SPEC.md §2 Closing times and events): the month calendar and three tabs of
 * closing weeks, closing days and events. Only admins see the add, edit and delete buttons.
 */
export function SchliesszeitenPage({ user }: { user: ElternDto }) {
  const admin = isAdmin(user);
  const { toast, showSuccess, showError, dismiss } = useToast();
  const [heute] = useState(() => heuteInBerlin(new Date()));
  const [bearbeitung, setBearbeitung] = useState<Bearbeitung | null>(null);
  const [loeschung, setLoeschung] = useState<Loeschung | null>(null);
  // The last kind of dated entry, so its dialog keeps its texts while closing.
  const [tagArt, setTagArt] = useState<TagArt>('schliesstag');

  const wochen = useSchliesszeiten();
  const schliesstage = useTagEintraege('schliesstag');
  const events = useTagEintraege('event');

  const createWoche = useCreateSchliesszeit();
  const updateWoche = useUpdateSchliesszeit();
  const deleteWoche = useDeleteSchliesszeit();
  const createTag = useCreateTagEintrag();
  const updateTag = useUpdateTagEintrag();
  const deleteTag = useDeleteTagEintrag();

  // SPEC.md §8: one toast per list that cannot be loaded.
  useLadeFehlerToast('woche', wochen.error, showError);
  useLadeFehlerToast('schliesstag', schliesstage.error, showError);
  useLadeFehlerToast('event', events.error, showError);

  const finde = useMemo(
    () => tagInfoFinder(wochen.data ?? [], schliesstage.data ?? [], events.data ?? []),
    [wochen.data, schliesstage.data, events.data],
  );
  const wochenGruppen = useMemo(
    () => wochenNachJahr(wochen.data ?? []).map((g) => ({ jahr: g.jahr, eintraege: g.eintraege.map(alsWochenEintrag) })),
    [wochen.data],
  );
  const tageGruppen = useMemo(
    () => tageNachJahr(schliesstage.data ?? []).map((g) => ({ jahr: g.jahr, eintraege: g.eintraege.map(alsTagEintrag) })),
    [schliesstage.data],
  );
  const eventGruppen = useMemo(
    () => tageNachJahr(events.data ?? []).map((g) => ({ jahr: g.jahr, eintraege: g.eintraege.map(alsTagEintrag) })),
    [events.data],
  );

  const standardJahr = Math.min(JAHR_MAX, Math.max(JAHR_MIN, aktuelleWoche(new Date()).jahr));

  const neuerTag = (art: TagArt, eintrag: TagEintrag | null) => {
    setTagArt(art);
    setBearbeitung({ typ: 'tag', art, eintrag });
  };

  const speichereWoche = (daten: SchliesszeitInput) => {
    if (bearbeitung?.typ !== 'woche') return;
    const { eintrag } = bearbeitung;
    if (eintrag) {
      updateWoche.mutate(
        { id: eintrag.id, daten },
        {
          onSuccess: () => {
            setBearbeitung(null);
            showSuccess(MELDUNG.aktualisiert('woche'));
          },
          onError: (error) => showError(withServerMessage(MELDUNG.aktualisierFehler, error)),
        },
      );
      return;
    }
    createWoche.mutate(daten, {
      onSuccess: (antwort) => {
        setBearbeitung(null);
        const anzahl = typeof antwort?.count === 'number' ? antwort.count : 1;
        showSuccess(MELDUNG.erstellt('woche', anzahl));
      },
      onError: (error) => showError(withServerMessage(MELDUNG.erstellFehler, error)),
    });
  };

  const speichereTag = (daten: TagEintragInput) => {
    if (bearbeitung?.typ !== 'tag') return;
    const { art, eintrag } = bearbeitung;
    if (eintrag) {
      updateTag.mutate(
        { art, id: eintrag.id, daten: { datum: eintrag.datum, beschreibung: daten.beschreibung } },
        {
          onSuccess: () => {
            setBearbeitung(null);
            showSuccess(MELDUNG.aktualisiert(art));
          },
          onError: (error) => showError(withServerMessage(MELDUNG.aktualisierFehler, error)),
        },
      );
      return;
    }
    createTag.mutate(
      { art, daten },
      {
        onSuccess: () => {
          setBearbeitung(null);
          showSuccess(MELDUNG.erstellt(art));
        },
        onError: (error) => showError(withServerMessage(MELDUNG.erstellFehler, error)),
      },
    );
  };

  const bestaetigeLoeschen = () => {
    if (!loeschung) return;
    const callbacks = {
      onSuccess: () => {
        setLoeschung(null);
        showSuccess(MELDUNG.geloescht(loeschung.art));
      },
      onError: (error: Error) => {
        setLoeschung(null);
        showError(withServerMessage(MELDUNG.loeschFehler, error));
      },
    };
    if (loeschung.art === 'woche') deleteWoche.mutate(loeschung.eintrag.id, callbacks);
    else deleteTag.mutate({ art: loeschung.art, id: loeschung.eintrag.id }, callbacks);
  };

  const ladend = wochen.isPending || schliesstage.isPending || events.isPending;
  if (ladend) {
    return (
      <main className="loading-screen">
        <h1 className="visually-hidden">Schließzeiten & Events</h1>
        <div className="loading-screen__content" role="status">
          <span className="spinner" aria-hidden="true" />
          <p>Lade Schließzeiten & Events...</p>
        </div>
      </main>
    );
  }

  const dialogOffen = bearbeitung !== null || loeschung !== null;
  const toastElement = <Toast toast={toast} onDismiss={dismiss} durationMs={TOAST_MS} />;
  const dialogToast = dialogOffen ? toastElement : null;
  const schliessen = () => setBearbeitung(null);

  const loeschTitel = loeschung ? `${ARTEN[loeschung.art].singular} löschen` : '';
  const loeschFrage = !loeschung
    ? ''
    : loeschung.art === 'woche'
      ? `Möchten Sie die Schließzeit ${kwName(loeschung.eintrag)} („${loeschung.eintrag.beschreibung}“) wirklich löschen?`
      : `Möchten Sie ${loeschung.art === 'event' ? 'das Event' : 'den Schließtag'} am ${datumDeutsch(loeschung.eintrag.datum)} („${loeschung.eintrag.beschreibung}“) wirklich löschen?`;

  return (
    <PageLayout title="Schließzeiten & Events" subtitle="Wann die Waldkita geschlossen ist und was ansteht" backToDashboard>
      <div className="sz-page">
        <MonatsKalender finde={finde} heute={heute} />
        <section className="card sz-card sz-listen" aria-label="Einträge">
          <EintragTabs
            label="Schließzeiten, Schließtage und Events"
            tabs={[
              {
                key: 'woche',
                label: 'Schließzeiten',
                anzahl: wochen.data?.length ?? 0,
                panel: (
                  <EintragListe
                    art="woche"
                    gruppen={wochenGruppen}
                    admin={admin}
                    ladeFehler={Boolean(wochen.error)}
                    onErneut={() => void wochen.refetch()}
                    onNeu={() => setBearbeitung({ typ: 'woche', eintrag: null })}
                    onBearbeiten={(eintrag) => setBearbeitung({ typ: 'woche', eintrag })}
                    onLoeschen={(eintrag) => setLoeschung({ art: 'woche', eintrag })}
                  />
                ),
              },
              {
                key: 'schliesstag',
                label: 'Schließtage',
                anzahl: schliesstage.data?.length ?? 0,
                panel: (
                  <EintragListe
                    art="schliesstag"
                    gruppen={tageGruppen}
                    admin={admin}
                    ladeFehler={Boolean(schliesstage.error)}
                    onErneut={() => void schliesstage.refetch()}
                    onNeu={() => neuerTag('schliesstag', null)}
                    onBearbeiten={(eintrag) => neuerTag('schliesstag', eintrag)}
                    onLoeschen={(eintrag) => setLoeschung({ art: 'schliesstag', eintrag })}
                  />
                ),
              },
              {
                key: 'event',
                label: 'Events',
                anzahl: events.data?.length ?? 0,
                panel: (
                  <EintragListe
                    art="event"
                    gruppen={eventGruppen}
                    admin={admin}
                    ladeFehler={Boolean(events.error)}
                    onErneut={() => void events.refetch()}
                    onNeu={() => neuerTag('event', null)}
                    onBearbeiten={(eintrag) => neuerTag('event', eintrag)}
                    onLoeschen={(eintrag) => setLoeschung({ art: 'event', eintrag })}
                  />
                ),
              },
            ]}
          />
        </section>
      </div>

      {admin && (
        <>
          <SchliesszeitDialog
            open={bearbeitung?.typ === 'woche'}
            eintrag={bearbeitung?.typ === 'woche' ? bearbeitung.eintrag : null}
            standardJahr={standardJahr}
            pending={createWoche.isPending || updateWoche.isPending}
            onClose={schliessen}
            onSubmit={speichereWoche}
            toast={bearbeitung?.typ === 'woche' ? dialogToast : null}
          />
          <TagEintragDialog
            art={bearbeitung?.typ === 'tag' ? bearbeitung.art : tagArt}
            open={bearbeitung?.typ === 'tag'}
            eintrag={bearbeitung?.typ === 'tag' ? bearbeitung.eintrag : null}
            pending={createTag.isPending || updateTag.isPending}
            onClose={schliessen}
            onSubmit={speichereTag}
            toast={bearbeitung?.typ === 'tag' ? dialogToast : null}
          />
          <LoeschenDialog
            open={loeschung !== null}
            titel={loeschTitel}
            frage={loeschFrage}
            pending={deleteWoche.isPending || deleteTag.isPending}
            onClose={() => setLoeschung(null)}
            onConfirm={bestaetigeLoeschen}
            toast={loeschung ? dialogToast : null}
          />
        </>
      )}
      {!dialogOffen && toastElement}
    </PageLayout>
  );
}
