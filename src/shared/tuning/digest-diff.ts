import type { DigestRow } from './digest-row';

/** Counters a window sums (everything a digest counts, as opposed to texts and times). */
const SUMMED = [
  'calls',
  'totalLatencyMs',
  'lockLatencyMs',
  'errors',
  'warnings',
  'rowsAffected',
  'rowsSent',
  'rowsExamined',
  'tmpTables',
  'tmpDiskTables',
  'sortMergePasses',
  'noIndexUsed',
  'noGoodIndexUsed',
] as const;

/** What happened to a digest between two snapshots. */
export type WindowOrigin =
  /** Seen in both: the difference of its counters. */
  | 'delta'
  /** First seen after the earlier snapshot: everything it counts is in the window. */
  | 'new'
  /**
   * Its counters went down or its FIRST_SEEN moved (the table was truncated, or the row was
   * evicted and came back): counted from its new start, which lies inside the window.
   */
  | 'reset';

export interface WindowRow extends DigestRow {
  origin: WindowOrigin;
}

export interface DigestWindow {
  rows: WindowRow[];
  /** Digests of the earlier snapshot missing from the later one (truncated or evicted). */
  vanished: number;
  /** Rows counted from a reset rather than as a difference. */
  resets: number;
  /** True when most digests vanished or reset: the table was probably truncated meanwhile. */
  probablyTruncated: boolean;
}

/** A digest's identity: the same statement shape in the same default schema. */
export function digestKey(row: Pick<DigestRow, 'schema' | 'digest'>): string {
  return `${row.schema ?? ''}\u0000${row.digest ?? ''}`;
}

/**
 * The work done between two snapshots of the digest table: for each digest of `later`, its
 * counters minus those in `earlier`. Digests that ran nothing in the window are left out.
 * Counter resets are handled: a digest whose calls went down, or whose FIRST_SEEN changed, was
 * truncated or evicted and recreated, so what it counts now all happened in the window.
 * MAX latency is not a counter: the window keeps the later snapshot's value.
 */
export function diffDigests(
  earlier: readonly DigestRow[],
  later: readonly DigestRow[],
): DigestWindow {
  const before = new Map<string, DigestRow>();
  for (const r of earlier) before.set(digestKey(r), r);
  const rows: WindowRow[] = [];
  let resets = 0;
  let matched = 0;
  for (const now of later) {
    const key = digestKey(now);
    const then = before.get(key);
    if (!then) {
      if (now.calls > 0) rows.push({ ...now, origin: 'new' });
      continue;
    }
    matched++;
    if (now.calls < then.calls || now.firstSeen !== then.firstSeen) {
      resets++;
      if (now.calls > 0) rows.push({ ...now, origin: 'reset' });
      continue;
    }
    if (now.calls === then.calls) continue;
    const row: WindowRow = { ...now, origin: 'delta' };
    for (const f of SUMMED) row[f] = Math.max(0, now[f] - then[f]);
    rows.push(row);
  }
  const vanished = earlier.length - matched;
  return {
    rows,
    vanished,
    resets,
    probablyTruncated: earlier.length > 0 && (vanished + resets) * 2 > earlier.length,
  };
}

/** The ratio of rows examined to rows sent (∞ shown as the examined count when none were sent). */
export function examinedPerSent(row: Pick<DigestRow, 'rowsExamined' | 'rowsSent'>): number {
  if (row.rowsSent === 0) return row.rowsExamined;
  return row.rowsExamined / row.rowsSent;
}
