import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConnectionSettings } from '../../../src/shared/api/connection';
import type { TopStatement } from '../../../src/shared/api/tuning';
import { diffPlans, explainPlanText, type PlanNode } from '../../../src/shared/explain';
import { indexCandidates } from '../../../src/shared/tuning/index-experiment';
import { planFlips } from '../../../src/shared/tuning/plan-flips';
import { useDedicatedServer } from '../../servers/dedicated-servers';
import { testServers, type ServerEndpoint } from '../../servers/provided';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';
import { resultRows, runStatement } from './session-helpers';

failOnUnhandledErrors();

const ROWS = 2000;
const RANGE_SQL = 'SELECT * FROM orders WHERE total BETWEEN 100 AND 105';
const COUNT_SQL = 'SELECT COUNT(*) FROM orders WHERE customer_id = 3';

/** Saves a connection (scratch or not) and opens a session on it. */
async function open(
  b: BackendUnderTest,
  server: Pick<ServerEndpoint, 'host' | 'port' | 'user' | 'password'>,
  name: string,
  scratch: boolean,
  readOnly = false,
): Promise<{ sessionId: string; connectionId: string }> {
  const saved = await b.call('connections.save', {
    settings: {
      ...defaultConnectionSettings(),
      name,
      scratch,
      readOnly,
      endpoint: { kind: 'tcp', host: server.host, port: server.port },
      // MariaDB here has no TLS; new connections now default to 'required'.
      tls: { mode: 'preferred' },
      user: server.user,
      passwordMode: server.password === '' ? 'none' : 'saved',
    },
    secrets: server.password === '' ? {} : { password: server.password },
  });
  if (!saved.ok) throw new Error(saved.error.message);
  expect(saved.value.scratch).toBe(scratch);
  const opened = await b.call('session.open', { connectionId: saved.value.id });
  if (!opened.ok) throw new Error(opened.error.message);
  return { sessionId: opened.value.sessionId, connectionId: saved.value.id };
}

function unwrap<T>(
  r: { ok: true; value: T } | { ok: false; error: { code: string; message: string } },
): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

function explainRoot(document: string): PlanNode {
  const parsed = explainPlanText(document);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.report.root;
}

const servers = testServers();

