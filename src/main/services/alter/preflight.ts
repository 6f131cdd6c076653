import type { Connection } from 'mysql2/promise';
import { onlineToolCommands } from '../../../shared/alter/online-schema-tools';
import type { ParsedAlter } from '../../../shared/alter/alter-operation';
import type { TableTrait } from '../../../shared/alter/alter-rules';
import {
  planAlter,
  type AlterPlan,
  type AlterRisk,
  type PlanFacts,
} from '../../../shared/alter/plan-alter';
import type {
  AlterFinding,
  AlterHistoryEntry,
  AlterPreflight,
  TableFactsDto,
} from '../../../shared/api/alter';
import type { ServerInfo } from '../../../shared/server/server-info';
import { countOf, selectRows, textOf } from '../schema/metadata-query';
import { readAlterFindings } from './alter-findings';
import { readBlockers } from './read-blockers';
import { readTableFacts } from './read-table-facts';
import { readStageSettings, stagesReady } from './stage-instruments';

/** Above this size a rebuild or copy gets gh-ost / pt-osc command lines to consider. */
export const TOOL_THRESHOLD_BYTES = 1024 ** 3;

/** What the plan is told about the live table (the matrix test plans through this too). */
export function planFactsOf(facts: TableFactsDto, foreignKeyChecks?: boolean): PlanFacts {
  const own = ownForeignKeys(facts.createTable);
  return {
    columns: facts.columns,
    engine: facts.engine,
    rowVersions: facts.rowVersions,
    hasFulltextIndex: facts.indexes.some((i) => i.type === 'FULLTEXT'),
    ...(facts.hiddenFtsDocId !== undefined ? { hiddenFtsDocId: facts.hiddenFtsDocId } : {}),
    traits: tableTraits(facts),
    indexedColumns: [...new Set(facts.indexes.flatMap((i) => i.columns))],
    virtualColumns: generatedColumns(facts.createTable, 'VIRTUAL'),
    virtualExpressions: virtualExpressions(facts.createTable),
    partitions: facts.partitions,
    primaryKeyColumns: facts.indexes.find((i) => i.name === 'PRIMARY')?.columns ?? [],
    // Only whole-column B-tree indexes can serve a foreign key.
    indexes: facts.indexes
      .filter((i) => i.type === 'BTREE' && i.prefixed !== true)
      .map((i) => i.columns),
    ...(facts.defaultCollations ? { defaultCollations: facts.defaultCollations } : {}),
    foreignKeyColumns: own.flatMap((f) => f.columns),
    setNullForeignKeyColumns: own.filter((f) => f.setNull).flatMap((f) => f.columns),
    // Named ones only: SHOW CREATE TABLE names every constraint.
    foreignKeys: own.flatMap((f) =>
      f.name === null ? [] : [{ name: f.name, columns: f.columns }],
    ),
    incomingForeignKeys: facts.foreignKeysIn.flatMap((f) =>
      f.columns ? [{ name: f.name, table: f.fromTable, columns: f.columns }] : [],
    ),
    autoIncrementColumn: autoIncrementColumn(facts.createTable),
    foreignKeyIndexes: foreignKeyIndexes(facts),
    longUniqueIndexes: facts.indexes.filter((i) => i.type === 'HASH').map((i) => i.name),
    generatedDependencies: generatedDependencies(facts.createTable),
    generatedColumnUses: generatedColumnUses(facts.createTable),
    checkConstraintColumns: checkConstraintColumns(facts.createTable),
    expressionUses: expressionUses(facts.createTable),
    keys: facts.indexes
      .filter((i) => i.name === 'PRIMARY' || i.type !== 'FULLTEXT')
      .map((i) => ({ name: i.name, columns: i.columns, unique: i.unique })),
    ...(facts.instantAlterColumnAllowed !== undefined
      ? { instantAlterColumnAllowed: facts.instantAlterColumnAllowed }
      : {}),
    ...(facts.innodbPageSize !== undefined ? { innodbPageSize: facts.innodbPageSize } : {}),
    ...(facts.serverAlgorithm !== undefined ? { serverAlgorithm: facts.serverAlgorithm } : {}),
    checkConstraints: [
      ...facts.createTable.matchAll(/\bCONSTRAINT\s+`((?:[^`]|``)+)`\s+CHECK\b/gi),
    ].map((m) => (m[1] ?? '').replaceAll('``', '`')),
    ...(foreignKeyChecks !== undefined ? { foreignKeyChecks } : {}),
  };
}

