/** Navigation state with which the reset screen hands over to /login after a successful reset. */
export type PasswortGesetztState = { passwortGesetzt: true };

export const istPasswortGesetzt = (state: unknown): state is PasswortGesetztState =>
  Boolean(state && typeof state === 'object' && 'passwortGesetzt' in state && state.passwortGesetzt === true);