const mariadb118 = servers.mariadb118;
describe.each([
  ['MySQL 9.7', () => servers.mysql, 'invisible'],
  ['MariaDB 10.11', () => servers.mariadb, 'visible-briefly'],
  // MariaDB 11.8 is optional (provisioned when its packages can be fetched).
  ...(mariadb118 ? [['MariaDB 11.8', () => mariadb118, 'visible-briefly'] as const] : []),
] as const)('tuning on %s', (_name, server, method) => {
  let b: BackendUnderTest;
  let tool: { sessionId: string; connectionId: string };
  let editor: string;
  const db = `sl_tune_${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    b = await startBackend();
    tool = await open(b, server(), 'scratch', true);
    editor = (await open(b, server(), 'editor', false)).sessionId;
    await runStatement(b, editor, `CREATE DATABASE ${db}`);
    await runStatement(b, editor, `USE ${db}`);
    await runStatement(
      b,
      editor,
      `CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT NOT NULL, total DECIMAL(10,2) NOT NULL,
       status VARCHAR(10) NOT NULL, KEY cust (customer_id), KEY cust_dup (customer_id))`,
    );
    await runStatement(b, editor, 'CREATE TABLE audit (a INT, b INT)');
    await runStatement(
      b,
      editor,
      'CREATE TABLE pairs (a INT NOT NULL, b INT NOT NULL, note TEXT, UNIQUE KEY uk (a, b))',
    );
    const values = Array.from({ length: ROWS }, (_, i) => `(${i}, ${i % 50}, ${i}, 'paid')`);
    await runStatement(b, editor, `INSERT INTO orders VALUES ${values.join(', ')}`);
    await runStatement(b, editor, 'ANALYZE TABLE orders');
  });
  afterAll(async () => {
    await runStatement(b, editor, `DROP DATABASE IF EXISTS ${db}`);
    await b?.dispose();
  });

  let range: TopStatement;

  it('lists the statements of a workload in the window since a snapshot, with exact counts', async () => {
    // Run once before the snapshot: in the window it is a delta, not a new statement.
    await runStatement(b, editor, COUNT_SQL);
    const baseline = unwrap(
      await b.call('tuning.statements', {
        sessionId: tool.sessionId,
        schema: db,
        baselineId: null,
      }),
    );
    if (!baseline.available) throw new Error(baseline.reason);
    for (let i = 0; i < 7; i++) await runStatement(b, editor, RANGE_SQL);
    for (let i = 0; i < 3; i++) await runStatement(b, editor, COUNT_SQL);
    const window = unwrap(
      await b.call('tuning.statements', {
        sessionId: tool.sessionId,
        schema: db,
        baselineId: baseline.snapshotId,
      }),
    );
    if (!window.available) throw new Error(window.reason);
    expect(window.baseline?.id).toBe(baseline.snapshotId);
    const byText = (part: string) =>
      window.statements.find(
        (s) => s.digestText?.includes(part) && s.digestText.includes('orders'),
      );
    range = byText('BETWEEN')!;
    const count = byText('COUNT')!;
    expect(range).toMatchObject({
      schema: db,
      calls: 7,
      rowsExamined: 7 * ROWS,
      rowsSent: 7 * 6,
      noIndexUsed: 7,
      errors: 0,
    });
    expect(count).toMatchObject({ schema: db, calls: 3, rowsSent: 3, noIndexUsed: 0 });
    // The server's other columns come along in extra, as totals (the digest is new here, so
    // they equal the window's): a full scan each time.
    expect(Number(range.extra.SUM_SELECT_SCAN)).toBe(7);
    expect(Object.keys(range.extra)).not.toContain('COUNT_STAR');
    expect(Object.keys(range.extra)).not.toContain('DIGEST_TEXT');
    expect(count.rowsExamined).toBe(3 * (ROWS / 50));
    // Sent by total latency, most first.
    const latencies = window.statements.map((s) => s.totalLatencyMs);
    expect(latencies).toEqual([...latencies].sort((x, y) => y - x));
    // Everything the editor session ran in the window (no SHOW WARNINGS: the server counted none).
    expect(window.statements.map((s) => [s.digestText!.trim(), s.calls]).sort()).toEqual([
      ['SELECT * FROM `orders` WHERE `total` BETWEEN ? AND ?', 7],
      ['SELECT COUNT ( * ) FROM `orders` WHERE `customer_id` = ?', 3],
    ]);
    // The range SELECT is new in the window; the COUNT also ran before the snapshot.
    expect(window.statements.map((s) => [s.digestText!.trim(), s.origin]).sort()).toEqual([
      ['SELECT * FROM `orders` WHERE `total` BETWEEN ? AND ?', 'new'],
      ['SELECT COUNT ( * ) FROM `orders` WHERE `customer_id` = ?', 'delta'],
    ]);
    expect(window.schemas).toEqual([db]);
    if (method === 'invisible') {
      expect(range.sample).toBe(RANGE_SQL);
      expect(range.sampleTruncated).toBe(false);
      expect(window.sampleSource).toMatch(/^QUERY_SAMPLE_TEXT/);
    } else {
      // MariaDB has no QUERY_SAMPLE_TEXT, and its statement history is off by default.
      expect(range.sample).toBeNull();
      expect(window.sampleSource).toMatch(
        /^No example statements: this server has no QUERY_SAMPLE_TEXT and the statement history consumers are off\./,
      );
    }
  });

  it('counts the last minutes from the snapshots its earlier calls kept, saying when they fall short', async () => {
    const watcher = await open(b, server(), 'windows', false);
    const call = async (lastSeconds: number | null) => {
      const r = unwrap(
        await b.call('tuning.statements', {
          sessionId: watcher.sessionId,
          schema: db,
          baselineId: null,
          lastSeconds,
        }),
      );
      if (!r.available) throw new Error(r.reason);
      return r;
    };
    const lookups = (r: Awaited<ReturnType<typeof call>>) =>
      r.statements
        .filter((s) => s.digestText?.startsWith('SELECT STATUS FROM `orders` WHERE'))
        .map((s) => [s.calls, s.rowsSent, s.origin]);
    // A first call keeps nothing earlier to count from: an empty window, said to be short.
    const opening = await call(600);
    expect(opening.baseline).toEqual({
      id: opening.snapshotId,
      takenAt: opening.takenAt,
      seconds: 0,
      short: true,
    });
    expect(opening.statements).toEqual([]);
    for (let i = 0; i < 4; i++)
      await runStatement(b, editor, 'SELECT status FROM orders WHERE id = 7');
    const second = await call(600);
    // The ring reaches back only to the first call: that is where the window starts.
    expect(second.baseline).toEqual({
      id: opening.snapshotId,
      takenAt: opening.takenAt,
      seconds: (Date.parse(second.takenAt) - Date.parse(opening.takenAt)) / 1000,
      short: true,
    });
    expect(lookups(second)).toEqual([[4, 4, 'new']]);
    for (let i = 0; i < 2; i++)
      await runStatement(b, editor, 'SELECT status FROM orders WHERE id = 7');
    const third = await call(600);
    expect(third.baseline?.id).toBe(opening.snapshotId);
    expect(lookups(third)).toEqual([[6, 6, 'new']]);
    // The window since the second call's snapshot holds only the last two.
    const since = unwrap(
      await b.call('tuning.statements', {
        sessionId: watcher.sessionId,
        schema: db,
        baselineId: second.snapshotId,
      }),
    );
    if (!since.available) throw new Error(since.reason);
    expect(lookups(since)).toEqual([[2, 2, 'delta']]);
    // Since the server started: everything, with no window.
    const all = await call(null);
    expect(all.baseline).toBeNull();
    expect(lookups(all)).toEqual([[6, 6, 'since-start']]);
    // A baseline and a length at once is a contradiction.
    const both = await b.call('tuning.statements', {
      sessionId: watcher.sessionId,
      schema: db,
      baselineId: second.snapshotId,
      lastSeconds: 600,
    });
    expect(both.ok ? null : both.error.message).toBe(
      'Invalid request to tuning.statements: lastSeconds: Give a baseline snapshot or a number of seconds, not both',
    );
  });

  it('explains the example in its schema, proposes the index for the full scan, and keeps the plan', async () => {
    const explained = unwrap(
      await b.call('tuning.explain', { sessionId: tool.sessionId, schema: db, sql: RANGE_SQL }),
    );
    expect(explained.report.diagnostics.map((d) => d.code)).toContain('full-scan');
    const candidates = indexCandidates(
      explained.report.root,
      explained.report.diagnostics,
      RANGE_SQL,
      db,
    );
    expect(candidates.map((c) => [c.schema, c.table, c.columns])).toEqual([
      [db, 'orders', ['total']],
    ]);
    // The editor's explain of the same statement with other values is kept too.
    unwrap(
      await b.call('explain.run', {
        sessionId: editor,
        sql: 'SELECT * FROM orders WHERE total BETWEEN 7 AND 9',
        analyze: false,
      }),
    );
    const history = unwrap(await b.call('plans.history', { sql: RANGE_SQL, connectionId: null }));
    expect(history.shape).toBe('select * from orders where total between ? and ?');
    expect(history.records.map((r) => [r.connectionName, r.sql])).toEqual([
      ['editor', 'SELECT * FROM orders WHERE total BETWEEN 7 AND 9'],
      ['scratch', RANGE_SQL],
    ]);
    expect(history.records[1]!.document).toBe(explained.document);
  });

  it('tries the index on the scratch server: the after-plan uses it, and it is dropped', async () => {
    const r = unwrap(
      await b.call('tuning.experiment', {
        sessionId: tool.sessionId,
        schema: db,
        sql: RANGE_SQL,
        candidate: { schema: db, table: 'orders', columns: ['total'] },
      }),
    );
    expect(r.method).toBe(method);
    expect(r.indexName).toBe('sl_try_orders_total');
    expect(r.indexUsed).toBe(true);
    expect(r.before.report.diagnostics.map((d) => d.code)).toContain('full-scan');
    expect(r.after.report.diagnostics.map((d) => d.code)).not.toContain('full-scan');
    const create = `CREATE INDEX \`sl_try_orders_total\` ON \`${db}\`.\`orders\` (\`total\`)`;
    const drop = `DROP INDEX \`sl_try_orders_total\` ON \`${db}\`.\`orders\``;
    expect(r.executed).toEqual(
      method === 'invisible'
        ? [
            `${create} INVISIBLE`,
            "SET SESSION optimizer_switch = 'use_invisible_indexes=on'",
            r.after.explainSql,
            "SET SESSION optimizer_switch = 'use_invisible_indexes=off'",
            drop,
          ]
        : [create, r.after.explainSql, drop],
    );
    const left = await runStatement(
      b,
      editor,
      `SELECT COUNT(*) FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = '${db}' AND INDEX_NAME = 'sl_try_orders_total'`,
    );
    expect((await resultRows(b, left.queryId))[0]?.[0]).toBe('0');
    // Hypothetical plans are not evidence: still the two plans kept above.
    const history = unwrap(await b.call('plans.history', { sql: RANGE_SQL, connectionId: null }));
    expect(history.records).toHaveLength(2);
  });

  it('builds again the foreign key’s own index that the server dropped for the tried one', async () => {
    // A schema of its own: the schema health test reads every table of db.
    const fkDb = `${db}_fk`;
    await runStatement(b, editor, `CREATE DATABASE ${fkDb}`);
    await runStatement(b, editor, `CREATE TABLE ${fkDb}.customers (id INT PRIMARY KEY)`);
    // No index of its own on customer_id: the server makes one for the key (fk_inv_customer).
    await runStatement(
      b,
      editor,
      `CREATE TABLE ${fkDb}.invoices (id INT PRIMARY KEY, customer_id INT NOT NULL, total INT NOT NULL,
       CONSTRAINT fk_inv_customer FOREIGN KEY (customer_id) REFERENCES ${fkDb}.customers (id))`,
    );
    const indexes = async () => {
      const q = await runStatement(
        b,
        editor,
        `SELECT INDEX_NAME, COLUMN_NAME FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = '${fkDb}' AND TABLE_NAME = 'invoices' ORDER BY INDEX_NAME, SEQ_IN_INDEX`,
      );
      return resultRows(b, q.queryId);
    };
    const before = await indexes();
    expect(before).toEqual([
      ['fk_inv_customer', 'customer_id'],
      ['PRIMARY', 'id'],
    ]);
    let r;
    let after: unknown[][];
    try {
      r = unwrap(
        await b.call('tuning.experiment', {
          sessionId: tool.sessionId,
          schema: fkDb,
          sql: 'SELECT * FROM invoices WHERE customer_id = 3 AND total > 5',
          candidate: { schema: fkDb, table: 'invoices', columns: ['customer_id', 'total'] },
        }),
      );
    } finally {
      after = await indexes();
      await runStatement(b, editor, `DROP DATABASE ${fkDb}`);
    }
    expect(r.restored).toEqual(['fk_inv_customer']);
    const rebuild = `CREATE INDEX \`fk_inv_customer\` ON \`${fkDb}\`.\`invoices\` (\`customer_id\`)`;
    const drop = `DROP INDEX \`${r.indexName}\` ON \`${fkDb}\`.\`invoices\``;
    // Built again just before the tried index is dropped: until then the key needs that one.
    expect(r.executed.slice(-2)).toEqual([rebuild, drop]);
    expect(after).toEqual(before);
  });

  it('keeps each plan with its shape fingerprint and finds the flip an index causes', async () => {
    await runStatement(b, editor, `CREATE INDEX sl_flip_total ON ${db}.orders (total)`);
    try {
      unwrap(
        await b.call('tuning.explain', { sessionId: tool.sessionId, schema: db, sql: RANGE_SQL }),
      );
    } finally {
      await runStatement(b, editor, `DROP INDEX sl_flip_total ON ${db}.orders`);
    }
    const history = unwrap(await b.call('plans.history', { sql: RANGE_SQL, connectionId: null }));
    expect(history.records).toHaveLength(3);
    for (const r of history.records) expect(r.fingerprint).toMatch(/^[0-9a-f]{16}$/);
    const flips = planFlips(history.records);
    expect(flips).toHaveLength(1);
    expect(flips[0]!.connectionId).toBe(tool.connectionId);
    expect(flips[0]!.before.sql).toBe(RANGE_SQL);
    expect(flips[0]!.before.document).not.toContain('sl_flip_total');
    expect(flips[0]!.after.document).toContain('sl_flip_total');
    const diff = diffPlans(
      explainRoot(flips[0]!.before.document),
      explainRoot(flips[0]!.after.document),
    );
    expect(diff.changes.map((c) => c.text)).toContain('orders: access full scan → range (better)');
  });

  it('refuses to try an index on a connection not marked scratch, saying why', async () => {
    const plain = await open(b, server(), 'production-like', false);
    const r = await b.call('tuning.experiment', {
      sessionId: plain.sessionId,
      schema: db,
      sql: RANGE_SQL,
      candidate: { schema: db, table: 'orders', columns: ['total'] },
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('INVALID_REQUEST');
    expect(r.error.message).toMatch(/^“production-like” is not marked as a scratch server/);
  });

  it('reports a failed experiment with the server’s error and leaves nothing behind', async () => {
    const r = await b.call('tuning.experiment', {
      sessionId: tool.sessionId,
      schema: db,
      sql: RANGE_SQL,
      candidate: { schema: db, table: 'orders', columns: ['nope'] },
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.serverCode).toBe(1072);
    expect(r.error.message).toContain("Key column 'nope' doesn't exist in table");
    const left = await runStatement(
      b,
      editor,
      `SELECT COUNT(*) FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = '${db}' AND INDEX_NAME LIKE 'sl\\_try\\_%'`,
    );
    expect((await resultRows(b, left.queryId))[0]?.[0]).toBe('0');
  });

  it('stops, saying why, when another session holds the table, and leaves nothing behind', async () => {
    const lockWait = async () => {
      const q = await runStatement(b, tool.sessionId, 'SELECT @@SESSION.lock_wait_timeout');
      return (await resultRows(b, q.queryId))[0]?.[0];
    };
    const own = await lockWait();
    // An open transaction that read the table holds its metadata lock until it ends: building
    // an index waits for it (for a year by default, and every later query of the table with it).
    await runStatement(b, editor, 'START TRANSACTION');
    await runStatement(b, editor, 'SELECT COUNT(*) FROM orders');
    let r;
    try {
      r = await b.call('tuning.experiment', {
        sessionId: tool.sessionId,
        schema: db,
        sql: RANGE_SQL,
        candidate: { schema: db, table: 'orders', columns: ['total'] },
      });
    } finally {
      await runStatement(b, editor, 'ROLLBACK');
    }
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.serverCode).toBe(1205);
    expect(r.error.message).toBe(
      `\`${db}\`.\`orders\` stayed locked by another session for 10 s (a transaction still open that used it, a LOCK TABLES, or other DDL), so the experiment stopped before sl_try_orders_total was built. End that session's transaction (the processlist shows it) and try again.`,
    );
    const left = await runStatement(
      b,
      editor,
      `SELECT COUNT(*) FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = '${db}' AND INDEX_NAME LIKE 'sl\\_try\\_%'`,
    );
    expect((await resultRows(b, left.queryId))[0]?.[0]).toBe('0');
    // The session's own wait is back as it was (a year, by default).
    expect(await lockWait()).toBe(own);
    expect(own).not.toBe('10');
  }, 60_000);

  it('stops on Cancel while building the index waits, and leaves nothing behind', async () => {
    const idle = unwrap(await b.call('tuning.cancelExperiment', { sessionId: tool.sessionId }));
    expect(idle).toEqual({ cancelled: false });
    // The open transaction makes CREATE INDEX wait for the table: a statement to stop.
    await runStatement(b, editor, 'START TRANSACTION');
    await runStatement(b, editor, 'SELECT COUNT(*) FROM orders');
    let r;
    try {
      const running = b.call('tuning.experiment', {
        sessionId: tool.sessionId,
        schema: db,
        sql: RANGE_SQL,
        candidate: { schema: db, table: 'orders', columns: ['total'] },
      });
      const waiting = async () => {
        const q = await runStatement(
          b,
          editor,
          "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE STATE = 'Waiting for table metadata lock' AND INFO LIKE '%sl_try_orders_total%'",
        );
        return (await resultRows(b, q.queryId))[0]?.[0];
      };
      await expect.poll(waiting, { timeout: 8000, interval: 50 }).toBe('1');
      const cancelled = unwrap(
        await b.call('tuning.cancelExperiment', { sessionId: tool.sessionId }),
      );
      expect(cancelled).toEqual({ cancelled: true });
      r = await running;
    } finally {
      await runStatement(b, editor, 'ROLLBACK');
    }
    expect(r.ok).toBe(false);
    if (r.ok) return;
    // Not the 10 s lock wait's error (1205): the KILL's.
    expect(r.error.code).toBe('CANCELLED');
    expect(r.error.message).toBe(
      'Cancelled by user (KILL QUERY): sl_try_orders_total was not built, and the table is as it was.',
    );
    const left = await runStatement(
      b,
      editor,
      `SELECT COUNT(*) FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = '${db}' AND INDEX_NAME LIKE 'sl\\_try\\_%'`,
    );
    expect((await resultRows(b, left.queryId))[0]?.[0]).toBe('0');
    // Nothing of it is left to stop, and the next experiment runs to its end.
    expect(unwrap(await b.call('tuning.cancelExperiment', { sessionId: tool.sessionId }))).toEqual({
      cancelled: false,
    });
    const next = unwrap(
      await b.call('tuning.experiment', {
        sessionId: tool.sessionId,
        schema: db,
        sql: RANGE_SQL,
        candidate: { schema: db, table: 'orders', columns: ['total'] },
      }),
    );
    expect(next.indexUsed).toBe(true);
  }, 60_000);

  it('drops the index even when the tab closes its session mid-experiment', async () => {
    const doomed = await open(b, server(), 'closing', true);
    const running = b.call('tuning.experiment', {
      sessionId: doomed.sessionId,
      schema: db,
      sql: RANGE_SQL,
      candidate: { schema: db, table: 'orders', columns: ['customer_id', 'total'] },
    });
    await new Promise((r) => setTimeout(r, 30));
    unwrap(await b.call('session.close', { sessionId: doomed.sessionId }));
    await running;
    const left = await runStatement(
      b,
      editor,
      `SELECT COUNT(*) FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = '${db}' AND INDEX_NAME LIKE 'sl\\_try\\_%'`,
    );
    expect((await resultRows(b, left.queryId))[0]?.[0]).toBe('0');
  });

  it('asks a second confirmation on a read-only scratch connection', async () => {
    const readOnly = await open(b, server(), 'read-only scratch', true, true);
    const params = {
      sessionId: readOnly.sessionId,
      schema: db,
      sql: RANGE_SQL,
      candidate: { schema: db, table: 'orders', columns: ['total'] },
    };
    const refused = await b.call('tuning.experiment', params);
    expect(refused.ok ? null : refused.error.message).toBe(
      '“read-only scratch” is read-only, and trying an index creates and drops one: confirm again to do it anyway.',
    );
    const confirmed = unwrap(
      await b.call('tuning.experiment', { ...params, readOnlyConfirmed: true }),
    );
    expect(confirmed.indexUsed).toBe(true);
  });

  it('finds the table without a primary key and the duplicate index, and remembers sizes', async () => {
    const first = unwrap(await b.call('tuning.health', { sessionId: tool.sessionId, schema: db }));
    expect(first.previousVisitAt).toBeNull();
    // MySQL's sys view where there is one; MariaDB's computed by its rules.
    expect(first.redundantSource).toBe(
      method === 'invisible' ? 'sys.schema_redundant_indexes' : 'information_schema.STATISTICS',
    );
    const byKind = (k: string) =>
      first.findings.filter((f) => f.kind === k).map((f) => [f.table, f.index ?? null, f.fixSql]);
    expect(byKind('no-primary-key')).toEqual([
      [
        'audit',
        null,
        `ALTER TABLE \`${db}\`.\`audit\` ADD COLUMN \`id\` BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY FIRST`,
      ],
      // Its unique key on NOT NULL columns becomes the primary key.
      [
        'pairs',
        null,
        `ALTER TABLE \`${db}\`.\`pairs\` DROP INDEX \`uk\`, ADD PRIMARY KEY (\`a\`, \`b\`)`,
      ],
    ]);
    expect(byKind('redundant-index')).toEqual([
      ['orders', 'cust_dup', `ALTER TABLE \`${db}\`.\`orders\` DROP INDEX \`cust_dup\``],
    ]);
    // The experiment's CREATE/DROP INDEX reset the table's index statistics, so no index of
    // orders has been read since; cust_dup goes as the duplicate, so cust is kept (dropping both
    // would leave customer_id without an index) and nothing is advised as unused.
    expect(byKind('unused-index')).toEqual([]);
    expect(first.sizes.map((s) => s.table)).toEqual(['orders', 'audit', 'pairs']);
    expect(first.sizes[0]!.rows).toBeGreaterThan(0);
    const second = unwrap(await b.call('tuning.health', { sessionId: tool.sessionId, schema: db }));
    expect(second.previousVisitAt).not.toBeNull();
    expect(second.sizes[0]!.previousBytes).toBe(first.sizes[0]!.totalBytes);
    expect(second.sizes[0]!.growthBytes).toBe(
      second.sizes[0]!.totalBytes - first.sizes[0]!.totalBytes,
    );
  });
});

