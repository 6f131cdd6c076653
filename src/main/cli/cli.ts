// `sightline`: the command line over src/shared. Commands arrive with their issues (explain,
// gtid, replication); this entry parses the command and says plainly what exists.
import { APP_VERSION } from '../backend/version';

const USAGE = `Usage: sightline <command> [options]

Commands:
  version        print the version
  help           show this help

More commands (explain, gtid, replication) arrive with their features.`;

export function runCli(argv: string[]): number {
  const [command] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    console.log(USAGE);
    return 0;
  }
  if (command === 'version' || command === '--version') {
    console.log(APP_VERSION);
    return 0;
  }
  console.error(`sightline: unknown command "${command}"\n\n${USAGE}`);
  return 2;
}

process.exitCode = runCli(process.argv.slice(2));
