import { aktuelleWoche } from '@waldkita/domain/kalender/iso-woche';
import type { ReactNode } from 'react';
import type { SchliesszeitenBearbeitung } from '../hooks/use-schliesszeiten-bearbeitung';
import { useSzTexte } from '../hooks/use-sz-texte';
import { JAHR_MAX, JAHR_MIN } from '../utils/texte';
import { LoeschenDialog } from './loeschen-dialog';
import { SchliesszeitDialog } from './schliesszeit-dialog';
import { TagEintragDialog } from './tag-eintrag-dialog';

type SchliesszeitenDialogeProps = {
  bearbeiten: SchliesszeitenBearbeitung;
  /** The screen's toast while a dialog is open (the rest of the page is inert then), else null. */
  dialogToast: ReactNode;
};

/** The admin's dialogs of /schliesszeiten: adding or editing a closing week, a closing day or an event, and the delete question. */
export function SchliesszeitenDialoge({ bearbeiten: b, dialogToast }: SchliesszeitenDialogeProps) {
  const { bearbeitung, loeschung, tagArt, schliessen } = b;
  const sz = useSzTexte();
  const { t } = sz;
  const standardJahr = Math.min(JAHR_MAX, Math.max(JAHR_MIN, aktuelleWoche(new Date()).jahr));

  const loeschTitel = loeschung
    ? loeschung.art === 'woche'
      ? t('schliesszeiten.loeschen.woche')
      : loeschung.art === 'event'
        ? t('schliesszeiten.loeschen.event')
        : t('schliesszeiten.loeschen.tag')
    : '';
  const loeschFrage = !loeschung
    ? ''
    : loeschung.art === 'woche'
      ? t('schliesszeiten.loeschFrage.woche', { name: sz.kwName(loeschung.eintrag), beschreibung: loeschung.eintrag.beschreibung })
      : loeschung.art === 'event'
        ? t('schliesszeiten.loeschFrage.event', { datum: sz.datum(loeschung.eintrag.datum), beschreibung: loeschung.eintrag.beschreibung })
        : t('schliesszeiten.loeschFrage.tag', { datum: sz.datum(loeschung.eintrag.datum), beschreibung: loeschung.eintrag.beschreibung });

  return (
    <>
      <SchliesszeitDialog
        open={bearbeitung?.typ === 'woche'}
        eintrag={bearbeitung?.typ === 'woche' ? bearbeitung.eintrag : null}
        standardJahr={standardJahr}
        pending={b.wochePending}
        onClose={schliessen}
        onSubmit={b.speichereWoche}
        toast={bearbeitung?.typ === 'woche' ? dialogToast : null}
      />
      <TagEintragDialog
        art={bearbeitung?.typ === 'tag' ? bearbeitung.art : tagArt}
        open={bearbeitung?.typ === 'tag'}
        eintrag={bearbeitung?.typ === 'tag' ? bearbeitung.eintrag : null}
        pending={b.tagPending}
        onClose={schliessen}
        onSubmit={b.speichereTag}
        toast={bearbeitung?.typ === 'tag' ? dialogToast : null}
      />
      <LoeschenDialog
        open={loeschung !== null}
        titel={loeschTitel}
        frage={loeschFrage}
        pending={b.loeschPending}
        onClose={() => b.setLoeschung(null)}
        onConfirm={b.bestaetigeLoeschen}
        toast={loeschung ? dialogToast : null}
      />
    </>
  );
}
