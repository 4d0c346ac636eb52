import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import '../passwort.css';

type PasswortCardProps = {
  /** The page's one h1. */
  title: string;
  intro?: ReactNode;
  icon?: 'schluessel' | 'warnung';
  children: ReactNode;
  /** '← Zurück zum Login' below the content (default true). */
  backToLogin?: boolean;
  /** The back link's text, for screens shown in the family's language (docs/i18n.md). */
  backLabel?: string;
};

/**
 * The card of the forgot and reset password screens: a forest-green head with an icon, the title and
 * a short explanation, the form or message below — the login card's look in one column.
 */
export function PasswortCard({
  title,
  intro,
  icon = 'schluessel',
  children,
  backToLogin = true,
  backLabel = '← Zurück zum Login',
}: PasswortCardProps) {
  return (
    <div className="pw-card">
      <div className="pw-card__head">
        <span className="pw-card__icon">{icon === 'warnung' ? <WarnIcon /> : <KeyIcon />}</span>
        <h1 className="pw-card__title">{title}</h1>
        {intro && <p className="pw-card__intro">{intro}</p>}
      </div>
      <div className="pw-card__body">
        {children}
        {backToLogin && (
          <p className="pw-card__back">
            <Link to="/login">{backLabel}</Link>
          </p>
        )}
      </div>
    </div>
  );
}

function KeyIcon() {
  return (
    <svg viewBox="0 0 24 24" width="30" height="30" aria-hidden="true" focusable="false">
      <circle cx="8" cy="15" r="4.25" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M11 12 20 3M16.5 6.5l2.5 2.5M14 9l2 2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function WarnIcon() {
  return (
    <svg viewBox="0 0 24 24" width="30" height="30" aria-hidden="true" focusable="false">
      <path d="M12 3 2.5 20h19L12 3Z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      <path d="M12 10v4.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <circle cx="12" cy="17.25" r="1.1" fill="currentColor" />
    </svg>
  );
}
