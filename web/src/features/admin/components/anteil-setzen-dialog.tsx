import { WASSERDIENST_ID } from '@waldkita/domain/dienste/dienstart';
import { zeichenzahl } from '@waldkita/domain/shared/eingabe';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogAktionen } from '@/components/dialog';
import { AuswahlFeld, EingabeFeld, FormFehler, TextFeld } from '@/components/feld';
import type { Dienstart } from '@/lib/dienste-api';
import { useAnteilDerArt } from '../api/dienstarten';
import type { AdminEltern } from '../api/types';
import { type AnteilFehler, anteilText, MAX_ANTEIL, MAX_ANTEIL_GRUND, MIN_ANTEIL, pruefeAnteil, STANDARD_ANTEIL } from '../utils/anteil';

type AnteilSetzenDialogProps = {
  /** The family whose share is set; the dialog is open while there is one. */
  eltern: AdminEltern | null;
  onClose: () => void;
  pending: boolean;
  /** The share is set for the chosen kind (`dienstartId`, Wasserdienst unless another is chosen). */
  onSubmit: (anteil: number, grund: string, dienstartId: string) => void;
  /** The active duty kinds to choose from; without any, Wasserdienst alone. */
  dienstarten?: readonly Dienstart[];
  /** The screen's toast; shown inside the dialog while it is open (the rest of the page is inert then). */
  toast?: ReactNode;
};

/**
 * 'Anteil am Wasserdienst' (PUT /api/admin/eltern/{id}/anteil, issue 17): how many duties a family
 * does compared with the others of its group — 0 exempts it, 1 is the default, up to 5 — with a
 * required reason that the history keeps. Checked here with the server's messages before it is sent.
 */
export function AnteilSetzenDialog({ eltern, ...props }: AnteilSetzenDialogProps) {
  const { t } = useTranslation();
  const [dienstartId, setDienstartId] = useState(WASSERDIENST_ID);
  // Every opening starts with Wasserdienst.
  const elternId = eltern?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another family's dialog opens
  useEffect(() => setDienstartId(WASSERDIENST_ID), [elternId]);
  const art = props.dienstarten?.find((a) => a.id === dienstartId);
  const titel = !art || art.eingebaut ? t('admin.anteil.titelWasserdienst') : t('admin.anteil.titelDienst', { name: art.name });
  const schliessen = () => {
    setDienstartId(WASSERDIENST_ID);
    props.onClose();
  };
  // Mounted afresh with every opening and every kind: the field starts at the family's current share.
  return (
    <Dialog open={eltern !== null} onClose={schliessen} title={titel}>
      {eltern && (
        <AnteilFormular
          key={`${eltern.id}-${dienstartId}`}
          eltern={eltern}
          {...props}
          onClose={schliessen}
          dienstartId={dienstartId}
          onDienstart={setDienstartId}
        />
      )}
    </Dialog>
  );
}

