import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useResetLinkStatus } from '@/features/auth/api/reset-password';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { PasswortCard } from '@/features/auth/components/passwort-card';
import { ResetLinkUngueltig } from '@/features/auth/components/reset-link-ungueltig';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

/**
 * /password-reset?token=… (docs/produkt.md §2 Reset password), also the target of the welcome mail with
 * which a new family sets its first password. The link is checked on opening, so a used or expired
 * one shows the invalid-link view at once. Signed-in users are sent on by the GuestRoute gate.
 */
export function PasswordResetRoute() {
  const [params] = useSearchParams();
  const { t } = useTranslation();
  const token = params.get('token')?.trim() || null;
  const status = useResetLinkStatus(token);
  // Set when the server refuses the link on sending (used in another tab meanwhile, expired while typing).
  const [refusedOnSend, setRefusedOnSend] = useState(false);

  if (!token || status.data === 'ungueltig' || refusedOnSend) {
    return (
      <AuthLayout title={t('passwort.linkUngueltigTitel')}>
        <PasswortCard title={t('passwort.linkUngueltigTitel')} icon="warnung" backLabel={t('vergessen.zurueckZumLogin')}>
          <ResetLinkUngueltig takeFocus={refusedOnSend} />
        </PasswortCard>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('passwort.festlegen')}>
      <PasswortCard
        title={t('passwort.festlegen')}
        intro={t('passwort.festlegenIntro', { min: 6 })}
        backLabel={t('vergessen.zurueckZumLogin')}
      >
        {status.isPending ? (
          <p className="pw-checking" role="status">
            <span className="spinner" aria-hidden="true" />
            {t('passwort.linkWirdGeprueft')}
          </p>
        ) : (
          // A check that failed for another reason (no connection) leaves the decision to the reset itself.
          <ResetPasswordForm token={token} onLinkInvalid={() => setRefusedOnSend(true)} />
        )}
      </PasswortCard>
    </AuthLayout>
  );
}
