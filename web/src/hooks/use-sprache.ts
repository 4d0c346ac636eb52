import { istSprache, type Sprache, STANDARD_SPRACHE } from '@waldkita/domain/i18n/sprachen';
import { useTranslation } from 'react-i18next';

/** The language the screens are shown in now. */
export function useSprache(): Sprache {
  const { i18n } = useTranslation();
  return istSprache(i18n.language) ? i18n.language : STANDARD_SPRACHE;
}
