import type { ReactNode } from 'react';

/**
 * A decorative line icon, 24 × 24, drawn in the text's colour: hidden from assistive technology,
 * the text beside it names the action or the state.
 */
export function LinienIcon({ children, className, strokeWidth = 2 }: { children: ReactNode; className?: string; strokeWidth?: number }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

/** 'Löschen': a bin, in the line of text. */
export function TrashIcon() {
  return (
    <LinienIcon className="inline-icon">
      <path d="M4 7h16" />
      <path d="M10 11v6M14 11v6" />
      <path d="M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12" />
      <path d="M9 7V4h6v3" />
    </LinienIcon>
  );
}

/** The line pictures of 48 × 48 (the dashboard's tiles, the weather): the same strokes, drawn in the text's colour. */
export const LINIENBILD_48 = {
  viewBox: '0 0 48 48',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2.5,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  focusable: 'false',
} as const;
