import type { AlterOperation, ParsedAlter } from '../alter/alter-operation';
import {
  rowVersionLimit,
  type AlterAlgorithm,
  type AlterLock,
  type TableTrait,
} from '../alter/alter-rules';
import {
  describeLock,
  planAlter,
  UNKNOWN_ADVICE,
  withClause,
  type AlterPlan,
  type PlanCertainty,
  type PlanFacts,
} from '../alter/plan-alter';
import type { SqlFlavor } from '../sql/lexer';
import { lintRule, type LintRuleId } from './lint-rules';
import type { FindingSeverity } from '../severity';
import type { LintTarget } from './lint-target';
import {
  nameKey,
  readSchemaStatement,
  type SchemaModel,
  type SchemaStatement,
} from './schema-model';
import {
  bytesPerChar,
  columnFromDefinition,
  sqlTokens,
  type ColumnModel,
  type TableModel,
} from './table-model';
import { lossyChange } from './type-narrowing';

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

/** The statement's plan, as the report shows it. */
export interface LintPlan {
  algorithm: AlterAlgorithm;
  lock: AlterLock;
  certainty: PlanCertainty;
  /** The table is rewritten (in place or by copying). */
  rebuild: boolean;
  copy: boolean;
  /** `ALGORITHM=INPLACE, LOCK=NONE`: what to add so the server refuses rather than do worse. */
  clause: string | null;
  summary: string;
}

/** The result of linting one statement. */
export interface StatementLint {
  /** What the statement does to the schema (`other` for statements the lint does not follow). */
  statement: SchemaStatement | null;
  /** The table it changes, if one. */
  table: string | null;
  plan: LintPlan | null;
  findings: LintFinding[];
  /** The statement could not be read: message and offset. */
  error: { message: string; offset: number } | null;
}

/** The id a unique key's duplicate check goes by: the table and its columns, lower case. */
export function uniqueKeyId(table: string, columns: readonly string[]): string {
  return `${table}(${columns.join(',')})`.toLowerCase();
}

const TEXT_TYPE = /^(char|varchar|tinytext|text|mediumtext|longtext|enum|set)\b/;

/** What the planner is told about a modelled table (and the live facts, when known). */
export function planFactsOf(table: TableModel, live: LiveTableFacts = {}): PlanFacts {
  const traits: TableTrait[] = [];
  if (table.indexes.some((i) => i.kind === 'fulltext')) traits.push('fulltext-index');
  if (table.indexes.some((i) => i.kind === 'spatial')) traits.push('spatial-index');
  if (
    table.rowFormat === 'COMPRESSED' ||
    (table.rowFormat === null && (table.keyBlockSize ?? 0) > 0)
  )
    traits.push('compressed-row-format');
  if (table.columns.some((c) => c.generated !== null)) traits.push('generated-columns');
  if (table.partitioned) traits.push('partitioned');
  if (!table.indexes.some((i) => i.kind === 'primary')) traits.push('no-primary-key');
  if (table.rowFormat !== null && ['DYNAMIC', 'COMPACT', 'REDUNDANT'].includes(table.rowFormat))
    traits.push('explicit-uncompressed-row-format');
  if ((table.keyBlockSize ?? 0) > 0) traits.push('key-block-size');
  return {
    columns: table.columns.map((c) => ({
      name: c.name,
      columnType: c.type,
      nullable: c.nullable,
      maxBytesPerChar: TEXT_TYPE.test(c.type) ? bytesPerChar(c.charset) : null,
      collation:
        c.collation ?? (c.charset !== null && c.charset === table.charset ? table.collation : null),
    })),
    engine: table.engine,
    hasFulltextIndex: traits.includes('fulltext-index'),
    traits,
    indexedColumns: [...new Set(table.indexes.flatMap((i) => i.columns))],
    ...(live.rowVersions !== undefined ? { rowVersions: live.rowVersions } : {}),
  };
}

function same(a: string | undefined, b: string | undefined): boolean {
  return (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
}

/** Whether `text` names `name` as a word (plain or back-quoted). */
function mentions(text: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\w$])\`?${escaped}\`?($|[^\\w$])`, 'i').test(text);
}

