// `sightline plan-check` against real servers: baselines written, a dropped index caught as a
// regression, other literals finding the same baseline, nothing changed on the server.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Connection, RowDataPacket } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planCheckCommand } from '../../../src/main/cli/plan-check/plan-check-command';
import { PlanBaselineSchema } from '../../../src/main/cli/plan-check/plan-baseline';
import { runCapturedCli } from '../../cli-harness/captured-cli';
import { connectTo } from '../../servers/connect';
import { testServers, type ServerEndpoint } from '../../servers/provided';

const DATABASE = 'sightline_plan_check';
const servers = testServers();

const targets: Array<{ name: string; endpoint: ServerEndpoint; depth: string }> = [
  { name: 'MySQL 9.7', endpoint: servers.mysql!, depth: 'cte_max_recursion_depth' },
  { name: 'MariaDB 11.8', endpoint: servers.mariadb118!, depth: 'max_recursive_iterations' },
];

const QUERIES = `-- the report the team ships
SELECT c.name, o.total FROM customers c JOIN orders o ON o.customer_id = c.id
  WHERE c.country = 'NZ' AND o.total > 100;
CREATE TABLE not_explained (id INT);
UPDATE orders SET total = 0 WHERE customer_id = 7;
`;

const cli = (args: string[]) => runCapturedCli(['plan-check', ...args], [planCheckCommand]);

