// Perl's \s and \w on a byte string (one char per byte), as pt-query-digest's patterns see them;
// the slow-log reader and the fingerprint test characters without a regex.

/** Perl's `\s`: space, tab, newline, vertical tab, form feed, carriage return (NaN is not). */
export function isSpaceCode(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13);
}

/** Perl's and JavaScript's `\w`: ASCII letters, digits and `_` (NaN is not). */
export function isWordCode(code: number): boolean {
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    (code >= 48 && code <= 57) ||
    code === 95
  );
}
