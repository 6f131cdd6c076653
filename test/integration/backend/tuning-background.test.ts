import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConnectionSettings } from '../../../src/shared/api/connection';
import type { PlanRecord } from '../../../src/shared/api/tuning';
import type { BackgroundExplainSettings } from '../../../src/shared/tuning/background-explain';
import { flipSummary } from '../../../src/shared/tuning/flip-latency';
import { picosToMs } from '../../../src/shared/tuning/digest-row';
import { useDedicatedServer } from '../../servers/dedicated-servers';
import type { ServerEndpoint } from '../../servers/provided';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';
import { resultRows, runStatement } from './session-helpers';

failOnUnhandledErrors();

const RANGE_SQL = 'SELECT * FROM orders WHERE total BETWEEN 100 AND 105';
const UPDATE_SQL = "UPDATE orders SET status = 'paid' WHERE customer_id = 7";
const ROWS = 3000;

function unwrap<T>(
  r: { ok: true; value: T } | { ok: false; error: { code: string; message: string } },
): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** Saves a connection and opens a session on it. */
async function open(
  b: BackendUnderTest,
  server: Endpoint,
  name: string,
  production = false,
): Promise<{ sessionId: string; connectionId: string }> {
  const saved = unwrap(
    await b.call('connections.save', {
      settings: {
        ...defaultConnectionSettings(),
        name,
        production,
        endpoint: { kind: 'tcp', host: server.host, port: server.port },
        tls: { mode: 'preferred' },
        user: server.user,
        passwordMode: server.password === '' ? 'none' : 'saved',
      },
      secrets: server.password === '' ? {} : { password: server.password },
    }),
  );
  const opened = unwrap(await b.call('session.open', { connectionId: saved.id }));
  return { sessionId: opened.sessionId, connectionId: saved.id };
}

type Endpoint = Pick<ServerEndpoint, 'host' | 'port' | 'user' | 'password'>;

describe('background explains on MySQL 9.7', () => {
  // Its own server: the schedule explains the top statements since the server started, and on
  // the shared one the rest of the suite's heavier statements take those places.
  backgroundExplainTests(useDedicatedServer('mysql'), true);
});

describe('background explains on MariaDB 10.11 with the statement history on', () => {
  // MariaDB has no QUERY_SAMPLE_TEXT: its examples come from the statement history.
  const server = useDedicatedServer('mariadb', {
    extraArgs: [
      '--performance-schema-consumer-events-statements-current=ON',
      '--performance-schema-consumer-events-statements-history-long=ON',
    ],
  });
  backgroundExplainTests(server, false);
});

