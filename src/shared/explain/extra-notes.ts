import { addFlag, addWarning, type PlanFlag, type PlanNode } from './plan-model';

// The Extra column of traditional EXPLAIN, and the messages JSON plans carry instead of a table
// ("Impossible WHERE", "Select tables optimized away"), mean the same things in every dialect.
const NOTE_FLAGS: Array<[RegExp, PlanFlag[]]> = [
  [/^Using filesort\b/i, ['filesort']],
  [/^Using temporary\b/i, ['temporary']],
  [/^Using join buffer\b.*\b(?:hash|BNLH|BKAH)\b/i, ['join-buffer', 'hash-join']],
  [/^Using join buffer\b/i, ['join-buffer']],
  [/^Range checked for each record\b/i, ['range-checked']],
  [/^Impossible (?:WHERE|HAVING|ON condition)\b/i, ['impossible']],
  [/^(?:no matching row in const table|No matching min\/max row|Zero rows\b)/i, ['impossible']],
  [/^Select tables optimized away\b/i, ['optimized-away']],
  [/^Using index condition\b/i, ['index-condition']],
  [/^Using index(?: for (?:group-by|skip scan))?$/i, ['covering-index']],
  [/^Using index for (?:group-by|skip scan)\b/i, ['covering-index']],
];

/** Flags implied by one note (an item of the Extra column or a server message). */
export function flagsOfNote(note: string): PlanFlag[] {
  const text = note.trim();
  for (let i = 0; i < NOTE_FLAGS.length; i++) {
    const [pattern, flags] = NOTE_FLAGS[i]!;
    if (pattern.test(text)) return flags;
  }
  return [];
}

/** The items of an Extra column: `Using where; Using index` → two notes. `NULL` → none. */
export function splitExtra(extra: string): string[] {
  const text = extra.trim();
  if (!text || text === 'NULL') return [];
  return text
    .split(/;\s*/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A server note on a node: kept verbatim in its warnings, and its meaning as flags. */
export function addNote(node: PlanNode, text: string | undefined): void {
  if (text === undefined) return;
  addWarning(node, text);
  const flags = flagsOfNote(text);
  for (let i = 0; i < flags.length; i++) addFlag(node, flags[i]!);
}
