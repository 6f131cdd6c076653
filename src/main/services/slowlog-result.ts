// Turns a finished digest into what the tuning screen is sent: the top classes of each ranking
// (so the screen can re-sort them and still show the true top), their figures as numbers, and
// the first malformed entries with their byte offsets.
import {
  SLOWLOG_MAX_PROBLEMS,
  SLOWLOG_TOP_CLASSES,
  type SlowLogClass,
  type SlowLogFilter,
  type SlowLogRanking,
  type SlowLogResult,
} from '../../shared/api/slowlog';
import {
  bucketStatistics,
  byteStringToText,
  ptTimestamp,
  rankClasses,
  type QueryClass,
  type SlowLogProblem,
} from '../../shared/slowlog';

/** The longest example statement sent; longer ones are cut (the file has them whole). */
export const MAX_EXAMPLE_CHARS = 256 * 1024;

const RANKINGS: SlowLogRanking[] = ['time', 'count', 'avg', 'rows-examined'];

/** What else a result says besides its classes: the filter, and which classes are Sightline's. */
export interface ResultContext {
  filter?: SlowLogFilter | null;
  filteredOut?: number;
  isOwn?: (c: QueryClass) => boolean;
}

/**
 * The screen's view of a digest's classes and the reader's problems. Sightline's own classes
 * are ranked apart, so that hiding them still leaves the top of every ranking.
 */
export function slowLogResult(
  classes: QueryClass[],
  entries: number,
  problems: { list: readonly SlowLogProblem[]; count: number },
  top: number = SLOWLOG_TOP_CLASSES,
  context: ResultContext = {},
): SlowLogResult {
  const isOwn = context.isOwn ?? (() => false);
  const byTime = rankClasses(classes, 'time');
  const own = classes.filter(isOwn);
  const theirs = own.length > 0 ? classes.filter((c) => !isOwn(c)) : classes;
  const kept = new Set<QueryClass>();
  for (const group of own.length > 0 ? [theirs, own] : [classes])
    for (const ranking of RANKINGS)
      for (const c of rankClasses(group, ranking).slice(0, top)) kept.add(c);
  let first: { seconds: number; time: string } | undefined;
  let last: { seconds: number; time: string } | undefined;
  let totalQueryTime = 0;
  for (const c of classes) {
    totalQueryTime += c.numeric.get('Query_time')?.sum ?? 0;
    if (c.firstSeen && (!first || c.firstSeen.seconds < first.seconds)) first = c.firstSeen;
    if (c.lastSeen && (!last || c.lastSeen.seconds > last.seconds)) last = c.lastSeen;
  }
  return {
    entries,
    classesTotal: classes.length,
    classes: byTime.filter((c) => kept.has(c)).map(classView),
    totalQueryTime,
    malformed: {
      count: problems.count,
      first: problems.list.slice(0, SLOWLOG_MAX_PROBLEMS).map((p) => ({
        offset: p.offset,
        kind: p.kind,
        detail: p.detail,
      })),
    },
    timeRange:
      first && last ? { first: ptTimestamp(first.time), last: ptTimestamp(last.time) } : null,
    filter: context.filter ?? null,
    filteredOut: context.filteredOut ?? 0,
    own: {
      classes: own.filter((c) => kept.has(c)).map((c) => c.checksum),
      entries: own.reduce((n, c) => n + c.count, 0),
      queryTime: own.reduce((n, c) => n + (c.numeric.get('Query_time')?.sum ?? 0), 0),
    },
  };
}

function classView(c: QueryClass): SlowLogClass {
  const figure = (name: string) => {
    const a = c.numeric.get(name);
    if (!a) return { sum: 0, avg: 0, p95: 0, max: 0 };
    const stats = bucketStatistics(a.buckets, a.count, a.min, a.max);
    return { sum: a.sum, avg: a.sum / a.count, p95: stats.pct95, max: a.max };
  };
  const example = c.example;
  const sql = byteStringToText(example?.statement ?? '');
  return {
    checksum: c.checksum,
    fingerprint: byteStringToText(c.fingerprint),
    count: c.count,
    queryTime: figure('Query_time'),
    lockTime: figure('Lock_time'),
    rowsExamined: figure('Rows_examined'),
    rowsSent: figure('Rows_sent'),
    firstSeen: c.firstSeen ? ptTimestamp(c.firstSeen.time) : null,
    lastSeen: c.lastSeen ? ptTimestamp(c.lastSeen.time) : null,
    example: {
      sql: sql.slice(0, MAX_EXAMPLE_CHARS),
      truncated: sql.length > MAX_EXAMPLE_CHARS,
      queryTime: example?.queryTime ?? 0,
      db: example?.db !== undefined ? byteStringToText(example.db) : null,
      time: example?.time !== undefined ? ptTimestamp(example.time) : null,
      offset: example?.offset ?? 0,
    },
  };
}