/** Foreign keys of other tables that point at `table`. */
function incomingForeignKeys(schema: SchemaModel | undefined, table: string) {
  const found: { from: string; name: string; refColumns: string[] }[] = [];
  if (!schema) return found;
  for (const other of schema.tables.values()) {
    if (same(other.name, table)) continue;
    for (const fk of other.foreignKeys) {
      if (same(fk.refTable, table))
        found.push({ from: other.name, name: fk.name, refColumns: fk.refColumns });
    }
  }
  return found;
}

/** What uses column `column` of `table`: foreign keys, generated columns, views, triggers. */
function usersOfColumn(
  table: TableModel,
  column: string,
  schema: SchemaModel | undefined,
): string[] {
  const users: string[] = [];
  for (const fk of table.foreignKeys) {
    if (fk.columns.some((c) => same(c, column))) users.push(`foreign key ${fk.name}`);
  }
  for (const fk of incomingForeignKeys(schema, table.name)) {
    if (fk.refColumns.some((c) => same(c, column)))
      users.push(`foreign key ${fk.name} of table ${fk.from}`);
  }
  for (const c of table.columns) {
    if (c.generated && !same(c.name, column) && mentions(c.generated.expression, column)) {
      users.push(`generated column ${c.name}`);
    }
  }
  if (schema) {
    for (const view of schema.views.values()) {
      if (mentions(view.body, table.name) && mentions(view.body, column))
        users.push(`view ${view.name}`);
    }
    for (const trigger of schema.triggers.values()) {
      if (same(trigger.table, table.name) && mentions(trigger.body, column))
        users.push(`trigger ${trigger.name}`);
    }
  }
  return users;
}

/** What uses table `table` as a whole: other tables' foreign keys, views. */
function usersOfTable(table: string, schema: SchemaModel | undefined): string[] {
  const users = incomingForeignKeys(schema, table).map(
    (fk) => `foreign key ${fk.name} of table ${fk.from}`,
  );
  for (const view of schema?.views.values() ?? [])
    if (mentions(view.body, table)) users.push(`view ${view.name}`);
  return users;
}

function listed(items: readonly string[]): string {
  const shown = items.slice(0, 4).join(', ');
  return items.length > 4 ? `${shown} and ${items.length - 4} more` : shown;
}

/** Which online schema change tool fits the table, and why the other does not. */
export function onlineToolAdvice(
  table: TableModel | null,
  schema: SchemaModel | undefined,
  alter: ParsedAlter | null,
): string {
  if (alter?.operations.some((o) => o.kind === 'rename-table')) {
    return 'Rename the table in a statement of its own: neither gh-ost nor pt-online-schema-change renames.';
  }
  if (!table)
    return 'Consider gh-ost or pt-online-schema-change: they copy in throttled chunks and let you choose the cut-over.';
  const hasKey = table.indexes.some(
    (i) =>
      i.kind === 'primary' ||
      (i.kind === 'unique' &&
        i.columns.every((c) => table.columns.find((x) => same(x.name, c))?.nullable === false)),
  );
  if (!hasKey) {
    return 'Neither gh-ost nor pt-online-schema-change can copy this table: both need a PRIMARY KEY or a UNIQUE key on NOT NULL columns to copy it in chunks; add one first.';
  }
  const fks = table.foreignKeys.length + incomingForeignKeys(schema, table.name).length;
  const triggers = [...(schema?.triggers.values() ?? [])].filter((t) =>
    same(t.table, table.name),
  ).length;
  if (fks > 0 || triggers > 0) {
    const why = [fks > 0 ? 'foreign keys' : '', triggers > 0 ? 'triggers' : '']
      .filter(Boolean)
      .join(' and ');
    return `Use pt-online-schema-change${fks > 0 ? ' --alter-foreign-keys-method=auto' : ''}${triggers > 0 ? ' --preserve-triggers' : ''}: the table has ${why}, which gh-ost does not support.`;
  }
  return 'Use gh-ost (or pt-online-schema-change): it copies in throttled chunks that pause on replica lag, and cuts over when you choose.';
}

