import type { ServerFlavor } from '../server/flavor';
import { compareVersions, v, type ServerVersion } from '../server/version';
import { withClause } from './plan-alter';
import type { ParsedAlter } from './alter-operation';
import { renderCommand, safeFileNamePart, type ArgumentLines } from './command-line';

/** Where the online schema change tools connect. */
export interface ToolTarget {
  host: string;
  port: number;
  user: string;
  schema: string;
  table: string;
}

/** What changes the generated command lines. */
export interface ToolContext {
  hasForeignKeys: boolean;
  hasTriggers: boolean;
  /** Replicas seen from this server. */
  replicaCount: number;
  /** The server the tools will connect to. */
  server: { flavor: ServerFlavor; version: ServerVersion };
}

/**
 * MySQL 8.4 removed SHOW SLAVE HOSTS / SHOW SLAVE STATUS, which pt-online-schema-change before
 * 3.7.0 (PT-2340) runs to find replicas and read their lag: it stops there with a syntax error.
 */
const MYSQL_WITHOUT_SLAVE_WORDS = v('8.4.0');

export interface ToolCommand {
  tool: 'gh-ost' | 'pt-online-schema-change';
  /**
   * The command for bash/zsh, one flag per line, every value quoted, to run by hand after
   * reading it; null when the tool cannot be given this table (`blocker` says why).
   */
  command: string | null;
  /** The same for PowerShell. */
  powershell: string | null;
  /** What each safety flag does, and what the tool cannot do here. */
  notes: string[];
  /** A reason the tool should not be used on this table, if any. */
  blocker: string | null;
}

/** The ALTER's clauses without `ALTER TABLE name` and without ALGORITHM=/LOCK=, for the tools. */
export function alterClauses(alter: ParsedAlter): string {
  return withClause(alter, null).slice(alter.head.length).trim();
}

/**
 * gh-ost and pt-online-schema-change command lines for a change too big to run natively:
 * copies in small chunks that pause on replica lag and server load, and a cut-over that waits
 * for the operator. Generated to be read, dry-run, then run; never run by Sightline.
 */
