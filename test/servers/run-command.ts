import { spawn } from 'node:child_process';

export interface CommandOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Kill the command (SIGKILL) when it runs longer than this; default 10 minutes. */
  timeoutMs?: number;
}

export interface CommandOutput {
  stdout: string;
  stderr: string;
}

/** A command that exited non-zero, was killed, or could not be started. */
export class CommandError extends Error {
  constructor(
    readonly argv: readonly string[],
    readonly exitCode: number | null,
    readonly stdout: string,
    readonly stderr: string,
    reason: string,
  ) {
    super(`${reason}: ${argv.join(' ')}\n${lastLines(`${stderr}\n${stdout}`.trim(), 25)}`);
    this.name = 'CommandError';
  }
}

/**
 * Runs a program (no shell, so arguments need no quoting) and resolves with its output, or
 * rejects with a CommandError carrying the output's tail: provisioning failures are only
 * debuggable from what apt or the server printed.
 */
export function runCommand(
  argv: readonly string[],
  options: CommandOptions = {},
): Promise<CommandOutput> {
  const [program, ...args] = argv;
  if (!program) return Promise.reject(new Error('runCommand: empty command'));
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 600_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new CommandError(argv, null, stdout, stderr, `cannot run (${error.message})`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve({ stdout, stderr });
      else {
        const reason = signal ? `killed by ${signal}` : `exit code ${code}`;
        reject(new CommandError(argv, code, stdout, stderr, reason));
      }
    });
  });
}

/** The last `count` lines of a text, for error messages that quote logs. */
export function lastLines(text: string, count: number): string {
  return text.split('\n').slice(-count).join('\n');
}
