import { ApiError } from './api-client';
import { i18n } from './i18n';

/**
 * The text the server gave for a refusal, if it gave one (in the family's language, as the server
 * translates its own messages): `{ message }` as JSON, or a short plain-text body. Bodies of proxies
 * and gateways (HTML) are no message for a parent. No network: 'Netzwerkfehler…' in the screen's language.
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 0) return i18n.t('allgemein.netzwerkfehler');
  const { body } = error;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message.trim()) {
    return body.message.trim();
  }
  if (typeof body === 'string') {
    const text = body.trim();
    if (text && text.length <= 300 && !text.startsWith('<')) return text;
  }
  return null;
}

/** 'Fehler beim …: {server message}', or just the prefix when the server said nothing useful. */
export function withServerMessage(prefix: string, error: unknown): string {
  const message = serverMessage(error);
  return message ? `${prefix}: ${message}` : prefix;
}
