import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FoxMark } from './fox-mark';

type FoxLogoProps = {
  className?: string;
  /** Next to a visible app name the logo adds nothing for screen readers. */
  decorative?: boolean;
};

/** The fox logo from /fox-logo.svg; falls back to the inline drawing if the file fails to load. */
export function FoxLogo({ className, decorative = false }: FoxLogoProps) {
  const [failed, setFailed] = useState(false);
  const { t } = useTranslation();
  const alt = decorative ? '' : t('logo.alt');
  if (failed) return <FoxMark className={className} label={decorative ? undefined : alt} />;
  return <img className={className} src="/fox-logo.svg" alt={alt} width={128} height={128} onError={() => setFailed(true)} />;
}