/**
 * The generated columns of a SHOW CREATE TABLE text, STORED or VIRTUAL (MySQL and MariaDB
 * both end such a column's line with the word; MariaDB may write PERSISTENT for STORED).
 */
function generatedColumns(createTable: string, kind: 'STORED' | 'VIRTUAL'): string[] {
  const words = kind === 'STORED' ? 'STORED|PERSISTENT' : 'VIRTUAL';
  const line = new RegExp(
    `^\\s*\`((?:[^\`]|\`\`)+)\`[^\\n]*\\bGENERATED\\s+ALWAYS\\s+AS\\b[^\\n]*\\b(?:${words})\\b`,
    'gim',
  );
  return [...createTable.matchAll(line)].map((m) => (m[1] ?? '').replaceAll('``', '`'));
}

/**
 * The VIRTUAL columns' expressions in a SHOW CREATE TABLE text, by column name in lower case:
 * both flavors write `\`gv\` int GENERATED ALWAYS AS (expr) VIRTUAL` on one line.
 */
function virtualExpressions(createTable: string): Record<string, string> {
  const line = /^\s*`((?:[^`]|``)+)`[^\n]*?\bGENERATED\s+ALWAYS\s+AS\s*\(([^\n]*)\)\s*VIRTUAL\b/gim;
  return Object.fromEntries(
    [...createTable.matchAll(line)].map((m) => [
      (m[1] ?? '').replaceAll('``', '`').toLowerCase(),
      m[2] ?? '',
    ]),
  );
}

/**
 * The table's own foreign keys of a SHOW CREATE TABLE text (one per line): the constraint's name
 * (null where the line has none), its referencing columns, and whether it is ON DELETE/UPDATE
 * SET NULL.
 */
function ownForeignKeys(
  createTable: string,
): Array<{ name: string | null; columns: string[]; setNull: boolean }> {
  return createTable.split('\n').flatMap((line) => {
    const m = /(?:\bCONSTRAINT\s+`((?:[^`]|``)+)`\s+)?\bFOREIGN\s+KEY\b\s*(?:\(([^)]*)\))?/i.exec(
      line,
    );
    if (!m) return [];
    const columns = [...(m[2] ?? '').matchAll(/`((?:[^`]|``)+)`/g)].map((c) =>
      (c[1] ?? '').replaceAll('``', '`'),
    );
    return [
      {
        name: m[1] === undefined ? null : m[1].replaceAll('``', '`'),
        columns,
        setNull: /\bON\s+(DELETE|UPDATE)\s+SET\s+NULL\b/i.test(line),
      },
    ];
  });
}

/** The AUTO_INCREMENT column of a SHOW CREATE TABLE text (its line names it first), or null. */
function autoIncrementColumn(createTable: string): string | null {
  // A comment or a default may hold the word: quoted text does not count.
  const line = /^\s*`((?:[^`]|``)+)`(?:[^'\n]|'(?:[^'\\]|\\.|'')*')*?\bAUTO_INCREMENT\b/im.exec(
    createTable,
  );
  return line ? (line[1] ?? '').replaceAll('``', '`') : null;
}

/**
 * The indexes that are each the only one able to serve one of the table's foreign keys (a
 * whole-column B-tree index starting with the key's columns): dropping one is refused.
 */
