import { ApiError } from '@/lib/api-client';

/**
 * The message for a failed forgot, reset or change password call (docs/produkt.md §7, §8): the server's
 * plain-text refusal (4xx) word for word, otherwise — server error, gateway page, no connection —
 * the screen's fallback.
 */
export function textAntwortFehler(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return fallback;
  const { body } = error;
  const text = typeof body === 'string' ? body.trim() : '';
  if (text && text.length <= 300 && !text.startsWith('<')) return text;
  return fallback;
}
