import type { ProcessRow } from './process-row';

/**
 * A row's identity across polls: its processlist id with who connected. Ids are reused after a
 * server restart; with the user and host in the key a new connection that got an old id is a
 * new row, so the screen does not carry a selection over to a different session.
 */
export function rowKey(row: Pick<ProcessRow, 'id' | 'user' | 'host'>): string {
  return `${row.id}|${row.user}|${row.host}`;
}

/** What changed between two polls, by row key. */
export interface SnapshotDiff {
  added: string[];
  removed: string[];
  /** Rows in both whose command, state, statement or schema changed. */
  changed: string[];
  unchanged: number;
}

function sameActivity(a: ProcessRow, b: ProcessRow): boolean {
  return a.command === b.command && a.state === b.state && a.info === b.info && a.db === b.db;
}

/** Compares two polls: new, gone and changed sessions; time ticking alone is no change. */
export function diffSnapshots(
  previous: readonly ProcessRow[],
  next: readonly ProcessRow[],
): SnapshotDiff {
  const before = new Map(previous.map((r) => [rowKey(r), r]));
  const diff: SnapshotDiff = { added: [], removed: [], changed: [], unchanged: 0 };
  const seen = new Set<string>();
  for (const row of next) {
    const key = rowKey(row);
    seen.add(key);
    const old = before.get(key);
    if (!old) diff.added.push(key);
    else if (sameActivity(old, row)) diff.unchanged++;
    else diff.changed.push(key);
  }
  for (const key of before.keys()) if (!seen.has(key)) diff.removed.push(key);
  return diff;
}
