/** How many characters of an announcement the manage dialog shows (docs/produkt.md §9). */
const VORSCHAU_ZEICHEN = 50;

/** The first 50 characters, followed by '…' when the text is longer; an emoji counts as one. */
export function vorschau(text: string, zeichen = VORSCHAU_ZEICHEN): string {
  const codePoints = [...text];
  return codePoints.length > zeichen ? `${codePoints.slice(0, zeichen).join('')}…` : text;
}
