/**
 * CSV for German spreadsheet programs: UTF-8 with BOM, semicolons, CRLF, every cell quoted.
 * A cell that starts with =, +, -, @, tab or carriage return, or with the full-width ＝ ＋ － ＠
 * that some spreadsheets also take as a formula start, gets a leading apostrophe, so a spreadsheet
 * shows it as text instead of running it as a formula (CSV injection).
 */
export const csvZelle = (value: unknown): string => {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
};

export const csvDatei = (kopf: string[], zeilen: unknown[][]): string =>
  `\uFEFF${[kopf, ...zeilen].map((zeile) => zeile.map(csvZelle).join(';')).join('\r\n')}\r\n`;
