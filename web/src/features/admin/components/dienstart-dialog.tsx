import { type DienstartAngaben, MAX_FAMILIEN_PRO_TERMIN, MAX_STUNDEN } from '@waldkita/domain/dienste/dienstart';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogAktionen } from '@/components/dialog';
import { AuswahlFeld, EingabeFeld, FormFehler, TextFeld } from '@/components/feld';
import { useSprache } from '@/hooks/use-sprache';
import type { Dienstart } from '@/lib/dienste-api';
import {
  type DienstartEingabe,
  type DienstartFehler,
  eingabeVon,
  MONATE,
  monatName,
  NEUE_DIENSTART,
  pruefeDienstart,
  tagKurz,
  tagName,
  WOCHENTAGE,
} from '../utils/dienstart';

type DienstartDialogProps = {
  /** 'neu' to create a kind, a kind to edit it; null: closed. */
  art: Dienstart | 'neu' | null;
  pending: boolean;
  onClose: () => void;
  onSubmit: (angaben: DienstartAngaben) => void;
  /** The screen's toast, shown inside the dialog while it is open. */
  toast?: ReactNode;
};

/**
 * 'Neue Dienstart' / 'Dienstart bearbeiten': name, description, rhythm (weekly, at the weekend, on
 * chosen weekdays), an optional active window by month, scope (per group or the whole Kita),
 * families and hours per date, and whether it pauses while the Kita is closed. Rhythm and scope
 * are fixed once a kind exists; of Wasserdienst only the description and the hours change.
 */
export function DienstartDialog({ art, ...props }: DienstartDialogProps) {
  const { t } = useTranslation();
  const titel = art === 'neu' ? t('admin.dienstarten.dialog.neu') : art ? t('admin.dienstarten.dialog.bearbeiten', { name: art.name }) : '';
  return (
    <Dialog open={art !== null} onClose={props.onClose} title={titel}>
      {art && <DienstartFormular key={art === 'neu' ? 'neu' : art.id} art={art} {...props} />}
    </Dialog>
  );
}

