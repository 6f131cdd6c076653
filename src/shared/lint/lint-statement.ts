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
import {
  columnFindings,
  dropFindings,
  renameFinding,
  uniqueFindings,
  TEXT_TYPE,
} from './change-findings';
import {
  finding,
  listed,
  same,
  type LintContext,
  type LintFinding,
  type LiveTableFacts,
} from './lint-finding';
import type { LintTarget } from './lint-target';
import { onlineToolAdvice, usersOfTable } from './object-users';
import { foreignKeysInto } from './schema-model';
import {
  nameKey,
  readSchemaStatement,
  type SchemaModel,
  type SchemaStatement,
} from './schema-model';
import { bytesPerChar, type TableModel } from './table-model';

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
  const virtual = table.columns.filter((c) => c.generated !== null && !c.generated.stored);
  const indexed = new Set(table.indexes.flatMap((i) => i.columns.map((c) => c.toLowerCase())));
  if (virtual.length > 0) traits.push('virtual-columns');
  if (virtual.some((c) => indexed.has(c.name.toLowerCase())))
    traits.push('indexed-virtual-columns');
  if (table.columns.some((c) => c.generated?.stored === true))
    traits.push('stored-generated-columns');
  if (table.rowFormat === 'REDUNDANT') traits.push('redundant-row-format');
  if (table.foreignKeys.length > 0) {
    // The model does not keep ON DELETE/UPDATE: assumed cascading, which only plans slower.
    traits.push('foreign-keys', 'cascading-foreign-keys');
  }
  const longUnique = table.indexes.filter(
    (i) =>
      i.kind === 'unique' &&
      i.columns.some((name, k) => {
        const type = table.columns.find((c) => c.name.toLowerCase() === name.toLowerCase())?.type;
        return i.prefixes[k] === null && /^(tiny|medium|long)?(text|blob)\b/.test(type ?? '');
      }),
  );
  if (longUnique.length > 0) traits.push('long-unique-index');
  // Table options the model keeps as written.
  const options = table.unknown.join(' ');
  if (/\bWITH\s+SYSTEM\s+VERSIONING\b/i.test(options)) traits.push('system-versioned');
  if (/\bPAGE_COMPRESSED\s*=\s*'?(1|ON|YES)\b/i.test(options)) traits.push('page-compressed');
  if (/\b(ENCRYPTION\s*=\s*'Y'|ENCRYPTED\s*=\s*YES)/i.test(options)) traits.push('encrypted');
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
    virtualColumns: virtual.map((c) => c.name),
    primaryKeyColumns: table.indexes.find((i) => i.kind === 'primary')?.columns ?? [],
    // Only whole-column B-tree indexes can serve a foreign key.
    indexes: table.indexes
      .filter(
        (i) => i.kind !== 'fulltext' && i.kind !== 'spatial' && i.prefixes.every((p) => p === null),
      )
      .map((i) => i.columns),
    foreignKeyColumns: table.foreignKeys.flatMap((f) => f.columns),
    foreignKeys: table.foreignKeys.map((f) => ({ name: f.name, columns: f.columns })),
    autoIncrementColumn: table.columns.find((c) => c.autoIncrement)?.name ?? null,
    longUniqueIndexes: longUnique.map((i) => i.name),
    ...(live.rowVersions !== undefined ? { rowVersions: live.rowVersions } : {}),
    ...(live.serverAlgorithm !== undefined ? { serverAlgorithm: live.serverAlgorithm } : {}),
  };
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
          // Foreign keys follow a renamed table; views do not.
          const users = usersOfTable(from, context.schema).filter((u) => u.startsWith('view'));
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

function sessionFindings(live: LiveTableFacts | undefined): LintFinding[] {
  const sessions = live?.sessions ?? [];
  if (sessions.length === 0) return [];
  const named = sessions
    .slice(0, 3)
    .map((s) => `${s.id} (${s.user}, ${s.seconds} s${s.relation === 'waits' ? ', waiting' : ''})`)
    .join(', ');
  const n = sessions.length;
  // MariaDB without the metadata_lock_info plugin cannot say which tables a transaction
  // touched: every open transaction is only a candidate.
  const certain = sessions.some((s) => s.relation !== 'open-transaction');
  const what = certain
    ? `${n} session${n === 1 ? '' : 's'} hold${n === 1 ? 's' : ''} or wait${n === 1 ? 's' : ''} for the table's metadata lock now`
    : `${n} open transaction${n === 1 ? '' : 's'} may hold the table's metadata lock (this server does not say which tables a transaction touched: load the metadata_lock_info plugin to know)`;
  return [
    finding(
      'metadata-lock-busy',
      `${what} (${named}): the ALTER would wait behind them, and every new query on the table would queue behind the ALTER.`,
      'Run it when those transactions have ended (or end them: KILL <id>), with SET SESSION lock_wait_timeout = 5 so the ALTER gives up instead of stalling the table.',
      0,
      certain ? 'danger' : 'warning',
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
    ? {
        ...planFactsOf(table, live),
        ...(context.schema
          ? {
              incomingForeignKeys: foreignKeysInto(context.schema, table.name).map((f) => ({
                name: f.name,
                table: f.from,
                columns: f.refColumns,
              })),
            }
          : {}),
      }
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
