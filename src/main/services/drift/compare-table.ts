import type { Connection, RowDataPacket } from 'mysql2/promise';
import {
  CHUNK_TEXT_MAX_BYTES,
  chunkChecksumSql,
  chunkDigestSql,
  digestIsWhole,
  hashedColumns,
  nextBoundarySql,
  rowHashesSql,
} from '../../../shared/drift/checksum-sql';
import type { DriftKey, DriftTable } from '../../../shared/drift/drift-table';
import {
  fixStatements,
  readsAsBytes,
  type FixValue,
  type SourceRow,
} from '../../../shared/drift/fix-statements';
import { changedColumns } from '../../../shared/drift/changed-columns';
import {
  diffRows,
  keyText,
  type HashedRow,
  type KeyValue,
  type RowDifference,
} from '../../../shared/drift/row-diff';
import { qualifiedName, quoteIdentifier } from '../../../shared/sql/quote-identifier';
import { pinSnapshots, type DriftServer } from './pin-snapshots';
import { readDriftTable } from './read-drift-table';

/** What comparing one table found. */
export interface TableDrift {
  schema: string;
  table: string;
  /** Null with `skipped` set when the table has no usable key. */
  key: DriftKey | null;
  skipped: string | null;
  /** The GTID point both servers were first read at. */
  point: string | null;
  /** How many points the table was read at (a new one each `snapshotSeconds`). */
  points: number;
  chunks: number;
  chunksDiffering: number;
  /** Rows read on the source. */
  rows: number;
  /** The rows that differ, at most `maxDifferences` of them (see differencesTotal). */
  differences: RowDifference[];
  differencesTotal: number;
  /** Statements for the replica that make it equal to the source (see fixStatements). */
  fix: string[];
  pausedMs: number;
}

export interface CompareTableOptions {
  /** The replica's channel from this source (`''` for the default one). */
  channel: string;
  /** The most differing rows listed (and repaired by `fix`); the rest are counted (default 10,000). */
  maxDifferences?: number;
  /** Rows per chunk (default 1,000). */
  chunkRows?: number;
  /** How long the replica may take to reach the source's point (default 30 s). */
  catchUpTimeoutMs?: number;
  /** How long the table lock on the source may wait, the applier held meanwhile (default 5 s). */
  lockWaitSeconds?: number;
  /**
   * How long (seconds) a pair of snapshots is read before the next chunks are read at a new
   * point (default 30): a snapshot held open keeps the source from purging its undo history,
   * which slows every other query on a busy server. Each chunk is still compared at one point.
   */
  snapshotSeconds?: number;
  /**
   * The longest text a chunk digest may join on a server (default CHUNK_TEXT_MAX_BYTES); past
   * it, the rest of the table is read with per-row checksums.
   */
  chunkTextMaxBytes?: number;
  /** Waits between chunks while this says so (replica lag, source load); see throttle. */
  throttle?: () => Promise<void>;
  onChunk?: (progress: { chunks: number; rows: number; chunksDiffering: number }) => void;
  signal?: AbortSignal;
}

/** A key value as read through mysql2 (dateStrings, bigNumberStrings): its text or its bytes. */
function keyValue(value: unknown): KeyValue {
  if (Buffer.isBuffer(value)) return { hex: value.toString('hex') };
  return { text: String(value) };
}

/** A key value bound back into a statement: bytes as a Buffer, text as it was read. */
function bound(value: KeyValue): unknown {
  return 'hex' in value ? Buffer.from(value.hex, 'hex') : value.text;
}

async function rowsOf(
  conn: Connection,
  q: { sql: string; values: unknown[] },
): Promise<RowDataPacket[]> {
  const [rows] = await conn.query<RowDataPacket[]>(q.sql, q.values);
  return rows;
}

function hashedRows(rows: RowDataPacket[], key: DriftKey): HashedRow[] {
  return rows.map((r) => ({
    key: key.columns.map((_, i) => keyValue(r[`k${i}`])),
    hash: String(r.h),
  }));
}

/**
 * Compares one table between a source and its replica at one GTID point (see pinSnapshots):
 * chunks of `chunkRows` rows by key, a checksum per chunk on both servers, and for a chunk that
 * differs, each row's hash on both, down to the rows that are missing, extra or changed. Then
 * the source's values of those rows make the fix statements. Reads only.
 */
