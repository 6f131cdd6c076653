import type { FindingSeverity } from '../severity';

/** One rule of `sightline lint`: what it looks for and why it matters. */
export interface LintRule {
  id: string;
  /** The severity it reports at unless the finding says otherwise. */
  severity: FindingSeverity;
  /** One line. */
  title: string;
  /** Why it matters, for SARIF's help text and `--help`. */
  help: string;
}

/** Every rule, in the order the README lists them. */
export const LINT_RULES = [
  {
    id: 'table-copy',
    severity: 'danger',
    title: 'The table is copied',
    help: 'ALGORITHM=COPY: every row is copied into a new table while writes wait for the whole run. On a big, busy table use gh-ost or pt-online-schema-change.',
  },
  {
    id: 'table-rebuild',
    severity: 'warning',
    title: 'The table is rebuilt',
    help: 'The whole table is rewritten in place: time and free disk space grow with its size, and writes made meanwhile must fit innodb_online_alter_log_max_size.',
  },
  {
    id: 'lock-not-none',
    severity: 'warning',
    title: 'Writes (or reads) wait while it runs',
    help: 'The statement needs LOCK=SHARED (writes wait) or LOCK=EXCLUSIVE (reads and writes wait) for its whole duration.',
  },
  {
    id: 'server-refuses',
    severity: 'danger',
    title: 'The server will refuse the statement',
    help: 'The target server rejects this statement (syntax or option it lacks, or an ALGORITHM/LOCK it cannot honour), so the migration stops here.',
  },
  {
    id: 'plan-unknown',
    severity: 'warning',
    title: 'How the server runs it cannot be told',
    help: 'The rules cannot decide the algorithm on this table; try ALGORITHM=INSTANT, then ALGORITHM=INPLACE, LOCK=NONE: the server refuses what it cannot do that way.',
  },
  {
    id: 'no-algorithm-clause',
    severity: 'info',
    title: 'No ALGORITHM=/LOCK= clause',
    help: 'Without an explicit clause the server silently falls back to a slower algorithm or stronger lock when the fast one is not possible; with it, it refuses instead.',
  },
  {
    id: 'mixed-instant-copy',
    severity: 'warning',
    title: 'Instant and non-instant changes in one statement',
    help: 'A statement is instant only as a whole: next to a rebuilding or copying change, the instant ones are done the slow way too. Split them.',
  },
  {
    id: 'metadata-lock-busy',
    severity: 'danger',
    title: 'Sessions hold the table (metadata lock)',
    help: 'Open transactions that touched the table hold its metadata lock: the ALTER waits behind them, and every new query on the table queues behind the ALTER.',
  },
  {
    id: 'row-version-limit',
    severity: 'danger',
    title: 'Instant row versions used up',
    help: 'MySQL allows 64 (255 from 9.1) instant ADD/DROP COLUMN per table; past that the next one rebuilds the table.',
  },
  {
    id: 'not-null-without-default',
    severity: 'warning',
    title: 'NOT NULL without a default',
    help: 'A new NOT NULL column without DEFAULT makes every INSERT that does not name it fail (strict mode); making a column NOT NULL fails on the first NULL, after scanning the table.',
  },
  {
    id: 'lossy-type-change',
    severity: 'danger',
    title: 'Narrower type or character set',
    help: 'A smaller type, shorter length, fewer ENUM members, a signedness change or a character set with fewer characters can truncate values or reject the change.',
  },
  {
    id: 'drop-used-object',
    severity: 'danger',
    title: 'Dropping something another object uses',
    help: 'A foreign key, generated column, view or trigger uses the dropped column, index or table: the server refuses, or the other object breaks.',
  },
  {
    id: 'unique-duplicates',
    severity: 'danger',
    title: 'Duplicates for a new unique key',
    help: 'The table already holds rows with equal values in the key columns: the ALTER fails at the end, after all its work.',
  },
  {
    id: 'drop-only-unique',
    severity: 'warning',
    title: 'Dropping the only unique key',
    help: 'Without a primary key or another unique key, rows cannot be told apart: replication without a key scans the table for each row, and online schema change tools need one.',
  },
  {
    id: 'rename',
    severity: 'warning',
    title: 'Rename of a column or table',
    help: 'Queries, views, triggers, routines and application code that use the old name break at once; deploy readers of the new name first.',
  },
  {
    id: 'unknown-table',
    severity: 'info',
    title: 'Table not in the schema model',
    help: 'The table is neither in the given schema nor created earlier in the migration: it is planned without its facts (columns, indexes, row format).',
  },
] as const satisfies readonly LintRule[];

export type LintRuleId = (typeof LINT_RULES)[number]['id'];

/** The rule with this id. */
export function lintRule(id: LintRuleId): LintRule {
  return LINT_RULES.find((r) => r.id === id)!;
}
