// The slow-log classes table's sort orders, the progress line's, filter's and ratio's words.
import type {
  SlowLogClass,
  SlowLogClassComparison,
  SlowLogFilter,
  SlowLogRanking,
  SlowLogRun,
} from '../../shared/api/slowlog';
import { formatBytes } from '../../shared/format/bytes';
import { formatExactCount } from '../../shared/format/count';
import { formatDuration } from '../../shared/format/duration';

const KEYS: Record<SlowLogRanking, (c: SlowLogClass) => number> = {
  time: (c) => c.queryTime.sum,
  count: (c) => c.count,
  avg: (c) => c.queryTime.avg,
  'rows-examined': (c) => c.rowsExamined.sum,
};

/**
 * The top `limit` classes by `by`, the most first; ties keep the backend's order (total time).
 * The backend sends the top of every ranking, so this is the log's true top for each.
 */
export function sortSlowLogClasses(
  classes: readonly SlowLogClass[],
  by: SlowLogRanking,
  limit: number,
): SlowLogClass[] {
  const key = KEYS[by];
  return classes
    .map((c, index) => ({ c, index, k: key(c) }))
    .sort((a, b) => b.k - a.k || a.index - b.index)
    .slice(0, limit)
    .map(({ c }) => c);
}

/** `12 MiB of 48 MiB · 6 MiB/s · about 6.00 s left` (or rows): where a run stands, in words. */
export function slowLogProgressText(run: SlowLogRun): string {
  const amount = (n: number) =>
    run.unit === 'rows' ? `${formatExactCount(Math.round(n))} rows` : formatBytes(Math.round(n));
  const parts = [
    run.totalBytes !== null
      ? `${amount(run.bytesRead)} of ${amount(run.totalBytes)}`
      : `${amount(run.bytesRead)} read (unzipped)`,
  ];
  if (run.bytesPerSecond > 0) parts.push(`${amount(run.bytesPerSecond)}/s`);
  if (run.etaSeconds !== null) parts.push(`about ${formatDuration(run.etaSeconds * 1000)} left`);
  return parts.join(' · ');
}

/** The fraction read (0-1), or null when the size is unknown (a gzip file). */
export function slowLogFraction(run: SlowLogRun): number | null {
  if (run.totalBytes === null || run.totalBytes === 0) return null;
  return Math.min(1, run.bytesRead / run.totalBytes);
}

const FILTER_WORDS: Array<[keyof SlowLogFilter, string]> = [
  ['since', 'since'],
  ['until', 'until'],
  ['user', 'user'],
  ['host', 'host'],
  ['db', 'database'],
];

/** `since 2026-11-25 10:00, user app`: a filter in words, or null when it filters nothing. */
export function slowLogFilterText(filter: SlowLogFilter | null): string | null {
  if (!filter) return null;
  const parts = FILTER_WORDS.flatMap(([key, word]) => {
    const value = filter[key]?.trim();
    return value ? [`${word} ${value}`] : [];
  });
  return parts.length > 0 ? parts.join(', ') : null;
}

/** `×4.00`: a comparison's ratio of averages; `—` for a new or gone class or from 0 s. */
export function slowLogRatioText(c: SlowLogClassComparison): string {
  return c.avgRatio === null ? '—' : `×${c.avgRatio.toFixed(2)}`;
}
