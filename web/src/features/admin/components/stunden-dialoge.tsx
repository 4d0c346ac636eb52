import { heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';
import type { StundenEintragStatus, StundenFamilie, StundenQuelle } from '@waldkita/domain/stunden/antworten';
import { KORREKTUR_UNGUELTIG, korrekturSchema, MAX_GRUND, MAX_KINDER } from '@waldkita/domain/stunden/stundenjahr';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogAktionen } from '@/components/dialog';
import { EingabeFeld, FormFehler, TextFeld } from '@/components/feld';
import { withServerMessage } from '@/lib/error-message';
import { useStundenEinerFamilie } from '../api/stunden';
import { alsZahl, useStundenFormat } from './stunden-format';

/** The dialogs of the 'Stunden' section: a reason (reject, reopen), one family's entries, a correction, children and exemption. */

const QUELLE_KEY: Record<StundenQuelle, string> = {
  dienst: 'admin.stunden.quelle.dienst',
  schicht: 'admin.stunden.quelle.schicht',
  eigen: 'admin.stunden.quelle.eigen',
  korrektur: 'admin.stunden.quelle.korrektur',
};

const STATUS_KEY: Record<StundenEintragStatus, string> = {
  geplant: 'admin.stunden.status.geplant',
  bestaetigt: 'admin.stunden.status.bestaetigt',
  ausstehend: 'admin.stunden.status.ausstehend',
  abgelehnt: 'admin.stunden.status.abgelehnt',
};

export function GrundDialog({
  offen,
  pending,
  onClose,
  onSubmit,
  toast,
}: {
  offen: { art: 'ablehnen' | 'oeffnen'; text: string } | null;
  pending: boolean;
  onClose: () => void;
  onSubmit: (grund: string) => void;
  toast: ReactNode;
}) {
  const { t } = useTranslation();
  const titel = offen?.art === 'oeffnen' ? t('admin.stunden.grund.titelOeffnen') : t('admin.stunden.grund.titelAblehnen');
  return (
    <Dialog open={offen !== null} onClose={onClose} title={titel}>
      {offen && <GrundFormular key={offen.text} offen={offen} pending={pending} onClose={onClose} onSubmit={onSubmit} toast={toast} />}
    </Dialog>
  );
}

function GrundFormular({
  offen,
  pending,
  onClose,
  onSubmit,
  toast,
}: {
  offen: { art: 'ablehnen' | 'oeffnen'; text: string };
  pending: boolean;
  onClose: () => void;
  onSubmit: (grund: string) => void;
  toast: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [grund, setGrund] = useState('');
  const [fehler, setFehler] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (!grund.trim()) {
      setFehler(t('admin.stunden.grundFehlt'));
      return;
    }
    setFehler(null);
    onSubmit(grund.trim());
  };
  return (
    <>
      <form className="ad-form" onSubmit={submit} noValidate aria-busy={pending}>
        <p className="dialog__text">{offen.text}</p>
        <TextFeld
          label={offen.art === 'oeffnen' ? t('admin.stunden.grund.warumOeffnen') : t('admin.stunden.grund.begruendungFamilie')}
          id={`${id}-grund`}
          rows={3}
          maxLength={MAX_GRUND}
          value={grund}
          onChange={(e) => setGrund(e.target.value)}
          aria-invalid={fehler ? true : undefined}
          aria-errormessage={fehler ? `${id}-fehler` : undefined}
        />
        <FormFehler id={`${id}-fehler`}>{fehler}</FormFehler>
        <div className="dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            {t('dialog.abbrechen')}
          </button>
          <button type="submit" className={`btn ${offen.art === 'oeffnen' ? 'btn--primary' : 'btn--danger-solid'}`} disabled={pending}>
            {pending
              ? t('admin.stunden.wirdGesendet')
              : offen.art === 'oeffnen'
                ? t('admin.stunden.wiederEroeffnen')
                : t('admin.stunden.ablehnen')}
          </button>
        </div>
      </form>
      {toast}
    </>
  );
}