function backgroundExplainTests(server: () => Endpoint, hasStatementDigest: boolean): void {
  let b: BackendUnderTest;
  let tool: { sessionId: string; connectionId: string };
  /** Runs the workload. */
  let app: string;
  /** Reads the digest table as an outsider would. */
  let probe: string;
  const db = `sl_bg_${Math.random().toString(36).slice(2, 8)}`;
  const on: BackgroundExplainSettings = {
    enabled: true,
    intervalMinutes: 60,
    topStatements: 50,
    allowOnProduction: false,
  };

  beforeAll(async () => {
    b = await startBackend();
    tool = await open(b, server(), 'tool');
    app = (await open(b, server(), 'app')).sessionId;
    probe = (await open(b, server(), 'probe')).sessionId;
    await runStatement(b, app, `CREATE DATABASE ${db}`);
    await runStatement(b, app, `USE ${db}`);
    await runStatement(
      b,
      app,
      `CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT NOT NULL, total DECIMAL(10,2) NOT NULL,
       status VARCHAR(10) NOT NULL)`,
    );
    const values = Array.from({ length: ROWS }, (_, i) => `(${i}, ${i % 50}, ${i}, 'paid')`);
    await runStatement(b, app, `INSERT INTO orders VALUES ${values.join(', ')}`);
    await runStatement(b, app, 'ANALYZE TABLE orders');
  });
  afterAll(async () => {
    await runStatement(b, app, `DROP DATABASE IF EXISTS ${db}`);
    await b?.dispose();
  });

  /** Runs the range query `n` times in the application's session. */
  async function workload(n: number): Promise<void> {
    await runStatement(b, app, UPDATE_SQL);
    for (let i = 0; i < n; i++) await runStatement(b, app, RANGE_SQL);
  }

  /** The range query's digest row, read directly: [DIGEST, COUNT_STAR, SUM_TIMER_WAIT]. */
  async function rangeRow(): Promise<{ digest: string; calls: number; totalLatencyMs: number }> {
    const status = await runStatement(
      b,
      probe,
      `SELECT DIGEST, COUNT_STAR, CAST(SUM_TIMER_WAIT AS CHAR) FROM performance_schema.events_statements_summary_by_digest
       WHERE SCHEMA_NAME = '${db}' AND DIGEST_TEXT LIKE 'SELECT % FROM \`orders\` WHERE \`total\` BETWEEN%'`,
    );
    if (status.state !== 'done') throw new Error(JSON.stringify(status));
    const rows = await resultRows(b, status.queryId);
    expect(rows).toHaveLength(1);
    const [digest, calls, timer] = rows[0]!;
    return {
      digest: String(digest),
      calls: Number(calls),
      totalLatencyMs: picosToMs(String(timer)),
    };
  }

  async function scheduledRecords(digest: string): Promise<PlanRecord[]> {
    const h = unwrap(
      await b.call('plans.history', {
        sql: RANGE_SQL,
        connectionId: tool.connectionId,
        digest,
        schema: db,
      }),
    );
    return h.records.filter((r) => r.source === 'schedule');
  }

  it('is off by default and refuses to run until turned on', async () => {
    const status = unwrap(await b.call('tuning.schedule', { sessionId: tool.sessionId }));
    expect(status).toMatchObject({
      state: 'off',
      nextRunAt: null,
      lastRun: null,
      settings: { enabled: false },
    });
    const r = await b.call('tuning.runSchedule', { sessionId: tool.sessionId });
    expect(r.ok).toBe(false);
  });

  it('explains the top statements read-only and keeps each plan with its digest and counters', async () => {
    await workload(5);
    const saved = unwrap(
      await b.call('tuning.saveSchedule', { sessionId: tool.sessionId, settings: on }),
    );
    expect(saved.state).toBe('waiting');
    expect(Date.parse(saved.nextRunAt!)).toBeGreaterThan(Date.now() + 59 * 60_000);
    // The settings are kept with the connection.
    const list = unwrap(await b.call('connections.list', {}));
    expect(list.find((c) => c.id === tool.connectionId)!.backgroundExplains).toEqual(on);

    const before = await rangeRow();
    const status = unwrap(await b.call('tuning.runSchedule', { sessionId: tool.sessionId }));
    expect(status.lastRun?.error).toBeNull();
    expect(status.lastRun!.explained.some((t) => t.includes('BETWEEN'))).toBe(true);
    expect(status.state).toBe('waiting');
    const [kept] = await scheduledRecords(before.digest);
    expect(kept).toMatchObject({
      digest: before.digest,
      schema: db,
      sql: RANGE_SQL,
      counters: { calls: before.calls },
    });
    expect(kept!.counters!.totalLatencyMs).toBeCloseTo(before.totalLatencyMs, 6);
    expect(kept!.explainSql).toMatch(/^EXPLAIN /);
    expect(kept!.explainSql).not.toMatch(/ANALYZE/i);
    // The UPDATE may write: left to a click (a READ ONLY transaction refuses its EXPLAIN).
    const skipped = (reason: string) =>
      status.lastRun!.skipped.find((x) => x.reason === reason)?.count ?? 0;
    expect(skipped('may-write')).toBeGreaterThanOrEqual(1);
    // The 3,000-row INSERT's example was cut at performance_schema_max_sql_text_length.
    expect(skipped('truncated')).toBeGreaterThanOrEqual(1);
    expect(status.lastRun!.failed).toEqual([]);
    const update = unwrap(
      await b.call('plans.history', { sql: UPDATE_SQL, connectionId: tool.connectionId }),
    );
    expect(update.records).toEqual([]);
    // The tool session is left without an open transaction.
    const s = unwrap(await b.call('session.status', { sessionId: tool.sessionId }));
    expect(s.inTransaction).toBe(false);
  });

  it('skips a statement whose schema was dropped since, and fails nothing', async () => {
    const gone = `${db}_gone`;
    await runStatement(b, app, `CREATE DATABASE ${gone}`);
    await runStatement(b, app, `CREATE TABLE ${gone}.t (n INT)`);
    await runStatement(b, app, `INSERT INTO ${gone}.t VALUES (1)`);
    await runStatement(b, app, `USE ${gone}`);
    // Slow enough to be among the top statements.
    for (let i = 0; i < 3; i++) {
      await runStatement(b, app, 'SELECT SLEEP(0.05) AS slept FROM t WHERE n = 1');
    }
    await runStatement(b, app, `USE ${db}`);
    await runStatement(b, app, `DROP DATABASE ${gone}`);
    const status = unwrap(await b.call('tuning.runSchedule', { sessionId: tool.sessionId }));
    expect(status.lastRun?.error).toBeNull();
    // At least this one (other tests' dropped schemas may be among the top statements too).
    expect(status.lastRun!.skipped.find((x) => x.reason === 'gone')?.count).toBeGreaterThanOrEqual(
      1,
    );
    expect(status.lastRun!.failed).toEqual([]);
  });

  it('gives up a statement whose table stays locked, and puts the session’s lock wait back', async () => {
    await workload(1);
    const before = await runStatement(b, tool.sessionId, 'SELECT @@SESSION.lock_wait_timeout');
    if (before.state !== 'done') throw new Error(JSON.stringify(before));
    const [[lockWait]] = (await resultRows(b, before.queryId)) as unknown[][] as [[unknown]];
    // The application's session holds the table: every EXPLAIN naming it waits for the lock.
    await runStatement(b, app, 'LOCK TABLES orders WRITE');
    let run;
    try {
      run = unwrap(await b.call('tuning.runSchedule', { sessionId: tool.sessionId })).lastRun!;
    } finally {
      await runStatement(b, app, 'UNLOCK TABLES');
    }
    const range = run.failed.find((f) => f.statement.includes('BETWEEN'));
    expect(range?.message).toBe(
      'Not explained this time: its tables stayed locked for 5 s (a LOCK TABLES, or DDL holding or waiting for its metadata lock), and a background explain does not wait longer.',
    );
    expect(run.explained.some((t) => t.includes('BETWEEN'))).toBe(false);
    const after = await runStatement(b, tool.sessionId, 'SELECT @@SESSION.lock_wait_timeout');
    if (after.state !== 'done') throw new Error(JSON.stringify(after));
    expect(await resultRows(b, after.queryId)).toEqual([[lockWait]]);
    expect(String(lockWait)).not.toBe('5');
    // With the lock gone, the next run explains it again.
    const again = unwrap(await b.call('tuning.runSchedule', { sessionId: tool.sessionId }));
    expect(again.lastRun!.explained.some((t) => t.includes('BETWEEN'))).toBe(true);
  }, 120_000);

  it('keys the editor’s explain by the server’s digest where the server can say it', async () => {
    unwrap(await b.call('explain.run', { sessionId: app, sql: RANGE_SQL, analyze: false }));
    const { digest } = await rangeRow();
    const h = unwrap(await b.call('plans.history', { sql: RANGE_SQL, connectionId: null }));
    const editor = h.records.find((r) => r.source === 'user')!;
    if (hasStatementDigest) {
      // Asked on a side connection: the editor's session runs nothing more.
      expect(editor).toMatchObject({ digest, schema: db });
      expect(editor.counters?.calls).toBeGreaterThan(0);
    } else {
      // MariaDB has no STATEMENT_DIGEST(): the shape finds it.
      expect(editor.digest).toBeUndefined();
    }
  });

  it('flags the flip an index causes with its time and the average latency under each plan', async () => {
    const { digest } = await rangeRow();
    // A second record of the full-scan plan after more calls: an interval wholly under it.
    await workload(5);
    const a2 = await rangeRow();
    unwrap(await b.call('tuning.runSchedule', { sessionId: tool.sessionId }));
    await runStatement(b, app, `CREATE INDEX sl_bg_total ON ${db}.orders (total)`);
    try {
      unwrap(await b.call('tuning.runSchedule', { sessionId: tool.sessionId }));
      await workload(5);
      const b2 = await rangeRow();
      unwrap(await b.call('tuning.runSchedule', { sessionId: tool.sessionId }));
      const kept = (await scheduledRecords(digest)).reverse();
      expect(kept).toHaveLength(4);
      const [first, second, flipped, last] = kept as [
        PlanRecord,
        PlanRecord,
        PlanRecord,
        PlanRecord,
      ];
      expect(second.counters).toMatchObject({ calls: a2.calls });
      expect(last.counters).toMatchObject({ calls: b2.calls });
      expect(flipped.document).toContain('sl_bg_total');
      expect(second.document).not.toContain('sl_bg_total');

      const { flips } = unwrap(await b.call('tuning.flips', { sessionId: tool.sessionId }));
      const flip = flips.find((f) => f.identity.digest === digest && f.identity.schema === db)!;
      expect(flip.at).toBe(flipped.recordedAt);
      expect(flip.before.recordedAt).toBe(second.recordedAt);
      expect(flip.after.recordedAt).toBe(flipped.recordedAt);
      const avg = (from: PlanRecord, to: PlanRecord) =>
        (to.counters!.totalLatencyMs - from.counters!.totalLatencyMs) /
        (to.counters!.calls - from.counters!.calls);
      expect(flip.latencyBefore.calls).toBe(second.counters!.calls - first.counters!.calls);
      expect(flip.latencyBefore.avgMs).toBeCloseTo(avg(first, second), 9);
      expect(flip.latencyAfter.calls).toBe(5);
      expect(flip.latencyAfter.avgMs).toBeCloseTo(avg(flipped, last), 9);
      // Another run with the same plan replaces the latest of the run, not the first.
      unwrap(await b.call('tuning.runSchedule', { sessionId: tool.sessionId }));
      const thinned = (await scheduledRecords(digest)).reverse();
      expect(thinned).toHaveLength(4);
      expect(thinned.slice(0, 3)).toEqual(kept.slice(0, 3));
      expect(thinned[3]!.recordedAt > last.recordedAt).toBe(true);
      expect(flipSummary(flip.at, flip.latencyBefore, flip.latencyAfter)).toMatch(
        /^plan changed \d\d:\d\d UTC, avg latency [\d.]+ (ms|µs|s) → [\d.]+ (ms|µs|s)$/,
      );
    } finally {
      await runStatement(b, app, `DROP INDEX sl_bg_total ON ${db}.orders`);
    }
  });

  it('never explains on a production connection unless allowed there', async () => {
    const prod = await open(b, server(), 'prod', true);
    const blocked = unwrap(
      await b.call('tuning.saveSchedule', { sessionId: prod.sessionId, settings: on }),
    );
    expect(blocked).toMatchObject({
      state: 'blocked',
      nextRunAt: null,
      blockedReason:
        '“prod” is marked production: background explains run there only when allowed for this connection.',
    });
    const refused = await b.call('tuning.runSchedule', { sessionId: prod.sessionId });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toContain('marked production');
    const none = unwrap(
      await b.call('plans.history', { sql: RANGE_SQL, connectionId: prod.connectionId }),
    );
    expect(none.records).toEqual([]);

    const allowed = unwrap(
      await b.call('tuning.saveSchedule', {
        sessionId: prod.sessionId,
        settings: { ...on, allowOnProduction: true },
      }),
    );
    expect(allowed.state).toBe('waiting');
    unwrap(await b.call('tuning.runSchedule', { sessionId: prod.sessionId }));
    const some = unwrap(
      await b.call('plans.history', { sql: RANGE_SQL, connectionId: prod.connectionId }),
    );
    expect(some.records.length).toBeGreaterThan(0);
  });

  it('stops with the session', async () => {
    unwrap(await b.call('session.close', { sessionId: tool.sessionId }));
    const r = await b.call('tuning.schedule', { sessionId: tool.sessionId });
    expect(r.ok).toBe(false);
  });
}