function DienstartFormular({ art, pending, onClose, onSubmit, toast }: DienstartDialogProps & { art: Dienstart | 'neu' }) {
  const { t } = useTranslation();
  const sprache = useSprache();
  const id = useId();
  const neu = art === 'neu';
  const eingebaut = !neu && art.eingebaut;
  const [eingabe, setEingabe] = useState<DienstartEingabe>(() => (neu ? NEUE_DIENSTART : eingabeVon(art)));
  const [fehler, setFehler] = useState<DienstartFehler | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const setze = <K extends keyof DienstartEingabe>(feld: K, wert: DienstartEingabe[K]) => {
    setEingabe((alt) => ({ ...alt, [feld]: wert }));
    if (fehler?.feld === feld) setFehler(null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const geprueft = pruefeDienstart(eingabe, t);
    if ('feld' in geprueft) {
      setFehler(geprueft);
      formRef.current?.querySelector<HTMLElement>(`[data-feld="${geprueft.feld}"]`)?.focus();
      return;
    }
    setFehler(null);
    onSubmit(geprueft);
  };

  const ungueltig = (feld: keyof DienstartEingabe) =>
    fehler?.feld === feld ? { 'aria-invalid': true as const, 'aria-errormessage': `${id}-fehler` } : {};
  // Of Wasserdienst only the description and the hours change; rhythm and scope never after creation.
  const fest = pending || eingebaut;
  const rhythmusFest = pending || !neu;

  return (
    <>
      <form ref={formRef} className="ad-form ad-dienstart-form" onSubmit={submit} noValidate aria-busy={pending}>
        {eingebaut && <p className="ad-hint">{t('admin.dienstarten.dialog.eingebaut')}</p>}
        <EingabeFeld
          label={t('admin.dienstarten.dialog.name')}
          id={`${id}-name`}
          data-feld="name"
          value={eingabe.name}
          onChange={(event) => setze('name', event.target.value)}
          disabled={fest}
          maxLength={80}
          {...ungueltig('name')}
        />
        <TextFeld
          label={t('admin.dienstarten.dialog.beschreibung')}
          id={`${id}-beschreibung`}
          data-feld="beschreibung"
          className="ad-textarea"
          rows={3}
          value={eingabe.beschreibung}
          onChange={(event) => setze('beschreibung', event.target.value)}
          disabled={pending}
          {...ungueltig('beschreibung')}
        />
        <fieldset className="ad-fieldset" aria-describedby={neu ? undefined : `${id}-fest`}>
          <legend className="field__label">{t('admin.dienstarten.dialog.rhythmus')}</legend>
          <div className="ad-radios">
            {(
              [
                ['woche', t('admin.dienstarten.rhythmus.woche')],
                ['wochenende', t('admin.dienstarten.rhythmus.wochenende')],
                ['wochentage', t('admin.dienstarten.rhythmus.wochentage')],
              ] as const
            ).map(([wert, text]) => (
              <label key={wert} className="ad-radio">
                <input
                  type="radio"
                  name={`${id}-rhythmus`}
                  data-feld={wert === 'woche' ? 'rhythmus' : undefined}
                  value={wert}
                  checked={eingabe.rhythmus === wert}
                  onChange={() => setze('rhythmus', wert)}
                  disabled={rhythmusFest}
                />
                {text}
              </label>
            ))}
          </div>
          {eingabe.rhythmus === 'wochentage' && (
            <fieldset className="ad-fieldset ad-wochentage" {...ungueltig('wochentage')}>
              <legend className="visually-hidden">{t('admin.dienstarten.dialog.wochentage')}</legend>
              {WOCHENTAGE.map((tag, index) => (
                <label key={tag.nummer} className="ad-radio">
                  <input
                    type="checkbox"
                    data-feld={index === 0 ? 'wochentage' : undefined}
                    checked={eingabe.wochentage.includes(tag.nummer)}
                    onChange={(event) =>
                      setze(
                        'wochentage',
                        event.target.checked
                          ? [...eingabe.wochentage, tag.nummer].sort((a, b) => a - b)
                          : eingabe.wochentage.filter((t) => t !== tag.nummer),
                      )
                    }
                    disabled={rhythmusFest}
                    aria-label={tagName(tag.nummer, sprache)}
                  />
                  <span aria-hidden="true">{tagKurz(tag.nummer, sprache)}</span>
                </label>
              ))}
            </fieldset>
          )}
          {!neu && (
            <p id={`${id}-fest`} className="ad-hint">
              {eingebaut ? t('admin.dienstarten.dialog.wasserdienstFest') : t('admin.dienstarten.dialog.rhythmusFest')}
            </p>
          )}
        </fieldset>
        <fieldset className="ad-fieldset">
          <legend className="field__label">{t('admin.dienstarten.dialog.zeitraum')}</legend>
          <label className="ad-radio">
            <input
              type="checkbox"
              data-feld="mitZeitraum"
              checked={eingabe.mitZeitraum}
              onChange={(event) => setze('mitZeitraum', event.target.checked)}
              disabled={fest}
            />
            {t('admin.dienstarten.dialog.nurMonate')}
          </label>
          {eingabe.mitZeitraum && (
            <div className="ad-form__row ad-form__row--monate">
              <AuswahlFeld
                label={t('admin.dienstarten.dialog.monatVon')}
                id={`${id}-von`}
                data-feld="aktivVonMonat"
                value={eingabe.aktivVonMonat}
                onChange={(event) => setze('aktivVonMonat', event.target.value)}
                disabled={fest}
                {...ungueltig('aktivVonMonat')}
              >
                {MONATE.map((m, i) => (
                  <option key={m} value={String(i + 1)}>
                    {monatName(i + 1, sprache)}
                  </option>
                ))}
              </AuswahlFeld>
              <AuswahlFeld
                label={t('admin.dienstarten.dialog.monatBis')}
                id={`${id}-bis`}
                value={eingabe.aktivBisMonat}
                onChange={(event) => setze('aktivBisMonat', event.target.value)}
                disabled={fest}
              >
                {MONATE.map((m, i) => (
                  <option key={m} value={String(i + 1)}>
                    {monatName(i + 1, sprache)}
                  </option>
                ))}
              </AuswahlFeld>
            </div>
          )}
        </fieldset>
        <fieldset className="ad-fieldset">
          <legend className="field__label">{t('admin.dienstarten.dialog.bereich')}</legend>
          <div className="ad-radios">
            {(
              [
                ['gruppe', t('admin.dienstarten.bereich.gruppe')],
                ['kita', t('admin.dienstarten.bereich.kita')],
              ] as const
            ).map(([wert, text]) => (
              <label key={wert} className="ad-radio">
                <input
                  type="radio"
                  name={`${id}-bereich`}
                  data-feld={wert === 'gruppe' ? 'bereich' : undefined}
                  value={wert}
                  checked={eingabe.bereich === wert}
                  onChange={() => setze('bereich', wert)}
                  disabled={rhythmusFest}
                />
                {text}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="ad-form__row ad-form__row--zahlen">
          <EingabeFeld
            label={t('admin.dienstarten.dialog.familien')}
            id={`${id}-familien`}
            data-feld="familienProTermin"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_FAMILIEN_PRO_TERMIN}
            value={eingabe.familienProTermin}
            onChange={(event) => setze('familienProTermin', event.target.value)}
            disabled={fest}
            {...ungueltig('familienProTermin')}
          />
          <EingabeFeld
            label={t('admin.dienstarten.dialog.stunden')}
            hinweis={
              <p id={`${id}-stunden-hinweis`} className="ad-hint">
                {t('admin.dienstarten.dialog.stundenHinweis', { max: MAX_STUNDEN })}
              </p>
            }
            id={`${id}-stunden`}
            data-feld="stunden"
            inputMode="decimal"
            value={eingabe.stunden}
            onChange={(event) => setze('stunden', event.target.value)}
            disabled={pending}
            aria-describedby={`${id}-stunden-hinweis`}
            {...ungueltig('stunden')}
          />
        </div>
        <label className="ad-radio">
          <input
            type="checkbox"
            data-feld="pausiertBeiSchliessung"
            checked={eingabe.pausiertBeiSchliessung}
            onChange={(event) => setze('pausiertBeiSchliessung', event.target.checked)}
            disabled={fest}
          />
          {t('admin.dienstarten.dialog.pausiert')}
        </label>
        {fehler && <FormFehler id={`${id}-fehler`}>{fehler.text}</FormFehler>}
        <DialogAktionen onAbbrechen={onClose} gesperrt={pending} abbrechenGesperrt={pending}>
          {pending
            ? t('admin.dienstarten.dialog.speichertGerade')
            : neu
              ? t('admin.dienstarten.dialog.anlegen')
              : t('admin.dienstarten.dialog.speichern')}
        </DialogAktionen>
      </form>
      {toast}
    </>
  );
}