export function onlineToolCommands(
  alter: ParsedAlter,
  target: ToolTarget,
  context: ToolContext,
): ToolCommand[] {
  const clauses = alterClauses(alter);
  const renames = alter.operations.some((o) => o.kind === 'rename-table');
  const flagName = safeFileNamePart(target.table);
  const ghostLines: ArgumentLines = [
    ['gh-ost'],
    [`--host=${target.host}`],
    [`--port=${target.port}`],
    [`--user=${target.user}`],
    ['--ask-pass'],
    [`--database=${target.schema}`],
    [`--table=${target.table}`],
    [`--alter=${clauses}`],
    ['--max-lag-millis=1500'],
    ['--max-load=Threads_running=25'],
    ['--critical-load=Threads_running=100'],
    ['--chunk-size=1000'],
    ['--nice-ratio=0.5'],
    [`--postpone-cut-over-flag-file=/tmp/ghost.${flagName}.postpone`],
    [`--throttle-flag-file=/tmp/ghost.${flagName}.throttle`],
    ['--initially-drop-ghost-table'],
    ['--exact-rowcount'],
    ['--concurrent-rowcount'],
    ['--default-retries=120'],
    ['--verbose'],
  ];
  const ghostNotes = [
    '--max-lag-millis=1500: pauses the copy while any replica lags more than 1.5 s.',
    '--max-load / --critical-load: pauses above 25 running threads, aborts above 100.',
    '--chunk-size=1000 and --nice-ratio=0.5: small chunks, resting half as long as each took.',
    `--postpone-cut-over-flag-file: the copy finishes but the table swap waits while /tmp/ghost.${flagName}.postpone exists; delete it to cut over when you choose.`,
    'Runs as a dry run (no --execute): add --execute once the dry run is clean.',
  ];
  if (context.replicaCount === 0) {
    ghostNotes.push('No replica seen: add --allow-on-master to read the binlog on this server.');
  }
  const clauseProblem = controlCharacterInClauses(clauses);
  const ghostNameProblem =
    controlCharacterIn(target.schema, 'schema') ??
    controlCharacterIn(target.table, 'table') ??
    clauseProblem;
  const ghostBlocker =
    ghostNameProblem ??
    (context.hasForeignKeys
      ? 'gh-ost does not support tables with foreign keys.'
      : context.hasTriggers
        ? 'gh-ost does not support tables with triggers.'
        : renames
          ? 'gh-ost cannot rename the table; rename it separately.'
          : null);

  // A DSN has no escaping: a `,` in a name would start another key (`t,h=elsewhere`), so host
  // and user go as options, and names a DSN cannot hold get no line at all. The port stays in
  // the DSN: pt-online-schema-change 3.2 ignores its --port option.
  const dsnProblem =
    dsnUnfit(target.schema, 'schema') ?? dsnUnfit(target.table, 'table') ?? clauseProblem;
  const dsn = `P=${target.port},D=${target.schema},t=${target.table}`;
  const withoutSlaveWords =
    context.server.flavor !== 'mariadb' &&
    compareVersions(context.server.version, MYSQL_WITHOUT_SLAVE_WORDS) >= 0;
  // Nothing to discover, and discovering is what fails on 8.4+ with an older toolkit.
  const skipDiscovery = withoutSlaveWords && context.replicaCount === 0;
  const ptLines: ArgumentLines = [
    ['pt-online-schema-change'],
    ['--alter', clauses],
    ['--host', target.host],
    ['--user', target.user],
    ['--ask-pass'],
    ['--max-lag=1'],
    ['--check-interval=1'],
    ['--max-load', 'Threads_running=25'],
    ['--critical-load', 'Threads_running=100'],
    ['--chunk-time=0.5'],
    ['--set-vars', 'lock_wait_timeout=5'],
    ['--tries', 'create_triggers:10:1,drop_triggers:10:1,swap_tables:10:1'],
    [`--pause-file=/tmp/pt-osc.${flagName}.pause`],
    ...(skipDiscovery ? [['--recursion-method=none']] : []),
    ...(context.hasForeignKeys ? [['--alter-foreign-keys-method=auto']] : []),
    ...(context.hasTriggers ? [['--preserve-triggers']] : []),
    ['--dry-run'],
    [dsn],
  ];
  const ptNotes = [
    '--max-lag=1: pauses the copy while a replica lags more than 1 s.',
    '--max-load / --critical-load: pauses above 25 running threads, aborts above 100.',
    '--chunk-time=0.5: sizes chunks to take half a second each.',
    '--set-vars lock_wait_timeout=5: the tool gives up rather than queue behind a long transaction.',
    `--pause-file: the copy pauses while /tmp/pt-osc.${flagName}.pause exists (pt-osc has no postponed cut-over; use --no-swap-tables --no-drop-new-table to swap by hand).`,
    'Runs with --dry-run: replace it with --execute once the dry run is clean.',
  ];
  if (skipDiscovery) {
    ptNotes.push(
      '--recursion-method=none: no replica was seen from this server, so the tool looks for none (and checks no lag); remove it if replicas connect before you run it.',
    );
  }
  if (withoutSlaveWords) {
    ptNotes.push(
      'Needs Percona Toolkit 3.7.0 or later here: MySQL 8.4 removed SHOW SLAVE HOSTS and SHOW SLAVE STATUS, and older versions stop with a syntax error when they look for replicas.',
    );
  }
  if (context.hasForeignKeys) {
    ptNotes.push('--alter-foreign-keys-method=auto: child tables are repointed to the new table.');
  }
  if (context.hasTriggers) ptNotes.push('--preserve-triggers: the table’s own triggers are kept.');
  const ghostPowerShell = powerShellUnfit(ghostLines);
  if (ghostPowerShell && !ghostNameProblem) ghostNotes.push(ghostPowerShell);
  const ptPowerShell = powerShellUnfit(ptLines);
  if (ptPowerShell && !dsnProblem) ptNotes.push(ptPowerShell);
  return [
    {
      tool: 'gh-ost',
      command: ghostNameProblem ? null : renderCommand(ghostLines, 'posix'),
      powershell:
        ghostNameProblem || ghostPowerShell ? null : renderCommand(ghostLines, 'powershell'),
      notes: ghostNotes,
      blocker: ghostBlocker,
    },
    {
      tool: 'pt-online-schema-change',
      command: dsnProblem ? null : renderCommand(ptLines, 'posix'),
      powershell: dsnProblem || ptPowerShell ? null : renderCommand(ptLines, 'powershell'),
      notes: ptNotes,
      blocker:
        dsnProblem ??
        (renames ? 'pt-online-schema-change cannot rename the table; rename it separately.' : null),
    },
  ];
}

