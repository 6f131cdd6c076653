import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { explainCommand } from '../../../src/main/cli/explain-command';
import { runCapturedCli } from '../../cli-harness/captured-cli';

// Real plans of one statement, saved from MySQL 9.7 and MariaDB 11.8 by the explain corpus.
const CORPUS = path.join(__dirname, '../../explain-corpus');
const MYSQL = path.join(CORPUS, 'mysql-9.7/hash-join.tree.txt');
const MYSQL_OTHER = path.join(CORPUS, 'mysql-9.7/full-scan-filesort.json-v2.json');
const MARIADB = path.join(CORPUS, 'mariadb-11.8/hash-join.json.json');

const compare = (...args: string[]) =>
  runCapturedCli(['explain', '--compare', ...args], [explainCommand]);

describe('sightline explain --compare across servers', () => {
  it('leaves cost out between a MySQL and a MariaDB plan, and says why', async () => {
    const run = await compare(MYSQL, MARIADB);
    expect(run.stderr).toBe(
      'sightline explain: costs not compared: MySQL and MariaDB count cost in other units\n',
    );
    expect(run.stdout).not.toMatch(/\] Cost /);
    const json = await compare('--json', MARIADB, MYSQL);
    const diff = JSON.parse(json.stdout) as { changes: Array<{ kind: string }> };
    expect(diff.changes.map((c) => c.kind)).not.toContain('cost');
  });

  it('still compares the costs of two MySQL plans, whatever their formats', async () => {
    const run = await compare(MYSQL, MYSQL_OTHER);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/\] Cost [^\n]+ → [^\n]+ \([+-]\d+%\)\n/);
  });
});
