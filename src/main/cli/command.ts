/** One `sightline <name>` command: reads its arguments and streams, returns the exit code. */
export interface CliCommand {
  name: string;
  /** One line for the help listing. */
  summary: string;
  run(args: string[], io: CliIo): Promise<number>;
}

/** The streams a command uses, so tests can run commands without a child process. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** All of standard input, read when a command asks for it. */
  readStdin: () => Promise<string>;
  /** Where `--password-env` reads from; process.env when absent. */
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * What every command does first with its parsed options: `help` prints the usage (exit 0), any
 * other text is a usage error (exit 2). Returns that exit code, or the options to go on with.
 */
export function optionsOrExit<T extends object>(
  command: string,
  usage: string,
  options: T | string,
  io: CliIo,
): T | number {
  if (options === 'help') {
    io.stdout(usage);
    return 0;
  }
  if (typeof options === 'string') {
    io.stderr(`sightline ${command}: ${options}\n\n${usage}`);
    return 2;
  }
  return options;
}
