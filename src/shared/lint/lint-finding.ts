import type { LintRuleId } from './lint-rules';
import type { FindingSeverity } from '../severity';
import { lintRule } from './lint-rules';
import type { SchemaModel } from './schema-model';
import type { TableFacts } from '../alter/alter-rules';

/** A session that holds (or waits for) a table's metadata lock, as read from the live server. */
export interface LiveSession {
  id: number;
  user: string;
  /** How long its statement or transaction has been running. */
  seconds: number;
  relation: 'holds' | 'waits' | 'open-transaction';
}

/** What a live server tells about a table (with `--connect`); everything optional. */
export interface LiveTableFacts {
  /** INNODB_TABLES.TOTAL_ROW_VERSIONS. */
  rowVersions?: number | null;
  /** The algorithm the server imposes on ALTERs naming none (see TableFacts.serverAlgorithm). */
  serverAlgorithm?: TableFacts['serverAlgorithm'];
  /** Sessions holding or queued on its metadata lock. */
  sessions?: readonly LiveSession[];
  /**
   * Unique keys checked for duplicate values, by `uniqueKeyId`: true when duplicates exist,
   * false when none, absent when not checked (or the check gave up).
   */
  duplicates?: ReadonlyMap<string, boolean>;
}

/** What else the rules may look at besides the statement's own table. */
export interface LintContext {
  /** The whole schema as it stands before the statement (foreign keys into the table, views). */
  schema?: SchemaModel;
  live?: LiveTableFacts;
  /** The table was created earlier in the same migration: empty, and nobody reads it yet. */
  newTable?: boolean;
}

/** One finding about a statement. */
export interface LintFinding {
  rule: LintRuleId;
  severity: FindingSeverity;
  message: string;
  /** What to write or do instead, when there is something concrete. */
  fix: string | null;
  /** Where in the statement's text it points (0: the statement's start). */
  offset: number;
}

/** A finding with the rule's default severity. */
export function finding(
  rule: LintRuleId,
  message: string,
  fix: string | null,
  offset: number,
  severity?: FindingSeverity,
): LintFinding {
  return { rule, severity: severity ?? lintRule(rule).severity, message, fix, offset };
}

/** Names compared as the servers compare table and column names here: without case. */
export function same(a: string | undefined, b: string | undefined): boolean {
  return (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
}

/** A short list for a message: the first four, then how many more. */
export function listed(items: readonly string[]): string {
  const shown = items.slice(0, 4).join(', ');
  return items.length > 4 ? `${shown} and ${items.length - 4} more` : shown;
}
