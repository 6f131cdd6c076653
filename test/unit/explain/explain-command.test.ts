import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainCommand } from '../../../src/main/cli/explain-command';
import { runCli } from '../../../src/main/cli/run-cli';
import { capturedIo } from '../../cli-harness/captured-cli';
import { PlanReportSchema } from '../../../src/shared/explain';
import { CORPUS_DIR } from '../../explain-corpus/corpus-index';

const io = (stdin = '') => capturedIo(stdin);

const corpus = (file: string) => path.join(CORPUS_DIR, file);
const V1 = corpus('mysql-9.7/full-scan-filesort.json-v1.json');
const TREE = corpus('mysql-9.7/misestimate-skew.analyze.txt');
let dir = '';
let broken = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sightline-explain-cli-'));
  broken = path.join(dir, 'broken.json');
  await writeFile(broken, '{\n  "query_block": {\n    "select_id": 1,\n    "table": }\n}\n');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('sightline explain', () => {
  it('prints a text tree with costs, rows and diagnostics by default', async () => {
    const t = io();
    expect(await runCli(['explain', V1], [explainCommand], t.io)).toBe(0);
    expect(t.stdout()).toContain('MySQL EXPLAIN FORMAT=JSON (version 1)');
    expect(t.stdout()).toMatch(/\+- Table scan on orders {2}#\d/);
    expect(t.stdout()).toContain('Diagnostics:');
    expect(t.stdout()).toContain('Suggestion: An index on orders (total)');
    expect(t.stderr()).toBe('');
  });

  it('--json prints the model', async () => {
    const t = io();
    expect(await runCli(['explain', '--json', TREE], [explainCommand], t.io)).toBe(0);
    const model = JSON.parse(t.stdout()) as Record<string, unknown>;
    expect(Object.keys(model)).toEqual(
      expect.arrayContaining(['dialect', 'root', 'diagnostics', 'stats']),
    );
    expect(model).toMatchObject({
      dialect: 'mysql-tree',
      stats: { nodes: 6, tables: 3, unknownNodes: 0 },
    });
    expect(PlanReportSchema.safeParse(model).success).toBe(true);
  });

  it('--json with several files: JSON Lines with a file field, errors included; exit 2', async () => {
    const t = io();
    expect(await runCli(['explain', '--json', V1, broken, TREE], [explainCommand], t.io)).toBe(2);
    const lines = t
      .stdout()
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.file)).toEqual([V1, broken, TREE]);
    expect(lines[0]).toMatchObject({ dialect: 'mysql-json-v1' });
    expect(lines[1]).toEqual({
      file: broken,
      error: { message: expect.stringMatching(/^invalid JSON/), line: 4, column: 14 },
    });
    expect(lines[2]).toMatchObject({ dialect: 'mysql-tree' });
    expect(t.stderr()).toBe(
      `${broken}: error: invalid JSON: unexpected character "}", expected a value at line 4 column 14\n`,
    );
  });

  it('a single input that is not a plan: error with line and column on stderr, exit 2', async () => {
    const t = io();
    expect(await runCli(['explain', broken], [explainCommand], t.io)).toBe(2);
    expect(t.stdout()).toBe('');
    expect(t.stderr()).toBe(
      'error: invalid JSON: unexpected character "}", expected a value at line 4 column 14\n',
    );
  });

  it('reads standard input for -, and honours --dialect', async () => {
    const tree = '-> Table scan on t  (cost=1 rows=5)\n';
    const t = io(tree);
    expect(
      await runCli(['explain', '--json', '--dialect', 'mysql-tree', '-'], [explainCommand], t.io),
    ).toBe(0);
    expect(JSON.parse(t.stdout())).toMatchObject({ dialect: 'mysql-tree', stats: { nodes: 1 } });
    const wrong = io(tree);
    expect(
      await runCli(['explain', '--dialect=mysql-json-v2', '-'], [explainCommand], wrong.io),
    ).toBe(2);
    expect(wrong.stderr()).toMatch(/^error: invalid JSON: .* at line 1 column 1\n$/);
  });

  it('text output for several files names each', async () => {
    const t = io();
    expect(await runCli(['explain', V1, TREE], [explainCommand], t.io)).toBe(0);
    expect(t.stdout()).toContain(`==> ${V1} <==`);
    expect(t.stdout()).toContain(`==> ${TREE} <==`);
  });

  it('exit 1 for a file that cannot be read', async () => {
    const t = io();
    const missing = path.join(dir, 'missing.json');
    expect(await runCli(['explain', missing], [explainCommand], t.io)).toBe(1);
    expect(t.stderr()).toBe(`${missing}: error: cannot read the file (ENOENT)\n`);
  });

  it('usage errors exit 2; --help prints usage', async () => {
    for (const args of [
      ['explain'],
      ['explain', '--dialect', 'oracle', V1],
      ['explain', '--frobnicate', V1],
    ]) {
      const t = io();
      expect(await runCli(args, [explainCommand], t.io)).toBe(2);
      expect(t.stderr()).toContain('Usage: sightline explain');
    }
    const help = io();
    expect(await runCli(['explain', '--help'], [explainCommand], help.io)).toBe(0);
    expect(help.stdout()).toContain('--dialect');
  });
});
