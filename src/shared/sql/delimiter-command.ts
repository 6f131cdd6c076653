/** A `DELIMITER x` client command found in a script. */
export interface DelimiterCommand {
  /** The new delimiter. */
  delimiter: string;
  /** Offset just past the command: the end of its line (the newline is not part of it). */
  end: number;
}

/**
 * Reads the mysql client's `DELIMITER` command at `offset`, where the caller found the word
 * `delimiter` (any case) as the first thing on a line with no statement pending. Like the
 * client, the argument is the first whitespace-separated word, or a quoted string (`'...'`,
 * `"..."`, `` `...` ``), and the rest of the line is ignored: `delimiter $$ extra` sets `$$`.
 * Returns null when this is not a usable command (no argument, or a backslash in it, which the
 * client refuses); the caller then treats the line as SQL, so the server reports it.
 */
export function readDelimiterCommand(text: string, offset: number): DelimiterCommand | null {
  const newline = text.indexOf('\n', offset);
  const lineEnd = newline === -1 ? text.length : newline;
  const line = text.slice(offset, lineEnd);
  const match = /^delimiter[ \t]+(?:'([^']+)'|"([^"]+)"|`([^`]+)`|(\S+))/i.exec(line);
  if (!match) return null;
  const delimiter = match[1] ?? match[2] ?? match[3] ?? match[4] ?? '';
  if (delimiter === '' || delimiter.includes('\\')) return null;
  return { delimiter, end: lineEnd };
}
