import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { slowlogCommand } from '../../../src/main/cli/slowlog-command';

const dir = mkdtempSync(join(tmpdir(), 'sightline-slowlog-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

async function run(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await slowlogCommand.run(args, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    readStdin: () => Promise.resolve(''),
  });
  return { code, stdout, stderr };
}

const entry = (time: string, sql: string, queryTime: number) =>
  `# Time: ${time}\n# User@Host: app[app] @ web [10.0.0.1]  Id: 5\n# Query_time: ${queryTime}  Lock_time: 0.000001 Rows_sent: 1  Rows_examined: 10\nSET timestamp=1;\n${sql};\n`;

const OLD = entry('2026-11-24T23:59:59.000000Z', 'SELECT * FROM t WHERE id = 1', 0.5);
const NEW =
  entry('2026-11-25T10:00:00.000000Z', 'SELECT * FROM t WHERE id = 2', 0.25) +
  entry('2026-11-25T10:00:01.000000Z', "SELECT name FROM u WHERE n = 'x'", 2);

describe('sightline slowlog', () => {
  it('reads a gzip file and a plain one as one log and prints one JSON object per class', async () => {
    const rotated = file('slow.log.1.gz', gzipSync(OLD));
    const current = file('slow.log', NEW);
    const { code, stdout } = await run('--format', 'json', '--top', '0', rotated, current);
    expect(code).toBe(0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => [l['fingerprint'], l['query_count'], l['checksum']])).toEqual([
      ['select name from u where n = ?', 1, expect.stringMatching(/^[0-9A-F]{32}$/)],
      ['select * from t where id = ?', 2, '86A4FD498C70095E35FC3906162972DA'],
    ]);
    expect(lines[1]).toMatchObject({
      ts_min: '2026-11-24T23:59:59',
      ts_max: '2026-11-25T10:00:00',
      metrics: { Query_time: { sum: '0.750000' }, user: { value: 'app' } },
    });
  });

  it('keeps to --since/--until and --top, and prints a text report', async () => {
    const both = file('both.log', OLD + NEW);
    const { code, stdout, stderr } = await run(
      '--since',
      '2026-11-25',
      '--until',
      '2026-11-25 10:00:00',
      both,
    );
    expect(code).toBe(0);
    expect(stdout).toContain('1 statements in 1 shown classes');
    expect(stdout).toContain('86A4FD498C70095E35FC3906162972DA');
    expect(stdout).not.toContain('select name');
    expect(stderr).toContain('(2 outside the filters)');
    const top = await run('--top', '1', '--format', 'json', both);
    expect(top.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('says clearly what is wrong with an empty file, a binary file, a general log or a missing file', async () => {
    const cases: [string, RegExp][] = [
      [file('empty.log', ''), /empty/],
      [
        file('binary.bin', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 0, 0, 0, 0xff])),
        /binary file/,
      ],
      [
        file(
          'general.log',
          '/usr/sbin/mysqld, Version: 8.0.36 (MySQL Community Server - GPL). started with:\nTcp port: 3306  Unix socket: /tmp/s\nTime                 Id Command    Argument\n2026-11-25T10:00:00.000000Z\t    8 Connect\troot@localhost on  using Socket\n2026-11-25T10:00:00.100000Z\t    8 Query\tSELECT 1\n',
        ),
        /general query log/,
      ],
      [join(dir, 'missing.log'), /no such file/],
    ];
    for (const [path, message] of cases) {
      const { code, stderr, stdout } = await run(path);
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr).toMatch(message);
    }
  });

  it('reads a slow log that holds NUL bytes inside a statement (not taken for a binary file)', async () => {
    const withNul = file(
      'nul.log',
      Buffer.from(entry('2026-11-25T10:00:00.000000Z', "SELECT 'a\0b' FROM t", 0.1), 'latin1'),
    );
    const { code, stdout } = await run('--format', 'json', withNul);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ fingerprint: 'select ? from t', query_count: 1 });
  });

  it('reports entries it could not read with their byte offset and goes on', async () => {
    const cut = file('cut.log', NEW + '# Time: 2026-11-25T10:00:02Z\n# Query_time: 0.1');
    const { code, stderr } = await run(cut);
    expect(code).toBe(0);
    expect(stderr).toContain(`byte ${NEW.length}: the last entry has no statement`);
    expect(stderr).toContain('1 unreadable');
  });

  it('refuses bad options with the usage', async () => {
    expect((await run('--since', 'yesterday', 'x.log')).code).toBe(2);
    expect((await run('--format', 'xml', 'x.log')).code).toBe(2);
    expect((await run()).code).toBe(2);
    expect((await run('--help')).code).toBe(0);
  });
});