describe.each(targets)('$name: sightline plan-check', ({ name, endpoint, depth }) => {
  let c: Connection;
  let dir = '';
  let queries = '';
  let baselines = '';
  const url = `mysql://${encodeURIComponent(endpoint.user)}:${encodeURIComponent(endpoint.password)}@${endpoint.host}:${endpoint.port}/${DATABASE}`;
  const check = (...args: string[]) => cli(['--connect', url, '--baseline', baselines, ...args]);

  beforeAll(async () => {
    c = await connectTo(endpoint);
    await c.query(`SET SESSION ${depth} = 100000`);
    await c.query(`DROP DATABASE IF EXISTS ${DATABASE}; CREATE DATABASE ${DATABASE}`);
    await c.query(`USE ${DATABASE}`);
    await c.query(`CREATE TABLE customers (id INT PRIMARY KEY, country CHAR(2) NOT NULL,
      name VARCHAR(40) NOT NULL)`);
    await c.query(`CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT NOT NULL,
      total DECIMAL(10,2) NOT NULL, KEY ix_customer (customer_id))`);
    await c.query(`INSERT INTO customers
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
      SELECT i, ELT(1 + i % 20, 'NZ','US','DE','FR','GB','IT','ES','NL','BE','SE','NO','DK',
        'FI','PL','CZ','AT','CH','PT','IE','AU'), CONCAT('customer ', i) FROM n`);
    await c.query(`INSERT INTO orders
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
      SELECT i, 1 + (i * 7919) % 2000, 1 + (i * 37) % 500 FROM n`);
    await c.query('ANALYZE TABLE customers, orders');
    dir = await mkdtemp(path.join(os.tmpdir(), 'sightline-plan-check-'));
    queries = path.join(dir, 'queries.sql');
    baselines = path.join(dir, 'baselines');
    await writeFile(queries, QUERIES);
  }, 120_000);

  afterAll(async () => {
    await c?.query(`DROP DATABASE IF EXISTS ${DATABASE}`);
    await c?.end();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const total = async () => {
    const [rows] = await c.query<RowDataPacket[]>(
      `SELECT SUM(total) AS s FROM ${DATABASE}.orders WHERE customer_id = 7`,
    );
    return String(rows[0]!.s);
  };

  it('lists new plans, skips what EXPLAIN does not take, and changes nothing', async () => {
    const before = await total();
    const run = await check(queries);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')).toEqual([
      `${queries}:2: NEW SELECT c.name, o.total FROM customers c JOIN orders o ON o.customer_id = c.id W…`,
      '    no baseline yet: run with --update to accept this plan',
      `${queries}:4: SKIP CREATE TABLE not_explained (id INT)`,
      '    CREATE is not explained',
      `${queries}:5: NEW UPDATE orders SET total = 0 WHERE customer_id = 7`,
      '    no baseline yet: run with --update to accept this plan',
      '3 statements: 0 passed, 0 failed, 2 new, 0 updated, 1 skipped, 0 errors',
      '',
    ]);
    expect(await total()).toBe(before);
    await expect(readdir(baselines)).rejects.toThrow();
  });

  it('writes one reviewable baseline per statement with --update, then passes', async () => {
    const update = await check('--update', queries);
    expect(update.code).toBe(0);
    expect(update.stdout).toContain('2 updated, 1 skipped');
    const files = (await readdir(baselines)).sort();
    expect(files).toHaveLength(2);
    for (const f of files) {
      const baseline = PlanBaselineSchema.parse(
        JSON.parse(await readFile(path.join(baselines, f), 'utf8')),
      );
      expect(f).toMatch(/^[0-9a-f]{16}\.json$/);
      expect(baseline.fingerprint).toMatch(/^[0-9a-f]{16}$/);
      expect(baseline.server).toMatch(/^\d+\.\d+\.\d+/);
    }
    const again = await check(queries);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('2 passed, 0 failed, 0 new');
  });

  it('finds the baseline of the same statement written with other literals and spacing', async () => {
    const other = path.join(dir, 'other-literals.sql');
    await writeFile(
      other,
      "select c.name, o.total from customers c join orders o on o.customer_id = c.id where c.country = 'DE' and o.total > 250",
    );
    const run = await check(other);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('1 passed');
  });

  it('fails with the regression in words (text, JSON lines, JUnit) once the index is gone', async () => {
    await c.query(`ALTER TABLE ${DATABASE}.orders DROP INDEX ix_customer`);
    await c.query(`ANALYZE TABLE ${DATABASE}.orders`);
    try {
      const text = await check(queries);
      expect(text.code).toBe(1);
      expect(text.stdout).toContain(
        `${queries}:5: FAIL UPDATE orders SET total = 0 WHERE customer_id = 7\n    [warning] orders: access range → full index scan (worse)\n`,
      );
      expect(text.stdout).toContain('0 passed, 2 failed');

      const json = await check('--format', 'json', queries);
      expect(json.code).toBe(1);
      const lines = json.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { status: string; regressions: Array<{ kind: string }> });
      expect(lines.map((l) => l.status)).toEqual(['fail', 'skipped', 'fail']);
      expect(lines[2]!.regressions.map((r) => r.kind)).toContain('access');

      const junit = await check('--format=junit', queries);
      expect(junit.code).toBe(1);
      expect(junit.stdout).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="sightline plan-check" tests="3" failures="2" errors="0" skipped="1">/,
      );
      expect(junit.stdout).toContain('<failure message="o: access lookup → full scan (worse)">');
    } finally {
      await c.query(`ALTER TABLE ${DATABASE}.orders ADD INDEX ix_customer (customer_id)`);
      await c.query(`ANALYZE TABLE ${DATABASE}.orders`);
    }
  });

  it('explains locking reads (and MySQL WITH ... DELETE) in a transaction it rolls back', async () => {
    const locking = path.join(dir, 'locking.sql');
    const cteDelete = name.startsWith('MySQL')
      ? 'WITH x AS (SELECT 7 AS id) DELETE orders FROM orders JOIN x ON orders.customer_id = x.id;\n'
      : '';
    await writeFile(
      locking,
      `SELECT * FROM customers WHERE country = 'NZ' FOR UPDATE;\n${cteDelete}(SELECT * FROM orders WHERE customer_id = 7 LOCK IN SHARE MODE);\n`,
    );
    const before = await total();
    const run = await check('--format', 'json', locking);
    expect(run.stderr).toBe('');
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { status: string; message?: string });
    expect(lines.map((l) => [l.status, l.message])).toEqual(
      lines.map(() => ['new', 'no baseline yet: run with --update to accept this plan']),
    );
    expect(lines).toHaveLength(cteDelete ? 3 : 2);
    expect(run.code).toBe(0);
    expect(await total()).toBe(before);
  });

  it('reports a statement the server cannot explain as an error (exit 1)', async () => {
    const broken = path.join(dir, 'broken.sql');
    await writeFile(broken, 'SELECT * FROM no_such_table');
    const run = await check(broken);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /broken\.sql:1: ERROR SELECT \* FROM no_such_table\n {4}the server refused to explain it: error 1146 \(42S02\): Table '[a-z_.]*no_such_table' doesn't exist\n/,
    );
  });

  it('stops with exit 2 on a damaged baseline, naming the file and the field', async () => {
    const [first] = (await readdir(baselines)).sort();
    const file = path.join(baselines, first!);
    const good = await readFile(file, 'utf8');
    await writeFile(file, JSON.stringify({ ...JSON.parse(good), explain: 42 }));
    try {
      const run = await check(queries);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        `sightline plan-check: ${file}: explain: Invalid input: expected string, received number\n`,
      );
    } finally {
      await writeFile(file, good);
    }
  });
});

