/** The two browser storage keys of the session (docs/produkt.md §3, §9). */
export const AUTH_TOKEN_KEY = 'authToken';
export const USER_DATA_KEY = 'userData';
/** Data of the signed-in family kept on the device for offline use (docs/pwa.md); removed with the session. */
export const OFFLINE_STORAGE_PREFIX = 'waldkita.offline.';

export function getStoredToken(): string | null {
  return localStorage.getItem(AUTH_TOKEN_KEY);
}

export function getStoredUserData(): string | null {
  return localStorage.getItem(USER_DATA_KEY);
}

export function storeSession(token: string | null, userJson: string): void {
  if (token) localStorage.setItem(AUTH_TOKEN_KEY, token);
  else localStorage.removeItem(AUTH_TOKEN_KEY);
  localStorage.setItem(USER_DATA_KEY, userJson);
}

export function storeUserData(userJson: string): void {
  localStorage.setItem(USER_DATA_KEY, userJson);
}

/** Ends the session on this device: token, user data and everything kept for offline use. */
export function clearStoredSession(): void {
  localStorage.removeItem(AUTH_TOKEN_KEY);
  localStorage.removeItem(USER_DATA_KEY);
  const offline: string[] = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (key?.startsWith(OFFLINE_STORAGE_PREFIX)) offline.push(key);
  }
  for (const key of offline) localStorage.removeItem(key);
}
