import { APP_VERSION } from '../backend/version';
import type { CliCommand, CliIo } from './command';
import { maskUrlPasswords } from './connect-url';

function usage(commands: CliCommand[]): string {
  const width = Math.max(8, ...commands.map((c) => c.name.length)) + 2;
  const lines = [
    ...commands.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    `  ${'version'.padEnd(width)}print the version`,
    `  ${'help'.padEnd(width)}show this help`,
  ];
  return `Usage: sightline <command> [options]\n\nCommands:\n${lines.join('\n')}\n`;
}

/** Runs `sightline ...` with the given commands; returns the exit code. */
export async function runCli(argv: string[], commands: CliCommand[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    io.stdout(usage(commands));
    return 0;
  }
  if (name === 'version' || name === '--version') {
    io.stdout(`${APP_VERSION}\n`);
    return 0;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    io.stderr(`sightline: unknown command "${name}"\n\n${usage(commands)}`);
    return 2;
  }
  // A message may echo an argument, and an argument may be a URL with a password in it.
  return command.run(rest, { ...io, stderr: (t) => io.stderr(maskUrlPasswords(t)) });
}