/** A finding with the rule's default severity. */
function finding(
  rule: LintRuleId,
  message: string,
  fix: string | null,
  offset: number,
  severity?: FindingSeverity,
): LintFinding {
  return { rule, severity: severity ?? lintRule(rule).severity, message, fix, offset };
}

function summariseTarget(target: LintTarget): {
  flavor: SqlFlavor;
  server: { flavor: LintTarget['flavor']; capabilities: LintTarget['capabilities'] };
} {
  return {
    flavor: target.flavor === 'mariadb' ? 'mariadb' : 'mysql',
    server: { flavor: target.flavor, capabilities: target.capabilities },
  };
}

/**
 * Lints one statement against the table it changes (as modelled before the statement; null
 * when unknown) for a target server: the plan (algorithm, lock, rebuild or copy) and findings,
 * each with a rule id, a severity, an offset into `sql` and a fix. Pure: live facts, when known,
 * come in `context.live`; the whole schema, for what other objects use, in `context.schema`.
 */
export function lintStatement(
  sql: string,
  table: TableModel | null,
  target: LintTarget,
  context: LintContext = {},
): StatementLint {
  const { flavor } = summariseTarget(target);
  const read = readSchemaStatement(sql, flavor);
  if (!read.ok) {
    return {
      statement: null,
      table: null,
      plan: null,
      findings: [],
      error: { message: read.error, offset: read.offset },
    };
  }
  return lintSchemaStatement(sql, read.statement, table, target, context);
}

/** lintStatement for a statement already read with readSchemaStatement. */
export function lintSchemaStatement(
  sql: string,
  statement: SchemaStatement,
  table: TableModel | null,
  target: LintTarget,
  context: LintContext = {},
): StatementLint {
  switch (statement.kind) {
    case 'alter-table':
      return lintAlter(sql, statement, table, target, context);
    case 'drop-table': {
      const findings: LintFinding[] = [];
      for (const name of statement.tables) {
        const schema = context.schema && withoutTables(context.schema, statement.tables, name);
        const users = usersOfTable(name, schema);
        if (users.length > 0) {
          findings.push(
            finding(
              'drop-used-object',
              `Table ${name} is used by ${listed(users)}.`,
              'Drop or change those first (the server refuses to drop a table a foreign key references).',
              0,
            ),
          );
        }
      }
      return { statement, table: statement.tables[0] ?? null, plan: null, findings, error: null };
    }
    case 'rename-table': {
      const findings: LintFinding[] = [];
      if (!context.newTable) {
        for (const { from, to } of statement.renames) {
          const users = usersOfTable(from, context.schema);
          findings.push(renameFinding(`Table ${from} becomes ${to}`, users, 0, 'table'));
        }
        findings.push(...sessionFindings(context.live));
      }
      return {
        statement,
        table: statement.renames[0]?.from ?? null,
        plan: null,
        findings,
        error: null,
      };
    }
    default:
      return {
        statement,
        table: statement.kind === 'create-table' ? statement.table.name : null,
        plan: null,
        findings: [],
        error: null,
      };
  }
}

/** The schema without the tables dropped in the same statement (their keys into each other). */
function withoutTables(schema: SchemaModel, dropped: readonly string[], keep: string): SchemaModel {
  const tables = new Map(schema.tables);
  for (const name of dropped) if (!same(name, keep)) tables.delete(nameKey(name));
  return { ...schema, tables };
}

function renameFinding(
  what: string,
  users: readonly string[],
  offset: number,
  kind: 'column' | 'table',
): LintFinding {
  const fix =
    kind === 'column'
      ? 'Expand and contract: add the new column, write both, move every reader to it, then drop the old one in a later release.'
      : 'Move readers first, or leave a view with the old name (CREATE VIEW old AS SELECT * FROM new) while they move.';
  return users.length > 0
    ? finding(
        'rename',
        `${what}: readers of the old name break, and ${listed(users)} use${users.length === 1 ? 's' : ''} it.`,
        fix,
        offset,
        'danger',
      )
    : finding(
        'rename',
        `${what}: queries and application code that use the old name break at once.`,
        fix,
        offset,
      );
}

