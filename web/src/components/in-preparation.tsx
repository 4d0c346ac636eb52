import type { ReactNode } from 'react';

/** Stand-in for screens that are built in a later issue. */
export function InPreparation({ children }: { children?: ReactNode }) {
  return (
    <section className="card in-preparation" aria-label="Hinweis">
      <svg className="in-preparation__icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <path d="M24 42V24" stroke="currentColor" strokeWidth="3" strokeLinecap="round" fill="none" />
        <path d="M24 26c0-8 6-13 15-13 0 9-6 14-15 13Z" fill="currentColor" opacity="0.85" />
        <path d="M24 30c0-7-5-11-13-11 0 8 5 12 13 11Z" fill="currentColor" opacity="0.6" />
        <path d="M12 42h24" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <p className="in-preparation__title">In Vorbereitung</p>
      {children ?? <p className="in-preparation__text">Dieser Bereich wächst gerade noch.</p>}
    </section>
  );
}
