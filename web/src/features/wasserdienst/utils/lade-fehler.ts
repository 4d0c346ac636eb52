import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';

/** docs/produkt.md §8 Water duty: the toast text for a failed load, in the screen's language. */
export const ladeFehlerText = (error: unknown): string =>
  error instanceof ApiError && error.status === 0 ? i18n.t('allgemein.netzwerkfehler') : i18n.t('wasserdienst.ladeFehler');
