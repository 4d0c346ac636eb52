import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { datumText, tagText, zeitText } from '@/lib/einsatz-api';
import { withServerMessage } from '@/lib/error-message';
import { type AdminEinsatz, type AnwesenheitInput, useAdminEinsatz, useErfasseAnwesenheit } from '../api/einsaetze';
import type { AdminEltern } from '../api/types';
import { LadeFehler } from './lade-fehler';
import type { Melder } from './melder';

type AnwesenheitDialogProps = {
  /** The day whose attendance is marked; null: closed. */
  einsatzId: string | null;
  /** Every family (the Admin Center's list), to add one that came without signing up. */
  eltern: readonly AdminEltern[];
  onClose: () => void;
  melder: Melder;
  toast?: ReactNode;
};

/**
 * 'Anwesenheit': per shift the families signed up (preset as present) and those waiting, each with
 * a checkbox 'anwesend'; a change is saved at once. Marked from the day of the work day on.
 */
export function AnwesenheitDialog({ einsatzId, eltern, onClose, melder, toast }: AnwesenheitDialogProps) {
  const { t } = useTranslation();
  const einsatz = useAdminEinsatz(einsatzId);
  const erfassen = useErfasseAnwesenheit();
  const e = einsatz.data;
  const titel = e ? t('admin.anwesenheit.titelMit', { titel: e.titel, datum: datumText(e.datum) }) : t('admin.anwesenheit.titel');
  const laeuft = erfassen.isPending ? erfassen.variables : null;
  const erfasse = (input: AnwesenheitInput, nachname: string) =>
    erfassen.mutate(input, {
      onSuccess: (antwort) => melder.erfolg(t('admin.anwesenheit.erfasst', { nachname, text: antwort.message })),
      onError: (error) => melder.fehler(withServerMessage(t('admin.anwesenheit.fehler'), error)),
    });
  return (
    <Dialog open={einsatzId !== null} onClose={onClose} title={titel}>
      {einsatz.error ? (
        <LadeFehler text={t('admin.anwesenheit.ladeFehler')} onErneut={() => void einsatz.refetch()} />
      ) : !e ? (
        <p className="text-muted" role="status">
          {t('admin.anwesenheit.laden')}
        </p>
      ) : (
        <div className="ad-anwesenheit">
          {!e.anwesenheitErfassbar && (
            <p className="ad-hint">
              {e.abgesagt ? t('admin.anwesenheit.abgesagt') : t('admin.anwesenheit.abTag', { tag: tagText(e.datum) })}
            </p>
          )}
          {e.schichten.map((s) => (
            <fieldset key={s.id} className="ad-fieldset ad-anwesenheit__schicht">
              <legend className="field__label">
                {s.aufgabe}, {zeitText(s)}
              </legend>
              {s.familien.length === 0 ? (
                <p className="text-muted">{t('admin.anwesenheit.niemand')}</p>
              ) : (
                <ul className="ad-anwesenheit__familien">
                  {s.familien.map((f) => (
                    <li key={f.elternId}>
                      <label className="ad-radio">
                        <input
                          type="checkbox"
                          checked={laeuft?.schichtId === s.id && laeuft.elternId === f.elternId ? laeuft.anwesend : f.anwesend}
                          disabled={!e.anwesenheitErfassbar || laeuft !== null}
                          onChange={(event) =>
                            erfasse({ einsatzId: e.id, schichtId: s.id, elternId: f.elternId, anwesend: event.target.checked }, f.nachname)
                          }
                        />
                        {t('admin.anwesenheit.anwesend', { nachname: f.nachname })}
                        {f.status === 'warteliste' && <span className="badge badge--wartend">{t('admin.anwesenheit.warteliste')}</span>}
                      </label>
                    </li>
                  ))}
                </ul>
              )}
              {e.anwesenheitErfassbar && (
                <WeitereFamilie
                  einsatz={e}
                  schicht={s}
                  eltern={eltern}
                  gesperrt={laeuft !== null}
                  onHinzufuegen={(elternId, nachname) => erfasse({ einsatzId: e.id, schichtId: s.id, elternId, anwesend: true }, nachname)}
                />
              )}
            </fieldset>
          ))}
          <div className="dialog__actions">
            <button type="button" className="btn btn--primary" onClick={onClose}>
              {t('admin.anwesenheit.fertig')}
            </button>
          </div>
        </div>
      )}
      {toast}
    </Dialog>
  );
}

type WeitereFamilieProps = {
  einsatz: AdminEinsatz;
  schicht: AdminEinsatz['schichten'][number];
  eltern: readonly AdminEltern[];
  gesperrt: boolean;
  onHinzufuegen: (elternId: string, nachname: string) => void;
};

/** A family that came without signing up: chosen from the others and marked present (its hours count). */
function WeitereFamilie({ schicht, eltern, gesperrt, onHinzufuegen }: WeitereFamilieProps) {
  const { t } = useTranslation();
  const id = useId();
  const [gewaehlt, setGewaehlt] = useState('');
  const dabei = new Set(schicht.familien.map((f) => f.elternId));
  const andere = eltern.filter((x) => !dabei.has(x.id)).sort((a, b) => a.nachname.localeCompare(b.nachname, 'de'));
  if (andere.length === 0) return null;
  const familie = andere.find((x) => x.id === gewaehlt);
  return (
    <div className="ad-anwesenheit__weitere">
      <label className="field__label" htmlFor={id}>
        {t('admin.anwesenheit.weitere', { aufgabe: schicht.aufgabe })}
      </label>
      <div className="ad-anwesenheit__weitere-zeile">
        <select id={id} className="input" value={gewaehlt} onChange={(event) => setGewaehlt(event.target.value)} disabled={gesperrt}>
          <option value="">{t('admin.anwesenheit.familieWaehlen')}</option>
          {andere.map((x) => (
            <option key={x.id} value={x.id}>
              {x.nachname}
              {x.gruppe?.gruppenName ? ` (${x.gruppe.gruppenName})` : ''}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn--secondary btn--small"
          disabled={gesperrt || !familie}
          onClick={() => {
            if (!familie) return;
            onHinzufuegen(familie.id, familie.nachname);
            setGewaehlt('');
          }}
        >
          {t('admin.anwesenheit.eintragen')}
        </button>
      </div>
    </div>
  );
}
