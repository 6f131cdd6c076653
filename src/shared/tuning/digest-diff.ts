import type { DigestCounts } from './digest-row';

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
const WIDTH = SUMMED.length;

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

export type WindowRow<T extends DigestCounts = DigestCounts> = T & { origin: WindowOrigin };

export interface DigestWindow<T extends DigestCounts = DigestCounts> {
  rows: Array<WindowRow<T>>;
  /** Digests of the earlier snapshot missing from the later one (truncated or evicted). */
  vanished: number;
  /** Rows counted from a reset rather than as a difference. */
  resets: number;
  /** True when most digests vanished or reset: the table was probably truncated meanwhile. */
  probablyTruncated: boolean;
}

/** A digest's identity: the same statement shape in the same default schema. */
export function digestKey(row: Pick<DigestCounts, 'schema' | 'digest'>): string {
  return `${row.schema ?? ''}\u0000${row.digest ?? ''}`;
}

/**
 * What a diff needs of an earlier snapshot, packed: a key and FIRST_SEEN per digest and its
 * summed counters in one typed array (about 120 bytes a digest instead of an object's ~500, so
 * an hour of snapshots of a full digest table stays a few tens of MB).
 */
export interface PackedCounts {
  keys: readonly string[];
  firstSeen: readonly string[];
  /** WIDTH values per digest, in SUMMED order. */
  values: Float64Array;
}

/**
 * Packs rows for keeping. `keys` (digestKey of each row, by default computed) may be shared
 * copies, so a ring of snapshots does not keep ten thousand copies of the same strings each.
 */
export function packCounts(
  rows: readonly DigestCounts[],
  rowKeys: readonly string[] = rows.map(digestKey),
): PackedCounts {
  const keys = rowKeys.slice(0, rows.length);
  const firstSeen = new Array<string>(rows.length);
  const values = new Float64Array(rows.length * WIDTH);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    firstSeen[i] = r.firstSeen;
    for (let f = 0; f < WIDTH; f++) values[i * WIDTH + f] = r[SUMMED[f]!];
  }
  return { keys, firstSeen, values };
}

/** Key → position, built once per packed snapshot and only when positions do not line up. */
const positions = new WeakMap<PackedCounts, Map<string, number>>();
function positionOf(packed: PackedCounts, key: string): number | undefined {
  let index = positions.get(packed);
  if (!index) {
    index = new Map(packed.keys.map((k, i) => [k, i]));
    positions.set(packed, index);
  }
  return index.get(key);
}

/**
 * The work done between two snapshots of the digest table: for each digest of `later`, its
 * counters minus those in `earlier`. Digests that ran nothing in the window are left out.
 * Counter resets are handled: a digest whose calls went down, or whose FIRST_SEEN changed, was
 * truncated or evicted and recreated, so what it counts now all happened in the window.
 * MAX latency is not a counter: the window keeps the later snapshot's value.
 * One pass: the server returns digests in the same order from one read to the next (the
 * order of its slots), so a digest is looked up by position first and by key only when the
 * table changed shape. `laterKeys`: digestKey of each later row, when already known.
 */
export function diffDigests<T extends DigestCounts>(
  earlier: PackedCounts | readonly DigestCounts[],
  later: readonly T[],
  laterKeys?: readonly string[],
): DigestWindow<T> {
  const then = Array.isArray(earlier)
    ? packCounts(earlier as readonly DigestCounts[])
    : (earlier as PackedCounts);
  const { keys, firstSeen, values } = then;
  const rows: Array<WindowRow<T>> = [];
  let resets = 0;
  let matched = 0;
  for (let i = 0; i < later.length; i++) {
    const now = later[i]!;
    const key = laterKeys?.[i] ?? digestKey(now);
    const at = keys[i] === key ? i : positionOf(then, key);
    if (at === undefined) {
      if (now.calls > 0) rows.push({ ...now, origin: 'new' });
      continue;
    }
    matched++;
    const base = at * WIDTH;
    const calls = values[base]!;
    if (now.calls < calls || now.firstSeen !== firstSeen[at]) {
      resets++;
      if (now.calls > 0) rows.push({ ...now, origin: 'reset' });
      continue;
    }
    if (now.calls === calls) continue;
    const row: WindowRow<T> = { ...now, origin: 'delta' };
    for (let f = 0; f < WIDTH; f++) {
      const field = SUMMED[f]!;
      row[field] = Math.max(0, now[field] - values[base + f]!);
    }
    rows.push(row);
  }
  const vanished = keys.length - matched;
  return {
    rows,
    vanished,
    resets,
    probablyTruncated: keys.length > 0 && (vanished + resets) * 2 > keys.length,
  };
}

/**
 * The ratio of rows examined to rows sent or changed (∞ shown as the examined count when none
 * were). A write's result is the rows it changed: an INSERT ... SELECT that copies every row it
 * reads sends none, and is no waste.
 */
export function examinedPerSent(
  row: Pick<DigestCounts, 'rowsExamined' | 'rowsSent' | 'rowsAffected'>,
): number {
  const result = row.rowsSent + row.rowsAffected;
  if (result === 0) return row.rowsExamined;
  return row.rowsExamined / result;
}
