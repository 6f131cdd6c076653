import type { CliCommand } from './command';
import { explainCommand } from './explain-command';
import { gtidCommand } from './gtid-command';

/** Every command of the CLI; each feature adds its own module and one line here. */
export const COMMANDS: CliCommand[] = [gtidCommand, explainCommand];
