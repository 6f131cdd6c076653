import { hostWithoutPort } from './host-name';
import type { ProcessRow } from './process-row';

export const GROUP_KEYS = ['user', 'host', 'schema', 'state', 'command'] as const;
export type GroupKey = (typeof GROUP_KEYS)[number];

/** The value a row is counted under; hosts without their port, empty values named. */
export function groupValue(row: ProcessRow, key: GroupKey): string {
  switch (key) {
    case 'user':
      return row.user || '(none)';
    case 'host':
      return hostWithoutPort(row.host) || '(none)';
    case 'schema':
      return row.db ?? '(none)';
    case 'state':
      return row.state ?? '(none)';
    case 'command':
      return row.command || '(none)';
  }
}

/** Rows counted by one column, biggest groups first (then by name), with how many are running. */
export function groupCounts(
  rows: readonly ProcessRow[],
  key: GroupKey,
): Array<{ value: string; count: number; active: number }> {
  const counts = new Map<string, { count: number; active: number }>();
  for (const row of rows) {
    const value = groupValue(row, key);
    const c = counts.get(value) ?? { count: 0, active: 0 };
    c.count++;
    if (row.command !== 'Sleep') c.active++;
    counts.set(value, c);
  }
  return [...counts]
    .map(([value, c]) => ({ value, ...c }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}