function sessionFindings(live: LiveTableFacts | undefined): LintFinding[] {
  const sessions = live?.sessions ?? [];
  if (sessions.length === 0) return [];
  const named = sessions
    .slice(0, 3)
    .map((s) => `${s.id} (${s.user}, ${s.seconds} s${s.relation === 'waits' ? ', waiting' : ''})`)
    .join(', ');
  return [
    finding(
      'metadata-lock-busy',
      `${sessions.length} session${sessions.length === 1 ? '' : 's'} hold${sessions.length === 1 ? 's' : ''} or wait${sessions.length === 1 ? 's' : ''} for the table's metadata lock now (${named}): the ALTER would wait behind them, and every new query on the table would queue behind the ALTER.`,
      'Run it when those transactions have ended (or end them: KILL <id>), with SET SESSION lock_wait_timeout = 5 so the ALTER gives up instead of stalling the table.',
      0,
    ),
  ];
}

function lintAlter(
  sql: string,
  statement: Extract<SchemaStatement, { kind: 'alter-table' }>,
  table: TableModel | null,
  target: LintTarget,
  context: LintContext,
): StatementLint {
  const { alter } = statement;
  const { server, flavor } = summariseTarget(target);
  const live = context.live ?? {};
  const facts: PlanFacts = table
    ? planFactsOf(table, live)
    : live.rowVersions !== undefined
      ? { rowVersions: live.rowVersions }
      : {};
  const plan = planAlter(alter, server, facts);
  const findings: LintFinding[] = [];
  // Offsets of each operation in the statement as written (CREATE INDEX is read as an ALTER).
  const written = statement.sql === sql;
  const offsets = new Map<AlterOperation, number>();
  let cursor = 0;
  for (const op of alter.operations) {
    const at = written ? sql.indexOf(op.text, cursor) : -1;
    offsets.set(op, at >= 0 ? at : 0);
    if (at >= 0) cursor = at + op.text.length;
  }
  const offsetOf = (op: AlterOperation | undefined) => (op ? (offsets.get(op) ?? 0) : 0);
  const lintPlan: LintPlan = {
    algorithm: plan.algorithm,
    lock: plan.lock,
    certainty: plan.certainty,
    rebuild: plan.algorithm === 'inplace-rebuild' || plan.algorithm === 'copy',
    copy: plan.algorithm === 'copy',
    clause: plan.clause,
    summary: plan.summary,
  };
  const result: StatementLint = {
    statement,
    table: alter.table,
    plan: lintPlan,
    findings,
    error: null,
  };

  // What the server refuses matters whether the table is new or not.
  if (plan.rejected !== null) {
    const op = plan.operations.find((p) => p.rejected !== undefined)?.operation;
    findings.push(
      finding(
        'server-refuses',
        `The server will refuse this statement: ${plan.rejected}.`,
        null,
        offsetOf(op),
      ),
    );
  } else {
    for (const risk of plan.risks) {
      if (risk.severity === 'danger' && /the server will refuse it/.test(risk.text)) {
        findings.push(
          finding(
            'server-refuses',
            risk.text,
            plan.clause
              ? `Ask for what it needs (${plan.clause}), or use an online schema change tool.`
              : null,
            0,
          ),
        );
      }
    }
  }
  if (table) findings.push(...dropFindings(alter, table, context, offsetOf));
  if (context.newTable) return result;
  if (!table) {
    findings.push(
      finding(
        'unknown-table',
        `Table ${alter.table} is not in the schema model: planned without its columns, indexes and row format.`,
        'Give the schema with --schema dump.sql or --connect.',
        0,
      ),
    );
  }

  if (plan.certainty === 'unknown') {
    findings.push(finding('plan-unknown', plan.summary, UNKNOWN_ADVICE, 0));
  } else if (plan.rejected === null) {
    const worst = (algorithm: AlterAlgorithm) =>
      plan.operations.find((p) => p.algorithm === algorithm);
    if (plan.algorithm === 'copy') {
      const p = worst('copy');
      findings.push(
        finding(
          'table-copy',
          `${alter.table} is copied row by row while writes wait: ${p?.why ?? 'the statement asks for it'}.`,
          onlineToolAdvice(table, context.schema, alter),
          offsetOf(p?.operation),
        ),
      );
    } else if (plan.algorithm === 'inplace-rebuild') {
      const p = worst('inplace-rebuild');
      findings.push(
        finding(
          'table-rebuild',
          `${alter.table} is rebuilt: ${p?.why ?? ''}.`,
          `${alter.algorithm === null && plan.clause ? `Write ${plan.clause} so the server refuses rather than do worse: ${plan.proposedSql}. ` : ''}On a big table: ${onlineToolAdvice(table, context.schema, alter)}`,
          offsetOf(p?.operation),
        ),
      );
    }
    if (plan.lock !== 'none') {
      const p = plan.operations.find((x) => x.lock === plan.lock);
      findings.push(
        finding(
          'lock-not-none',
          `LOCK=${plan.lock.toUpperCase()}: ${describeLock(plan.lock)}`,
          plan.algorithm === 'copy'
            ? null
            : `Run it when the table is quiet, with ${plan.clause ?? 'an explicit LOCK='} written so nothing stronger is taken.`,
          offsetOf(p?.operation),
          plan.lock === 'exclusive' ? 'danger' : 'warning',
        ),
      );
    }
    if (
      alter.algorithm === null &&
      alter.lock === null &&
      plan.clause !== null &&
      plan.algorithm !== 'copy' &&
      plan.algorithm !== 'inplace-rebuild'
    ) {
      findings.push(
        finding(
          'no-algorithm-clause',
          `Planned as ${plan.clause}, but nothing stops the server from doing worse if the table differs from what was modelled.`,
          plan.proposedSql,
          0,
        ),
      );
    }
    findings.push(...mixedFindings(alter, plan, server, facts, offsetOf));
  }
  findings.push(...sessionFindings(live));
  findings.push(...rowVersionFindings(alter, plan, target, live, offsetOf));
  findings.push(...columnFindings(alter, table, context, flavor, offsetOf));
  findings.push(...uniqueFindings(alter, table, live, offsetOf));
  return result;
}

