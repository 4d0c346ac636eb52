/** The two browser storage keys of the session (SPEC.md §3, §9). */
export const AUTH_TOKEN_KEY = 'authToken';
export const USER_DATA_KEY = 'userData';

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

export function clearStoredSession(): void {
  localStorage.removeItem(AUTH_TOKEN_KEY);
  localStorage.removeItem(USER_DATA_KEY);
}
