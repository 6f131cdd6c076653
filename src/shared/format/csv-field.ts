/**
 * One CSV field as RFC 4180 writes it, for exports and for "Copy as CSV" alike, so both read
 * back the same way:
 * - a field holding `"`, `,`, CR or LF is quoted, its quotes doubled;
 * - the empty string is quoted (`""`) and NULL is an empty unquoted field, so the two stay apart
 *   (spreadsheets read both as an empty cell; a CSV reader that keeps quoting can tell them).
 */
export function csvField(value: string | null): string {
  if (value === null) return '';
  if (value === '') return '""';
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

const NEEDS_QUOTES = /[",\r\n]/;

/** The line ending between CSV records: CRLF, as RFC 4180 says. */
export const CSV_RECORD_END = '\r\n';