/** Instant operations next to slower ones: split them so the instant ones stay instant. */
function mixedFindings(
  alter: ParsedAlter,
  plan: AlterPlan,
  server: { flavor: LintTarget['flavor']; capabilities: LintTarget['capabilities'] },
  facts: PlanFacts,
  offsetOf: (op: AlterOperation | undefined) => number,
): LintFinding[] {
  if (plan.algorithm === 'instant' || alter.operations.length < 2) return [];
  const instant: AlterOperation[] = [];
  const rest: AlterOperation[] = [];
  for (const op of alter.operations) {
    const alone = planAlter(
      { ...alter, operations: [op], algorithm: null, lock: null },
      server,
      facts,
    );
    (alone.algorithm === 'instant' && alone.certainty === 'known' ? instant : rest).push(op);
  }
  if (instant.length === 0 || rest.length === 0) return [];
  const first = withClause({ ...alter, operations: instant }, 'ALGORITHM=INSTANT');
  const restPlan = planAlter(
    { ...alter, operations: rest, algorithm: null, lock: null },
    server,
    facts,
  );
  const second = withClause({ ...alter, operations: rest }, restPlan.clause);
  return [
    finding(
      'mixed-instant-copy',
      `${instant.map((o) => o.text).join('; ')}: instant on ${instant.length === 1 ? 'its' : 'their'} own, but done the slow way (${plan.algorithm.replace('-', ' with a ')}) next to ${rest.map((o) => o.text).join('; ')}.`,
      `Split it: ${first}; then ${second};`,
      offsetOf(instant[0]),
    ),
  ];
}

