// `sightline lint --connect` and `plan-check --connect` log in the app's way: TLS by default, no
// password sent without TLS or a pinned key (against a fake server that would read it), and the
// password from --password-env; against MySQL 9.7, accounts that need TLS or the full
// caching_sha2_password exchange.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../src/main/cli/commands';
import { runCapturedCli } from '../../cli-harness/captured-cli';
import type { LintReport } from '../../../src/shared/lint';
import { queryRow, withConnection } from '../../servers/connect';
import { testServers } from '../../servers/provided';
import { startFakeMysqlServer, type FakeMysqlServer } from '../db/fake-mysql-server';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';

failOnUnhandledErrors();

const PASSWORD = 'Cli-Secret-Only-For-The-Real-Server-7';
const DATABASE = 'sightline_cli_connect';
let dir = '';
let migration = '';
let queries = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sightline-cli-connect-'));
  migration = path.join(dir, 'V1__add.sql');
  queries = path.join(dir, 'queries.sql');
  await writeFile(migration, 'ALTER TABLE items ADD COLUMN note VARCHAR(20);\n');
  await writeFile(queries, 'SELECT id FROM items WHERE id = 3;\n');
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** `sightline <args>` in this process, with `env` as the only environment it may read. */
const cli = (args: string[], env: Record<string, string> = {}) =>
  runCapturedCli(args, COMMANDS, { env });

/** The command's own arguments around `--connect URL ...connection`. */
function commandArgs(command: 'lint' | 'plan-check', connect: string[]): string[] {
  return command === 'lint'
    ? ['lint', ...connect, '--format', 'json', migration]
    : ['plan-check', ...connect, '--baseline', path.join(dir, 'baselines'), queries];
}

describe('a fake server without TLS that asks for the full caching_sha2_password exchange', () => {
  let fake: FakeMysqlServer | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  it.each(['lint', 'plan-check'] as const)(
    '%s, password in the URL and no options: TLS is required, the password never goes out',
    async (command) => {
      fake = await startFakeMysqlServer('caching_sha2_password');
      const url = `mysql://app:${PASSWORD}@127.0.0.1:${fake.port}/shop`;
      const r = await cli(commandArgs(command, ['--connect', url]));
      expect(fake.connections()).toBe(1);
      expect(fake.recovered()).toEqual([]);
      expect(fake.sawPassword(PASSWORD)).toBe(false);
      expect(r.code).toBe(2);
      expect(r.stderr).not.toContain(PASSWORD);
      expect(r.stderr.split('\n')).toEqual([
        expect.stringMatching(
          new RegExp(
            `^sightline ${command}: warning: the password in the --connect URL can be read by other users`,
          ),
        ),
        `sightline ${command}: --connect: The server 127.0.0.1:${fake.port} does not support TLS but the connection requires it (TLS mode 'required'). See --tls.`,
        '',
      ]);
    },
  );

  it.each([
    ['lint', 'off'],
    ['lint', 'preferred'],
    ['plan-check', 'off'],
    ['plan-check', 'preferred'],
  ] as const)(
    '%s --tls %s --password-env: refused on our side before the password is sent',
    async (command, mode) => {
      fake = await startFakeMysqlServer('caching_sha2_password');
      const url = `mysql://app@127.0.0.1:${fake.port}/shop`;
      const r = await cli(
        commandArgs(command, ['--connect', url, '--tls', mode, '--password-env', 'SL_PW']),
        { SL_PW: PASSWORD },
      );
      // preferred asks for TLS first, and on "no TLS here" logs in again without it.
      expect(fake.connections()).toBe(mode === 'preferred' ? 2 : 1);
      // The login went as far as the exchange; the password itself did not go out, in any form.
      expect(fake.received().at(-1)!.length).toBeGreaterThan(0);
      expect(fake.recovered()).toEqual([]);
      expect(fake.sawPassword(PASSWORD)).toBe(false);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(
        `sightline ${command}: --connect: the server 127.0.0.1:${fake.port} asked for the ` +
          'password itself on a link without TLS, and no public key is pinned for it: the ' +
          'password was not sent (under a key the server hands over, anyone in the middle ' +
          'could read it). Use --tls required (or verify-ca / verify-identity with --tls-ca), ' +
          "or pin the server's public key with --server-public-key FILE (the server's data " +
          "directory's public_key.pem).\n",
      );
    },
  );
});

