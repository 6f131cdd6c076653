import { describe, expect, it } from 'vitest';
import type { CliCommand } from '../../../src/main/cli/command';
import { runCli } from '../../../src/main/cli/run-cli';
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