describe('tuning on MariaDB with performance_schema OFF', () => {
  const server = useDedicatedServer('mariadb', { extraArgs: ['--performance-schema=OFF'] });
  let b: BackendUnderTest;
  beforeAll(async () => {
    b = await startBackend();
  });
  afterAll(async () => b?.dispose());

  it('says how to enable it instead of showing an empty list', async () => {
    const s = server();
    const tool = await open(b, s, 'no-ps', true);
    const r = unwrap(
      await b.call('tuning.statements', {
        sessionId: tool.sessionId,
        schema: null,
        baselineId: null,
      }),
    );
    expect(r).toEqual({
      available: false,
      reason: 'performance_schema is OFF on this server, so it keeps no statement statistics.',
      howToEnable:
        'Add performance_schema=ON under [mysqld] (or [mariadbd]) in the server’s option file and restart the server: it cannot be switched on while the server runs. It costs some memory (about 100-400 MB) and a few percent of throughput.',
    });
  });
});

describe('tuning on MariaDB with the statement history on and short texts kept', () => {
  const server = useDedicatedServer('mariadb', {
    extraArgs: [
      '--performance-schema-consumer-events-statements-current=ON',
      '--performance-schema-consumer-events-statements-history-long=ON',
      '--performance-schema-max-sql-text-length=60',
    ],
  });
  let b: BackendUnderTest;
  beforeAll(async () => {
    b = await startBackend();
  });
  afterAll(async () => b?.dispose());

  it('takes examples from the history and says which ones were cut', async () => {
    const tool = await open(b, server(), 'history', true);
    const editor = (await open(b, server(), 'editor', false)).sessionId;
    await runStatement(b, editor, 'CREATE DATABASE hist');
    await runStatement(b, editor, 'USE hist');
    await runStatement(b, editor, 'CREATE TABLE t (id INT PRIMARY KEY, v INT)');
    const short = 'SELECT v FROM t WHERE id = 1';
    const long = `SELECT id, v, v + 1 AS next_value, v * 2 AS doubled FROM t WHERE id IN (1, 2, 3)`;
    await runStatement(b, editor, short);
    await runStatement(b, editor, long);
    const r = unwrap(
      await b.call('tuning.statements', {
        sessionId: tool.sessionId,
        schema: 'hist',
        baselineId: null,
      }),
    );
    if (!r.available) throw new Error(r.reason);
    expect(r.sampleSource).toBe(
      'events_statements_history_long / events_statements_history (recent executions only)',
    );
    const of = (part: string) => r.statements.find((s) => s.digestText?.includes(part))!;
    expect(of('WHERE ID = ?')).toMatchObject({ sample: short, sampleTruncated: false });
    const cut = of('`doubled`');
    expect(cut.sampleTruncated).toBe(true);
    // MariaDB keeps 57 characters and marks the cut with `...`: 60 in all.
    expect(cut.sample).toBe(`${long.slice(0, 57)}...`);
  });
});