function AnteilFormular({
  eltern,
  onClose,
  pending,
  onSubmit,
  toast,
  dienstarten = [],
  dienstartId,
  onDienstart,
}: AnteilSetzenDialogProps & { eltern: AdminEltern; dienstartId: string; onDienstart: (id: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const art = dienstarten.find((a) => a.id === dienstartId);
  const wasserdienst = dienstartId === WASSERDIENST_ID;
  const andereArt = useAnteilDerArt({
    dienstartId: wasserdienst ? null : dienstartId,
    gruppeId: art?.bereich === 'kita' ? null : (eltern.gruppe?.gruppenID ?? null),
    elternId: eltern.id,
  });
  // Of another kind the share is read from its distribution; unknown while it loads (then the check for 'the same share' waits for the server).
  const bisherBekannt = wasserdienst ? (eltern.anteil ?? STANDARD_ANTEIL) : (andereArt.data ?? null);
  const bisher = bisherBekannt ?? STANDARD_ANTEIL;
  const [anteil, setAnteil] = useState(String(bisher));
  const [beruehrt, setBeruehrt] = useState(false);
  // The share of another kind arrives after the form: the field takes it unless something was typed.
  useEffect(() => {
    if (!beruehrt && bisherBekannt !== null) setAnteil(String(bisherBekannt));
  }, [beruehrt, bisherBekannt]);
  const [grund, setGrund] = useState('');
  const [fehler, setFehler] = useState<AnteilFehler | null>(null);
  const anteilRef = useRef<HTMLInputElement>(null);
  const grundRef = useRef<HTMLTextAreaElement>(null);
  const laenge = zeichenzahl(grund);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const geprueft = pruefeAnteil({ anteil, grund, bisher: bisherBekannt }, t);
    if ('feld' in geprueft) {
      setFehler(geprueft);
      (geprueft.feld === 'anteil' ? anteilRef : grundRef).current?.focus();
      return;
    }
    setFehler(null);
    onSubmit(geprueft.anteil, geprueft.grund, dienstartId);
  };

  const ungueltig = (feld: AnteilFehler['feld']) =>
    fehler?.feld === feld ? { 'aria-invalid': true as const, 'aria-errormessage': `${id}-fehler` } : {};

  return (
    <>
      <form className="ad-form" onSubmit={submit} noValidate aria-busy={pending}>
        <p className="dialog__text ad-passwort__fuer">
          {t('admin.anteil.familie', { nachname: eltern.nachname || '—' })} <span className="ad-passwort__email">({eltern.email})</span>
        </p>
        {dienstarten.length > 1 && (
          <AuswahlFeld
            label={t('admin.anteil.dienstart')}
            id={`${id}-dienstart`}
            value={dienstartId}
            onChange={(event) => onDienstart(event.target.value)}
            disabled={pending}
          >
            {dienstarten.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </AuswahlFeld>
        )}
        <p className="ad-anteil__bisher">
          {!wasserdienst && andereArt.isPending ? (
            t('admin.anteil.bisherLaedt')
          ) : (
            <>
              {t('admin.anteil.bisher', { anteil: bisher === STANDARD_ANTEIL ? t('admin.anteil.ueblich') : anteilText(bisher, t) })}
              {wasserdienst && eltern.anteilGrund && (
                <span className="ad-anteil__grund">{t('admin.anteil.bisherGrund', { grund: eltern.anteilGrund })}</span>
              )}
            </>
          )}
        </p>
        <EingabeFeld
          label={t('admin.anteil.anteil')}
          ref={anteilRef}
          id={`${id}-anteil`}
          name="anteil"
          className="ad-anteil__zahl"
          type="number"
          inputMode="numeric"
          min={MIN_ANTEIL}
          max={MAX_ANTEIL}
          step={1}
          value={anteil}
          onChange={(event) => {
            setAnteil(event.target.value);
            setBeruehrt(true);
            if (fehler?.feld === 'anteil') setFehler(null);
          }}
          disabled={pending}
          aria-describedby={`${id}-erklaerung`}
          {...ungueltig('anteil')}
        />
        <ul id={`${id}-erklaerung`} className="ad-hint ad-anteil__erklaerung">
          <li>
            <strong>0</strong> – {wasserdienst ? t('admin.anteil.null.wasserdienst') : t('admin.anteil.null.dienst')}
          </li>
          <li>
            <strong>1</strong> – {t('admin.anteil.eins')}
          </li>
          <li>
            <strong>{t('admin.anteil.mehrBereich', { max: MAX_ANTEIL })}</strong> –{' '}
            {art?.bereich === 'kita' ? t('admin.anteil.mehr.kita') : t('admin.anteil.mehr.gruppe')}
          </li>
          <li>{t('admin.anteil.kuenftig')}</li>
        </ul>
        <TextFeld
          label={t('admin.anteil.grund')}
          hinweis={
            <p id={`${id}-zaehler`} className={`ad-zaehler${laenge > MAX_ANTEIL_GRUND ? ' ad-zaehler--voll' : ''}`}>
              {t('admin.anteil.zaehler', { laenge, max: MAX_ANTEIL_GRUND })}
            </p>
          }
          ref={grundRef}
          id={`${id}-grund`}
          name="grund"
          className="ad-textarea"
          rows={3}
          required
          value={grund}
          onChange={(event) => {
            setGrund(event.target.value);
            if (fehler?.feld === 'grund') setFehler(null);
          }}
          disabled={pending}
          aria-describedby={`${id}-zaehler`}
          {...ungueltig('grund')}
        />
        {fehler && <FormFehler id={`${id}-fehler`}>{fehler.text}</FormFehler>}
        <DialogAktionen onAbbrechen={onClose} gesperrt={pending} abbrechenGesperrt={pending}>
          {pending ? t('admin.anteil.speichertGerade') : t('admin.anteil.speichern')}
        </DialogAktionen>
      </form>
      {toast}
    </>
  );
}