function foreignKeyIndexes(facts: TableFactsDto): string[] {
  const keys = facts.createTable
    .split('\n')
    .filter((line) => /\bFOREIGN\s+KEY\b/i.test(line))
    .map((line) => {
      const list = /\bFOREIGN\s+KEY\s*\(([^)]*)\)/i.exec(line)?.[1] ?? '';
      return [...list.matchAll(/`((?:[^`]|``)+)`/g)].map((c) => (c[1] ?? '').toLowerCase());
    });
  const usable = facts.indexes.filter((i) => i.type === 'BTREE' && i.prefixed !== true);
  return keys.flatMap((columns) => {
    const serving = usable.filter((i) =>
      columns.every((c, k) => i.columns[k]?.toLowerCase() === c),
    );
    return serving.length === 1 && serving[0] ? [serving[0].name] : [];
  });
}

/** The columns that generated columns' expressions use (backquoted in SHOW CREATE TABLE). */
function generatedDependencies(createTable: string): string[] {
  return createTable.split('\n').flatMap((line) => {
    const expression = /\bGENERATED\s+ALWAYS\s+AS\s*\((.*)\)\s*(STORED|VIRTUAL|PERSISTENT)\b/i.exec(
      line,
    )?.[1];
    if (expression === undefined) return [];
    return [...expression.matchAll(/`((?:[^`]|``)+)`/g)].map((c) =>
      (c[1] ?? '').replaceAll('``', '`'),
    );
  });
}

/** The columns each generated column's expression uses, by generated column (as written). */
function generatedColumnUses(createTable: string): Record<string, string[]> {
  const line =
    /^\s*`((?:[^`]|``)+)`[^\n]*?\bGENERATED\s+ALWAYS\s+AS\s*\(([^\n]*)\)\s*(?:STORED|VIRTUAL|PERSISTENT)\b/gim;
  return Object.fromEntries(
    [...createTable.matchAll(line)].map((m) => [
      (m[1] ?? '').replaceAll('``', '`'),
      quotedNames(m[2] ?? ''),
    ]),
  );
}

/**
 * The columns each named CHECK constraint uses, by name: both flavors write the table's
 * constraints as `CONSTRAINT \`name\` CHECK (expr)` lines (MariaDB keeps a column's own
 * unnamed CHECK on the column's line: dropping the column drops it).
 */
function checkConstraintColumns(createTable: string): Record<string, string[]> {
  const line = /^\s*CONSTRAINT\s+`((?:[^`]|``)+)`\s+CHECK\s*\(([^\n]*)\)/gim;
  return Object.fromEntries(
    [...createTable.matchAll(line)].map((m) => [
      (m[1] ?? '').replaceAll('``', '`'),
      quotedNames(m[2] ?? ''),
    ]),
  );
}

/** An expression of the table that uses columns: a functional key part or a DEFAULT. */
type ExpressionUse = { kind: 'functional-index' | 'default'; name: string; columns: string[] };

/**
 * Functional key parts and DEFAULT expressions in a SHOW CREATE TABLE text, with the columns
 * they use: MySQL writes `KEY \`k\` (((\`a\` + 1)))` (an expression in its own parentheses,
 * plain columns beside it bare) and `\`c\` int DEFAULT ((\`b\` + 1))`.
 */
function expressionUses(createTable: string): ExpressionUse[] {
  return createTable.split('\n').flatMap((line): ExpressionUse[] => {
    const key = /^\s*(?:UNIQUE\s+|SPATIAL\s+|FULLTEXT\s+)?KEY\s+`((?:[^`]|``)+)`\s*\((.*)\)/i.exec(
      line,
    );
    if (key) {
      const columns = quotedNames(parenthesised(key[2] ?? ''));
      return columns.length > 0
        ? [
            {
              kind: 'functional-index',
              name: (key[1] ?? '').replaceAll('``', '`'),
              columns,
            },
          ]
        : [];
    }
    const column = /^\s*`((?:[^`]|``)+)`.*?\bDEFAULT\s*\((.*)\)/i.exec(line);
    if (!column || /\bGENERATED\s+ALWAYS\b/i.test(line)) return [];
    const columns = quotedNames(column[2] ?? '');
    return columns.length > 0
      ? [{ kind: 'default', name: (column[1] ?? '').replaceAll('``', '`'), columns }]
      : [];
  });
}