describe('MySQL 9.7: the CLI logs in with TLS and --password-env', () => {
  const server = testServers().mysql;
  // Fresh accounts: their hash is not cached yet, so their first login takes the full exchange.
  const users = ['sl_cli_tls', 'sl_cli_ca', 'sl_cli_child', 'sl_cli_plain', 'sl_cli_pinned'];
  let datadir = '';

  beforeAll(async () => {
    await withConnection(server, async (c) => {
      datadir = String((await queryRow(c, 'SELECT @@datadir AS d')).d);
      await c.query(`DROP DATABASE IF EXISTS ${DATABASE}; CREATE DATABASE ${DATABASE}`);
      await c.query(`CREATE TABLE ${DATABASE}.items (id INT PRIMARY KEY, name VARCHAR(20))`);
      for (const user of users) {
        await c.query(`DROP USER IF EXISTS '${user}'@'%'`);
        // REQUIRE SSL: a login that succeeds was made over TLS.
        const ssl = user === 'sl_cli_plain' || user === 'sl_cli_pinned' ? '' : ' REQUIRE SSL';
        await c.query(
          `CREATE USER '${user}'@'%' IDENTIFIED WITH caching_sha2_password BY '${PASSWORD}'${ssl}`,
        );
        await c.query(`GRANT SELECT, PROCESS ON *.* TO '${user}'@'%'`);
      }
    });
  });
  afterAll(async () => {
    await withConnection(server, async (c) => {
      for (const user of users) await c.query(`DROP USER IF EXISTS '${user}'@'%'`);
      await c.query(`DROP DATABASE IF EXISTS ${DATABASE}`);
    });
  });

  const urlFor = (user: string) => `mysql://${user}@${server.host}:${server.port}/${DATABASE}`;
  const env = { SL_PW: PASSWORD };

  it('lint, default TLS (required) and --password-env: reads the live table', async () => {
    const r = await cli(
      commandArgs('lint', ['--connect', urlFor('sl_cli_tls'), '--password-env', 'SL_PW']),
      env,
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as LintReport;
    expect(report.target.startsWith('MySQL 9.7')).toBe(true);
    // The live table was read: with no schema, the ALTER would be an unknown-table finding.
    expect(report.statements[0]!.plan).toMatchObject({ algorithm: 'instant', lock: 'none' });
    expect(report.statements[0]!.findings.map((f) => f.rule)).toEqual(['no-algorithm-clause']);
  });

  it('plan-check, --tls verify-ca with the server CA: explains the query', async () => {
    const r = await cli(
      commandArgs('plan-check', [
        '--connect',
        urlFor('sl_cli_ca'),
        '--tls',
        'verify-ca',
        `--tls-ca=${path.join(datadir, 'ca.pem')}`,
        '--password-env',
        'SL_PW',
      ]),
      env,
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${queries}:1: NEW`);
  });

  it('--tls off: the full exchange is refused on our side, with what to do', async () => {
    const r = await cli(
      commandArgs('lint', [
        '--connect',
        urlFor('sl_cli_plain'),
        '--tls',
        'off',
        '--password-env',
        'SL_PW',
      ]),
      env,
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      new RegExp(
        `^sightline lint: --connect: the server ${server.host}:${server.port} asked for the password itself on a link without TLS.* --server-public-key FILE`,
      ),
    );
  });

  it("--tls off with the data directory's public_key.pem pinned: logs in", async () => {
    const r = await cli(
      commandArgs('lint', [
        '--connect',
        urlFor('sl_cli_pinned'),
        '--tls=off',
        '--server-public-key',
        path.join(datadir, 'public_key.pem'),
        '--password-env=SL_PW',
      ]),
      env,
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('as a child process, --password-env reads the real environment', async () => {
    const repo = path.resolve(import.meta.dirname, '../../..');
    const tsx = pathToFileURL(path.join(repo, 'node_modules/tsx/dist/loader.mjs')).href;
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        tsx,
        path.join(repo, 'src/main/cli/cli.ts'),
        ...commandArgs('lint', ['--connect', urlFor('sl_cli_child'), '--password-env', 'SL_PW']),
      ],
      { timeout: 60_000, env: { ...process.env, SL_PW: PASSWORD } },
    );
    expect(stderr).toBe('');
    const report = JSON.parse(stdout) as LintReport;
    expect(report.statements[0]!.findings.map((f) => f.rule)).toEqual(['no-algorithm-clause']);
  });
});
