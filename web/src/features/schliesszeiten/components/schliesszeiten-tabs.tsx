import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Schliesszeit, TagArt, TagEintrag } from '../api/types';
import type { Bearbeitung, Loeschung } from '../hooks/use-schliesszeiten-bearbeitung';
import { useSzTexte } from '../hooks/use-sz-texte';
import type { Art } from '../utils/arten';
import { type Jahresgruppe, tageNachJahr, wochenNachJahr } from '../utils/nach-jahr';
import { EintragListe, type ListenEintrag } from './eintrag-liste';
import { EintragTabs, type TabDefinition } from './eintrag-tabs';

type SzTexte = ReturnType<typeof useSzTexte>;

const alsWochenEintrag =
  (texte: SzTexte) =>
  (woche: Schliesszeit): ListenEintrag<Schliesszeit> => ({
    eintrag: woche,
    id: woche.id,
    titel: texte.kw(woche.kalenderwoche),
    unter: texte.wochenZeitraum(woche) ?? undefined,
    beschreibung: woche.beschreibung,
    name: texte.kwName(woche),
  });

const alsTagEintrag =
  (texte: SzTexte) =>
  (tag: TagEintrag): ListenEintrag<TagEintrag> => ({
    eintrag: tag,
    id: tag.id,
    titel: `${texte.wochentage[(new Date(`${tag.datum}T00:00:00Z`).getUTCDay() + 6) % 7]?.kurz ?? ''}, ${texte.datum(tag.datum)}`,
    beschreibung: tag.beschreibung,
    name: texte.datum(tag.datum),
  });

const wocheBearbeiten = (eintrag: Schliesszeit | null): Bearbeitung => ({ typ: 'woche', eintrag });
const wocheLoeschen = (eintrag: Schliesszeit): Loeschung => ({ art: 'woche', eintrag });

type SchliesszeitenTabsProps = {
  wochen: UseQueryResult<Schliesszeit[]>;
  schliesstage: UseQueryResult<TagEintrag[]>;
  events: UseQueryResult<TagEintrag[]>;
  /** Admins see the add, edit and delete buttons. */
  admin: boolean;
  onBearbeiten: (bearbeitung: Bearbeitung) => void;
  onLoeschen: (loeschung: Loeschung) => void;
};

/** The tab panels of /schliesszeiten: closing weeks, closing days and events, each by year. */
export function SchliesszeitenTabs({ wochen, schliesstage, events, admin, onBearbeiten, onLoeschen }: SchliesszeitenTabsProps) {
  const texte = useSzTexte();
  const { t } = texte;
  const wochenGruppen = useMemo(
    () => wochenNachJahr(wochen.data ?? []).map((g) => ({ jahr: g.jahr, eintraege: g.eintraege.map(alsWochenEintrag(texte)) })),
    [wochen.data, texte],
  );
  const tageGruppen = useMemo(
    () => tageNachJahr(schliesstage.data ?? []).map((g) => ({ jahr: g.jahr, eintraege: g.eintraege.map(alsTagEintrag(texte)) })),
    [schliesstage.data, texte],
  );
  const eventGruppen = useMemo(
    () => tageNachJahr(events.data ?? []).map((g) => ({ jahr: g.jahr, eintraege: g.eintraege.map(alsTagEintrag(texte)) })),
    [events.data, texte],
  );

  /** A tab of one kind of entry: its list by year, with its count, its load error and the admin's buttons. */
  const tab = <T,>(
    art: Art,
    abfrage: UseQueryResult<T[]>,
    gruppen: readonly Jahresgruppe<ListenEintrag<T>>[],
    bearbeitung: (eintrag: T | null) => Bearbeitung,
    loeschung: (eintrag: T) => Loeschung,
  ): TabDefinition => ({
    key: art,
    label: texte.art[art].plural,
    anzahl: abfrage.data?.length ?? 0,
    panel: (
      <EintragListe
        art={art}
        gruppen={gruppen}
        admin={admin}
        ladeFehler={Boolean(abfrage.error)}
        onErneut={() => void abfrage.refetch()}
        onNeu={() => onBearbeiten(bearbeitung(null))}
        onBearbeiten={(eintrag) => onBearbeiten(bearbeitung(eintrag))}
        onLoeschen={(eintrag) => onLoeschen(loeschung(eintrag))}
      />
    ),
  });

  const tagTab = (art: TagArt, abfrage: UseQueryResult<TagEintrag[]>, gruppen: readonly Jahresgruppe<ListenEintrag<TagEintrag>>[]) => {
    const bearbeiten = (eintrag: TagEintrag | null): Bearbeitung => ({ typ: 'tag', art, eintrag });
    const loeschen = (eintrag: TagEintrag): Loeschung => ({ art, eintrag });
    return tab(art, abfrage, gruppen, bearbeiten, loeschen);
  };

  return (
    <section className="card sz-card sz-listen" aria-label={t('schliesszeiten.eintraege')}>
      <EintragTabs
        label={t('schliesszeiten.tabs')}
        tabs={[
          tab('woche', wochen, wochenGruppen, wocheBearbeiten, wocheLoeschen),
          tagTab('schliesstag', schliesstage, tageGruppen),
          tagTab('event', events, eventGruppen),
        ]}
      />
    </section>
  );
}