function rowVersionFindings(
  alter: ParsedAlter,
  plan: AlterPlan,
  target: LintTarget,
  live: LiveTableFacts,
  offsetOf: (op: AlterOperation | undefined) => number,
): LintFinding[] {
  const limit = rowVersionLimit(target.capabilities);
  const used = live.rowVersions;
  if (limit === null || used === undefined || used === null) return [];
  const columnOp = alter.operations.find(
    (o) => o.kind === 'add-column' || o.kind === 'drop-column',
  );
  if (!columnOp) return [];
  const fix = `Rebuild the table off-peak first (ALTER TABLE ${alter.table} FORCE, ALGORITHM=INPLACE, LOCK=NONE), which resets the count, or plan for the rebuild.`;
  if (used >= limit) {
    return [
      finding(
        'row-version-limit',
        `${alter.table} has used all ${limit} instant row versions (TOTAL_ROW_VERSIONS = ${used}): this ADD/DROP COLUMN rebuilds the table instead of being instant.`,
        fix,
        offsetOf(columnOp),
      ),
    ];
  }
  if (plan.algorithm === 'instant' && used + 1 >= limit - 8) {
    return [
      finding(
        'row-version-limit',
        `${alter.table} has used ${used} of its ${limit} instant row versions; this takes one more, and from ${limit} on ADD/DROP COLUMN rebuilds the table.`,
        fix,
        offsetOf(columnOp),
        'warning',
      ),
    ];
  }
  return [];
}

function dropFindings(
  alter: ParsedAlter,
  table: TableModel,
  context: LintContext,
  offsetOf: (op: AlterOperation | undefined) => number,
): LintFinding[] {
  const findings: LintFinding[] = [];
  const dropped = new Set(
    alter.operations
      .filter((o) => o.kind === 'drop-column')
      .map((o) => (o.column ?? '').toLowerCase()),
  );
  for (const op of alter.operations) {
    if (op.kind === 'drop-column' && op.column) {
      // Foreign keys dropped in the same statement no longer count.
      const droppedKeys = new Set(
        alter.operations
          .filter((o) => o.kind === 'drop-foreign-key')
          .map((o) => (o.index ?? '').toLowerCase()),
      );
      const users = usersOfColumn(table, op.column, context.schema).filter(
        (u) =>
          !(
            u.startsWith('foreign key ') &&
            droppedKeys.has(u.slice(12).split(' ')[0]!.toLowerCase())
          ) && !(u.startsWith('generated column ') && dropped.has(u.slice(17).toLowerCase())),
      );
      if (users.length > 0) {
        findings.push(
          finding(
            'drop-used-object',
            `Column ${op.column} is used by ${listed(users)}.`,
            'Drop or change those first; the server refuses to drop a column a foreign key uses, and views that select it stop working.',
            offsetOf(op),
          ),
        );
      }
    }
    if (op.kind === 'drop-index' || op.kind === 'drop-primary-key') {
      const name = op.kind === 'drop-primary-key' ? 'PRIMARY' : op.index;
      const index = table.indexes.find((i) => same(i.name, name));
      if (!index) continue;
      const others = table.indexes.filter((i) => i !== index);
      const replaced = alter.operations.some(
        (o) =>
          (o.kind.startsWith('add-') && o.kind.includes('index')) || o.kind === 'add-primary-key',
      );
      const needs: string[] = [];
      for (const fk of table.foreignKeys) {
        const served = (i: { columns: string[] }) =>
          fk.columns.every((c, n) => same(i.columns[n], c));
        if (
          served(index) &&
          !others.some(served) &&
          !alter.operations.some((o) => o.kind === 'drop-foreign-key' && same(o.index, fk.name))
        )
          needs.push(`foreign key ${fk.name}`);
      }
      for (const fk of incomingForeignKeys(context.schema, table.name)) {
        const served = (i: { columns: string[] }) =>
          fk.refColumns.every((c, n) => same(i.columns[n], c));
        if (served(index) && !others.some(served))
          needs.push(`foreign key ${fk.name} of table ${fk.from}`);
      }
      if (needs.length > 0 && !replaced) {
        findings.push(
          finding(
            'drop-used-object',
            `Index ${index.name} is the one ${listed(needs)} ${needs.length === 1 ? 'needs' : 'need'}: the server refuses to drop it (error 1553).`,
            'Add another index starting with the same columns first, or drop the foreign key.',
            offsetOf(op),
          ),
        );
      }
      if (index.kind === 'primary' || index.kind === 'unique') {
        const dropping = new Set(
          alter.operations
            .filter((o) => o.kind === 'drop-index' || o.kind === 'drop-primary-key')
            .map((o) =>
              o.kind === 'drop-primary-key' ? 'primary' : (o.index ?? '').toLowerCase(),
            ),
        );
        const remaining = table.indexes.filter(
          (i) =>
            (i.kind === 'primary' || i.kind === 'unique') && !dropping.has(i.name.toLowerCase()),
        );
        const adding = alter.operations.some(
          (o) => o.kind === 'add-unique-index' || o.kind === 'add-primary-key',
        );
        if (remaining.length === 0 && !adding) {
          findings.push(
            finding(
              'drop-only-unique',
              `${index.kind === 'primary' ? 'The primary key' : `Unique key ${index.name}`} is the only unique constraint of ${table.name}: without it duplicate rows can be written, replicas apply row events by scanning the table, and online schema change tools cannot copy it.`,
              'Add the replacement key in the same statement (DROP ... , ADD UNIQUE ...), or keep it.',
              offsetOf(op),
            ),
          );
        }
      }
    }
  }
  return findings;
}

