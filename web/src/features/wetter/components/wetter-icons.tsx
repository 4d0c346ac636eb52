import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { LINIENBILD_48 } from '@/components/icons';
import type { WetterArt } from '../utils/wetter-art';

/**
 * Built-in line pictures for a forecast day. Inline SVG, so there is no image that could fail to
 * load and nothing is fetched from a third party; the picture's name is read out ('Regen', …).
 */

const WOLKE = 'M14 36h21a8 8 0 0 0 .6-16 11 11 0 0 0-21.2 2.6A6.7 6.7 0 0 0 14 36Z';

const BILDER: Record<WetterArt, ReactElement> = {
  sonne: (
    <>
      <circle cx="24" cy="24" r="8" fill="currentColor" fillOpacity="0.2" />
      <path d="M24 6v5M24 37v5M6 24h5M37 24h5M11.3 11.3l3.5 3.5M33.2 33.2l3.5 3.5M11.3 36.7l3.5-3.5M33.2 14.8l3.5-3.5" />
    </>
  ),
  wolke: <path d={WOLKE} fill="currentColor" fillOpacity="0.12" transform="translate(0 -2)" />,
  regen: (
    <>
      <path d={WOLKE} fill="currentColor" fillOpacity="0.12" transform="translate(0 -8)" />
      <path d="M17 34l-2 5M25 34l-2 5M33 34l-2 5" />
    </>
  ),
  kalt: (
    <>
      <path d="M29 8a14 14 0 1 0 11 22A16 16 0 0 1 29 8Z" fill="currentColor" fillOpacity="0.15" />
      <path d="M12 9v6M9 12h6M38 13v4M36 15h4" />
    </>
  ),
};

export function WetterIcon({ art }: { art: WetterArt }) {
  const { t } = useTranslation();
  const name = { regen: t('wetter.art.regen'), sonne: t('wetter.art.sonne'), kalt: t('wetter.art.kalt'), wolke: t('wetter.art.wolke') }[
    art
  ];
  return (
    <svg role="img" aria-label={name} className={`wetter-icon wetter-icon--${art}`} {...LINIENBILD_48}>
      {BILDER[art]}
    </svg>
  );
}
