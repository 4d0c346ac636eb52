import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withServerMessage } from '@/lib/error-message';
import { useCreateSchliesszeit } from '../api/create-schliesszeit';
import { useCreateTagEintrag } from '../api/create-tag-eintrag';
import { useDeleteSchliesszeit } from '../api/delete-schliesszeit';
import { useDeleteTagEintrag } from '../api/delete-tag-eintrag';
import type { Schliesszeit, SchliesszeitInput, TagArt, TagEintrag, TagEintragInput } from '../api/types';
import { useUpdateSchliesszeit } from '../api/update-schliesszeit';
import { useUpdateTagEintrag } from '../api/update-tag-eintrag';
import type { Art } from '../utils/arten';

/** The entry being added (eintrag null) or edited: a closing week, or a closing day or event. */
export type Bearbeitung = { typ: 'woche'; eintrag: Schliesszeit | null } | { typ: 'tag'; art: TagArt; eintrag: TagEintrag | null };
/** The entry whose deletion is being asked. */
export type Loeschung = { art: 'woche'; eintrag: Schliesszeit } | { art: TagArt; eintrag: TagEintrag };

type Melder = { showSuccess: (text: string) => void; showError: (text: string) => void };

/** Adding, editing and deleting on /schliesszeiten: the entry of the open dialog and the writes with their toasts. */
export function useSchliesszeitenBearbeitung({ showSuccess, showError }: Melder) {
  const [bearbeitung, setBearbeitung] = useState<Bearbeitung | null>(null);
  const [loeschung, setLoeschung] = useState<Loeschung | null>(null);
  // The last kind of dated entry, so its dialog keeps its texts while closing.
  const [tagArt, setTagArt] = useState<TagArt>('schliesstag');

  const createWoche = useCreateSchliesszeit();
  const updateWoche = useUpdateSchliesszeit();
  const deleteWoche = useDeleteSchliesszeit();
  const createTag = useCreateTagEintrag();
  const updateTag = useUpdateTagEintrag();
  const { t } = useTranslation();
  const aktualisiert = (art: Art) =>
    art === 'woche'
      ? t('schliesszeiten.meldung.aktualisiert.woche')
      : art === 'event'
        ? t('schliesszeiten.meldung.aktualisiert.event')
        : t('schliesszeiten.meldung.aktualisiert.tag');
  const erstellt = (art: Art, anzahl = 1) =>
    art === 'woche'
      ? t('schliesszeiten.meldung.erstellt.woche', { anzahl })
      : art === 'event'
        ? t('schliesszeiten.meldung.erstellt.event')
        : t('schliesszeiten.meldung.erstellt.tag');
  const geloescht = (art: Art) =>
    art === 'woche'
      ? t('schliesszeiten.meldung.geloescht.woche')
      : art === 'event'
        ? t('schliesszeiten.meldung.geloescht.event')
        : t('schliesszeiten.meldung.geloescht.tag');
  const deleteTag = useDeleteTagEintrag();

  const bearbeite = (neu: Bearbeitung) => {
    if (neu.typ === 'tag') setTagArt(neu.art);
    setBearbeitung(neu);
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
            showSuccess(aktualisiert('woche'));
          },
          onError: (error) => showError(withServerMessage(t('schliesszeiten.meldung.aktualisierFehler'), error)),
        },
      );
      return;
    }
    createWoche.mutate(daten, {
      onSuccess: (antwort) => {
        setBearbeitung(null);
        const anzahl = typeof antwort?.count === 'number' ? antwort.count : 1;
        showSuccess(erstellt('woche', anzahl));
      },
      onError: (error) => showError(withServerMessage(t('schliesszeiten.meldung.erstellFehler'), error)),
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
            showSuccess(aktualisiert(art));
          },
          onError: (error) => showError(withServerMessage(t('schliesszeiten.meldung.aktualisierFehler'), error)),
        },
      );
      return;
    }
    createTag.mutate(
      { art, daten },
      {
        onSuccess: () => {
          setBearbeitung(null);
          showSuccess(erstellt(art));
        },
        onError: (error) => showError(withServerMessage(t('schliesszeiten.meldung.erstellFehler'), error)),
      },
    );
  };

  const bestaetigeLoeschen = () => {
    if (!loeschung) return;
    const callbacks = {
      onSuccess: () => {
        setLoeschung(null);
        showSuccess(geloescht(loeschung.art));
      },
      onError: (error: Error) => {
        setLoeschung(null);
        showError(withServerMessage(t('mitteilungen.loeschenFehler'), error));
      },
    };
    if (loeschung.art === 'woche') deleteWoche.mutate(loeschung.eintrag.id, callbacks);
    else deleteTag.mutate({ art: loeschung.art, id: loeschung.eintrag.id }, callbacks);
  };

  return {
    bearbeitung,
    loeschung,
    tagArt,
    bearbeite,
    schliessen: () => setBearbeitung(null),
    setLoeschung,
    speichereWoche,
    speichereTag,
    bestaetigeLoeschen,
    wochePending: createWoche.isPending || updateWoche.isPending,
    tagPending: createTag.isPending || updateTag.isPending,
    loeschPending: deleteWoche.isPending || deleteTag.isPending,
  };
}

export type SchliesszeitenBearbeitung = ReturnType<typeof useSchliesszeitenBearbeitung>;
