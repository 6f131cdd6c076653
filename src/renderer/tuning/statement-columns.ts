import type { TopStatement } from '../../shared/api/tuning';
import { examinedPerSent } from '../../shared/tuning/digest-diff';

/** The columns the top-statements table can sort by. */
export const SORT_KEYS = [
  'totalLatencyMs',
  'avgLatencyMs',
  'calls',
  'rowsExamined',
  'rowsSent',
  'examinedPerSent',
  'fullScans',
  'tmpDiskTables',
  'sortMergePasses',
  'errors',
  'lastSeen',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** Executions that read a table without a (good) index. */
export function fullScans(s: TopStatement): number {
  return s.noIndexUsed + s.noGoodIndexUsed;
}

function valueOf(s: TopStatement, key: SortKey): number | string {
  switch (key) {
    case 'avgLatencyMs':
      return s.calls ? s.totalLatencyMs / s.calls : 0;
    case 'examinedPerSent':
      return examinedPerSent(s);
    case 'fullScans':
      return fullScans(s);
    case 'errors':
      return s.errors * 1e6 + s.warnings;
    default:
      return s[key];
  }
}

/** Statements sorted by a column, largest (or latest) first; ties by total latency. */
export function sortStatements(list: readonly TopStatement[], key: SortKey): TopStatement[] {
  return [...list].sort((a, b) => {
    const x = valueOf(a, key);
    const y = valueOf(b, key);
    if (x !== y) return x < y ? 1 : -1;
    return b.totalLatencyMs - a.totalLatencyMs;
  });
}

/** How alarming a rows-examined-per-row-sent ratio is (a full scan for a few rows shows here). */
export function ratioSeverity(ratio: number): 'ok' | 'warning' | 'danger' {
  if (ratio >= 1000) return 'danger';
  if (ratio >= 100) return 'warning';
  return 'ok';
}
