import type { ReactNode } from 'react';
import { Dialog } from '@/components/dialog';
import { datumText, tagText, zeitText } from '@/lib/einsatz-api';
import { withServerMessage } from '@/lib/error-message';
import { useAdminEinsatz, useErfasseAnwesenheit } from '../api/einsaetze';
import { LadeFehler } from './lade-fehler';
import type { Melder } from './melder';

type AnwesenheitDialogProps = {
  /** The day whose attendance is marked; null: closed. */
  einsatzId: string | null;
  onClose: () => void;
  melder: Melder;
  toast?: ReactNode;
};

/**
 * 'Anwesenheit': per shift the families signed up (preset as present) and those waiting, each with
 * a checkbox 'anwesend'; a change is saved at once. Marked from the day of the work day on.
 */
export function AnwesenheitDialog({ einsatzId, onClose, melder, toast }: AnwesenheitDialogProps) {
  const einsatz = useAdminEinsatz(einsatzId);
  const erfassen = useErfasseAnwesenheit();
  const e = einsatz.data;
  const titel = e ? `Anwesenheit: ${e.titel}, ${datumText(e.datum)}` : 'Anwesenheit';
  const laeuft = erfassen.isPending ? erfassen.variables : null;
  return (
    <Dialog open={einsatzId !== null} onClose={onClose} title={titel}>
      {einsatz.error ? (
        <LadeFehler text="Der Arbeitseinsatz konnte nicht geladen werden." onErneut={() => void einsatz.refetch()} />
      ) : !e ? (
        <p className="text-muted" role="status">
          Lade Anwesenheit...
        </p>
      ) : (
        <div className="ad-anwesenheit">
          {!e.anwesenheitErfassbar && (
            <p className="ad-hint">
              {e.abgesagt
                ? 'Dieser Arbeitseinsatz ist abgesagt.'
                : `Die Anwesenheit kann ab dem Tag des Einsatzes (${tagText(e.datum)}) erfasst werden. Eingetragene Familien gelten als anwesend.`}
            </p>
          )}
          {e.schichten.map((s) => (
            <fieldset key={s.id} className="ad-fieldset ad-anwesenheit__schicht">
              <legend className="field__label">
                {s.aufgabe}, {zeitText(s)}
              </legend>
              {s.familien.length === 0 ? (
                <p className="text-muted">Niemand eingetragen.</p>
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
                            erfassen.mutate(
                              { einsatzId: e.id, schichtId: s.id, elternId: f.elternId, anwesend: event.target.checked },
                              {
                                onSuccess: (antwort) => melder.erfolg(`Familie ${f.nachname}: ${antwort.message}`),
                                onError: (error) => melder.fehler(withServerMessage('Fehler beim Erfassen der Anwesenheit', error)),
                              },
                            )
                          }
                        />
                        Familie {f.nachname} anwesend
                        {f.status === 'warteliste' && <span className="badge badge--wartend">Warteliste</span>}
                      </label>
                    </li>
                  ))}
                </ul>
              )}
            </fieldset>
          ))}
          <div className="dialog__actions">
            <button type="button" className="btn btn--primary" onClick={onClose}>
              Fertig
            </button>
          </div>
        </div>
      )}
      {toast}
    </Dialog>
  );
}
