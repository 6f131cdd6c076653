// `sightline`: the command line over src/shared.
import { COMMANDS } from './commands';
import { stdinText } from './read-input';
import { runCli } from './run-cli';
import { terminalWriter } from './terminal-output';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return stdinText(Buffer.concat(chunks));
}

runCli(process.argv.slice(2), COMMANDS, {
  stdout: terminalWriter(process.stdout),
  stderr: terminalWriter(process.stderr),
  readStdin,
  env: process.env,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    terminalWriter(process.stderr)(`sightline: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
