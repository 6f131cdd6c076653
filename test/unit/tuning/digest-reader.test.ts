import type { Connection } from 'mysql2/promise';
import { describe, expect, it } from 'vitest';
import { DigestReader, type ReadStart } from '../../../src/main/services/tuning/read-digests';
import type { ServerInfo } from '../../../src/shared/server/server-info';
import { DIGEST_COUNT_COLUMNS } from '../../../src/shared/tuning/digest-row';

/** One digest of the fake table, with when it last ran (Unix seconds). */
interface FakeDigest {
  digest: string;
  calls: number;
  lastSeenUnix: number;
  text: string;
  sample: string;
}

/**
 * A stand-in for mysql2's promise connection over a digest table: answers the main read as
 * MySQL would (texts only where UNIX_TIMESTAMP(LAST_SEEN) >= the parameter) and the
 * fallback read by DIGEST, and records what was asked.
 */
function fakeTable(digests: FakeDigest[]) {
  const asked: Array<{ sql: string; values: unknown[] }> = [];
  const rowOf = (d: FakeDigest) =>
    DIGEST_COUNT_COLUMNS.map((c) =>
      c === 'SCHEMA_NAME'
        ? 'shop'
        : c === 'DIGEST'
          ? d.digest
          : c === 'FIRST_SEEN'
            ? '2026-11-24 10:00:00.000000'
            : c === 'LAST_SEEN'
              ? `lastSeen ${d.lastSeenUnix}`
              : c === 'COUNT_STAR'
                ? String(d.calls)
                : '0',
    );
  const query = async (request: string | { sql: string; values?: unknown[] }) => {
    const options = typeof request === 'string' ? { sql: request } : request;
    const values = options.values ?? [];
    if (options.sql.endsWith('LIMIT 0')) {
      asked.push({ sql: options.sql, values });
      // MySQL 9.7's table has more columns than the model names: one stands for them here.
      const names = [...DIGEST_COUNT_COLUMNS, 'DIGEST_TEXT', 'QUANTILE_95', 'QUERY_SAMPLE_TEXT'];
      return [[], names.map((name) => ({ name }))];
    }
    asked.push({ sql: options.sql, values });
    if (options.sql.includes('AS digest_text')) {
      const since = Number(values[0]);
      return [
        digests.map((d) => {
          const fresh = d.lastSeenUnix >= since;
          return [
            ...rowOf(d),
            fresh ? d.text : null,
            fresh ? d.sample : null,
            String(d.calls * 1000),
          ];
        }),
        [],
      ];
    }
    if (options.sql.includes('WHERE DIGEST IN (?)')) {
      const wanted = new Set(values[0] as string[]);
      return [
        digests
          .filter((d) => wanted.has(d.digest))
          .map((d) => ({
            SCHEMA_NAME: 'shop',
            DIGEST: d.digest,
            DIGEST_TEXT: d.text,
            QUERY_SAMPLE_TEXT: d.sample,
          })),
        [],
      ];
    }
    if (options.sql.startsWith('SHOW GLOBAL STATUS')) return [[{ Value: '0' }], []];
    throw new Error(`unexpected query ${options.sql}`);
  };
  return { conn: { query } as unknown as Connection, asked };
}

const mysql = { capabilities: { digestQuerySample: true } } as unknown as ServerInfo;
const at = (unixNow: number): ReadStart => ({
  maxText: 1024,
  takenAt: new Date(unixNow * 1000).toISOString(),
  unixNow,
});

describe('DigestReader', () => {
  it('reads texts once, then only of digests that ran since the previous read', async () => {
    const digests: FakeDigest[] = [
      { digest: 'a', calls: 1, lastSeenUnix: 100, text: 'SELECT ?', sample: 'SELECT 1' },
      { digest: 'b', calls: 5, lastSeenUnix: 100, text: 'DELETE ?', sample: 'DELETE 2' },
    ];
    const { conn, asked } = fakeTable(digests);
    const reader = new DigestReader();
    const first = await reader.read(conn, mysql, at(200));
    // The first read learns the table's columns, then asks for every text (since 0) and for
    // the columns the model does not name, kept in extra.
    expect(asked[0]!.sql).toMatch(/LIMIT 0$/);
    expect(asked[1]!.values).toEqual([0, 0]);
    expect(asked[1]!.sql).toContain(', `QUANTILE_95`');
    expect(first.rows.map((r) => r.extra)).toEqual([
      { QUANTILE_95: '1000' },
      { QUANTILE_95: '5000' },
    ]);
    expect(await reader.texts(conn, first.rows)).toEqual([
      { digestText: 'SELECT ?', sample: 'SELECT 1', sampleTruncated: false },
      { digestText: 'DELETE ?', sample: 'DELETE 2', sampleTruncated: false },
    ]);
    // b runs again, with a new example; a does not.
    digests[1] = { ...digests[1]!, calls: 7, lastSeenUnix: 250, sample: 'DELETE 3' };
    const second = await reader.read(conn, mysql, at(300));
    // From a second before the previous read's second.
    expect(asked.at(-2)!.values).toEqual([199, 199]);
    expect(second.rows.map((r) => [r.digest, r.calls])).toEqual([
      ['a', 1],
      ['b', 7],
    ]);
    // a's row is the one read before (unchanged), b's is new.
    expect(second.rows[0]).toBe(first.rows[0]);
    expect(second.rows[1]).not.toBe(first.rows[1]);
    expect(second.keys).toEqual(first.keys);
    expect((await reader.texts(conn, second.rows)).map((t) => t.sample)).toEqual([
      'SELECT 1',
      'DELETE 3',
    ]);
    expect(asked.filter((q) => q.sql.includes('WHERE DIGEST IN'))).toEqual([]);
    expect(second.rows[1]!.extra).toEqual({ QUANTILE_95: '7000' });
    // The columns are learnt once per reader.
    expect(asked.filter((q) => q.sql.endsWith('LIMIT 0'))).toHaveLength(1);
  });

  it('reads again by DIGEST the texts it does not keep (a clock stepped back)', async () => {
    const digests: FakeDigest[] = [
      { digest: 'a', calls: 1, lastSeenUnix: 100, text: 'SELECT ?', sample: 'SELECT 1' },
    ];
    const { conn, asked } = fakeTable(digests);
    const reader = new DigestReader();
    await reader.read(conn, mysql, at(200));
    // A digest first seen "before" the previous read: its texts were never sent.
    digests.push({
      digest: 'c',
      calls: 2,
      lastSeenUnix: 150,
      text: 'UPDATE ?',
      sample: 'UPDATE 4',
    });
    const second = await reader.read(conn, mysql, at(300));
    expect(await reader.texts(conn, second.rows)).toEqual([
      { digestText: 'SELECT ?', sample: 'SELECT 1', sampleTruncated: false },
      { digestText: 'UPDATE ?', sample: 'UPDATE 4', sampleTruncated: false },
    ]);
    expect(asked.filter((q) => q.sql.includes('WHERE DIGEST IN')).map((q) => q.values)).toEqual([
      [['c']],
    ]);
  });
});
