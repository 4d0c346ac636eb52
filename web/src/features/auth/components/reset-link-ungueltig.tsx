import { LINK_UNGUELTIG } from '@waldkita/domain/auth/passwort';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';

/**
 * The invalid-link view (SPEC.md §2 Reset password): a missing token, a made-up, used or expired link
 * all end here, with the way to a new link.
 */
export function ResetLinkUngueltig({ takeFocus = false }: { takeFocus?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  // Replacing a form the user was typing in: the message takes the keyboard focus.
  useEffect(() => {
    if (takeFocus) ref.current?.focus();
  }, [takeFocus]);
  return (
    <div ref={ref} className="pw-done pw-done--warnung" tabIndex={-1}>
      <p className="pw-done__text" role="alert">
        <strong>{LINK_UNGUELTIG}</strong>
      </p>
      <p className="pw-done__muted">
        Ein Link aus unserer E-Mail gilt nur für begrenzte Zeit und nur einmal. Fordern Sie einfach einen neuen an.
      </p>
      <Link to="/forgot-password" className="btn btn--primary btn--block">
        Neuen Link anfordern
      </Link>
    </div>
  );
}