function columnFindings(
  alter: ParsedAlter,
  table: TableModel | null,
  context: LintContext,
  flavor: SqlFlavor,
  offsetOf: (op: AlterOperation | undefined) => number,
): LintFinding[] {
  const findings: LintFinding[] = [];
  for (const op of alter.operations) {
    const offset = offsetOf(op);
    if (op.kind === 'add-column' && op.column && op.definition !== undefined) {
      const column = columnFromDefinition(
        op.column,
        sqlTokens(op.definition, flavor),
        op.definition,
      );
      if (!column.nullable && !column.hasDefault) {
        findings.push(
          finding(
            'not-null-without-default',
            `Column ${op.column} is NOT NULL without a DEFAULT: existing rows get the type's implicit value, and every INSERT that does not name it fails in strict mode.`,
            `Give it a default (${op.column} ... NOT NULL DEFAULT <value>), or add it NULL, backfill, then make it NOT NULL.`,
            offset,
          ),
        );
      }
    }
    if (op.kind === 'rename-column' && op.column) {
      const users = table
        ? usersOfColumn(table, op.column, context.schema).filter(
            (u) => u.startsWith('view') || u.startsWith('trigger') || u.startsWith('generated'),
          )
        : [];
      findings.push(
        renameFinding(`Column ${op.column} becomes ${op.newName ?? '?'}`, users, offset, 'column'),
      );
    }
    if (op.kind === 'rename-table') {
      findings.push(
        renameFinding(
          `Table ${alter.table} becomes ${op.newName ?? '?'}`,
          usersOfTable(alter.table, context.schema),
          offset,
          'table',
        ),
      );
    }
    if (
      (op.kind === 'change-column' || op.kind === 'modify-column') &&
      op.column &&
      op.definition !== undefined
    ) {
      const newName = op.kind === 'change-column' ? (op.newName ?? op.column) : op.column;
      if (!same(newName, op.column)) {
        const users = table
          ? usersOfColumn(table, op.column, context.schema).filter(
              (u) => u.startsWith('view') || u.startsWith('trigger') || u.startsWith('generated'),
            )
          : [];
        findings.push(
          renameFinding(`Column ${op.column} becomes ${newName}`, users, offset, 'column'),
        );
      }
      const before = table?.columns.find((c) => same(c.name, op.column));
      if (!before) continue;
      const after: ColumnModel = columnFromDefinition(
        newName,
        sqlTokens(op.definition, flavor),
        op.definition,
      );
      if (after.charset === null && TEXT_TYPE.test(after.type)) {
        after.charset = table?.charset ?? null;
      }
      const loss = lossyChange(before, after);
      if (loss !== null) {
        findings.push(
          finding(
            'lossy-type-change',
            `Column ${op.column}: ${loss}.`,
            `Check the data first (for example SELECT COUNT(*) FROM ${alter.table} WHERE ${op.column} <> CAST(${op.column} AS ${after.type.toUpperCase()})), or keep the wider type.`,
            offset,
          ),
        );
      }
      if (before.nullable && !after.nullable) {
        findings.push(
          finding(
            'not-null-without-default',
            `Column ${op.column} becomes NOT NULL: the statement fails on the first NULL it finds, after scanning the table.`,
            `Backfill first: UPDATE ${alter.table} SET ${op.column} = <value> WHERE ${op.column} IS NULL (in batches).`,
            offset,
          ),
        );
      }
    }
    if (op.kind === 'convert-charset' && table) {
      const charset = (op.value ?? '').toLowerCase().replace(/^utf8$/, 'utf8mb3');
      const to = bytesPerChar(charset) ?? 4;
      const losing = table.columns.filter(
        (c) =>
          c.charset !== null &&
          c.charset !== charset &&
          ((bytesPerChar(c.charset) ?? 4) > to || to === 1),
      );
      if (losing.length > 0) {
        findings.push(
          finding(
            'lossy-type-change',
            `CONVERT TO ${charset}: column${losing.length > 1 ? 's' : ''} ${listed(losing.map((c) => `${c.name} (${c.charset})`))} can hold characters ${charset} cannot: they are cut or rejected.`,
            'Convert to utf8mb4 instead, or check that no value uses characters outside the new set first.',
            offset,
          ),
        );
      }
    }
  }
  return findings;
}

