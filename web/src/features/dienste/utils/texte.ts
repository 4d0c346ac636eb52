/** The texts of the duty screens (docs/produkt.md §2 'Meine Dienste'). */

/** docs/produkt.md §9: toasts of the duty and swap screens last 3 s. */
export const TOAST_MS = 3000;

/** The server's answer text, if it sent one (a plain text or `{ message }`), else the fallback. */
export function antwortText(antwort: unknown, fallback: string): string {
  if (typeof antwort === 'string' && antwort.trim()) return antwort.trim();
  if (antwort && typeof antwort === 'object' && 'message' in antwort && typeof antwort.message === 'string' && antwort.message.trim())
    return antwort.message.trim();
  return fallback;
}
