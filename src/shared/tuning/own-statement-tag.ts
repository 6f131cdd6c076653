/**
 * The comment Sightline puts before every statement it sends on its own (polling, metadata,
 * explains; not the statements a user runs from an editor). The server keeps comments in the
 * statement text it shows (processlist, statement history, QUERY_SAMPLE_TEXT) but drops them
 * from digests, so a digest whose example text carries the tag is one of Sightline's own.
 */
export const OWN_STATEMENT_TAG = '/* sightline */';

/** `sql` with Sightline's tag in front (once: an already tagged text is returned as it is). */
export function tagOwnStatement(sql: string): string {
  return isOwnStatementText(sql) ? sql : `${OWN_STATEMENT_TAG} ${sql}`;
}

/** Whether a statement text, as a server shows it, starts with Sightline's tag. */
export function isOwnStatementText(text: string): boolean {
  let i = 0;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return text.startsWith(OWN_STATEMENT_TAG, i);
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}
