import { datumKurz } from '@waldkita/domain/i18n/datum';
import type { IsoWoche } from '@waldkita/domain/kalender/iso-woche';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogAktionen } from '@/components/dialog';
import { AuswahlFeld, EingabeFeld } from '@/components/feld';
import { useSprache } from '@/hooks/use-sprache';
import { type Frist, waehlbareJahre } from '../utils/frist';
import { kwText, restTageText } from '../utils/texte';
import { alsGanzzahl, pruefeAbwesenheit } from '../utils/validierung';
import { wochenZeitraum } from '../utils/wochen-zeitraum';

type NeueAbwesenheitDialogProps = {
  open: boolean;
  onClose: () => void;
  frist: Frist;
  pending: boolean;
  onSubmit: (woche: IsoWoche) => void;
  /** The screen's toast, shown above the modal while it is open. */
  toast?: ReactNode;
};

/**
 * 'Neue Abwesenheit' (docs/produkt.md §2): year (current, +1, +2) and week 1–53, defaulting to the current
 * week. After the deadline every input and the submit button are disabled.
 */
export function NeueAbwesenheitDialog({ open, ...props }: NeueAbwesenheitDialogProps) {
  const { t } = useTranslation();
  // The form is mounted afresh with every opening, so it starts with the current week and year (docs/produkt.md §4).
  return (
    <Dialog open={open} onClose={props.onClose} title={t('abwesenheit.neu')}>
      {open && <AbwesenheitFormular {...props} />}
    </Dialog>
  );
}

function AbwesenheitFormular({ onClose, frist, pending, onSubmit, toast }: Omit<NeueAbwesenheitDialogProps, 'open'>) {
  const id = useId();
  const { t } = useTranslation();
  const sprache = useSprache();
  const { aktuelleWoche, kannErstellen } = frist;
  const [jahr, setJahr] = useState(String(aktuelleWoche.jahr));
  const [kalenderwoche, setKalenderwoche] = useState(String(aktuelleWoche.kalenderwoche));
  const [fehler, setFehler] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const meldung = pruefeAbwesenheit({ kalenderwoche, jahr, kannErstellen, aktuelleWoche, t });
    setFehler(meldung);
    if (meldung) return;
    onSubmit({ kalenderwoche: Number(kalenderwoche), jahr: Number(jahr) });
  };

  const gewaehlt = alsGanzzahl(kalenderwoche);
  const zeitraum = gewaehlt !== null ? wochenZeitraum({ kalenderwoche: gewaehlt, jahr: Number(jahr) }, sprache) : null;
  const jahre = waehlbareJahre(aktuelleWoche.jahr);
  const gesperrt = !kannErstellen || pending;

  return (
    <>
      <form className="aw-form" onSubmit={submit} noValidate>
        <dl className="aw-facts">
          <div>
            <dt>{t('abwesenheit.dialog.aktuelleWoche')}</dt>
            <dd>{kwText(t, aktuelleWoche)}</dd>
          </div>
          <div>
            <dt>{t('abwesenheit.dialog.frist')}</dt>
            <dd>
              {!kannErstellen
                ? t('abwesenheit.fristAbgelaufen')
                : frist.deadline
                  ? t('abwesenheit.dialog.restBis', { rest: restTageText(t, frist.restTage), datum: datumKurz(frist.deadline, sprache) })
                  : t('abwesenheit.dialog.keineFrist')}
            </dd>
          </div>
        </dl>
        {!kannErstellen && (
          <p className="form-error" role="alert">
            {t('abwesenheit.pruefung.fristAbgelaufen')}
          </p>
        )}
        <div className="aw-form__row">
          <AuswahlFeld
            label={t('abwesenheit.dialog.jahr')}
            id={`${id}-jahr`}
            value={jahr}
            onChange={(event) => setJahr(event.target.value)}
            disabled={gesperrt}
          >
            {jahre.map((j) => (
              <option key={j} value={j}>
                {j}
              </option>
            ))}
          </AuswahlFeld>
          <EingabeFeld
            label={t('abwesenheit.dialog.kalenderwoche')}
            id={`${id}-kw`}
            type="number"
            inputMode="numeric"
            min={1}
            max={53}
            step={1}
            value={kalenderwoche}
            onChange={(event) => setKalenderwoche(event.target.value)}
            disabled={gesperrt}
            aria-describedby={`${id}-zeitraum`}
            aria-invalid={fehler ? true : undefined}
            aria-errormessage={fehler ? `${id}-fehler` : undefined}
          />
        </div>
        <p id={`${id}-zeitraum`} className="dialog__muted aw-form__hint">
          {zeitraum ? t('abwesenheit.dialog.zeitraum', { zeitraum }) : t('abwesenheit.dialog.kwBereich')}
        </p>
        {fehler && kannErstellen && (
          <p id={`${id}-fehler`} className="form-error" role="alert">
            {fehler}
          </p>
        )}
        <DialogAktionen onAbbrechen={onClose} gesperrt={gesperrt}>
          {pending ? t('abwesenheit.dialog.wirdErstellt') : t('abwesenheit.dialog.erstellen')}
        </DialogAktionen>
      </form>
      {toast}
    </>
  );
}
