import { datumDeutsch, wocheMitJahr } from '@waldkita/domain/kalender/iso-woche';
import { useId } from 'react';
import type { Zuweisung } from '@/lib/wasserdienst-api';

/** 'Meine Wasserdienste:' — the family's own weeks with the Friday of each (SPEC.md §2). */
export function MeineWasserdiensteTable({ zuweisungen }: { zuweisungen: readonly Zuweisung[] }) {
  const titleId = useId();
  return (
    <section className="card wd-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="wd-card__title">
        Meine Wasserdienste:
      </h2>
      {zuweisungen.length === 0 ? (
        <p className="wd-empty">Keine Events gefunden.</p>
      ) : (
        <div className="data-table__scroll">
          <table className="data-table" aria-labelledby={titleId}>
            <thead>
              <tr>
                <th scope="col">Kalenderwoche</th>
                <th scope="col">Datum (Freitag)</th>
              </tr>
            </thead>
            <tbody>
              {zuweisungen.map((zuweisung) => (
                <tr key={zuweisung.id}>
                  <td>{wocheMitJahr(zuweisung)}</td>
                  <td>{datumDeutsch(zuweisung.freitag)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
