import type { CSSProperties } from 'react';

/** One entry of a calendar's legend: the swatch's classes (and colour, where it is data) and what it stands for. */
export type LegendenEintrag = { key: string; swatch: string; text: string; style?: CSSProperties };

/** A calendar's legend: a list of swatches with their meaning; the swatches are hidden from assistive technology. */
export function Legende({ label, className, eintraege }: { label: string; className: string; eintraege: readonly LegendenEintrag[] }) {
  return (
    <ul className={className} aria-label={label}>
      {eintraege.map((e) => (
        <li key={e.key}>
          <span className={e.swatch} style={e.style} aria-hidden="true" />
          {e.text}
        </li>
      ))}
    </ul>
  );
}
