/** How a spreadsheet reads a CSV file, for the checks that no exported cell can run as a formula. */

/**
 * How a spreadsheet splits a delimited file: on `separator` and on line breaks (CR LF, CR or LF); a quote is special
 * only at the very start of a field, where it opens a quoted field (`""` inside is one quote; after the closing
 * quote the rest up to the next separator is appended). Dutch Excel reads a .csv this way with `;`.
 */
export function spreadsheetCells(text: string, separator: ',' | ';'): string[] {
  const cells: string[] = [];
  let i = 0;
  for (;;) {
    let cell = '';
    if (text[i] === '"') {
      for (i++; i < text.length; i++) {
        if (text[i] !== '"') cell += text[i];
        else if (text[i + 1] === '"') cell += text[i++];
        else {
          i++;
          break;
        }
      }
    }
    while (i < text.length && text[i] !== separator && text[i] !== '\r' && text[i] !== '\n') cell += text[i++];
    cells.push(cell);
    if (i >= text.length) return cells;
    i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
  }
}

/** A cell a spreadsheet would take as a formula: = + - @ first, also after spaces, tabs or carriage returns. */
export const FORMULA_START = /^\s*[=+\-@]/;
/** Digits and number punctuation after a sign (a phone number, a negative amount): nothing a spreadsheet can call. */
export const PLAIN_SIGNED_NUMBER = /^\s*[+-][\d\s().\-/]*$/;
