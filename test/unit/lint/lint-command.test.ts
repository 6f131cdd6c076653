import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintCommand } from '../../../src/main/cli/lint-command';
import { runCli } from '../../../src/main/cli/run-cli';
import { capturedIo } from '../../cli-harness/captured-cli';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../../..');
const CLI = path.join(repo, 'src/main/cli/cli.ts');
/** tsx by path: the child runs in a scratch directory, where the package cannot be resolved. */
const TSX = pathToFileURL(path.join(repo, 'node_modules/tsx/dist/loader.mjs')).href;

const io = (stdin = '') => capturedIo(stdin);

/** `sightline lint ...` as a child process, as CI runs it. */
async function sightline(
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', TSX, CLI, ...args], {
      cwd: dir,
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const failed = e as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

let dir = '';
const SCHEMA = `CREATE TABLE \`users\` (
  \`id\` int NOT NULL AUTO_INCREMENT,
  \`email\` varchar(200) NOT NULL,
  \`nick\` varchar(40) DEFAULT NULL,
  PRIMARY KEY (\`id\`),
  UNIQUE KEY \`email\` (\`email\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sightline-lint-cli-'));
  await writeFile(path.join(dir, 'schema.sql'), SCHEMA);
  await writeFile(
    path.join(dir, 'V1__clean.sql'),
    'ALTER TABLE users ADD COLUMN age INT, ALGORITHM=INSTANT;\n',
  );
  await writeFile(
    path.join(dir, 'V2__risky.sql'),
    '-- shrink the nick\nALTER TABLE users\n  MODIFY nick VARCHAR(10);\n',
  );
  await writeFile(path.join(dir, 'V3__broken.sql'), "ALTER TABLE users COMMENT 'never closed;\n");
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('sightline lint (in process)', () => {
  it('exits 0 on a clean migration and prints the plan', async () => {
    const t = io();
    const code = await runCli(
      ['lint', '--schema', path.join(dir, 'schema.sql'), path.join(dir, 'V1__clean.sql')],
      [lintCommand],
      t.io,
    );
    expect(t.stderr()).toBe('');
    expect(code).toBe(0);
    expect(t.stdout()).toContain(
      'ALTER TABLE users ADD COLUMN age INT, ALGORITHM=INSTANT -> INSTANT, LOCK=NONE',
    );
    expect(t.stdout()).toContain('0 danger, 0 warning, 0 info');
  });

  it('--fail-on warning fails on a warning that the default threshold lets pass', async () => {
    const sql = 'ALTER TABLE users RENAME COLUMN nick TO handle, ALGORITHM=INSTANT;\n';
    const lenient = io(sql);
    expect(
      await runCli(
        ['lint', '--schema', path.join(dir, 'schema.sql'), '-'],
        [lintCommand],
        lenient.io,
      ),
    ).toBe(0);
    expect(lenient.stdout()).toContain('(stdin):1:');
    const strict = io(sql);
    expect(
      await runCli(
        ['lint', '--fail-on', 'warning', '--schema', path.join(dir, 'schema.sql'), '-'],
        [lintCommand],
        strict.io,
      ),
    ).toBe(1);
  });

  it('exits 2 on a usage error and on an unreadable file', async () => {
    const bad = io();
    expect(await runCli(['lint', '--target', 'oracle-23', 'x.sql'], [lintCommand], bad.io)).toBe(2);
    expect(bad.stderr()).toContain('unknown target "oracle-23"');
    const missing = io();
    expect(await runCli(['lint', path.join(dir, 'nope.sql')], [lintCommand], missing.io)).toBe(2);
    expect(missing.stderr()).toMatch(/nope\.sql:1:1: error: cannot read the file \(ENOENT\)/);
  });

  it('refuses a migration file that is not UTF-8, saying where, rather than lint U+FFFD', async () => {
    const file = path.join(dir, 'latin1.sql');
    await writeFile(file, Buffer.from("-- fix\nALTER TABLE t COMMENT 'caf\xe9';\n", 'latin1'));
    const t = io();
    expect(await runCli(['lint', file], [lintCommand], t.io)).toBe(2);
    expect(t.stderr()).toContain(
      `${file}:2:1: error: the file is not UTF-8 text (byte 0xE9 at line 2, byte offset 33): ` +
        'convert it first, for example with `iconv -f latin1 -t utf-8`',
    );
  });
});

describe('sightline lint (child process)', () => {
  it('exits 1 with findings at file:line:column in text', async () => {
    const result = await sightline([
      'lint',
      '--target',
      'mysql-8.0.36',
      '--schema',
      'schema.sql',
      'V2__risky.sql',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      'V2__risky.sql:2:1: ALTER TABLE users -> COPY, LOCK=SHARED (copies the table)',
    );
    expect(result.stdout).toContain(
      'V2__risky.sql:3:3: danger [lossy-type-change] Column nick: varchar(40) narrows to varchar(10)',
    );
    expect(result.stdout).toContain('V2__risky.sql:3:3: danger [table-copy]');
  });

  it('exits 2 with file:line:column for input it cannot read', async () => {
    const result = await sightline(['lint', 'V1__clean.sql', 'V3__broken.sql']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'V3__broken.sql:1:27: error: unterminated string: the file ends inside it\n',
    );
  });

  it('prints the report as JSON', async () => {
    const result = await sightline([
      'lint',
      '--format',
      'json',
      '--schema',
      'schema.sql',
      'V2__risky.sql',
      'V1__clean.sql',
    ]);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as {
      target: string;
      files: { name: string }[];
      statements: unknown[];
    };
    expect(report.target).toBe('MySQL 8.4.0');
    expect(report.files.map((f) => f.name)).toEqual(['V1__clean.sql', 'V2__risky.sql']);
    expect(report.statements[1]).toMatchObject({
      file: 'V2__risky.sql',
      line: 2,
      kind: 'alter-table',
      table: 'users',
      plan: { algorithm: 'copy', lock: 'shared', copy: true },
      findings: expect.arrayContaining([
        expect.objectContaining({
          rule: 'lossy-type-change',
          severity: 'danger',
          line: 3,
          column: 3,
        }),
      ]),
    });
  });

  it('writes SARIF 2.1.0 that the official schema accepts', async () => {
    const result = await sightline([
      'lint',
      '--format',
      'sarif',
      '--schema',
      'schema.sql',
      'V1__clean.sql',
      'V2__risky.sql',
      'V3__broken.sql',
    ]);
    expect(result.code).toBe(2);
    const schema = JSON.parse(
      await readFile(path.join(repo, 'test/fixtures/sarif/sarif-schema-2.1.0.json'), 'utf8'),
    ) as object;
    const ajv = new Ajv({ strict: false, allErrors: true });
    // The schema names formats; check the two a SARIF log of ours uses, strictly enough.
    ajv.addFormat('uri', /^[a-z][a-z0-9+.-]*:\S*$/i);
    ajv.addFormat('uri-reference', /^\S*$/);
    ajv.addFormat('date-time', true);
    const validate = ajv.compile(schema);
    const log = JSON.parse(result.stdout) as {
      version: string;
      runs: {
        results: {
          ruleId: string;
          level: string;
          locations: { physicalLocation: { artifactLocation: { uri: string }; region: object } }[];
        }[];
        invocations: { toolExecutionNotifications: unknown[] }[];
      }[];
    };
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    expect(log.version).toBe('2.1.0');
    const results = log.runs[0]!.results;
    expect(results).toContainEqual(
      expect.objectContaining({
        ruleId: 'lossy-type-change',
        level: 'error',
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: 'V2__risky.sql' },
              region: { startLine: 3, startColumn: 3 },
            },
          },
        ],
      }),
    );
    expect(log.runs[0]!.invocations[0]!.toolExecutionNotifications).toHaveLength(1);
    // The schema check has teeth: a result without a message is refused.
    const broken = structuredClone(log) as { runs: { results: { message?: unknown }[] }[] };
    delete broken.runs[0]!.results[0]!.message;
    expect(validate(broken)).toBe(false);
  });
});
