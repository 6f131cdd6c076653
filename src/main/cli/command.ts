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
}
