import { clearStoredSession } from './session-storage';

/**
 * What happens when an authenticated call of our API (api-client.ts) answers 401: by default the
 * session is cleared and /login loaded; the signed-in app replaces it (auth-provider.tsx).
 */

const defaultUnauthorizedHandler = () => {
  clearStoredSession();
  window.location.assign('/login');
};
let unauthorizedHandler: () => void = defaultUnauthorizedHandler;

/**
 * Replaces what happens when an authenticated call answers 401 (default: clear the session and load
 * /login). Returns a function that restores the default.
 */
export function setUnauthorizedHandler(handler: () => void): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = defaultUnauthorizedHandler;
  };
}

/** An authenticated call answered 401 with the token still stored (api-client.ts). */
export function handleUnauthorized(): void {
  unauthorizedHandler();
}