/**
 * Why a command line must not carry `name`, or null: a control character is invisible in the
 * page yet acted on by the terminal it is pasted into (an escape sequence, a Ctrl-C, a
 * newline that runs the line early), quoting or not.
 */
function controlCharacterIn(name: string, what: 'schema' | 'table'): string | null {
  // Control characters are what this looks for.
  // eslint-disable-next-line no-control-regex
  if (!/[\u0000-\u001f\u007f-\u009f]/u.test(name)) return null;
  return `gh-ost's command line would carry a control character of this ${what}'s name: invisible here, yet acted on by the terminal it is pasted into. No command line is written; rename the ${what} first.`;
}

/**
 * Why no PowerShell line is written, or null. Windows PowerShell 5.1 (and 7 before 7.3) hands a
 * program its arguments without escaping the `"` inside them, and wraps one with spaces in `"`
 * without doubling a `\` before its end: the program then splits them differently, so a name
 * holding `" --execute "` would add an argument that turns the dry run into the real one.
 */
function powerShellUnfit(lines: ArgumentLines): string | null {
  const unfit = lines.flat().some((a) => a.includes('"') || a.endsWith('\\'));
  if (!unfit) return null;
  return 'No PowerShell line: an argument holds a double quote (or ends with a backslash), which Windows PowerShell passes to programs unescaped, splitting it into other arguments. Use the bash line (WSL, Git Bash).';
}

/**
 * Why the ALTER's clauses must not go into a command line, or null: a control character (in a
 * column or index name read from the server, say), invisible on the page, acts on the terminal
 * the line is pasted into whatever the quoting: an escape sequence that ends a bracketed paste
 * early, a Ctrl-key that edits or runs the line. Newlines and tabs that lay out a statement
 * stay (quoted, they are part of the argument).
 */
function controlCharacterInClauses(clauses: string): string | null {
  // Control characters are what this looks for.
  // eslint-disable-next-line no-control-regex
  if (!/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/u.test(clauses)) return null;
  return "The ALTER's text carries a control character (in a name, perhaps one read from the server): invisible here, yet acted on by the terminal a command line is pasted into. No command line is written; rename what carries it first.";
}

/**
 * Why `name` cannot be written in a pt-online-schema-change DSN (which has no escaping), or
 * null when it can: `,` starts another key, `=` and control characters confuse its parser.
 */
function dsnUnfit(name: string, what: 'schema' | 'table'): string | null {
  // Control characters are what this looks for.
  // eslint-disable-next-line no-control-regex
  const bad = /[,=]|[\u0000-\u001f\u007f-\u009f]/u.exec(name);
  if (!bad) return null;
  const shown = bad[0] === ',' || bad[0] === '=' ? `“${bad[0]}”` : 'a control character';
  return `pt-online-schema-change cannot be given this ${what}: its name contains ${shown}, which the tool's DSN cannot express (it has no escaping, so a comma would start another option). No command line is written; rename the ${what} first, or use gh-ost.`;
}
