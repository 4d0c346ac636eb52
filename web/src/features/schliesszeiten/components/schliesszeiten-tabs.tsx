import type { UseQueryResult } from '@tanstack/react-query';
import { datumDeutsch } from '@waldkita/domain/kalender/iso-woche';
import { useMemo } from 'react';
import type { Schliesszeit, TagEintrag } from '../api/types';
import type { Bearbeitung, Loeschung } from '../hooks/use-schliesszeiten-bearbeitung';
import { WOCHENTAGE } from '../utils/monats-raster';
import { tageNachJahr, wochenNachJahr } from '../utils/nach-jahr';
import { kwName, wochenZeitraum } from '../utils/wochen-zeitraum';
import { EintragListe, type ListenEintrag } from './eintrag-liste';
import { EintragTabs } from './eintrag-tabs';

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

  return (
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
                onNeu={() => onBearbeiten({ typ: 'woche', eintrag: null })}
                onBearbeiten={(eintrag) => onBearbeiten({ typ: 'woche', eintrag })}
                onLoeschen={(eintrag) => onLoeschen({ art: 'woche', eintrag })}
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
                onNeu={() => onBearbeiten({ typ: 'tag', art: 'schliesstag', eintrag: null })}
                onBearbeiten={(eintrag) => onBearbeiten({ typ: 'tag', art: 'schliesstag', eintrag })}
                onLoeschen={(eintrag) => onLoeschen({ art: 'schliesstag', eintrag })}
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
