import { currentMinPosition, rememberPosition } from './event-position';
import { getStoredToken } from './session-storage';
import { handleUnauthorized } from './unauthorized-handler';

/** A non-success answer of our API; `message` is the server's German text when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /**
   * The key of the server's message (`X-Meldung`, e.g. 'server.passwort.link-ungueltig'): what to
   * compare, since the text itself comes in the screen's language (docs/i18n.md).
   */
  readonly schluessel: string | null;

  constructor(status: number, message: string, body: unknown = null, schluessel: string | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.schluessel = schluessel;
  }
}

export const NETZWERKFEHLER = 'Netzwerkfehler. Bitte prüfen Sie Ihre Verbindung.';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type RequestOptions = {
  method?: Method;
  /** Sent as JSON with `Content-Type: application/json`. */
  json?: unknown;
  /** Sent form-encoded (`application/x-www-form-urlencoded`). */
  form?: Record<string, string>;
  /** Sent as multipart; the browser sets the content type. */
  formData?: FormData;
  /** Attach the stored bearer token (default true). */
  auth?: boolean;
  signal?: AbortSignal;
  /** Receives the headers of a successful answer (e.g. a renewed token in `x-auth-token`). */
  onHeaders?: (headers: Headers) => void;
  /**
   * The write's `Idempotency-Key` (POST/PUT/DELETE). Left out, each call makes a new one: one call
   * is one submit. A caller that repeats a submit itself passes the first call's key.
   */
  idempotencyKey?: string;
};

// ---- one tap, one action ------------------------------------------------------------------------

/**
 * A new `Idempotency-Key` (a random UUID). `crypto.randomUUID` exists only in secure contexts
 * (https, localhost); elsewhere the same version-4 form is made from `getRandomValues`.
 */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A write whose answer was lost on the way (no answer at all) is sent once more after this pause. */
const WIEDERHOLEN_NACH_MS = 400;
const warte = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  const contentType = response.headers.get('Content-Type') ?? '';
  if (contentType.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function errorMessage(body: unknown, status: number): string {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) {
    return body.message;
  }
  if (typeof body === 'string' && body.trim()) return body.trim();
  return `Fehler ${status}`;
}

/**
 * Calls our API (same origin, `path` starts with `/api`). Resolves with the parsed body (JSON, or
 * text for plain-text answers); rejects with an `ApiError` for any non-success status.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  // The server answers in the screens' language (docs/i18n.md): refusals and messages as the screen would say them.
  const headers = new Headers({ Accept: 'application/json, text/plain;q=0.9', 'Accept-Language': document.documentElement.lang || 'de' });
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
    body = new URLSearchParams(options.form);
  } else if (options.formData) {
    body = options.formData;
  }

  const token = options.auth === false ? null : getStoredToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const minPosition = method === 'GET' ? currentMinPosition() : null;
  if (minPosition) headers.set('X-Min-Position', minPosition);
  // Every write carries a key: the server answers a repeat of it (a double tap that slipped
  // through, the retry below) with the first answer instead of doing it twice.
  const schreibend = method !== 'GET';
  if (schreibend) headers.set('Idempotency-Key', options.idempotencyKey ?? newIdempotencyKey());

  let response: Response;
  try {
    try {
      response = await fetch(path, { method, headers, body, signal: options.signal ?? null });
    } catch (error) {
      // No answer: the write may or may not have been carried out. Sent once more with the same
      // key, it is done at most once, and the user learns which.
      if (!schreibend || (error instanceof DOMException && error.name === 'AbortError')) throw error;
      await warte(WIEDERHOLEN_NACH_MS);
      response = await fetch(path, { method, headers, body, signal: options.signal ?? null });
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETZWERKFEHLER);
  }

  const data = await readBody(response);
  if (!response.ok) {
    // A refusal of a token that has been replaced meanwhile (password change) ends nothing.
    if (response.status === 401 && token && token === getStoredToken()) handleUnauthorized();
    throw new ApiError(response.status, errorMessage(data, response.status), data, response.headers.get('X-Meldung'));
  }
  if (method !== 'GET') rememberPosition(response.headers.get('X-Event-Position'));
  options.onHeaders?.(response.headers);
  return data as T;
}
