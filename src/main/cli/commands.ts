import type { CliCommand } from './command';

/** Every command of the CLI; each feature adds its own module and one line here. */
export const COMMANDS: CliCommand[] = [];
