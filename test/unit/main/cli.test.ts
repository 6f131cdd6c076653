import { describe, expect, it } from 'vitest';
import type { CliCommand } from '../../../src/main/cli/command';
import { explainCommand } from '../../../src/main/cli/explain-command';
import { runCli } from '../../../src/main/cli/run-cli';
import { terminalWriter } from '../../../src/main/cli/terminal-output';
import { capturedIo } from '../../cli-harness/captured-cli';

const io = (stdin = '') => capturedIo(stdin);

const echo: CliCommand = {
  name: 'echo',
  summary: 'print the arguments',
  run: async (args, { stdout }) => {
    stdout(args.join(' '));
    return 0;
  },
};

describe('runCli', () => {
  it('lists the commands in help', async () => {
    const t = io();
    expect(await runCli(['help'], [echo], t.io)).toBe(0);
    expect(t.out.join('')).toContain('  echo      print the arguments');
  });

  it('runs a command with its arguments', async () => {
    const t = io();
    expect(await runCli(['echo', 'a', 'b'], [echo], t.io)).toBe(0);
    expect(t.out).toEqual(['a b']);
  });

  it('exits 2 on an unknown command, saying which', async () => {
    const t = io();
    expect(await runCli(['nope'], [echo], t.io)).toBe(2);
    expect(t.err.join('')).toContain('sightline: unknown command "nope"');
  });
});

describe('the command line on a terminal', () => {
  // A plan file from someone else, its table name holding a title change and a screen clear.
  const plan = JSON.stringify({
    query_block: {
      select_id: 1,
      table: { table_name: 't\u001b]0;PWNED\u0007\u001b[2J\u009b31m', access_type: 'ALL' },
    },
  });
  const explain = async (isTTY: boolean) => {
    let printed = '';
    const stream = {
      isTTY,
      write: (t: string) => {
        printed += t;
        return true;
      },
    };
    const code = await runCli(['explain', '-'], [explainCommand], {
      stdout: terminalWriter(stream),
      stderr: terminalWriter(stream),
      readStdin: async () => plan,
    });
    return { code, printed };
  };

  it('shows the control characters of a plan file instead of sending them', async () => {
    const { code, printed } = await explain(true);
    expect(code).toBe(0);
    expect(printed).toContain('      table t\\x1b]0;PWNED\\x07\\x1b[2J\\x9b31m  access ALL\n');
    // eslint-disable-next-line no-control-regex
    expect(printed.match(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g)).toBeNull();
  });

  it('writes them as they are into a file or a pipe', async () => {
    const { code, printed } = await explain(false);
    expect(code).toBe(0);
    expect(printed).toContain('      table t\u001b]0;PWNED\u0007\u001b[2J\u009b31m  access ALL\n');
  });
});
