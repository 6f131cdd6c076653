import type { Diagnostic } from '../explain/diagnose-plan';
import type { PlanNode } from '../explain/plan-model';
import { quoteIdentifier, quoteString } from '../sql/quote-identifier';
import { tableOfAlias } from '../sql/table-of-alias';

/** An index a plan's findings suggest, on a real table. */
export interface IndexCandidate {
  schema: string | null;
  table: string;
  /** In index order: equality columns, then one range column (see index-suggestion.ts). */
  columns: string[];
  /** The finding it comes from. */
  reason: string;
  /** The statement to add it for good (to review and run in the editor). */
  ddl: string;
}

/** How an experiment makes the index visible to one session only, or why it cannot. */
export type ExperimentMethod =
  /** MySQL 8.0+: created INVISIBLE, seen by this session through use_invisible_indexes. */
  | 'invisible'
  /**
   * MariaDB: IGNORED indexes (10.6+) cannot be made visible to one session, so the index is
   * created visible for the one EXPLAIN and dropped at once; other sessions may use it meanwhile.
   */
  | 'visible-briefly';

/** The statements an experiment runs, in order, for the confirmation and the runner alike. */
export interface ExperimentPlan {
  method: ExperimentMethod;
  indexName: string;
  /** Before the after-EXPLAIN. */
  setup: string[];
  /** After it, always (even when it failed). */
  cleanup: string[];
  /** Plain words for the confirmation. */
  consequence: string;
}

function qualified(schema: string | null, table: string): string {
  return schema ? `${quoteIdentifier(schema)}.${quoteIdentifier(table)}` : quoteIdentifier(table);
}

/**
 * What the name of every index an experiment builds starts with: an index so named that is
 * still there when no experiment runs was left by one (see experimentIndexFinding).
 */
export const EXPERIMENT_INDEX_PREFIX = 'sl_try_';

/** A name for an index on these columns, within MySQL's 64 characters. */
export function indexNameFor(prefix: string, table: string, columns: readonly string[]): string {
  const name = `${prefix}${table}_${columns.join('_')}`.replace(/[^\w$]/g, '_');
  return name.slice(0, 64);
}

function findNode(root: PlanNode, id: number): PlanNode | null {
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.id === id) return n;
    stack.push(...n.children);
  }
  return null;
}

/**
 * Candidate indexes from a plan's findings: each finding that names index columns, on the table
 * its node reads (the alias resolved through `sql`), once per table and column list.
 * `defaultSchema` is the schema the statement runs in, for tables the plan does not qualify.
 */
export function indexCandidates(
  root: PlanNode,
  diagnostics: readonly Diagnostic[],
  sql: string,
  defaultSchema: string | null,
): IndexCandidate[] {
  const out: IndexCandidate[] = [];
  const seen = new Set<string>();
  for (const d of diagnostics) {
    if (!d.indexColumns?.length) continue;
    const node = findNode(root, d.nodeId);
    const name = node?.table;
    if (!node || name === undefined) continue;
    // JSON v2 names the real table and its alias apart; the others only the alias.
    const resolved =
      node.alias !== undefined && node.alias !== node.table
        ? { schema: null, table: name }
        : tableOfAlias(sql, name);
    const schema = node.schema ?? resolved.schema ?? defaultSchema;
    const key = `${schema ?? ''}.${resolved.table}(${d.indexColumns.join(',')})`;
    if (seen.has(key)) continue;
    seen.add(key);
    const indexName = indexNameFor('idx_', resolved.table, d.indexColumns);
    out.push({
      schema,
      table: resolved.table,
      columns: [...d.indexColumns],
      reason: d.title,
      ddl: `ALTER TABLE ${qualified(schema, resolved.table)} ADD INDEX ${quoteIdentifier(indexName)} (${d.indexColumns.map(quoteIdentifier).join(', ')})`,
    });
  }
  return out;
}

/**
 * The statements that try a candidate on a scratch server. With invisible indexes (MySQL 8.0+)
 * only this session sees it; otherwise (MariaDB, whose IGNORED indexes no session can use) it
 * is created visible for the one EXPLAIN. `useInvisibleWasOn`: the session's optimizer_switch
 * already had use_invisible_indexes=on, so it is left as it was.
 */
export function experimentPlan(
  candidate: Pick<IndexCandidate, 'schema' | 'table' | 'columns'>,
  options: { invisibleIndexes: boolean; isMariaDb: boolean; useInvisibleWasOn?: boolean },
): ExperimentPlan {
  const indexName = indexNameFor(EXPERIMENT_INDEX_PREFIX, candidate.table, candidate.columns);
  const target = qualified(candidate.schema, candidate.table);
  const cols = candidate.columns.map(quoteIdentifier).join(', ');
  const drop = `DROP INDEX ${quoteIdentifier(indexName)} ON ${target}`;
  if (options.invisibleIndexes && !options.isMariaDb) {
    const restore = options.useInvisibleWasOn
      ? []
      : [`SET SESSION optimizer_switch = ${quoteString('use_invisible_indexes=off')}`];
    return {
      method: 'invisible',
      indexName,
      setup: [
        `CREATE INDEX ${quoteIdentifier(indexName)} ON ${target} (${cols}) INVISIBLE`,
        ...(options.useInvisibleWasOn
          ? []
          : [`SET SESSION optimizer_switch = ${quoteString('use_invisible_indexes=on')}`]),
      ],
      cleanup: [...restore, drop],
      consequence:
        'The index is built INVISIBLE (other sessions never use it), this tool’s session is told to see invisible indexes, the statement is explained again, and the index is dropped — also if anything fails. Building an index reads the whole table and may lock writes briefly. If the table has a foreign key whose index the server made itself, the server drops that index when this one is built; Sightline builds it again, as it was, before dropping this one.',
    };
  }
  return {
    method: 'visible-briefly',
    indexName,
    setup: [`CREATE INDEX ${quoteIdentifier(indexName)} ON ${target} (${cols})`],
    cleanup: [drop],
    consequence:
      'MariaDB cannot show an IGNORED index to one session only, so the index is built visible, the statement is explained again at once, and the index is dropped — also if anything fails. While it exists, other sessions on this server may use it. Building an index reads the whole table. If the table has a foreign key whose index the server made itself, the server drops that index when this one is built; Sightline builds it again, as it was, before dropping this one.',
  };
}
