// Two line shapes the reader tests on most entries, checked char by char instead of with the
// regular expressions pt-query-digest's parser uses (quoted in each doc comment): the same
// answers, without a match array and capture per line.

/**
 * The time of a `# Time:` line, as `^# Time: ((?:[0-9: ]{15})|(?:[-0-9: T]{19}))` captures it
 * (the first form wins when both fit), or undefined when that does not match.
 */
export function timeOf(text: string): string | undefined {
  if (!text.startsWith('# Time: ')) return undefined;
  let end = 8;
  while (end < 23 && isShortTimeCode(text.charCodeAt(end))) end += 1;
  if (end === 23) return text.slice(8, 23);
  end = 8;
  while (end < 27 && (isShortTimeCode(text.charCodeAt(end)) || isIsoTimeCode(text.charCodeAt(end))))
    end += 1;
  return end === 27 ? text.slice(8, 27) : undefined;
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
export function isAttributeLine(text: string): boolean {
  if (text.charCodeAt(0) !== 35 /* # */) return false;
  let i = 1;
  while (text.charCodeAt(i) === 32) i += 1;
  if (i === 1) return false;
  let code = text.charCodeAt(i);
  if (code < 65 || code > 90) return false;
  const rest = (i += 1);
  for (;;) {
    code = text.charCodeAt(i);
    if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95) i += 1;
    else break;
  }
  if (i === rest || code !== 58 || text.charCodeAt(i + 1) !== 32 || i + 2 >= text.length)
    return false;
  code = text.charCodeAt(i + 2);
  return code !== 32 && (code < 9 || code > 13);
}
