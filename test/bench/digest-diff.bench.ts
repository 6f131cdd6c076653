import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { defaultConnectionSettings } from '../../src/shared/api/connection';
import { MAX_TOP_STATEMENTS } from '../../src/shared/api/tuning';
import { createBackend } from '../../src/main/backend/backend';
import type { Peer } from '../../src/main/backend/peer';
import { keySecretBox } from '../../src/main/store/key-secret-box';
import { startServer } from '../servers/instance';
import { median, timeEach, type Bench } from './bench';

/** The server's default maximum of digests; the bench fills the table to it. */
const DIGESTS = 10_000;

/**
 * Top statements over a time window: `tuning.statements` through the backend's router (snapshot
 * of the digest table, diff against an earlier snapshot, validation of every row sent) with
 * 10,000 distinct digests, against the bare SELECT * of the digest table with mysql2 in the same
 * run. This is a screen's poll: texts are read only of digests that ran since its previous one.
 * A screen's first call (every text read) is timed too, for the record.
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
      // A screen's first call: a new session keeps no texts yet, so it reads every digest's
      // and sends the top 1,000 since the server started.
      const cold: number[] = [];
      for (let i = 0; i < 3; i++) {
        const fresh = (await call('session.open', { connectionId: saved.id })) as {
          sessionId: string;
        };
        // Its side connection open already, as a screen's would be after its first call.
        await call('schema.schemas', { sessionId: fresh.sessionId });
        const t0 = performance.now();
        await call('tuning.statements', {
          sessionId: fresh.sessionId,
          schema: null,
          baselineId: null,
        });
        cold.push(performance.now() - t0);
        await call('session.close', { sessionId: fresh.sessionId });
      }
      await backend.close();
      const b = median(base);
      const s = median(ours);
      return [
        `digest-diff (MySQL 9.7, ${rows} digests, performance_schema_digests_size=${DIGESTS})`,
        `  baseline bare SELECT of the digest table : ${b.toFixed(1)} ms median of ${base.length}`,
        `  sightline snapshot + diff (API)          : ${s.toFixed(1)} ms median of ${ours.length} (target < 200 ms: ${s < 200 ? 'met' : 'NOT met'})`,
        `  ratio sightline/baseline                 : ${(s / b).toFixed(2)}`,
        `  first call of a screen (all texts, top ${MAX_TOP_STATEMENTS} since start): ${median(cold).toFixed(1)} ms median of ${cold.length}, ratio ${(median(cold) / b).toFixed(2)}`,
      ].join('\n');
    } finally {
      await conn.end().catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
      await server.destroy();
    }
  },
};
