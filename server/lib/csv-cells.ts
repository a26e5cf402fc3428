/**
 * A text cell that a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage
 * return) is written with a leading apostrophe, which imports take off again: exported files open
 * safely (CSV injection) and import back unchanged.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function protectCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function unprotectCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}
