import { heuteInBerlin, istDatum, plusTage } from '@waldkita/domain/kalender/iso-woche';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Dialog } from '@/components/dialog';
import { type Dienstart, terminVon } from '@/lib/dienste-api';
import type { AdminEltern, AdminGruppe, DienstartPlanungsErgebnis } from '../api/types';

type DienstartPlanenDialogProps = {
  /** The kind to plan; null: closed. */
  art: Dienstart | null;
  gruppen: readonly AdminGruppe[];
  eltern: readonly AdminEltern[];
  pending: boolean;
  /** The answer of the last planning of this kind, shown below the form. */
  ergebnis: DienstartPlanungsErgebnis | null;
  onClose: () => void;
  onSubmit: (auftrag: { von: string; bis: string; gruppeId?: string }) => void;
  toast?: ReactNode;
};

const VON_BIS_FEHLT = 'Bitte geben Sie Beginn und Ende des Zeitraums an (Ende nicht vor dem Beginn).';

/**
 * 'Planen' of a kind (POST /api/admin/dienstarten/{id}/planen): a range of dates, optionally one
 * group (a kind of the whole Kita has none), and the answer: how many dates were given to families,
 * which stayed without one.
 */
export function DienstartPlanenDialog({ art, ...props }: DienstartPlanenDialogProps) {
  return (
    <Dialog open={art !== null} onClose={props.onClose} title={art ? `${art.name} planen` : ''}>
      {art && <PlanenFormular key={art.id} art={art} {...props} />}
    </Dialog>
  );
}

function PlanenFormular({
  art,
  gruppen,
  eltern,
  pending,
  ergebnis,
  onClose,
  onSubmit,
  toast,
}: DienstartPlanenDialogProps & { art: Dienstart }) {
  const id = useId();
  const heute = heuteInBerlin(new Date());
  const [von, setVon] = useState(heute);
  const [bis, setBis] = useState(() => plusTage(heute, 90));
  const [gruppeId, setGruppeId] = useState('');
  const [fehler, setFehler] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (!istDatum(von) || !istDatum(bis) || bis < von) {
      setFehler(VON_BIS_FEHLT);
      return;
    }
    setFehler(null);
    onSubmit({ von, bis, ...(art.bereich === 'gruppe' && gruppeId ? { gruppeId } : {}) });
  };

  const invalid = fehler ? { 'aria-invalid': true as const, 'aria-errormessage': `${id}-fehler` } : {};
  const gruppenName = (gid: string | null) =>
    gid === null ? 'Ganze Kita' : (gruppen.find((g) => (g.gruppenID ?? g.id) === gid)?.gruppenName ?? 'Gruppe');
  const namen = new Map(eltern.map((e) => [e.id, e.nachname]));

  return (
    <>
      <form className="ad-form" onSubmit={submit} noValidate aria-busy={pending}>
        <p className="dialog__text">
          Verteilt die Termine im Zeitraum gerecht auf die Familien. Bestehende Termine bleiben
          {art.pausiertBeiSchliessung ? ', Ferien und Schließtage bleiben frei' : ''}.
        </p>
        <div className="ad-form__row ad-form__row--planen">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-von`}>
              Von
            </label>
            <input
              id={`${id}-von`}
              className="input"
              type="date"
              value={von}
              onChange={(e) => setVon(e.target.value)}
              disabled={pending}
              {...invalid}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-bis`}>
              Bis
            </label>
            <input
              id={`${id}-bis`}
              className="input"
              type="date"
              value={bis}
              onChange={(e) => setBis(e.target.value)}
              disabled={pending}
              {...invalid}
            />
          </div>
          {art.bereich === 'gruppe' && (
            <div className="field">
              <label className="field__label" htmlFor={`${id}-gruppe`}>
                Gruppe
              </label>
              <select
                id={`${id}-gruppe`}
                className="input select"
                value={gruppeId}
                onChange={(e) => setGruppeId(e.target.value)}
                disabled={pending}
              >
                <option value="">Alle Gruppen</option>
                {gruppen.map((g) => (
                  <option key={g.gruppenID ?? g.id} value={g.gruppenID ?? g.id}>
                    {g.gruppenName}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
        {fehler && (
          <p id={`${id}-fehler`} className="form-error" role="alert">
            {fehler}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={onClose} disabled={pending}>
            Schließen
          </button>
          <button type="submit" className="btn btn--primary" disabled={pending}>
            {pending ? 'Wird geplant...' : 'Planen'}
          </button>
        </div>
      </form>
      {ergebnis && ergebnis.dienstartId === art.id && (
        <section
          className={`ad-result${ergebnis.plaene.some((p) => p.nichtBesetzt.length > 0) ? ' ad-result--warn' : ''}`}
          aria-labelledby={`${id}-ergebnis`}
        >
          <h3 id={`${id}-ergebnis`} className="ad-result__title">
            Ergebnis der Planung
          </h3>
          <p className="ad-result__message">{ergebnis.message}</p>
          <ul className="ad-result__gruppen">
            {ergebnis.plaene.map((plan) => (
              <li key={plan.gruppeId ?? 'kita'}>
                <strong>{gruppenName(plan.gruppeId)}:</strong> {plan.zugewiesen === 1 ? '1 Termin' : `${plan.zugewiesen} Termine`}{' '}
                zugewiesen
                {plan.nichtBesetzt.length > 0 && <>, nicht besetzt: {plan.nichtBesetzt.map((t) => terminVon(t)).join('; ')}</>}
                {plan.trotzAbwesenheit.length > 0 && (
                  <>
                    . Trotz Abwesenheit:{' '}
                    {plan.trotzAbwesenheit.map((t) => `${terminVon(t)} (Familie ${namen.get(t.elternId) ?? 'unbekannt'})`).join('; ')}
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {toast}
    </>
  );
}
