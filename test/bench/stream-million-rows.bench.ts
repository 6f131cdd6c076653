import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { defaultConnectionSettings } from '../../src/shared/api/connection';
import type { QueryStatus } from '../../src/shared/api/query';
import { createBackend } from '../../src/main/backend/backend';
import type { Peer } from '../../src/main/backend/peer';
import { keySecretBox } from '../../src/main/store/key-secret-box';
import { withConnection } from '../servers/connect';
import { startServer } from '../servers/instance';
import { median, type Bench } from './bench';

const ROWS = 1_000_000;
const SQL = 'SELECT id, big, dec_val, ratio, label, created, flag, payload FROM sl_bench.mixed';

/** The `mysql` client reading the same result to /dev/null: the baseline. */
function clientFetch(client: string[], port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(
      client[0]!,
      [
        ...client.slice(1),
        '-h',
        '127.0.0.1',
        '-P',
        String(port),
        '-u',
        'root',
        '--quick',
        '-e',
        SQL,
      ],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(performance.now() - t0) : reject(new Error(`mysql exited ${code}`)),
    );
  });
}

/**
 * 1,000,000 rows × 8 columns of mixed types through the backend (time to the first page, to the
 * full result, and the backend's memory), against the `mysql` client fetching the same query.
 */
export const streamMillionRows: Bench = {
  name: 'stream-1m-rows',
  async run() {
    const server = await startServer('mysql', { name: 'bench-stream' });
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sightline-bench-'));
    try {
      await withConnection(server, async (c) => {
        await c.query('CREATE DATABASE sl_bench');
        await c.query(
          `CREATE TABLE sl_bench.mixed (id INT PRIMARY KEY, big BIGINT UNSIGNED, dec_val DECIMAL(20,6), ratio DOUBLE,
           label VARCHAR(40), created DATETIME(3), flag TINYINT, payload VARBINARY(16))`,
        );
        await c.query('USE sl_bench');
        await c.query('SET SESSION cte_max_recursion_depth = 1000001');
        await c.query(
          `INSERT INTO sl_bench.mixed WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${ROWS})
           SELECT n, n * 4294967311, n / 7, n / 3.0, CONCAT('label-', n), TIMESTAMP('2024-01-01') + INTERVAL n SECOND,
           n % 2, RANDOM_BYTES(16) FROM s`,
        );
      });
      const client = server.installation.client;
      if (!client) throw new Error('the mysql client is needed as the baseline');

      const backend = await createBackend({
        mode: 'web',
        dataDir,
        secretBox: keySecretBox(new Uint8Array(32), 'key-file'),
      });
      let receive: (m: unknown) => void = () => {};
      const waiting = new Map<number, (m: { ok: boolean; value?: unknown }) => void>();
      const updates: Array<(s: QueryStatus) => void> = [];
      backend.attach({
        id: 'bench',
        send: (m) => {
          if (m.t === 'result') waiting.get(m.id)?.(m as never);
          if (m.t === 'event' && m.name === 'query.update')
            for (const u of updates) u(m.payload as QueryStatus);
        },
        onMessage: (r) => (receive = r),
        onClose: () => {},
      } satisfies Peer);
      let nextId = 1;
      const call = async (method: string, params: unknown): Promise<unknown> => {
        const reply = await new Promise<{ ok: boolean; value?: unknown; error?: unknown }>(
          (resolve) => {
            const id = nextId++;
            waiting.set(id, resolve);
            receive({ t: 'call', id, method, params });
          },
        );
        if (!reply.ok) throw new Error(`${method}: ${JSON.stringify(reply.error)}`);
        return reply.value;
      };
      const saved = (await call('connections.save', {
        settings: {
          ...defaultConnectionSettings(),
          name: 'b',
          endpoint: { kind: 'tcp', host: '127.0.0.1', port: server.port },
          passwordMode: 'none',
          tls: { mode: 'off' },
        },
        secrets: {},
      })) as { id: string };
      const { sessionId } = (await call('session.open', { connectionId: saved.id })) as {
        sessionId: string;
      };

      const ours = async () => {
        const t0 = performance.now();
        let firstPage = 0;
        const done = new Promise<QueryStatus>((resolve) => {
          updates.length = 0;
          updates.push((s) => {
            if (!firstPage && s.rowCount >= 1) firstPage = performance.now() - t0;
            if (s.state !== 'running') resolve(s);
          });
        });
        const started = (await call('query.start', { sessionId, sql: SQL })) as QueryStatus;
        // The first page as the grid asks for it.
        for (;;) {
          const page = (await call('query.rows', {
            queryId: started.queryId,
            offset: 0,
            limit: 100,
          })) as { rows: unknown[] };
          if (page.rows.length > 0) {
            firstPage = performance.now() - t0;
            break;
          }
          await new Promise((r) => setTimeout(r, 1));
        }
        const final = await done;
        const total = performance.now() - t0;
        if (final.rowCount !== ROWS) throw new Error(`got ${final.rowCount} rows`);
        const rss = process.memoryUsage().rss;
        await call('query.discard', { queryId: started.queryId });
        return { firstPage, total, rss };
      };

      const base: number[] = [];
      const oursTotal: number[] = [];
      const firstPages: number[] = [];
      let peakRss = 0;
      for (let round = 0; round < 3; round++) {
        base.push(await clientFetch(client, server.port));
        const r = await ours();
        oursTotal.push(r.total);
        firstPages.push(r.firstPage);
        peakRss = Math.max(peakRss, r.rss);
      }
      await backend.close();
      // Each round's own ratio too: on a loaded machine the spread says how far the median holds.
      const rounds = base.map((t, i) => (oursTotal[i]! / t).toFixed(2)).join(', ');
      const b = median(base);
      const o = median(oursTotal);
      return [
        `stream 1,000,000 rows × 8 mixed columns (MySQL 9.7, 3 rounds)`,
        `  baseline mysql --quick to /dev/null : ${b.toFixed(0)} ms median`,
        `  sightline full result               : ${o.toFixed(0)} ms median`,
        `  ratio sightline/baseline            : ${(o / b).toFixed(2)}   (target ≤ 1.0; rounds ${rounds})`,
        `  sightline first page                : ${median(firstPages).toFixed(1)} ms median   (target < 150 ms)`,
        `  backend memory (rss, peak)          : ${(peakRss / 1024 / 1024).toFixed(0)} MB   (target < 1 GB)`,
      ].join('\n');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      await server.destroy();
    }
  },
};
