import type { CliCommand, CliIo } from '../../src/main/cli/command';
import { runCli } from '../../src/main/cli/run-cli';

/** A CliIo that keeps what a command prints, with `stdin` as its input and `env` if given. */
export function capturedIo(stdin = '', env?: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    readStdin: async () => stdin,
    ...(env === undefined ? {} : { env }),
  };
  return { out, err, io, stdout: () => out.join(''), stderr: () => err.join('') };
}

/** Runs the CLI in this process: its exit code and all it printed on each stream. */
export async function runCapturedCli(
  args: string[],
  commands: CliCommand[],
  options: { stdin?: string; env?: Record<string, string> } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const t = capturedIo(options.stdin, options.env);
  const code = await runCli(args, commands, t.io);
  return { code, stdout: t.stdout(), stderr: t.stderr() };
}