function uniqueFindings(
  alter: ParsedAlter,
  table: TableModel | null,
  live: LiveTableFacts,
  offsetOf: (op: AlterOperation | undefined) => number,
): LintFinding[] {
  if (!live.duplicates) return [];
  const findings: LintFinding[] = [];
  for (const op of alter.operations) {
    if (op.kind !== 'add-unique-index' && op.kind !== 'add-primary-key') continue;
    const columns = uniqueKeyColumns(op);
    if (columns.length === 0) continue;
    if (live.duplicates.get(uniqueKeyId(alter.table, columns)) === true) {
      findings.push(
        finding(
          'unique-duplicates',
          `${alter.table} already holds duplicate values of (${columns.join(', ')}): the ALTER fails at the end, after all its work.`,
          `Find them: SELECT ${columns.join(', ')}, COUNT(*) FROM ${alter.table} GROUP BY ${columns.join(', ')} HAVING COUNT(*) > 1; then clean them up first.`,
          offsetOf(op),
        ),
      );
    }
  }
  void table;
  return findings;
}

/** The plain column names of an ADD UNIQUE / ADD PRIMARY KEY clause (none when a part is an expression). */
export function uniqueKeyColumns(op: AlterOperation): string[] {
  const open = op.text.indexOf('(');
  if (open < 0) return [];
  const tokens = sqlTokens(op.text.slice(open), 'mysql');
  const columns: string[] = [];
  let depth = 0;
  let expectName = true;
  for (const t of tokens) {
    if (t.kind === 'punctuation' && t.text === '(') {
      depth++;
      if (depth > 2 || (depth === 2 && expectName)) return [];
      continue;
    }
    if (t.kind === 'punctuation' && t.text === ')') {
      if (--depth === 0) break;
      continue;
    }
    if (depth === 1 && t.kind === 'punctuation' && t.text === ',') {
      expectName = true;
      continue;
    }
    if (depth === 1 && expectName && (t.kind === 'word' || t.kind === 'quoted-identifier')) {
      columns.push(
        t.kind === 'quoted-identifier' ? t.text.slice(1, -1).replaceAll('``', '`') : t.text,
      );
      expectName = false;
    }
  }
  return columns;
}
