/** One action of the app, reachable by name from the command palette. */
export interface ShellCommand {
  id: string;
  title: string;
  /** Shown beside the title and used to order the list: Connection, Editor, Tools, ... */
  group: string;
  /** The shortcut that does the same, as shown to the user (e.g. `Ctrl+Enter`). */
  shortcut?: string;
  /** More words it is found by (e.g. "query" for Run statement). */
  keywords?: string;
  run: () => void;
}

/** The words of a text, lower-cased: runs of letters and digits (so "(MySQL" is "mysql"). */
function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** How well one typed word matches a list of words, or null. */
function wordScore(words: readonly string[], typed: string): number | null {
  let best: number | null = null;
  words.forEach((word, at) => {
    // The start of a word is what people type; earlier words rank higher.
    const score = word.startsWith(typed)
      ? 100 - Math.min(at, 20) + (word === typed ? 10 : 0)
      : // Inside a word only for three letters or more ("list" finds Processlist), never "o".
        typed.length >= 3 && word.includes(typed)
        ? 40 - Math.min(at, 20)
        : null;
    if (score !== null && (best === null || score > best)) best = score;
  });
  return best;
}

/** Whether `typed`'s letters are the first letters of some of `words`, in order. */
function initialsMatch(words: readonly string[], typed: string): boolean {
  let at = 0;
  for (const word of words) if (word[0] === typed[at]) at++;
  return at >= typed.length;
}

/**
 * How well `query` matches `text`, or null when it does not: every typed word must start a word
 * of the text (or, from three letters, sit inside one); the more start words and the earlier,
 * the better, and the typed words in a row in the text count most. A short single word may also
 * be initials (unless `initials` is false). Letters scattered inside words never match ("proc" does not find "Open ALTER on
 * Orders primary").
 */
export function matchScore(text: string, query: string, initials = true): number | null {
  const typed = wordsOf(query);
  if (typed.length === 0) return 0;
  const words = wordsOf(text);
  // One short word may be the initials of the title's words in order ("rsc": Run statement at
  // cursor), ranked below any word it starts.
  const only = typed.length === 1 ? typed[0]! : '';
  if (initials && only.length >= 2 && only.length <= 5 && wordScore(words, only) === null) {
    return initialsMatch(words, only) ? 20 : null;
  }
  let score = 0;
  for (const t of typed) {
    const s = wordScore(words, t);
    if (s === null) return null;
    score += s;
  }
  const phrase = typed.join(' ');
  const joined = words.join(' ');
  if (joined.startsWith(phrase)) score += 200;
  else if (joined.includes(` ${phrase}`)) score += 100;
  return score;
}

/**
 * The commands that match `query` (by title, then group and keywords), best first; all of them,
 * in their given order, when the query is empty.
 */
export function filterCommands(commands: readonly ShellCommand[], query: string): ShellCommand[] {
  if (query.trim() === '') return [...commands];
  const scored: Array<{ command: ShellCommand; score: number; index: number }> = [];
  commands.forEach((command, index) => {
    // The title first; its group and keywords find it too, ranked below any title match.
    const byTitle = matchScore(command.title, query);
    const all = `${command.title} ${command.group} ${command.keywords ?? ''}`;
    const byAll = matchScore(all, query, false);
    const score = byTitle !== null ? byTitle + 1000 : byAll;
    if (score !== null) scored.push({ command, score, index });
  });
  scored.sort((a, b) => b.score - a.score || a.index - b.index);
  return scored.map((s) => s.command);
}
