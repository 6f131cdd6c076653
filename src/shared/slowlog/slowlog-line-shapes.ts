// Two line shapes the reader tests on most entries, checked char by char instead of with the
// regular expressions pt-query-digest's parser uses (quoted in each doc comment): the same
// answers, without a match array and capture per line. Both read the line `text[start, end)` in
// place (the reader passes the chunk a line is in), and never look past `end`.

/**
 * The time of a `# Time:` line, as `^# Time: ((?:[0-9: ]{15})|(?:[-0-9: T]{19}))` captures it
 * (the first form wins when both fit), or undefined when that does not match; and where the 19
 * are followed by a UTC offset (`.123456-05:00`, MySQL's log_timestamps=SYSTEM), the offset too
 * (`2026-11-27T14:02:11-05:00`): pt drops it, and then cannot tell which instant the time was.
 */
export function timeOf(text: string, start = 0, end = text.length): string | undefined {
  if (end - start < 23 || !text.startsWith('# Time: ', start)) return undefined;
  const first = start + 8;
  let at = first;
  while (at < start + 23 && isShortTimeCode(text.charCodeAt(at))) at += 1;
  if (at === start + 23) return text.slice(first, at);
  if (end - start < 27) return undefined;
  at = first;
  while (
    at < start + 27 &&
    (isShortTimeCode(text.charCodeAt(at)) || isIsoTimeCode(text.charCodeAt(at)))
  )
    at += 1;
  return at === start + 27 ? text.slice(first, at) + isoZoneAt(text, at, end) : undefined;
}

/**
 * The UTC offset that follows an ISO time's seconds at `at` (after an optional fraction) and ends
 * the time (end of line or a space), as `+hh:mm`/`-hh:mm`; '' when there is none (`Z` included:
 * a time without an offset is UTC).
 */
export function isoZoneAt(text: string, at: number, end = text.length): string {
  let i = at;
  if (text.charCodeAt(i) === 46 /* . */) {
    i += 1;
    while (i < end && isDigit(text.charCodeAt(i))) i += 1;
  }
  const sign = text.charCodeAt(i);
  if ((sign !== 43 && sign !== 45) || end - i < 6) return '';
  if (
    !isDigit(text.charCodeAt(i + 1)) ||
    !isDigit(text.charCodeAt(i + 2)) ||
    text.charCodeAt(i + 3) !== 58 ||
    !isDigit(text.charCodeAt(i + 4)) ||
    !isDigit(text.charCodeAt(i + 5))
  )
    return '';
  const after = text.charCodeAt(i + 6);
  if (i + 6 < end && after !== 32 && after !== 9 && after !== 13 && after !== 10) return '';
  return text.slice(i, i + 6);
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** `[0-9: ]` */
function isShortTimeCode(code: number): boolean {
  return (code >= 48 && code <= 58) || code === 32;
}

/** What `[-0-9: T]` adds to `[0-9: ]`. */
function isIsoTimeCode(code: number): boolean {
  return code === 45 || code === 84;
}

/** Whether `^# +[A-Z][A-Za-z_]+: [^\t\n\v\f\r ]` (pt's attribute line) matches. */
export function isAttributeLine(text: string, start = 0, end = text.length): boolean {
  if (start >= end || text.charCodeAt(start) !== 35 /* # */) return false;
  let i = start + 1;
  while (i < end && text.charCodeAt(i) === 32) i += 1;
  if (i === start + 1 || i >= end) return false;
  let code = text.charCodeAt(i);
  if (code < 65 || code > 90) return false;
  const rest = (i += 1);
  for (; i < end; i += 1) {
    code = text.charCodeAt(i);
    if (!((code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95)) break;
  }
  if (i === rest || i + 2 >= end || code !== 58 || text.charCodeAt(i + 1) !== 32) return false;
  code = text.charCodeAt(i + 2);
  return code !== 32 && (code < 9 || code > 13);
}
