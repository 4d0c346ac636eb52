/** The texts of the duty screens (docs/produkt.md §2 'Meine Dienste'). */

/** SPEC.md §9: toasts of the duty and swap screens last 3 s. */
export const TOAST_MS = 3000;

export const MELDUNG = {
  laden: 'Lade Dienste...',
  ladeFehler: 'Ihre Dienste konnten nicht geladen werden',
  keineDienste: 'Für Ihre Familie sind noch keine Dienste geplant.',
  angeboten: 'Tausch angeboten. Die anderen Familien können ihn jetzt annehmen.',
  abgegeben: 'Dienst abgegeben. Die anderen Familien können ihn jetzt übernehmen.',
  anbietenFehler: 'Fehler beim Anbieten',
  angenommen: 'Tausch angenommen!',
  uebernommen: 'Dienst übernommen!',
  annehmenFehler: 'Fehler beim Annehmen',
  zurueckgezogen: 'Angebot zurückgezogen.',
  zurueckziehenFehler: 'Fehler beim Zurückziehen',
} as const;

/** The server's answer text, if it sent one (a plain text or `{ message }`), else the fallback. */
export function antwortText(antwort: unknown, fallback: string): string {
  if (typeof antwort === 'string' && antwort.trim()) return antwort.trim();
  if (antwort && typeof antwort === 'object' && 'message' in antwort && typeof antwort.message === 'string' && antwort.message.trim())
    return antwort.message.trim();
  return fallback;
}

/** '1 Termin', '3 Termine'. */
export const termine = (n: number) => (n === 1 ? '1 Termin' : `${n} Termine`);
