import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/**
 * The invalid-link view (docs/produkt.md §2 Reset password): a missing token, a made-up, used or expired link
 * all end here, with the way to a new link.
 */
export function ResetLinkUngueltig({ takeFocus = false }: { takeFocus?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const { t } = useTranslation();
  // Replacing a form the user was typing in: the message takes the keyboard focus.
  useEffect(() => {
    if (takeFocus) ref.current?.focus();
  }, [takeFocus]);
  return (
    <div ref={ref} className="pw-done pw-done--warnung" tabIndex={-1}>
      <p className="pw-done__text" role="alert">
        <strong>{t('passwort.linkUngueltig')}</strong>
      </p>
      <p className="pw-done__muted">{t('passwort.linkUngueltigText')}</p>
      <Link to="/forgot-password" className="btn btn--primary btn--block">
        {t('passwort.neuerLink')}
      </Link>
    </div>
  );
}
