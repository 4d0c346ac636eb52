import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { EingabeFeld } from '@/components/feld';

/** The account's e-mail address (sign-in, forgotten password): the user name to the browser's password manager. */
export function EmailFeld(props: Omit<ComponentProps<typeof EingabeFeld>, 'label'>) {
  const { t } = useTranslation();
  return (
    <EingabeFeld
      label={t('login.email')}
      name="email"
      type="email"
      inputMode="email"
      autoComplete="username"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      {...props}
    />
  );
}