describe('sightline plan-check usage', () => {
  it('needs --connect and --baseline, and says so', async () => {
    const none = await cli(['q.sql']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^sightline plan-check: --connect is required/);
    const noBaseline = await cli(['--connect', 'mysql://u@h/db', 'q.sql']);
    expect(noBaseline.stderr).toMatch(/^sightline plan-check: --baseline is required/);
    const badFormat = await cli([
      '--connect',
      'mysql://u@h/db',
      '--baseline',
      'b',
      '--format',
      'xml',
      'q.sql',
    ]);
    expect(badFormat.stderr).toMatch(/^sightline plan-check: unknown format "xml"/);
  });
});

describe('a baseline written on MySQL 9.7, checked on MariaDB 11.8', () => {
  const mysql = servers.mysql!;
  const mariadb = servers.mariadb118!;
  const urlOf = (e: ServerEndpoint) =>
    `mysql://${encodeURIComponent(e.user)}:${encodeURIComponent(e.password)}@${e.host}:${e.port}/${DATABASE}`;
  let dir = '';

  beforeAll(async () => {
    for (const e of [mysql, mariadb]) {
      const c = await connectTo(e);
      try {
        await c.query(`DROP DATABASE IF EXISTS ${DATABASE}; CREATE DATABASE ${DATABASE}`);
        await c.query(`CREATE TABLE ${DATABASE}.customers (id INT PRIMARY KEY,
          country CHAR(2) NOT NULL, name VARCHAR(40) NOT NULL)`);
        await c.query(`INSERT INTO ${DATABASE}.customers VALUES (1, 'NZ', 'a'), (2, 'DE', 'b'),
          (3, 'NZ', 'c'), (4, 'FR', 'd')`);
        await c.query(`ANALYZE TABLE ${DATABASE}.customers`);
      } finally {
        await c.end();
      }
    }
    dir = await mkdtemp(path.join(os.tmpdir(), 'sightline-plan-check-x-'));
    await writeFile(path.join(dir, 'q.sql'), "SELECT name FROM customers WHERE country = 'NZ';\n");
  }, 120_000);

  afterAll(async () => {
    for (const e of [mysql, mariadb]) {
      const c = await connectTo(e);
      await c.query(`DROP DATABASE IF EXISTS ${DATABASE}`);
      await c.end();
    }
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('compares the plans but not costs, which the two count in other units', async () => {
    const run = (e: ServerEndpoint, ...args: string[]) =>
      cli(['--connect', urlOf(e), '--baseline', path.join(dir, 'b'), ...args]);
    const update = await run(mysql, '--update', path.join(dir, 'q.sql'));
    expect(update.code).toBe(0);
    const check = await run(mariadb, '--format', 'json', path.join(dir, 'q.sql'));
    expect(check.stderr).toBe('');
    expect(check.code).toBe(0);
    const outcome = JSON.parse(check.stdout) as {
      status: string;
      message: string;
      changes: Array<{ kind: string }>;
    };
    expect(outcome.status).toBe('pass');
    expect(outcome.changes.map((ch) => ch.kind)).not.toContain('cost');
    expect(outcome.message).toMatch(
      /^the baseline's plan is from 9\.7\.\S+, this one from 11\.8\.\d+-MariaDB[^:]*: costs of the two are not compared$/,
    );
  });
});
