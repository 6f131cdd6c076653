import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { defaultConnectionSettings } from '../../src/shared/api/connection';
import { createBackend } from '../../src/main/backend/backend';
import type { Peer } from '../../src/main/backend/peer';
import { keySecretBox } from '../../src/main/store/key-secret-box';
import { startServer } from '../servers/instance';
import { median, timeEach, type Bench } from './bench';

/** The server's default maximum of digests; the bench fills the table to it. */
const DIGESTS = 10_000;

/**
 * Top statements over a time window: `tuning.statements` through the backend's router (snapshot
 * of the digest table, diff against the previous snapshot, validation of every row) with 10,000
 * distinct digests, against the bare SELECT of the digest table with mysql2 in the same run.
 */
export const digestDiff: Bench = {
  name: 'digest-diff',
  async run() {
    const server = await startServer('mysql', {
      name: 'bench-digests',
      extraArgs: [`--performance-schema-digests-size=${DIGESTS}`],
    });
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sightline-bench-'));
    const conn = await mysql.createConnection({
      host: server.host,
      port: server.port,
      user: server.user,
      multipleStatements: true,
      supportBigNumbers: true,
      bigNumberStrings: true,
      dateStrings: true,
    });
    try {
      // Distinct aliases are distinct digests (literals would all normalise to `?`).
      for (let i = 0; i < DIGESTS; i += 500) {
        const batch = Array.from({ length: 500 }, (_, j) => `SELECT ${j} AS c${i + j}`);
        await conn.query(batch.join(';'));
      }
      const backend = await createBackend({
        mode: 'web',
        dataDir,
        secretBox: keySecretBox(new Uint8Array(32), 'key-file'),
      });
      let receive: (m: unknown) => void = () => {};
      const waiting = new Map<number, (m: unknown) => void>();
      const peer: Peer = {
        id: 'bench',
        send: (m) => {
          if (m.t === 'result') waiting.get(m.id)?.(m);
        },
        onMessage: (r) => (receive = r),
        onClose: () => {},
      };
      backend.attach(peer);
      let nextId = 1;
      const call = async (method: string, params: unknown) => {
        const reply = (await new Promise<unknown>((resolve) => {
          const id = nextId++;
          waiting.set(id, resolve);
          receive({ t: 'call', id, method, params });
        })) as { ok: boolean; value?: unknown; error?: unknown };
        if (!reply.ok) throw new Error(`${method} failed: ${JSON.stringify(reply.error)}`);
        return reply.value;
      };
      const saved = (await call('connections.save', {
        settings: {
          ...defaultConnectionSettings(),
          name: 'bench',
          endpoint: { kind: 'tcp', host: server.host, port: server.port },
          user: server.user,
          passwordMode: 'none',
          tls: { mode: 'off' },
        },
        secrets: {},
      })) as { id: string };
      const { sessionId } = (await call('session.open', { connectionId: saved.id })) as {
        sessionId: string;
      };
      const first = (await call('tuning.statements', {
        sessionId,
        schema: null,
        baselineId: null,
      })) as { snapshotId: string; statements: unknown[] };
      // The window since `first` holds what ran meanwhile: the bench's own reads.
      void first.statements;
      const [[count]] = (await conn.query({
        sql: 'SELECT COUNT(*) FROM performance_schema.events_statements_summary_by_digest',
        rowsAsArray: true,
      })) as unknown as [[[string]]];
      const rows = Number(count[0]);

      const baseline = async () => {
        await conn.query('SELECT * FROM performance_schema.events_statements_summary_by_digest');
      };
      const sightline = async () => {
        await call('tuning.statements', { sessionId, schema: null, baselineId: first.snapshotId });
      };
      await timeEach(2, baseline);
      await timeEach(2, sightline);
      const base: number[] = [];
      const ours: number[] = [];
      for (let round = 0; round < 5; round++) {
        base.push(...(await timeEach(3, baseline)));
        ours.push(...(await timeEach(3, sightline)));
      }
      await backend.close();
      const b = median(base);
      const s = median(ours);
      return [
        `digest-diff (MySQL 9.7, ${rows} digests, performance_schema_digests_size=${DIGESTS})`,
        `  baseline bare SELECT of the digest table : ${b.toFixed(1)} ms median of ${base.length}`,
        `  sightline snapshot + diff (API)          : ${s.toFixed(1)} ms median of ${ours.length}`,
        `  ratio sightline/baseline                 : ${(s / b).toFixed(2)}`,
      ].join('\n');
    } finally {
      await conn.end().catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
      await server.destroy();
    }
  },
};
