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

/**
 * How well `query` matches `text`: its characters in order, case-insensitive, with a start of a
 * word or a run of adjacent characters counting more. Null when they do not all appear in order.
 */
export function matchScore(text: string, query: string): number | null {
  const t = text.toLowerCase();
  const q = query.toLowerCase().replace(/\s+/g, ' ').trim();
  if (q === '') return 0;
  // A plain substring beats any scattered match; earlier is better.
  const at = t.indexOf(q);
  if (at >= 0) return 1000 - at + (at === 0 || t[at - 1] === ' ' ? 100 : 0);
  let score = 0;
  let from = 0;
  let previous = -2;
  for (const ch of q) {
    if (ch === ' ') continue;
    const i = t.indexOf(ch, from);
    if (i < 0) return null;
    if (i === previous + 1) score += 5;
    if (i === 0 || t[i - 1] === ' ' || t[i - 1] === '(') score += 10;
    score += 1;
    previous = i;
    from = i + 1;
  }
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
    const byTitle = matchScore(command.title, query);
    const byOther = matchScore(`${command.group} ${command.keywords ?? ''}`, query);
    const score = byTitle !== null ? byTitle + 50 : byOther;
    if (score !== null) scored.push({ command, score, index });
  });
  scored.sort((a, b) => b.score - a.score || a.index - b.index);
  return scored.map((s) => s.command);
}
