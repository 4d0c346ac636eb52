import { zahl } from '@waldkita/domain/i18n/datum';
import type { Verteilung } from '@waldkita/domain/wasserdienst/antworten';
import { useSprache } from '@/hooks/use-sprache';

/** The table's texts in the screen's language: the column heads and the mark of the own row, '(Sie)'. */
export type VerteilungTexte = { familie: string; geleistet: string; geplant: string; gesamt: string; anteil: string; sie: string };

/** The columns of numbers, in their order. */
const ZAHLEN = ['geleistet', 'geplant', 'gesamt', 'anteil'] as const;

/**
 * The table of a 'Verteilung' (of the water duty or of any kind): every family with its dates done,
 * still planned, the total and its share. The signed-in family's row is tinted and says '(Sie)'.
 */
export function VerteilungTabelle({
  zeilen,
  eigeneId,
  titelId,
  texte,
}: {
  zeilen: readonly Verteilung[];
  eigeneId: string;
  titelId: string;
  texte: VerteilungTexte;
}) {
  const sprache = useSprache();
  return (
    // Reachable by keyboard, should a very narrow screen need to scroll the table sideways.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus (WCAG 2.1.1)
    <div className="data-table__scroll" tabIndex={0}>
      <table className="data-table verteilung-tabelle" aria-labelledby={titelId}>
        <thead>
          <tr>
            <th scope="col">{texte.familie}</th>
            {ZAHLEN.map((spalte) => (
              <th key={spalte} scope="col" className="verteilung-tabelle__zahl">
                {texte[spalte]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {zeilen.map((zeile) => {
            const eigene = zeile.elternId === eigeneId;
            return (
              <tr
                key={zeile.elternId}
                className={eigene ? 'verteilung-tabelle__eigene' : undefined}
                aria-current={eigene ? 'true' : undefined}
              >
                <th scope="row">
                  {zeile.nachname}
                  {eigene && <span className="verteilung-tabelle__sie"> {texte.sie}</span>}
                </th>
                <td className="verteilung-tabelle__zahl">{zeile.geleistet}</td>
                <td className="verteilung-tabelle__zahl">{zeile.geplant}</td>
                <td className="verteilung-tabelle__zahl">{zeile.geleistet + zeile.geplant}</td>
                <td className="verteilung-tabelle__zahl">{zahl(zeile.anteil, sprache)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
