// `npm run bench -- drift`: comparing a table between a source and its replica (data drift,
// issue 20) against reading the whole table once with a plain SELECT on the source, in the same
// run. SIGHTLINE_BENCH_DRIFT_ROWS sets the table's size (default 1,000,000; the figure is
// 10,000,000, which takes minutes to load and replicate here).
//
// Why the target (≤ 1.5) is not met on a 2-core machine (session 16, MySQL 9.7, 1,000,000 rows
// of this table in 100 chunks of 10,000 on ONE server, each query run over all chunks, four
// interleaved rounds, load 1.5-2.5): SELECT * streamed 0.45-0.60 s; the chunk digest the
// comparison runs 1.09-1.23 s; GROUP_CONCAT of the bare columns (no lengths, casts or NULL
// bitmap, so not exact) 0.87-0.95 s; COUNT(*) of the same ranges 0.20-0.21 s; the chunk bound
// reads 0.21-0.37 s. So one server's checksums alone cost about twice its streamed SELECT, and
// the comparison runs two servers on the same two cores. Cheaper server-side forms exist only
// by giving up exactness: per-column CRC32s XOR'd per row and then over rows measured about
// half the digest, but XOR over rows loses which values belonged to which row (swapping a
// column's values between two rows gives the same checksum); CHECKSUM TABLE is one statement
// per table (no chunks, progress, throttle or narrowing) with a 32-bit sum.
//
// Session 17 (MySQL 9.7, one server, the same 1,000,000 rows in 101 chunks, server CPU from
// /proc, best of 4, idle machine): the digest 1,050-1,070 ms; without its SHA2 990; QUOTE() in
// place of LENGTH + CAST + the NULL bitmap 1,100-1,220; GROUP_CONCAT's own list of arguments in
// place of CONCAT_WS 1,040-1,180 once NULLs are kept (it drops a row with any NULL argument, which
// made an unsafe form look 30 % cheaper); bare columns 570-590; COUNT(*) 170-180. So the digest's
// cost is reading each column into the row's text, whatever the form. The other way, hashing in
// Sightline what the server streams (each row's protocol packet, unparsed, into SHA-256 per
// chunk: exact, and the server only reads): server 470-550 ms CPU, this process 260-300 ms per
// server. On this machine both servers and this process share two cores: at least
// (2 x 0.5 + 2 x 0.28 + 0.17 bounds) / 2 = 0.87 s against a 0.46-0.57 s SELECT, 1.6x at best; and
// it moves every row of the table over the network twice, where a DBA compares production
// servers from a laptop. Not done. Letting each server run ahead to its next chunk instead of
// both meeting after each: per-chunk maxima summed to 1.69 s against 1.50 s on each server (one
// bench run at load 3), so at most 11 %. Not done either.
import mysqlCallbacks from 'mysql2';
import mysql from 'mysql2/promise';
import { readServerInfo } from '../../src/main/db/read-server-info';
import { compareTable } from '../../src/main/services/drift/compare-table';
import type { DriftServer } from '../../src/main/services/drift/pin-snapshots';
import { withConnection } from '../servers/connect';
import type { RunningServer } from '../servers/instance';
import { waitForCatchUp } from '../servers/replication';
import { startTopology } from '../servers/topology';
import type { Bench } from './bench';

const options = (s: RunningServer) => ({
  host: s.host,
  port: s.port,
  user: s.user,
  supportBigNumbers: true,
  bigNumberStrings: true,
  dateStrings: true,
});

async function driftServer(s: RunningServer): Promise<DriftServer> {
  const probe = await mysql.createConnection(options(s));
  try {
    return {
      open: async () => {
        const conn = await mysql.createConnection(options(s));
        return { conn, close: () => conn.end() };
      },
      info: await readServerInfo(probe, false),
    };
  } finally {
    await probe.end();
  }
}

/** Streams every row of the table to this process and drops it: the baseline. */
async function selectAll(s: RunningServer): Promise<number> {
  const c = mysqlCallbacks.createConnection(options(s));
  try {
    let rows = 0;
    await new Promise<void>((resolve, reject) => {
      c.query('SELECT * FROM bench.items')
        .on('result', () => rows++)
        .on('error', reject)
        .on('end', () => resolve());
    });
    return rows;
  } finally {
    c.end();
  }
}

export const driftBench: Bench = {
  name: 'drift',
  async run() {
    const total = Number(process.env['SIGHTLINE_BENCH_DRIFT_ROWS'] ?? 1_000_000);
    const t = await startTopology('mysql', 1, {
      extraArgs: ['--innodb-buffer-pool-size=1G'],
    });
    try {
      const source = t.source;
      const replica = t.replicas[0]!;
      const loadStart = performance.now();
      await withConnection(source, async (c) => {
        await c.query('CREATE DATABASE bench');
        await c.query(`CREATE TABLE bench.items (id BIGINT PRIMARY KEY, name VARCHAR(40) NOT NULL,
          price DECIMAL(10,2) NOT NULL, note VARCHAR(100) NULL, created DATETIME NOT NULL)`);
        await c.query(
          "INSERT INTO bench.items VALUES (1, 'item 1', 1.25, 'note', '2026-01-01 00:00:00')",
        );
        for (let n = 1; n < total; n *= 2) {
          await c.query(
            `INSERT INTO bench.items SELECT id + ?, CONCAT('item ', id + ?), price + 1, IF(id % 7 = 0, NULL, note), created
               FROM bench.items WHERE id + ? <= ?`,
            [n, n, n, total],
          );
        }
      });
      await waitForCatchUp(source, replica, 30 * 60_000);
      const loadMs = performance.now() - loadStart;
      const s = await driftServer(source);
      const r = await driftServer(replica);
      // Warm both buffer pools the same way for both measurements.
      await selectAll(source);
      const t0 = performance.now();
      const read = await selectAll(source);
      const selectMs = performance.now() - t0;
      const t1 = performance.now();
      const result = await compareTable(s, r, 'bench', 'items', { channel: '', chunkRows: 10_000 });
      const compareMs = performance.now() - t1;
      if (result.differencesTotal !== 0 || result.rows !== total || read !== total)
        throw new Error(
          `bench: ${result.differencesTotal} differences, ${result.rows} rows, ${read} read`,
        );
      const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
      return [
        `drift (MySQL 9.7 source + replica, ${total.toLocaleString('en')} rows, loaded and replicated in ${fmt(loadMs)})`,
        `  SELECT * on the source, streamed   : ${fmt(selectMs)}`,
        `  compare (${result.chunks} chunks, both servers): ${fmt(compareMs)}   ratio ${(compareMs / selectMs).toFixed(2)} (target ≤ 1.5)`,
        `  replica applier held for          : ${result.pausedMs.toFixed(0)} ms`,
      ].join('\n');
    } finally {
      await t.destroy();
    }
  },
};
