import { ApiError, NETZWERKFEHLER } from './api-client';

/**
 * The German text the server gave for a refusal, if it gave one: `{ message }` as JSON, or a short
 * plain-text body. Bodies of proxies and gateways (HTML) are no message for a parent.
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 0) return NETZWERKFEHLER;
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