export async function compareTable(
  source: DriftServer,
  replica: DriftServer,
  schema: string,
  table: string,
  options: CompareTableOptions,
): Promise<TableDrift> {
  const chunkRows = options.chunkRows ?? 1000;
  const maxDifferences = options.maxDifferences ?? 10_000;
  const meta = await withConnection(source, (c) => readDriftTable(c, schema, table));
  const base = { schema, table, key: meta.key, chunks: 0, chunksDiffering: 0, rows: 0 };
  if (!meta.key) {
    return {
      ...base,
      skipped:
        'No primary key and no unique key of NOT NULL columns: rows cannot be told apart, so the table is not compared. Add a primary key.',
      point: null,
      points: 0,
      differences: [],
      differencesTotal: 0,
      fix: [],
      pausedMs: 0,
    };
  }
  const key = meta.key;
  const pin = () =>
    pinSnapshots(source, replica, schema, table, {
      channel: options.channel,
      catchUpTimeoutMs: options.catchUpTimeoutMs ?? 30_000,
      lockWaitSeconds: options.lockWaitSeconds ?? 5,
    });
  const snapshotMs = (options.snapshotSeconds ?? 30) * 1000;
  const textLimit = Math.max(64, Math.floor(options.chunkTextMaxBytes ?? CHUNK_TEXT_MAX_BYTES));
  // Each pair of snapshots lets its sessions join a chunk's rows up to textLimit bytes.
  const pinWithLimit = async () => {
    const p = await pin();
    try {
      for (const conn of [p.source, p.replica]) {
        await conn.query('SET SESSION group_concat_max_len = ?', [textLimit]);
      }
    } catch (error) {
      await p.release();
      throw error;
    }
    return p;
  };
  let pinned = await pinWithLimit();
  let pinnedAt = performance.now();
  const point = pinned.point;
  let points = 1;
  let pausedMs = pinned.pausedMs;
  // One digest per chunk while rows are short enough to be joined; then per-row checksums.
  let digests = true;
  const both = (q: { sql: string; values: unknown[] }) =>
    Promise.all([rowsOf(pinned.source, q), rowsOf(pinned.replica, q)]);
  const checksumsAgree = async (lo: unknown[] | null, hi: unknown[] | null) => {
    const [a, b] = await both(chunkChecksumSql(meta, key, lo, hi));
    return { same: sameChecksum(a[0], b[0]), rows: Number(a[0]?.cnt ?? 0) };
  };
  /** Whether the chunk is the same on both servers, its rows on the source, and how that was read. */
  const compareChunk = async (lo: unknown[] | null, hi: unknown[] | null) => {
    if (digests) {
      const [a, b] = await both(chunkDigestSql(meta, key, lo, hi));
      const whole = [a[0], b[0]].every((x) => digestIsWhole(Number(x?.len ?? 0), textLimit));
      if (whole) {
        return { same: sameChecksum(a[0], b[0]), rows: Number(a[0]?.cnt ?? 0), byDigest: true };
      }
      digests = false;
    }
    return { ...(await checksumsAgree(lo, hi)), byDigest: false };
  };
  // Chunk bounds are read on a connection of their own, the next while this chunk's checksums
  // run. They need no snapshot: any bounds cut the key range into chunks without a gap, and each
  // chunk is then read in the snapshots.
  const bounds = await source.open().catch(async (error: unknown) => {
    await pinned.release();
    throw error;
  });
  const boundAfter = (after: KeyValue[] | null) => {
    const read = rowsOf(
      bounds.conn,
      nextBoundarySql(meta, key, after?.map(bound) ?? null, chunkRows),
    ).then((next) => (next[0] ? key.columns.map((_, i) => keyValue(next[0]![`k${i}`])) : null));
    // Awaited in the next round; a round that never comes (an error, cancel) must not leave it
    // unhandled.
    read.catch(() => undefined);
    return read;
  };
  try {
    const differences: RowDifference[] = [];
    let differencesTotal = 0;
    let lower: KeyValue[] | null = null;
    let chunks = 0;
    let chunksDiffering = 0;
    let rows = 0;
    let nextUpper = boundAfter(null);
    for (;;) {
      options.signal?.throwIfAborted();
      // The last chunk has no upper bound, so rows past the source's last key are seen too.
      const upper: KeyValue[] | null = await nextUpper;
      // The throttle reads the source's load with none of this comparison's reads running.
      await options.throttle?.();
      if (upper) nextUpper = boundAfter(upper);
      const lo = lower?.map(bound) ?? null;
      const hi = upper?.map(bound) ?? null;
      const chunk = await compareChunk(lo, hi);
      chunks++;
      rows += chunk.rows;
      if (!chunk.same) {
        const [sa, sb] = await both(rowHashesSql(meta, key, lo, hi));
        const found = diffRows(hashedRows(sa, key), hashedRows(sb, key));
        // No row differs: a digest may have joined the rows in another order on one server.
        const differing =
          found.length > 0 || !chunk.byDigest || !(await checksumsAgree(lo, hi)).same;
        if (differing) chunksDiffering++;
        differencesTotal += found.length;
        differences.push(...found.slice(0, Math.max(0, maxDifferences - differences.length)));
      }
      options.onChunk?.({ chunks, rows, chunksDiffering });
      if (!upper) break;
      lower = upper;
      if (performance.now() - pinnedAt >= snapshotMs) {
        const old = pinned;
        // Released first: pinning locks the table on the source, which our own open snapshot
        // does not block, but there is no reason to hold both.
        await old.release();
        pinned = await pinWithLimit();
        pinnedAt = performance.now();
        points++;
        pausedMs += pinned.pausedMs;
      }
    }
    const sourceRows = await readRows(
      pinned.source,
      meta,
      key,
      differences.filter((d) => d.kind !== 'extra').map((d) => d.key),
    );
    // A changed row says which of its columns differ: the replica's values, read at the same
    // point as the source's. Those of changed and extra rows also guard the fix's UPDATE and
    // DELETE (a row changed since is left alone).
    const changed = differences.filter((d) => d.kind === 'changed');
    const compared = hashedColumns(meta);
    const replicaRows = await readRows(
      pinned.replica,
      meta,
      key,
      differences.filter((d) => d.kind !== 'missing').map((d) => d.key),
    );
    for (const d of changed) {
      const s = sourceRows.get(keyText(d.key));
      const r = replicaRows.get(keyText(d.key));
      if (s && r) d.columns = changedColumns(compared, s, r);
    }
    return {
      ...base,
      skipped: null,
      point,
      points,
      chunks,
      chunksDiffering,
      rows,
      differences,
      differencesTotal,
      fix: fixStatements(meta, key, differences, sourceRows, replicaRows, compared),
      pausedMs,
    };
  } finally {
    await bounds.close().catch(() => undefined);
    await pinned.release();
  }
}