/** What one family's figures are made of: every entry of the year with its source, status and reason. */
export function EintraegeDialog({ jahr, familie, onClose }: { jahr: number | null; familie: StundenFamilie | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { std, datum } = useStundenFormat();
  const konto = useStundenEinerFamilie(jahr, familie?.elternId ?? null);
  const k = konto.data;
  return (
    <Dialog
      open={familie !== null}
      onClose={onClose}
      title={familie ? t('admin.stunden.eintraegeVon', { nachname: familie.nachname }) : t('admin.stunden.eintraege')}
    >
      {konto.error ? (
        <p className="form-error" role="alert">
          {withServerMessage(t('admin.stunden.eintraegeFehler'), konto.error)}
        </p>
      ) : !k || k.elternId !== familie?.elternId ? (
        <p className="text-muted" role="status">
          {t('admin.stunden.eintraegeLaden')}
        </p>
      ) : (
        <>
          <p className="st-admin__summe">
            {t('admin.stunden.konto', { ist: std(k.ist), soll: std(k.soll), jahr: k.jahrName, offen: std(k.offen) })}
          </p>
          {k.eintraege.length === 0 ? (
            <p className="empty-note">{t('admin.stunden.keineEintraege')}</p>
          ) : (
            <ul className="st-admin__eintraege">
              {k.eintraege.map((e) => (
                <li key={`${e.quelle}-${e.id}`}>
                  <strong>{datum(e.datum)}</strong> · {t('admin.stunden.std', { stunden: std(e.stunden) })} · {t(QUELLE_KEY[e.quelle])} ·{' '}
                  {t(STATUS_KEY[e.status])}
                  <br />
                  {e.beschreibung ?? '—'}
                  {e.grund && t('admin.stunden.begruendungKlammer', { grund: e.grund })}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <div className="dialog__actions">
        <button type="button" className="btn btn--secondary" onClick={onClose}>
          {t('admin.stunden.schliessen')}
        </button>
      </div>
    </Dialog>
  );
}

type FamilienFormularProps<A> = {
  familie: StundenFamilie;
  pending: boolean;
  onClose: () => void;
  onSubmit: (angaben: A) => void;
  toast: ReactNode;
};

/** A dialog about one family: open while `familie` is set; its form starts afresh for each family. */
export function FamilienDialog<A>({
  titel,
  familie,
  Formular,
  ...rest
}: Omit<FamilienFormularProps<A>, 'familie'> & {
  titel: string;
  familie: StundenFamilie | null;
  Formular: (props: FamilienFormularProps<A>) => ReactNode;
}) {
  return (
    <Dialog open={familie !== null} onClose={rest.onClose} title={titel}>
      {familie && <Formular key={familie.elternId} familie={familie} {...rest} />}
    </Dialog>
  );
}

export function KorrekturFormular({
  familie,
  pending,
  onClose,
  onSubmit,
  toast,
}: FamilienFormularProps<{ elternId: string; datum: string; stunden: number; grund: string }>) {
  const { t } = useTranslation();
  const { std } = useStundenFormat();
  const id = useId();
  const [datum, setDatum] = useState(heuteInBerlin(new Date()));
  const [stunden, setStunden] = useState('');
  const [grund, setGrund] = useState('');
  const [fehler, setFehler] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const geprueft = korrekturSchema.safeParse({ elternId: familie.elternId, datum, stunden: alsZahl(stunden), grund });
    if (!geprueft.success) {
      setFehler(geprueft.error.issues[0]?.message ?? KORREKTUR_UNGUELTIG);
      return;
    }
    setFehler(null);
    onSubmit(geprueft.data);
  };
  return (
    <>
      <form className="ad-form" onSubmit={submit} noValidate aria-busy={pending}>
        <p className="dialog__text">
          {t('admin.stunden.korrektur.bisher', { nachname: familie.nachname, ist: std(familie.ist), soll: std(familie.soll) })}
        </p>
        <EingabeFeld
          label={t('admin.stunden.korrektur.datum')}
          id={`${id}-datum`}
          type="date"
          value={datum}
          onChange={(e) => setDatum(e.target.value)}
        />
        <EingabeFeld
          label={t('admin.stunden.korrektur.stunden')}
          id={`${id}-stunden`}
          inputMode="decimal"
          autoComplete="off"
          value={stunden}
          onChange={(e) => setStunden(e.target.value)}
        />
        <TextFeld
          label={t('admin.stunden.korrektur.begruendung')}
          id={`${id}-grund`}
          rows={3}
          maxLength={MAX_GRUND}
          value={grund}
          onChange={(e) => setGrund(e.target.value)}
        />
        <FormFehler>{fehler}</FormFehler>
        <DialogAktionen onAbbrechen={onClose} gesperrt={pending}>
          {pending ? t('admin.stunden.wirdGesendet') : t('admin.stunden.korrektur.speichern')}
        </DialogAktionen>
      </form>
      {toast}
    </>
  );
}

export function FamilieFormular({
  familie,
  pending,
  onClose,
  onSubmit,
  toast,
}: FamilienFormularProps<{ elternId: string; kinder: number; befreit: boolean; grund: string }>) {
  const { t } = useTranslation();
  const id = useId();
  const [kinder, setKinder] = useState(String(familie.kinder));
  const [befreit, setBefreit] = useState(familie.befreit);
  const [grund, setGrund] = useState(familie.grund);
  const [fehler, setFehler] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const anzahl = Number(kinder);
    if (!Number.isInteger(anzahl) || anzahl < 1 || anzahl > 10) return setFehler(t('admin.stunden.kinderUngueltig', { max: MAX_KINDER }));
    if (befreit && !grund.trim()) return setFehler(t('admin.stunden.grundFehlt'));
    setFehler(null);
    onSubmit({ elternId: familie.elternId, kinder: anzahl, befreit, grund: grund.trim() });
  };
  return (
    <>
      <form className="ad-form" onSubmit={submit} noValidate aria-busy={pending}>
        <p className="dialog__text">{t('admin.stunden.familieName', { nachname: familie.nachname })}</p>
        <EingabeFeld
          label={t('admin.stunden.familie.kinder')}
          id={`${id}-kinder`}
          type="number"
          min={1}
          max={10}
          step={1}
          value={kinder}
          onChange={(e) => setKinder(e.target.value)}
        />
        <label className="st-admin__befreit">
          <input type="checkbox" checked={befreit} onChange={(e) => setBefreit(e.target.checked)} /> {t('admin.stunden.familie.befreit')}
        </label>
        <TextFeld
          label={befreit ? t('admin.stunden.familie.grundPflicht') : t('admin.stunden.familie.grundOptional')}
          id={`${id}-grund`}
          rows={2}
          maxLength={MAX_GRUND}
          value={grund}
          onChange={(e) => setGrund(e.target.value)}
        />
        <FormFehler>{fehler}</FormFehler>
        <DialogAktionen onAbbrechen={onClose} gesperrt={pending}>
          {pending ? t('admin.stunden.wirdGespeichert') : t('admin.stunden.speichern')}
        </DialogAktionen>
      </form>
      {toast}
    </>
  );
}
