import type { CliCommand } from './command';
import { explainCommand } from './explain-command';
import { gtidCommand } from './gtid-command';
import { lintCommand } from './lint-command';
import { planCheckCommand } from './plan-check/plan-check-command';
import { slowlogCommand } from './slowlog-command';

/** Every command of the CLI; each feature adds its own module and one line here. */
export const COMMANDS: CliCommand[] = [
  gtidCommand,
  explainCommand,
  lintCommand,
  planCheckCommand,
  slowlogCommand,
];
