/**
 * The one way this app writes CSV (found in outside testing; SECURITY.md): every export goes through toCsv, so every
 * export is safe to open in a spreadsheet.
 */

/**
 * A cell Excel, LibreOffice or Google Sheets would run as a formula: one that starts with = + - @,
 * a tab or a carriage return (OWASP, CSV injection). A plain number such as '-2.50' is not one:
 * it stays a number a spreadsheet can add up. No `.*$`, unlike Papa Parse's own default, so a
 * cell with a line break after its formula is caught too.
 */
const FORMULA_CELL = /^(?!-?\d+(?:\.\d+)?$)[=+\-@\t\r]/;

/**
 * The rows as CSV text with a header, written by Papa Parse so a comma, a quote or a line break
 * inside a field survives; a formula cell gets a leading apostrophe (and quotes), which makes a
 * spreadsheet show it as text. The library is loaded only when the owner exports.
 */
export async function toCsv(columns: string[], rows: string[][]): Promise<string> {
  const { unparse } = await import('papaparse');
  return unparse({ fields: columns, data: rows }, { newline: '\r\n', escapeFormulae: FORMULA_CELL });
}

/** Hands the CSV to the browser as a download. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start the download only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
