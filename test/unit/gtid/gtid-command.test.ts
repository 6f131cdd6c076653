import { describe, expect, it } from 'vitest';
import { gtidCommand } from '../../../src/main/cli/gtid-command';
import { runCapturedCli } from '../../cli-harness/captured-cli';

const U = '3e11fa47-71ca-11e1-9e33-c80aa9429562';
const V = '00000000-0000-0000-0000-000000000001';

const gtid = (args: string[], stdin = '') =>
  runCapturedCli(['gtid', ...args], [gtidCommand], { stdin });

describe('sightline gtid', () => {
  it('subtract prints the set as GTID_SUBTRACT does', async () => {
    expect(await gtid(['subtract', `${U}:1-10,${V}:5,${U.toUpperCase()}:T:1`, `${U}:3-4`])).toEqual(
      {
        code: 0,
        stdout: `${V}:5,\n${U}:1-2:5-10:t:1\n`,
        stderr: '',
      },
    );
  });

  it('subset prints 1 or 0', async () => {
    expect((await gtid(['subset', `${U}:2-3`, `${U}:1-5`])).stdout).toBe('1\n');
    expect((await gtid(['subset', `${U}:2-9`, `${U}:1-5`])).stdout).toBe('0\n');
  });

  it('union, intersect, normalize and count', async () => {
    expect((await gtid(['union', `${U}:1-3`, `${U}:4-5`])).stdout).toBe(`${U}:1-5\n`);
    expect((await gtid(['intersect', `${U}:1-3`, `${U}:2-5`])).stdout).toBe(`${U}:2-3\n`);
    expect((await gtid(['normalize', ` ${U} : 5 : 1-4 `])).stdout).toBe(`${U}:1-5\n`);
    expect((await gtid(['normalize', ''])).stdout).toBe('\n');
    expect((await gtid(['count', `${U}:1-9223372036854775806`])).stdout).toBe(
      '9223372036854775806\n',
    );
  });

  it("exits 2 with MySQL's reason for a malformed set, naming which one", async () => {
    expect(await gtid(['subtract', `${U}:1`, `${U}:0`])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'sightline gtid subtract: set B: Malformed GTID set specification ' +
        `'Interval start out of range after 37 characters, marked by [HERE] in: "...0aa9429562:[HERE]0"'.\n`,
    });
    const one = await gtid(['count', 'x']);
    expect(one.code).toBe(2);
    expect(one.stderr).toBe(
      'sightline gtid count: Malformed GTID set specification ' +
        `'Expected at least two hex digits at the beginning of the string: "x"'.\n`,
    );
  });

  it('exits 2 with the usage for a wrong call, 0 for help', async () => {
    const unknown = await gtid(['frobnicate', 'x']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown operation "frobnicate"');
    expect((await gtid(['subtract', `${U}:1`])).stderr).toContain('subtract takes two sets');
    const help = await gtid([]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: sightline gtid <operation> A [B]');
  });

  it('--jsonl answers each line', async () => {
    const requests = [
      { op: 'subtract', a: `${U}:1-10`, b: `${U}:2` },
      { op: 'subset', a: `${U}:1`, b: `${U}:1-2` },
      { op: 'count', a: `${U}:1-9223372036854775806` },
      { op: 'normalize', a: `${U}:0` },
      { op: 'union', a: `${U}:1` },
      { op: 'nope', a: '' },
    ]
      .map((r) => JSON.stringify(r))
      .join('\n');
    const result = await gtid(['--jsonl'], `${requests}\n\nnot json\n`);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.slice(0, 5)).toEqual([
      JSON.stringify({ result: `${U}:1:3-10` }),
      '{"result":1}',
      '{"result":9223372036854775806}',
      JSON.stringify({
        error:
          'Malformed GTID set specification ' +
          `'Interval start out of range after 37 characters, marked by [HERE] in: "...0aa9429562:[HERE]0"'.`,
      }),
      JSON.stringify({ error: 'union needs "b"' }),
    ]);
    expect(JSON.parse(lines[5]!).error).toMatch(/^expected \{"op": subtract\|subset/);
    expect(lines[6]).toBe(JSON.stringify({ error: 'not valid JSON' }));
    expect(lines).toHaveLength(7);
  });
});
