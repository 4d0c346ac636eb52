import { MIN_PASSWORT_LAENGE } from '@waldkita/domain/auth/passwort';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/password-field';

/** The id of the error block of a password form whose useId() is `id` (for other fields' aria-describedby). */
export const passwortFehlerId = (id: string) => `${id}-error`;

type NeuesPasswortFelderProps = {
  /** The form's useId(): the fields, the hint and the error block take their ids from it. */
  id: string;
  neu: string;
  onNeuChange: (value: string) => void;
  bestaetigung: string;
  onBestaetigungChange: (value: string) => void;
  /** 'Passwort bestätigen' on the reset screen, 'Neues Passwort bestätigen' in the change-password dialog. */
  bestaetigungLabel: string;
  error: string | null;
  /** Where the error block stands: above the fields (reset screen) or below them (dialog, the default). */
  fehlerOben?: boolean;
};

/**
 * 'Neues Passwort' with its hint, the confirmation field and the error block (role="alert"),
 * shared by the reset-password form and the change-password dialog (docs/produkt.md §2, §5).
 */
export function NeuesPasswortFelder({
  id,
  neu,
  onNeuChange,
  bestaetigung,
  onBestaetigungChange,
  bestaetigungLabel,
  error,
  fehlerOben = false,
}: NeuesPasswortFelderProps) {
  const { t } = useTranslation();
  const errorId = passwortFehlerId(id);
  const fehler = error && (
    <p id={errorId} className="form-error" role="alert">
      {error}
    </p>
  );
  return (
    <>
      {fehlerOben && fehler}
      <PasswordField
        id={`${id}-neu`}
        name="newPassword"
        label={t('passwort.neu')}
        autoComplete="new-password"
        value={neu}
        onChange={onNeuChange}
        describedBy={error ? `${errorId} ${id}-hint` : `${id}-hint`}
      />
      <p id={`${id}-hint`} className="pw-form__hint">
        {t('passwort.hinweis', { min: MIN_PASSWORT_LAENGE })}
      </p>
      <PasswordField
        id={`${id}-bestaetigung`}
        name="confirmPassword"
        label={bestaetigungLabel}
        autoComplete="new-password"
        value={bestaetigung}
        onChange={onBestaetigungChange}
        describedBy={error ? errorId : undefined}
      />
      {!fehlerOben && fehler}
    </>
  );
}
