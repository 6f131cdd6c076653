// A cell a spreadsheet reads as a formula when it opens a CSV: one that starts with `=`, `@`, a
// tab or a carriage return, or with `+` / `-` when it is not simply a number (OWASP's list;
// `-1.5` is a number to every spreadsheet, `-1+cmd|...` is not).
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Whether a spreadsheet opening a CSV with `text` as a cell may run it as a formula (a
 * `=HYPERLINK(...)` that sends the sheet's data away, a DDE command). The export keeps the
 * value as it is; this is for saying so.
 */
export function mayRunAsFormula(text: string): boolean {
  const first = text.charCodeAt(0);
  if (first === 61 /* = */ || first === 64 /* @ */ || first === 9 || first === 13) return true;
  if (first === 43 /* + */ || first === 45 /* - */) return !PLAIN_NUMBER.test(text);
  return false;
}
