import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Schliesszeit, TagEintrag } from '../api/types';
import type { Bearbeitung, Loeschung } from '../hooks/use-schliesszeiten-bearbeitung';
import { useSzTexte } from '../hooks/use-sz-texte';
import { tageNachJahr, wochenNachJahr } from '../utils/nach-jahr';
import { EintragListe, type ListenEintrag } from './eintrag-liste';
import { EintragTabs } from './eintrag-tabs';

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

  return (
    <section className="card sz-card sz-listen" aria-label={t('schliesszeiten.eintraege')}>
      <EintragTabs
        label={t('schliesszeiten.tabs')}
        tabs={[
          {
            key: 'woche',
            label: texte.art.woche.plural,
            anzahl: wochen.data?.length ?? 0,
            panel: (
              <EintragListe
                art="woche"
                gruppen={wochenGruppen}
                admin={admin}
                ladeFehler={Boolean(wochen.error)}
                onErneut={() => void wochen.refetch()}
                onNeu={() => onBearbeiten({ typ: 'woche', eintrag: null })}
                onBearbeiten={(eintrag) => onBearbeiten({ typ: 'woche', eintrag })}
                onLoeschen={(eintrag) => onLoeschen({ art: 'woche', eintrag })}
              />
            ),
          },
          {
            key: 'schliesstag',
            label: texte.art.schliesstag.plural,
            anzahl: schliesstage.data?.length ?? 0,
            panel: (
              <EintragListe
                art="schliesstag"
                gruppen={tageGruppen}
                admin={admin}
                ladeFehler={Boolean(schliesstage.error)}
                onErneut={() => void schliesstage.refetch()}
                onNeu={() => onBearbeiten({ typ: 'tag', art: 'schliesstag', eintrag: null })}
                onBearbeiten={(eintrag) => onBearbeiten({ typ: 'tag', art: 'schliesstag', eintrag })}
                onLoeschen={(eintrag) => onLoeschen({ art: 'schliesstag', eintrag })}
              />
            ),
          },
          {
            key: 'event',
            label: texte.art.event.plural,
            anzahl: events.data?.length ?? 0,
            panel: (
              <EintragListe
                art="event"
                gruppen={eventGruppen}
                admin={admin}
                ladeFehler={Boolean(events.error)}
                onErneut={() => void events.refetch()}
                onNeu={() => onBearbeiten({ typ: 'tag', art: 'event', eintrag: null })}
                onBearbeiten={(eintrag) => onBearbeiten({ typ: 'tag', art: 'event', eintrag })}
                onLoeschen={(eintrag) => onLoeschen({ art: 'event', eintrag })}
              />
            ),
          },
        ]}
      />
    </section>
  );
}