/** The text of a key's column list inside parentheses of its own (its expressions). */
function parenthesised(list: string): string {
  let depth = 0;
  let inner = '';
  for (const ch of list) {
    if (ch === '(') depth++;
    if (depth > 0) inner += ch;
    if (ch === ')') depth--;
  }
  return inner;
}

/** The distinct back-quoted names of an expression, string literals left out. */
function quotedNames(expression: string): string[] {
  const unquoted = expression.replace(/'(?:[^'\\]|\\.|'')*'/g, "''");
  const names = [...unquoted.matchAll(/`((?:[^`]|``)+)`/g)].map((c) =>
    (c[1] ?? '').replaceAll('``', '`'),
  );
  return [...new Set(names)];
}

/** The facts the situation rules of alter-rules.ts look at. */
function tableTraits(facts: TableFactsDto): TableTrait[] {
  const traits: TableTrait[] = [];
  if (facts.indexes.some((i) => i.type === 'FULLTEXT')) traits.push('fulltext-index');
  if (facts.indexes.some((i) => i.type === 'SPATIAL')) traits.push('spatial-index');
  if (/^compressed$/i.test(facts.rowFormat ?? '')) traits.push('compressed-row-format');
  const indexed = new Set(facts.indexes.flatMap((i) => i.columns.map((c) => c.toLowerCase())));
  if (generatedColumns(facts.createTable, 'VIRTUAL').some((c) => indexed.has(c.toLowerCase()))) {
    traits.push('indexed-virtual-columns');
  }
  if (generatedColumns(facts.createTable, 'VIRTUAL').length > 0) traits.push('virtual-columns');
  if (generatedColumns(facts.createTable, 'STORED').length > 0) {
    traits.push('stored-generated-columns');
  }
  if (/^redundant$/i.test(facts.rowFormat ?? '')) traits.push('redundant-row-format');
  if (
    /^\s*`my_row_id` bigint unsigned NOT NULL AUTO_INCREMENT \/\*!80023 INVISIBLE \*\/,?$/m.test(
      facts.createTable,
    ) &&
    /^\s*PRIMARY KEY \(`my_row_id`\)/m.test(facts.createTable)
  ) {
    traits.push('generated-invisible-primary-key');
  }
  if (facts.foreignKeysOut.length > 0 || facts.foreignKeysIn.length > 0) {
    traits.push('foreign-keys');
  }
  if (facts.indexes.some((i) => i.type === 'HASH') && /^innodb$/i.test(facts.engine ?? '')) {
    traits.push('long-unique-index');
  }
  if (/\bWITH\s+SYSTEM\s+VERSIONING\b/i.test(facts.createTable)) traits.push('system-versioned');
  if (/\bON\s+(DELETE|UPDATE)\s+(CASCADE|SET\s+NULL)\b/i.test(facts.createTable)) {
    traits.push('cascading-foreign-keys');
  }
  if (/\bPAGE_COMPRESSED\s*=\s*'?(1|ON|YES)\b/i.test(facts.createTable)) {
    traits.push('page-compressed');
  }
  if (/\b(ENCRYPTION\s*=\s*'Y'|ENCRYPTED\s*=\s*YES)/i.test(facts.createTable)) {
    traits.push('encrypted');
  }
  if (facts.partitions > 0) traits.push('partitioned');
  if (!facts.hasPrimaryKey) traits.push('no-primary-key');
  if (/\bROW_FORMAT=(DYNAMIC|COMPACT|REDUNDANT)\b/i.test(facts.createTable)) {
    traits.push('explicit-uncompressed-row-format');
  }
  if (/\bKEY_BLOCK_SIZE=[1-9]/i.test(facts.createTable)) traits.push('key-block-size');
  return traits;
}

