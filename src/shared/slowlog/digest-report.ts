// The digest as pt-query-digest's JSON classes (its field names, values formatted as it formats
// them) and as a short text report.
import { byteStringToText } from './display-text';
import { bucketStatistics, decadeHistogram } from './pt-buckets';
import type { QueryClass } from './slowlog-digest';
import { ptTimestamp, slowLogTimeText } from './timestamp';

const MAX_FINGERPRINT = 5000;
const MAX_QUERY = 10000;

/** Global counts pt-query-digest prints as `global.metrics.X.cnt`... reduced to what `pct` needs. */
export type AttributeTotals = ReadonlyMap<string, number>;

/** Per attribute, how many entries of all classes had it (pt's global `cnt`, for `pct`). */
export function attributeTotals(classes: QueryClass[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const c of classes)
    for (const [name, aggregate] of c.numeric)
      totals.set(name, (totals.get(name) ?? 0) + aggregate.count);
  return totals;
}

/**
 * One class as an object shaped like an entry of pt-query-digest's `classes` (checksum,
 * fingerprint, query_count, ts_min, ts_max, example, metrics with strings formatted as it does,
 * histograms), plus a `sightline` member with what it does not print (all users, hosts and
 * databases with counts, the example's byte offset). Strings are byte strings: JSON.stringify
 * then writes each byte as the character of that code, as pt-query-digest's JSON does.
 */
export function classToPtJson(
  queryClass: QueryClass,
  totals: AttributeTotals,
): Record<string, unknown> {
  const metrics: Record<string, unknown> = {};
  // pt-query-digest leaves Rows_affected out for reads, SET and administrator commands (by the
  // statement's verb, its "distillate").
  const noRowsAffected = /^(?:select|show|set|administrator command)\b/.test(
    queryClass.fingerprint,
  );
  for (const [name, aggregate] of queryClass.numeric) {
    if (name === 'Rows_affected' && noRowsAffected) continue;
    const stats = bucketStatistics(
      aggregate.buckets,
      aggregate.count,
      aggregate.min,
      aggregate.max,
    );
    const format = /_(?:time|wait)$/.test(name)
      ? (value: number) => value.toFixed(6)
      : (value: number) => String(Math.trunc(value));
    const pct = aggregate.count / (totals.get(name) ?? aggregate.count);
    metrics[name] = {
      sum: format(aggregate.sum),
      min: format(aggregate.min),
      max: format(aggregate.max),
      avg: format(aggregate.sum / aggregate.count),
      median: format(stats.median),
      pct_95: format(stats.pct95),
      stddev: format(stats.stddev),
      pct: format(pct),
    };
  }
  for (const [name, flag] of queryClass.flags) metrics[name] = { yes: String(flag.yes) };
  for (const [name, values] of queryClass.values) {
    let max = '';
    for (const value of values.keys()) if (value > max) max = value;
    metrics[name] = { value: max };
  }
  const queryTime = queryClass.numeric.get('Query_time');
  const example = queryClass.example;
  return {
    checksum: queryClass.checksum,
    fingerprint: queryClass.fingerprint.slice(0, MAX_FINGERPRINT),
    attribute: 'fingerprint',
    query_count: queryClass.count,
    ...(queryClass.firstSeen ? { ts_min: ptTimestamp(queryClass.firstSeen.time) } : {}),
    ...(queryClass.lastSeen ? { ts_max: ptTimestamp(queryClass.lastSeen.time) } : {}),
    ...(example
      ? {
          example: {
            query: example.statement.slice(0, MAX_QUERY),
            ...(example.time ? { ts: ptTimestamp(example.time) } : {}),
            Query_time: example.queryTime.toFixed(6),
          },
        }
      : {}),
    metrics,
    ...(queryTime ? { histograms: { Query_time: decadeHistogram(queryTime.buckets) } } : {}),
    sightline: {
      users: Object.fromEntries(queryClass.values.get('user') ?? []),
      hosts: Object.fromEntries(queryClass.values.get('host') ?? []),
      databases: Object.fromEntries(queryClass.values.get('db') ?? []),
      ...(example ? { example_offset: example.offset } : {}),
    },
  };
}

/** A plain-text report of ranked classes, for a terminal. */
export function classesToText(classes: QueryClass[], totalEntries: number): string {
  const totalTime = classes.reduce((sum, c) => sum + (c.numeric.get('Query_time')?.sum ?? 0), 0);
  const lines: string[] = [
    `${totalEntries} statements in ${classes.length} shown classes, ${totalTime.toFixed(3)} s in all`,
    '',
    'Rank Class ID                          Total s      %   Calls    Avg s    p95 s  Rows exam  Fingerprint',
  ];
  classes.forEach((c, index) => {
    const time = c.numeric.get('Query_time');
    const sum = time?.sum ?? 0;
    const stats = time ? bucketStatistics(time.buckets, time.count, time.min, time.max) : undefined;
    lines.push(
      [
        String(index + 1).padStart(4),
        c.checksum,
        sum.toFixed(4).padStart(10),
        (totalTime ? (100 * sum) / totalTime : 0).toFixed(1).padStart(6),
        String(c.count).padStart(7),
        (sum / c.count).toFixed(4).padStart(8),
        (stats?.pct95 ?? 0).toFixed(4).padStart(8),
        String(c.numeric.get('Rows_examined')?.sum ?? 0).padStart(10),
        ` ${oneLine(byteStringToText(c.fingerprint), 70)}`,
      ].join(' '),
    );
  });
  for (const [index, c] of classes.entries()) {
    const names = (name: string) =>
      [...(c.values.get(name)?.keys() ?? [])].map(byteStringToText).join(', ');
    lines.push('', `# ${index + 1}. ${c.checksum}  ${c.count} calls`);
    if (c.firstSeen && c.lastSeen)
      lines.push(
        `#   seen ${slowLogTimeText(c.firstSeen.time)} .. ${slowLogTimeText(c.lastSeen.time)}`,
      );
    lines.push(
      `#   users: ${names('user') || '-'}  hosts: ${names('host') || '-'}  databases: ${names('db') || '-'}`,
    );
    if (c.example)
      lines.push(
        `#   slowest (${c.example.queryTime.toFixed(6)} s, byte ${c.example.offset}):`,
        byteStringToText(c.example.statement.slice(0, 2000)),
      );
  }
  return `${lines.join('\n')}\n`;
}

function oneLine(text: string, width: number): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
}
