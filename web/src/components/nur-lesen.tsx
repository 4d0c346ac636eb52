import { istNurPruefer } from '@waldkita/domain/audit/pruefer';
import type { ElternDto } from '@waldkita/domain/auth/antworten';
import { useTranslation } from 'react-i18next';
import { LinienIcon } from './icons';

/**
 * A read-only account: an auditor ('Prüfer (Verlauf)', ROLE_AUDITOR) that is not an admin. The
 * server refuses its every write ('Prüfer haben nur Lesezugriff.'), so its screens offer none.
 * Judged on the roles of the signed-in session; the server judges on the current ones.
 */
export const istNurLesend = (user: Pick<ElternDto, 'authorities'> | null | undefined) =>
  istNurPruefer((user?.authorities ?? []).map((entry) => entry?.authority).filter((rolle): rolle is string => typeof rolle === 'string'));

/** Stands where the write buttons would be for everyone else. */
export function NurLesenHinweis({ children }: { children?: string }) {
  const { t } = useTranslation();
  return (
    <p className="nur-lesen-hinweis">
      <span className="nur-lesen-hinweis__icon">
        <LinienIcon>
          <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
          <circle cx="12" cy="12" r="3" />
        </LinienIcon>
      </span>
      <span>{children ?? t('allgemein.nurLesen')}</span>
    </p>
  );
}
