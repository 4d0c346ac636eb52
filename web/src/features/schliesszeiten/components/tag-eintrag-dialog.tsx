import { datumDeutsch } from '@waldkita/domain/kalender/iso-woche';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogAktionen } from '@/components/dialog';
import type { TagArt, TagEintrag, TagEintragInput } from '../api/types';
import { pruefungText } from '../hooks/use-sz-texte';
import { ARTEN } from '../utils/arten';
import { tagLang } from '../utils/monats-raster';
import { PRUEFUNG } from '../utils/texte';
import { pruefeBearbeitung, pruefeNeuenTagEintrag } from '../utils/validierung';
import { BeschreibungFeld } from './beschreibung-feld';

type TagEintragDialogProps = {
  art: TagArt;
  open: boolean;
  /** null: create; otherwise the entry whose description is edited. */
  eintrag: TagEintrag | null;
  pending: boolean;
  onClose: () => void;
  onSubmit: (daten: TagEintragInput) => void;
  toast?: ReactNode;
};

/** Create a closing day or an event (date and description), or edit its description with the date locked. */
export function TagEintragDialog({ open, ...props }: TagEintragDialogProps) {
  const { t } = useTranslation();
  // The form is mounted afresh with every opening, with the entry's values or empty ones.
  return (
    <Dialog
      open={open}
      onClose={props.onClose}
      title={
        props.eintrag
          ? props.art === 'event'
            ? t('schliesszeiten.bearbeitenTitel.event')
            : t('schliesszeiten.bearbeitenTitel.tag')
          : props.art === 'event'
            ? t('schliesszeiten.event.neu')
            : t('schliesszeiten.tag.neu')
      }
    >
      {open && <TagEintragFormular {...props} />}
    </Dialog>
  );
}

function TagEintragFormular({ art, eintrag, pending, onClose, onSubmit, toast }: Omit<TagEintragDialogProps, 'open'>) {
  const id = useId();
  const { t } = useTranslation();
  const texte = ARTEN[art];
  const bearbeiten = eintrag !== null;
  const [datum, setDatum] = useState(eintrag?.datum ?? '');
  const [beschreibung, setBeschreibung] = useState(eintrag?.beschreibung ?? '');
  const [fehler, setFehler] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const meldung = bearbeiten
      ? pruefeBearbeitung(beschreibung, texte.maxLaenge)
      : pruefeNeuenTagEintrag({ datum, beschreibung, maxLaenge: texte.maxLaenge });
    setFehler(meldung);
    if (meldung) return;
    onSubmit({ datum, beschreibung: beschreibung.trim() });
  };

  const fehlerId = fehler ? `${id}-fehler` : undefined;
  const beschreibungFehler = fehler === PRUEFUNG.beschreibungLeer || fehler?.startsWith('Die Beschreibung') ? fehlerId : undefined;

  return (
    <>
      <form className="sz-form" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-datum`}>
            {t('stunden.form.datum')}
          </label>
          {eintrag ? (
            // Locked: shown in German, whatever language the browser's date picker speaks.
            <input
              id={`${id}-datum`}
              className="input"
              type="text"
              value={`${tagLang(eintrag.datum).split(',')[0]}, ${datumDeutsch(eintrag.datum)}`}
              disabled
              aria-describedby={`${id}-fest`}
            />
          ) : (
            <input
              id={`${id}-datum`}
              className="input"
              type="date"
              value={datum}
              onChange={(event) => setDatum(event.target.value)}
              disabled={pending}
            />
          )}
          {bearbeiten && (
            <p id={`${id}-fest`} className="dialog__muted">
              {t('schliesszeiten.pruefung.datumFest')}
            </p>
          )}
        </div>
        <BeschreibungFeld
          value={beschreibung}
          onChange={setBeschreibung}
          maxLaenge={texte.maxLaenge}
          disabled={pending}
          fehlerId={beschreibungFehler}
        />
        {fehler && (
          <p id={fehlerId} className="form-error" role="alert">
            {pruefungText(fehler, t)}
          </p>
        )}
        <DialogAktionen onAbbrechen={onClose} gesperrt={pending}>
          {bearbeiten ? t('mitteilungen.speichern') : t('schliesszeiten.erstellen')}
        </DialogAktionen>
      </form>
      {toast}
    </>
  );
}