/**
 * Throughputs for a first estimate when no earlier run on this server tells better (bytes of
 * data and indexes per second; rough, and said to be).
 */
const ASSUMED_BYTES_PER_SECOND = { inplace: 60e6, 'inplace-rebuild': 40e6, copy: 20e6 } as const;

export interface PreflightInput {
  sql: string;
  alter: ParsedAlter;
  schema: string;
  server: ServerInfo;
  /** Where the tools would connect. */
  target: { host: string; port: number; user: string };
  /** The ALTER session's @@foreign_key_checks. */
  foreignKeyChecks: boolean;
  /** Connections to leave out of the blockers (the tool's own). */
  exclude: number[];
  /** Earlier runs, for an estimate from this server's own pace. */
  history: readonly AlterHistoryEntry[];
  /** How long to watch the table's writes (ms); 0 skips it. */
  writeSampleMs: number;
}

function risk(severity: AlterRisk['severity'], text: string): AlterRisk {
  return { severity, text };
}

function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(1)} GiB`;
  if (n >= 1024 ** 2) return `${(n / 1024 ** 2).toFixed(1)} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${n} bytes`;
}

async function variable(conn: Connection, expr: string): Promise<unknown> {
  const [row] = await selectRows(conn, `SELECT ${expr} AS V`);
  return row?.V;
}

async function readReplicas(conn: Connection, server: ServerInfo) {
  const useReplicaWords = server.flavor !== 'mariadb' && server.capabilities.replicaStatements;
  const rows = await selectRows(conn, useReplicaWords ? 'SHOW REPLICAS' : 'SHOW SLAVE HOSTS');
  return rows.map((r) => ({
    serverId: countOf(r.Server_Id ?? r.Server_id) ?? 0,
    host: textOf(r.Host),
    port: countOf(r.Port) ?? 0,
  }));
}

async function readOwnLag(conn: Connection, server: ServerInfo): Promise<number | null> {
  const rows = await selectRows(
    conn,
    server.capabilities.replicaStatements ? 'SHOW REPLICA STATUS' : 'SHOW SLAVE STATUS',
  );
  const r = rows[0];
  if (!r) return null;
  return countOf(r.Seconds_Behind_Source ?? r.Seconds_Behind_Master);
}

/** Rows written per second to the table, from two readings of MySQL's table I/O summary. */
async function readWriteRate(
  conn: Connection,
  schema: string,
  table: string,
  sampleMs: number,
): Promise<number | null> {
  const sql = `SELECT COUNT_INSERT + COUNT_UPDATE + COUNT_DELETE AS W
    FROM performance_schema.table_io_waits_summary_by_table WHERE OBJECT_SCHEMA = ? AND OBJECT_NAME = ?`;
  const first = countOf((await selectRows(conn, sql, [schema, table]))[0]?.W);
  if (first === null) return null;
  await new Promise((r) => setTimeout(r, sampleMs));
  const second = countOf((await selectRows(conn, sql, [schema, table]))[0]?.W);
  if (second === null || second < first) return null;
  return ((second - first) * 1000) / sampleMs;
}

function estimate(
  plan: AlterPlan,
  facts: TableFactsDto,
  server: ServerInfo,
  history: readonly AlterHistoryEntry[],
): { seconds: number | null; basis: string } {
  if (plan.rejected !== null) return { seconds: null, basis: 'the server refuses the statement' };
  if (plan.algorithm === 'instant') return { seconds: 0, basis: 'instant: metadata only' };
  const bytes = (facts.dataBytes ?? 0) + (facts.indexBytes ?? 0);
  const past = history.find(
    (h) =>
      h.server === server.versionText &&
      h.algorithm === plan.algorithm &&
      h.state === 'done' &&
      (h.tableBytes ?? 0) > 16 * 1024 ** 2,
  );
  if (past && past.tableBytes) {
    const seconds = (Date.parse(past.endedAt) - Date.parse(past.startedAt)) / 1000;
    if (seconds > 0) {
      const rate = past.tableBytes / seconds;
      return {
        seconds: bytes / rate,
        basis: `from the pace of an earlier ${plan.algorithm} run on this server (${formatBytes(rate)}/s)`,
      };
    }
  }
  const rate = ASSUMED_BYTES_PER_SECOND[plan.algorithm];
  return {
    seconds: bytes / rate,
    basis: `rough: ${formatBytes(bytes)} at an assumed ${formatBytes(rate)}/s; servers differ a lot`,
  };
}

/**
 * Everything the wizard shows before a run, read on a side connection: the table, the plan
 * made with its facts, who the ALTER would queue behind, replicas, space, the online log, an
 * estimate, and the online tools' command lines for big tables.
 */
export async function preflight(conn: Connection, input: PreflightInput): Promise<AlterPreflight> {
  const { server, schema, alter } = input;
  const flavor = server.flavor === 'mariadb' ? 'mariadb' : 'mysql';
  const facts = await readTableFacts(conn, server, schema, alter.table);
  const plan = planAlter(alter, server, planFactsOf(facts, input.foreignKeyChecks));
  const blockers = await readBlockers(conn, flavor, schema, alter.table, input.exclude);
  const replicas = await readReplicas(conn, server).catch(() => []);
  const ownReplicaLagSeconds = await readOwnLag(conn, server).catch(() => null);
  const binlogOn = Number(await variable(conn, '@@log_bin')) === 1;
  const onlineAlterLogMaxBytes = countOf(
    await variable(conn, '@@innodb_online_alter_log_max_size'),
  );
  const lockWaitTimeoutSeconds = countOf(await variable(conn, '@@session.lock_wait_timeout')) ?? 0;
  const performanceSchema = Number(await variable(conn, '@@performance_schema')) === 1;

  let progressSource: AlterPreflight['progressSource'] = 'none';
  let stageInstrumentsOff = false;
  if (server.capabilities.alterProgressColumn) progressSource = 'processlist';
  else if (server.capabilities.alterProgressStages && performanceSchema) {
    progressSource = 'stages';
    stageInstrumentsOff = !stagesReady(await readStageSettings(conn));
  }

  const writeRowsPerSecond =
    performanceSchema && flavor === 'mysql' && input.writeSampleMs > 0
      ? await readWriteRate(conn, schema, alter.table, input.writeSampleMs).catch(() => null)
      : null;

  const tableBytes = (facts.dataBytes ?? 0) + (facts.indexBytes ?? 0);
  // A statement the server refuses rewrites nothing (no space, no online tools to consider).
  const rewrites =
    plan.rejected === null && (plan.algorithm === 'inplace-rebuild' || plan.algorithm === 'copy');
  const spaceNeededBytes = rewrites ? tableBytes : 0;
  const { seconds: estimateSeconds, basis: estimateBasis } = estimate(
    plan,
    facts,
    server,
    input.history,
  );

  const risks: AlterRisk[] = [...plan.risks];
  if (blockers.length > 0) {
    const named = blockers
      .slice(0, 3)
      .map((b) => `${b.processId} (${b.user}, ${b.timeSeconds} s)`)
      .join(', ');
    risks.push(
      risk(
        'danger',
        `${blockers.length} session${blockers.length === 1 ? '' : 's'} hold${blockers.length === 1 ? 's' : ''} or may hold the table's metadata lock (${named}): the ALTER would wait behind them, and every query on the table would queue behind the ALTER.`,
      ),
    );
  }
  if (plan.algorithm !== 'instant' && (replicas.length > 0 || ownReplicaLagSeconds !== null)) {
    risks.push(
      risk(
        'warning',
        `Replicas run the ALTER only after it finished here, one statement at a time: each lags by its whole duration${estimateSeconds ? ` (about ${Math.round(estimateSeconds)} s)` : ''}.`,
      ),
    );
  } else if (plan.algorithm !== 'instant' && binlogOn) {
    risks.push(
      risk(
        'info',
        'The binary log is on: any replica that attaches would replay this ALTER as one long statement.',
      ),
    );
  }
  if (ownReplicaLagSeconds !== null && ownReplicaLagSeconds > 0) {
    risks.push(
      risk('info', `This server is a replica, ${ownReplicaLagSeconds} s behind its source.`),
    );
  }
  if (rewrites && tableBytes > 0) {
    risks.push(
      risk(
        'info',
        `Needs about ${formatBytes(tableBytes)} free in the data directory for the new copy of the table.`,
      ),
    );
  }
  if (
    (plan.algorithm === 'inplace' || plan.algorithm === 'inplace-rebuild') &&
    writeRowsPerSecond !== null &&
    onlineAlterLogMaxBytes !== null &&
    estimateSeconds !== null
  ) {
    const rowBytes = facts.rows ? (facts.dataBytes ?? 0) / Math.max(1, facts.rows) : 100;
    const logBytes = writeRowsPerSecond * rowBytes * estimateSeconds;
    if (logBytes > onlineAlterLogMaxBytes / 2) {
      risks.push(
        risk(
          logBytes > onlineAlterLogMaxBytes ? 'danger' : 'warning',
          `At ${writeRowsPerSecond.toFixed(1)} writes/s the run may log about ${formatBytes(logBytes)} of changes, against innodb_online_alter_log_max_size = ${formatBytes(onlineAlterLogMaxBytes)}: past it the ALTER fails at the end (error 1799).`,
        ),
      );
    }
  }
  if (
    progressSource === 'processlist' &&
    (plan.algorithm === 'inplace' || plan.algorithm === 'inplace-rebuild')
  ) {
    risks.push(
      risk(
        'info',
        'MariaDB reports progress only for ALTERs that copy; this one runs in place, so only the elapsed time is shown.',
      ),
    );
  }
  if (progressSource === 'none') {
    risks.push(
      risk(
        'info',
        'performance_schema is off: no progress figures, only the elapsed time (turning it on needs a restart).',
      ),
    );
  }

  const toolCommands =
    rewrites && tableBytes >= TOOL_THRESHOLD_BYTES
      ? onlineToolCommands(
          alter,
          { ...input.target, schema, table: alter.table },
          {
            hasForeignKeys: facts.foreignKeysOut.length + facts.foreignKeysIn.length > 0,
            hasTriggers: facts.triggers.length > 0,
            replicaCount: replicas.length,
            server: { flavor: server.flavor, version: server.version },
          },
        )
      : [];
  if (toolCommands.length > 0) {
    risks.push(
      risk(
        'warning',
        `The table holds ${formatBytes(tableBytes)}: consider gh-ost or pt-online-schema-change (command lines below), which copy in throttled chunks and let you choose the cut-over.`,
      ),
    );
  }
  const order = { danger: 0, warning: 1, info: 2 } as const;
  risks.sort((a, b) => order[a.severity] - order[b.severity]);
  const findings = await readAlterFindings(
    conn,
    server,
    schema,
    alter.table,
    input.sql,
    blockers,
  ).catch((e: unknown): AlterFinding[] => [
    {
      rule: 'lint-failed',
      title: 'The lint could not check this statement',
      severity: 'warning',
      message: e instanceof Error ? e.message : String(e),
      fix: null,
      line: 1,
      column: 1,
    },
  ]);

  return {
    sql: input.sql,
    plan,
    facts,
    blockers,
    replicas,
    ownReplicaLagSeconds,
    binlogOn,
    spaceNeededBytes,
    onlineAlterLogMaxBytes,
    writeRowsPerSecond,
    estimateSeconds,
    estimateBasis,
    toolCommands,
    risks,
    findings,
    stageInstrumentsOff,
    progressSource,
    lockWaitTimeoutSeconds,
  };
}
