// `sightline lint --connect` against the real servers, run as a child process the way CI runs
// it: duplicates found for a new unique key, a long transaction holding the table, and (MySQL)
// a table at its instant row-version limit.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LintReport } from '../../../src/shared/lint';
import { testServers, type ServerEndpoint } from '../../servers/provided';
import { openScratchDatabase, type ScratchDatabase } from '../sql/scratch-database';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../../..');
const CLI = path.join(repo, 'src/main/cli/cli.ts');
const TSX = pathToFileURL(path.join(repo, 'node_modules/tsx/dist/loader.mjs')).href;
const servers = testServers();

async function lint(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', TSX, CLI, 'lint', ...args],
      {
        timeout: 60_000,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (e) {
    const failed = e as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

function url(server: ServerEndpoint, database: string): string {
  const password = server.password ? `:${encodeURIComponent(server.password)}` : '';
  return `mysql://${encodeURIComponent(server.user)}${password}@${server.host}:${server.port}/${database}`;
}

/**
 * `--connect URL`, and for the MariaDB 10.11 test server, which has no TLS, `--tls preferred`
 * (the CLI's default, like the app's over the network, is required).
 */
function connect(server: ServerEndpoint, database: string): string[] {
  return [
    '--connect',
    url(server, database),
    ...(server.kind === 'mariadb' ? ['--tls', 'preferred'] : []),
  ];
}

/**
 * What the metadata-lock finding says: MySQL names the holders of the table's lock; MariaDB
 * without the metadata_lock_info plugin (the test servers load none) names open transactions
 * as candidates only, at a lower severity.
 */
const HOLDERS = {
  mysql:
    "danger \\[metadata-lock-busy\\] 1 session holds or waits for the table's metadata lock now",
  mariadb:
    "warning \\[metadata-lock-busy\\] 1 open transaction may hold the table's metadata lock \\(this server does not say which tables a transaction touched: load the metadata_lock_info plugin to know\\)",
};

describe.each([
  ['MySQL 9.7', servers.mysql, 'MySQL 9.7', 'mysql'],
  ['MariaDB 10.11', servers.mariadb, 'MariaDB 10.11', 'mariadb'],
] as const)('sightline lint --connect on %s', (_label, server, targetPrefix, flavor) => {
  let scratch: ScratchDatabase & { close(): Promise<void> };
  let conn: mysql.Connection;
  let dir = '';

  beforeAll(async () => {
    scratch = await openScratchDatabase(server);
    conn = await scratch.connect();
    await conn.query(
      'CREATE TABLE members (id INT PRIMARY KEY, email VARCHAR(100), nick VARCHAR(50)) ENGINE=InnoDB',
    );
    await conn.query(
      "INSERT INTO members VALUES (1, 'a@x', 'ann'), (2, 'b@x', 'bob'), (3, 'a@x', 'cat'), (4, NULL, 'dan'), (5, NULL, NULL), (6, NULL, NULL)",
    );
    dir = await mkdtemp(path.join(os.tmpdir(), 'sightline-lint-live-'));
    await writeFile(
      path.join(dir, 'V5__unique.sql'),
      'ALTER TABLE members ADD UNIQUE KEY email_u (email), ALGORITHM=INPLACE, LOCK=NONE;\nALTER TABLE members ADD UNIQUE KEY nick_u (nick), ALGORITHM=INPLACE, LOCK=NONE;\n',
    );
    await writeFile(path.join(dir, 'V6__column.sql'), 'ALTER TABLE members ADD COLUMN age INT;\n');
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await scratch?.close();
  });

  it('finds the duplicates a new unique key would fail on, and only those', async () => {
    const result = await lint([
      ...connect(server, scratch.name),
      '--format',
      'json',
      path.join(dir, 'V5__unique.sql'),
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as LintReport;
    expect(report.target.startsWith(targetPrefix)).toBe(true);
    const duplicates = report.statements
      .flatMap((s) => s.findings)
      .filter((f) => f.rule === 'unique-duplicates');
    expect(duplicates.map((f) => [f.line, f.column, f.severity])).toEqual([[1, 21, 'danger']]);
    expect(duplicates[0]!.message).toContain('duplicate values of (email)');
  });

  it('names the session whose open transaction holds the table', async () => {
    const holder = await scratch.connect();
    const [[{ id }]] = (await holder.query('SELECT CONNECTION_ID() AS id')) as unknown as [
      [{ id: number }],
    ];
    await holder.query('START TRANSACTION');
    await holder.query("UPDATE members SET nick = 'ann' WHERE id = 1");
    try {
      const result = await lint([
        ...connect(server, scratch.name),
        '--fail-on',
        'warning',
        path.join(dir, 'V6__column.sql'),
      ]);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(new RegExp(`${HOLDERS[flavor]} \\(${id} \\(`));
    } finally {
      await holder.query('ROLLBACK');
    }
    const after = await lint([...connect(server, scratch.name), path.join(dir, 'V6__column.sql')]);
    expect(after.stdout).not.toContain('metadata-lock-busy');
  });

  it('is clean (exit 0) for a change the live table takes instantly', async () => {
    const result = await lint([...connect(server, scratch.name), path.join(dir, 'V6__column.sql')]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('ALTER TABLE members ADD COLUMN age INT -> INSTANT, LOCK=NONE');
  });
});

describe('sightline lint --connect on MySQL 9.7: instant row versions', () => {
  let scratch: ScratchDatabase & { close(): Promise<void> };
  let dir = '';

  beforeAll(async () => {
    scratch = await openScratchDatabase(servers.mysql);
    const conn = await scratch.connect();
    await conn.query('CREATE TABLE worn (id INT PRIMARY KEY) ENGINE=InnoDB');
    // Each instant ADD or DROP COLUMN uses one of the table's 255 row versions.
    for (let n = 0; n < 255; n++) {
      await conn.query(
        n % 2 === 0
          ? 'ALTER TABLE worn ADD COLUMN c INT, ALGORITHM=INSTANT'
          : 'ALTER TABLE worn DROP COLUMN c, ALGORITHM=INSTANT',
      );
    }
    dir = await mkdtemp(path.join(os.tmpdir(), 'sightline-lint-rv-'));
    await writeFile(path.join(dir, 'V7__more.sql'), 'ALTER TABLE worn ADD COLUMN d INT;\n');
  }, 180_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await scratch?.close();
  });

  it('reads the live row versions and says the next ADD COLUMN rebuilds the table', async () => {
    const conn = await scratch.connect();
    const [[row]] = (await conn.query(
      'SELECT TOTAL_ROW_VERSIONS AS v FROM information_schema.INNODB_TABLES WHERE NAME = ?',
      [`${scratch.name}/worn`],
    )) as unknown as [[{ v: number }]];
    expect(Number(row.v)).toBe(255);
    const result = await lint([
      ...connect(servers.mysql, scratch.name),
      '--format',
      'json',
      path.join(dir, 'V7__more.sql'),
    ]);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as LintReport;
    expect(report.statements[0]!.plan).toMatchObject({
      algorithm: 'inplace-rebuild',
      lock: 'none',
    });
    expect(report.statements[0]!.findings).toContainEqual(
      expect.objectContaining({
        rule: 'row-version-limit',
        severity: 'danger',
        line: 1,
        column: 18,
      }),
    );
    // The server agrees: INSTANT is refused now.
    await expect(
      conn.query('ALTER TABLE worn ADD COLUMN d INT, ALGORITHM=INSTANT'),
    ).rejects.toThrow();
  });
});
