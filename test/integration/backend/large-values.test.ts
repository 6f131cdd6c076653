import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryStatus } from '../../../src/shared/api/query';
import { useDedicatedServer } from '../../servers/dedicated-servers';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';
import { openSession, resultRows, runStatement } from './session-helpers';

failOnUnhandledErrors();

const MiB = 1024 * 1024;
/** The result's memory limit in these tests. */
const LIMIT = 64 * MiB;
/** What the backend may hold beyond the limit while a huge row arrives. */
const MARGIN = 100 * MiB;

/**
 * The most the process's memory grew by while `work` ran, sampled every few milliseconds:
 * resident memory, and the memory outside the JS heap where Buffers live.
 */
async function peakGrowth<T>(
  work: () => Promise<T>,
): Promise<{ value: T; rss: number; arrayBuffers: number }> {
  const before = process.memoryUsage();
  let rss = 0;
  let arrayBuffers = 0;
  const sample = () => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss - before.rss);
    arrayBuffers = Math.max(arrayBuffers, now.arrayBuffers - before.arrayBuffers);
  };
  const timer = setInterval(sample, 2);
  try {
    const value = await work();
    sample();
    return { value, rss, arrayBuffers };
  } finally {
    clearInterval(timer);
  }
}

describe('MySQL 9.7: a value far larger than the result limit', () => {
  // A server that sends values up to 1 GiB (its default stops at 64 MiB).
  const dedicated = useDedicatedServer('mysql', {
    name: 'huge-values',
    extraArgs: ['--max-allowed-packet=1G'],
  });
  let b: BackendUnderTest;
  let session: string;

  beforeAll(async () => {
    b = await startBackend({ resultLimits: { maxRows: 1000, maxBytes: LIMIT } });
    session = await openSession(b, dedicated(), 'huge');
  });
  afterAll(async () => b?.dispose());

  it('is cut while it arrives: memory stays within the limit plus a margin, the cell says so', async () => {
    const sql = "SELECT 1 AS id, REPEAT('x', 300 * 1024 * 1024) AS huge, 'after' AS tail";
    const {
      value: status,
      rss,
      arrayBuffers,
    } = await peakGrowth<QueryStatus>(() => runStatement(b, session, sql, 120_000));
    expect(arrayBuffers).toBeLessThan(LIMIT + MARGIN);
    expect(rss).toBeLessThan(LIMIT + MARGIN);
    expect(status).toMatchObject({ state: 'done', rowCount: 1, truncated: null, error: null });

    const [row] = await resultRows(b, status.queryId, 0, 1);
    expect(row![0]).toBe('1');
    expect(row![2]).toBe('after');
    const huge = row![1];
    expect(huge).toMatchObject({ t: 'long', wholeBytes: 300 * MiB });
    if (huge === null || typeof huge !== 'object' || huge.t !== 'long') throw new Error('not long');
    expect(huge.text).toBe('x'.repeat(huge.text.length));
    expect(huge.chars).toBeLessThan(LIMIT);
    expect(huge.chars).toBeGreaterThan(0);

    const slice = await b.call('query.cell', {
      queryId: status.queryId,
      row: 0,
      column: 1,
      offset: 0,
      length: 10,
    });
    expect(slice).toMatchObject({
      ok: true,
      value: { kind: 'text', total: huge.chars, data: 'xxxxxxxxxx', wholeBytes: 300 * MiB },
    });

    // The connection read the whole packet and stays in step with the server.
    const after = await runStatement(
      b,
      session,
      "SELECT LENGTH(REPEAT('y', 20 * 1024 * 1024)) AS n",
    );
    expect(await resultRows(b, after.queryId)).toEqual([['20971520']]);
  });

  it('keeps every value of a row of two long values and 100 KB of short ones in order', async () => {
    // Past the row buffer's first size twice: a second long value, then more short values than
    // its spare room holds.
    const shorts = Array.from(
      { length: 400 },
      (_, i) => `REPEAT('${String.fromCharCode(97 + (i % 26))}', 250) AS s${i}`,
    );
    const sql = `SELECT REPEAT('a', 9 * 1024 * 1024) AS a, ${shorts.slice(0, 10).join(', ')},
      REPEAT('b', 9 * 1024 * 1024) AS b, ${shorts.slice(10).join(', ')}, NULL AS n, 'end' AS tail`;
    const status = await runStatement(b, session, sql, 60_000);
    expect(status).toMatchObject({ state: 'done', rowCount: 1, truncated: null });
    const [row] = await resultRows(b, status.queryId, 0, 1);
    expect(row).toHaveLength(404);
    expect(row![0]).toMatchObject({ t: 'long', chars: 9 * MiB });
    expect(row![11]).toMatchObject({ t: 'long', chars: 9 * MiB });
    const shortValues = [...row!.slice(1, 11), ...row!.slice(12, 402)];
    expect(shortValues).toEqual(
      Array.from({ length: 400 }, (_, i) => String.fromCharCode(97 + (i % 26)).repeat(250)),
    );
    expect(row!.slice(402)).toEqual([null, 'end']);
    const tailOfB = await b.call('query.cell', {
      queryId: status.queryId,
      row: 0,
      column: 11,
      offset: 9 * MiB - 2,
      length: 10,
    });
    expect(tailOfB).toMatchObject({ ok: true, value: { total: 9 * MiB, data: 'bb' } });
  });

  it('keeps a row just over one packet whole when it fits the limit', async () => {
    // 20 MiB crosses the protocol's 16 MiB packet size, so it arrives in two parts.
    const status = await runStatement(
      b,
      session,
      "SELECT REPEAT('z', 20 * 1024 * 1024) AS big, NULL AS nothing, 'end' AS tail",
      60_000,
    );
    expect(status).toMatchObject({ state: 'done', rowCount: 1, truncated: null });
    const [row] = await resultRows(b, status.queryId, 0, 1);
    expect(row![0]).toMatchObject({ t: 'long', chars: 20 * MiB });
    expect((row![0] as { wholeBytes?: number }).wholeBytes).toBeUndefined();
    expect(row!.slice(1)).toEqual([null, 'end']);
    const slice = await b.call('query.cell', {
      queryId: status.queryId,
      row: 0,
      column: 0,
      offset: 20 * MiB - 3,
      length: 10,
    });
    expect(slice).toMatchObject({ ok: true, value: { total: 20 * MiB, data: 'zzz' } });
  });
});