function sameChecksum(a: RowDataPacket | undefined, b: RowDataPacket | undefined): boolean {
  if (!a || !b) return false;
  return String(a.cnt) === String(b.cnt) && String(a.h) === String(b.h);
}

/** A server's stored values of the rows with `keys`, by key text, read in its snapshot. */
async function readRows(
  conn: Connection,
  meta: DriftTable,
  key: DriftKey,
  keys: KeyValue[][],
): Promise<Map<string, SourceRow>> {
  const out = new Map<string, SourceRow>();
  const columns = hashedColumns(meta);
  const select = columns
    .map((c, i) =>
      readsAsBytes(c)
        ? `HEX(CAST(${quoteIdentifier(c.name)} AS BINARY)) AS v${i}`
        : `CAST(${quoteIdentifier(c.name)} AS CHAR) AS v${i}`,
    )
    .join(', ');
  const where = key.columns.map((c) => `${quoteIdentifier(c)} = ?`).join(' AND ');
  for (const k of keys) {
    const [rows] = await conn.query<RowDataPacket[]>(
      `SELECT ${select} FROM ${qualifiedName(meta.schema, meta.table)} WHERE ${where}`,
      k.map(bound),
    );
    const row = rows[0];
    if (!row) continue;
    const values = new Map<string, FixValue>();
    columns.forEach((c, i) => {
      const v: unknown = row[`v${i}`];
      if (v === null || v === undefined) values.set(c.name, null);
      else
        values.set(
          c.name,
          readsAsBytes(c)
            ? { hex: String(v) }
            : { text: Buffer.isBuffer(v) ? v.toString('utf8') : String(v) },
        );
    });
    out.set(keyText(k), values);
  }
  return out;
}

async function withConnection<T>(
  server: DriftServer,
  fn: (c: Connection) => Promise<T>,
): Promise<T> {
  const c = await server.open();
  try {
    return await fn(c.conn);
  } finally {
    await c.close().catch(() => undefined);
  }
}
