import type { Capabilities } from '../server/capabilities';
import type { FindingSeverity } from '../severity';
import type { ServerFlavor } from '../server/flavor';
import {
  PARTITION_KINDS,
  TRAILING_PARTITION_KINDS,
  type AlterOperation,
  type ParsedAlter,
} from './alter-operation';
import {
  algorithmRank,
  lockRank,
  lockReliefFor,
  nonInstantRuleFor,
  ruleFor,
  ruleKeyFor,
  rowVersionLimit,
  situationRulesFor,
  rejectionFor,
  instantCompanionFor,
  unverifiedOn,
  type AlterAlgorithm,
  type AlterLock,
  type CharsetConversion,
  type RuleKey,
  type TableFacts,
} from './alter-rules';
import {
  charsetOfCollation,
  classifyColumnChange,
  normaliseColumnType,
  splitDefinition,
  type ColumnChange,
  type CurrentColumn,
} from './column-change';
import {
  autoIncrementKeyRefusal,
  secondAutoIncrementRefusal,
  fulltextColumnRefusal,
  primaryKeyRefusal,
  autoIncrementReferenceRefusal,
  columnUseRefusal,
  foreignKeyColumnRefusal,
} from './column-refusals';
import { lossyChange } from '../lint/type-narrowing';
import { maxRecordBytes, maxRecordBytesFor, type SizedColumn } from './record-size';
import { quoteIdentifier } from '../sql/quote-identifier';

/** What the plan needs to know about the server. */
export interface PlanServer {
  flavor: ServerFlavor;
  capabilities: Capabilities;
}

export interface PlanFacts extends TableFacts {
  columns?: readonly CurrentColumn[];
}

export interface AlterRisk {
  severity: FindingSeverity;
  text: string;
}

/**
 * `unknown`: the rules cannot tell how the server runs it on this table; the plan then assumes
 * the worst (a copy that blocks everything) and says to try ALGORITHM=INSTANT first.
 */
export type PlanCertainty = 'known' | 'unknown';

export interface PlannedOperation {
  certainty: PlanCertainty;
  /** The server accepts and ignores ALGORITHM=/LOCK= for this operation. */
  clauseIgnored: boolean;
  /** The server accepts even ALGORITHM=INSTANT for this operation, and copies anyway. */
  unenforced: boolean;
  /** Why the server refuses this operation outright (syntax, row format), if it does. */
  rejected?: string;
  operation: AlterOperation;
  ruleKey: RuleKey;
  algorithm: AlterAlgorithm;
  lock: AlterLock;
  /** Why, in plain words. */
  why: string;
  /** For CHANGE/MODIFY COLUMN: what it really changes (`type` when the column is unknown). */
  columnChange?: ColumnChange;
}

export interface AlterPlan {
  table: string;
  schema: string | null;
  operations: PlannedOperation[];
  /** The whole statement: its most expensive operation decides. */
  algorithm: AlterAlgorithm;
  lock: AlterLock;
  /** `unknown` when any operation is: algorithm and lock are then only the worst case. */
  certainty: PlanCertainty;
  /** Why the server will refuse the statement outright, or null. */
  rejected: string | null;
  /** The whole statement in plain words. */
  summary: string;
  /** `ALGORITHM=INPLACE, LOCK=NONE`: what to add so the server refuses rather than do worse. */
  clause: string | null;
  /** Why there is no clause, when there is none. */
  clauseNote: string | null;
  /**
   * The server accepts any ALGORITHM=/LOCK= for this statement without holding itself to it:
   * the plan's algorithm and lock come from the rules, and no clause can enforce them.
   */
  clauseIgnored: boolean;
  /** The statement with `clause` in place of any ALGORITHM=/LOCK= it had. */
  proposedSql: string;
  risks: AlterRisk[];
}

/** What to do when the plan cannot tell: let the server refuse rather than guess. */
export const UNKNOWN_ADVICE =
  'Test it with ALGORITHM=INSTANT first, then ALGORITHM=INPLACE, LOCK=NONE: the server refuses what it cannot do that way, and nothing changes. Until then, assume the worst: a copy that blocks the table.';

const ALGORITHM_WORDS: Record<AlterAlgorithm, string> = {
  instant: 'Instant: only the table definition changes, in moments whatever the table’s size.',
  inplace:
    'In place, without a rebuild: the server works inside the existing table; reads and writes go on.',
  'inplace-rebuild':
    'In place with a rebuild: the whole table is rewritten (time and disk space grow with its size); reads and writes go on, and writes made meanwhile are replayed at the end.',
  copy: 'Copy: every row is copied into a new table; writes wait for the whole duration.',
};

/** A sentence for an algorithm, as the plan screen shows it. */
export function describeAlgorithm(a: AlterAlgorithm): string {
  return ALGORITHM_WORDS[a];
}

const LOCK_WORDS: Record<AlterLock, string> = {
  none: 'Other sessions keep reading and writing (a brief metadata lock at the start and the end).',
  shared: 'Other sessions can read but their writes wait until it ends.',
  exclusive: 'Other sessions can neither read nor write until it ends.',
};

/** A sentence for a lock level. */
export function describeLock(l: AlterLock): string {
  return LOCK_WORDS[l];
}

function clauseFor(algorithm: AlterAlgorithm, lock: AlterLock, server: PlanServer): string {
  const lockText = lock.toUpperCase();
  switch (algorithm) {
    case 'instant':
      // The servers accept only LOCK=DEFAULT with INSTANT.
      return 'ALGORITHM=INSTANT';
    case 'inplace':
      return server.capabilities.alterNocopy
        ? `ALGORITHM=NOCOPY, LOCK=${lockText}`
        : `ALGORITHM=INPLACE, LOCK=${lockText}`;
    case 'inplace-rebuild':
      return `ALGORITHM=INPLACE, LOCK=${lockText}`;
    case 'copy':
      return `ALGORITHM=COPY, LOCK=${lockText}`;
  }
}

/**
 * The statement with `clause` right after the table name: the one place both servers accept it
 * for every kind of clause (partition management takes it only before, and `PARTITION BY` /
 * `REMOVE PARTITIONING` without a comma).
 */
export function withClause(alter: ParsedAlter, clause: string | null): string {
  const regular = alter.operations.filter((o) => !TRAILING_PARTITION_KINDS.has(o.kind));
  const trailing = alter.operations.filter((o) => TRAILING_PARTITION_KINDS.has(o.kind));
  const parts: string[] = [];
  if (clause !== null) parts.push(clause + (regular.length > 0 ? ',' : ''));
  if (regular.length > 0) parts.push(regular.map((o) => o.text).join(', '));
  for (const t of trailing) parts.push(t.text);
  return `${alter.head} ${parts.join(' ')}`;
}

/**
 * Plans an ALTER TABLE on a server: for each operation the algorithm and lock from the rules
 * table, then the statement's own (the most expensive), the clause to add, and the risks that
 * can be told without the live server (preflight adds the rest).
 */
export function planAlter(
  alter: ParsedAlter,
  server: PlanServer,
  facts: PlanFacts = {},
): AlterPlan {
  const risks: AlterRisk[] = [];
  const columns = new Map((facts.columns ?? []).map((c) => [c.name.toLowerCase(), c]));
  const limit = rowVersionLimit(server.capabilities);
  const instantBlocked =
    facts.hasFulltextIndex === true
      ? 'the table has a FULLTEXT index, which rules out instant ADD/DROP COLUMN'
      : facts.hiddenFtsDocId === true
        ? 'InnoDB keeps a hidden FTS_DOC_ID column in this table (left by a FULLTEXT index, even after dropping it), which rules out instant ADD/DROP COLUMN'
        : limit !== null && (facts.rowVersions ?? 0) >= limit
          ? `the table has used all ${limit} instant row versions (INNODB_TABLES.TOTAL_ROW_VERSIONS = ${facts.rowVersions}); the next ADD/DROP COLUMN rebuilds it, which resets the count`
          : null;

  const flavor = server.flavor === 'mariadb' ? 'mariadb' : 'mysql';
  const statementText = alter.operations.map((o) => o.text).join(', ');
  const indexed = new Set((facts.indexedColumns ?? []).map((c) => c.toLowerCase()));
  const modifiers = new Set(alter.modifiers ?? []);
  // MariaDB's ALTER IGNORE deletes the rows a new unique key finds duplicate: only a copy can.
  const ignoreCopies = flavor === 'mariadb' && modifiers.has('IGNORE');
  const planned = alter.operations.flatMap((o) => [o, ...inlineKeyOf(o)]);
  const operations = planned.map((operation): PlannedOperation => {
    const isColumnChange = operation.kind === 'change-column' || operation.kind === 'modify-column';
    const columnName = (operation.column ?? '').toLowerCase();
    const columnChange = isColumnChange
      ? classifyColumnChange(
          operation,
          columns.get(columnName),
          facts.indexedColumns === undefined || indexed.has(columnName),
          facts.defaultCollations,
          virtualExpression(facts, columnName),
        )
      : undefined;
    const conversion =
      operation.kind === 'convert-charset' ? charsetConversion(operation, facts) : undefined;
    const ruleKey = ruleKeyFor(operation, planned, facts, columnChange, {
      ...(conversion !== undefined ? { conversion } : {}),
      ...(operation.kind === 'add-unique-index'
        ? { nullableUnique: keyColumns(operation.text).some((c) => columns.get(c)?.nullable) }
        : {}),
    });
    const row = ruleFor(ruleKey, server.capabilities);
    let { algorithm, lock, why } = row;
    if (
      algorithm === 'instant' &&
      instantBlocked &&
      ruleKey !== 'add-column-virtual' &&
      (operation.kind === 'add-column' ||
        operation.kind === 'drop-column' ||
        // Moving a column is instant on MariaDB, but not past a hidden FTS_DOC_ID (10.11, 11.8).
        (ruleKey === 'column-reorder' && facts.hiddenFtsDocId === true))
    ) {
      algorithm = 'inplace-rebuild';
      lock = 'none';
      why = `${instantBlocked}: the table is rebuilt in place`;
    }
    const refusedInstant = instantColumnSetting(ruleKey, operation, facts, flavor);
    if (algorithm === 'instant' && refusedInstant !== null) {
      algorithm = 'inplace-rebuild';
      lock = 'none';
      why = `${refusedInstant}: the table is rebuilt in place; reads and writes go on`;
    }
    let certainty: PlanCertainty =
      operation.kind === 'unknown' || row.unknown === true ? 'unknown' : 'known';
    const nearLimit =
      algorithm === 'instant' && flavor === 'mysql' && server.capabilities.alterInstantDropColumn
        ? recordSizeConcern(operation, ruleKey, facts)
        : null;
    if (nearLimit !== null) {
      certainty = 'unknown';
      why = nearLimit;
    }
    if (certainty === 'known' && unverifiedOn(row, flavor, server.capabilities)) {
      certainty = 'unknown';
      why = `${why} (seen only on newer servers; no manual states it for this version)`;
    }
    for (const rule of situationRulesFor(ruleKey, facts, flavor)) {
      if (rule.outcome === 'unknown') {
        certainty = 'unknown';
        why = rule.why;
        continue;
      }
      if (
        algorithmRank(rule.outcome.algorithm) > algorithmRank(algorithm) ||
        lockRank(rule.outcome.lock) > lockRank(lock)
      ) {
        if (algorithmRank(rule.outcome.algorithm) > algorithmRank(algorithm)) {
          algorithm = rule.outcome.algorithm;
        }
        if (lockRank(rule.outcome.lock) > lockRank(lock)) lock = rule.outcome.lock;
        why = rule.why;
      }
    }
    const relief = lockReliefFor(ruleKey, algorithm, server.capabilities, facts);
    if (relief !== null && lockRank(relief.lock) < lockRank(lock)) {
      lock = relief.lock;
      why = `${why}; ${relief.why}`;
    }
    if (ignoreCopies && createsUniqueKey(operation)) {
      algorithm = 'copy';
      lock = 'shared';
      why =
        'ALTER IGNORE with a new unique key: MariaDB copies the table to leave out the rows the key finds duplicate (INPLACE and NOCOPY refused with error 1846, and LOCK=NONE even where copies can be online; seen on 10.11 and 11.8)';
    } else if (ignoreCopies && algorithm === 'copy' && lockRank(lock) < lockRank('shared')) {
      lock = 'shared';
      why = `${why}; but with IGNORE, MariaDB copies under LOCK=SHARED only (LOCK=NONE refused, seen on 11.8)`;
    }
    if (certainty === 'unknown') {
      algorithm = 'copy';
      lock = 'exclusive';
    }
    const rejected =
      rejectionFor(
        operation.text,
        statementText,
        facts,
        flavor,
        server.capabilities,
        operation.kind === 'drop-column' ||
          operation.kind === 'modify-column' ||
          operation.kind === 'change-column' ||
          operation.kind === 'rename-column'
          ? operation.column
          : undefined,
        operation.kind === 'drop-index' ? operation.index : undefined,
      ) ??
      foreignKeyColumnRefusal(operation, columnChange, facts, flavor) ??
      autoIncrementReferenceRefusal(operation, facts, flavor) ??
      autoIncrementKeyRefusal(operation, alter.operations, facts) ??
      secondAutoIncrementRefusal(operation, alter.operations, facts) ??
      primaryKeyRefusal(operation, alter.operations, facts) ??
      fulltextColumnRefusal(operation, alter.operations, facts) ??
      columnUseRefusal(operation, alter.operations, facts, flavor);
    // A refusal is known whatever else is unknown about the operation.
    if (rejected !== null) certainty = 'known';
    if (rejected !== null) why = `the server refuses it: ${rejected}`;
    if (isColumnChange && facts.columns === undefined && columnChange === 'type') {
      why += ' (assumed: the current column is not known, so a type change is the worst case)';
    }
    return {
      certainty,
      clauseIgnored: row.clauseIgnored === true,
      unenforced: row.unenforced === true,
      ...(rejected !== null ? { rejected } : {}),
      operation,
      ruleKey,
      algorithm,
      lock,
      why,
      ...(columnChange !== undefined ? { columnChange } : {}),
    };
  });

  const worst = () => ({
    algorithm: operations.reduce<AlterAlgorithm>(
      (a, p) => (algorithmRank(p.algorithm) > algorithmRank(a) ? p.algorithm : a),
      'instant',
    ),
    lock: operations.reduce<AlterLock>(
      (l, p) => (lockRank(p.lock) > lockRank(l) ? p.lock : l),
      'none',
    ),
  });
  let { algorithm, lock } = worst();
  // A statement is instant only as a whole: next to an in-place operation, an instant one is
  // done the non-instant way (checked on the servers: ADD COLUMN then rebuilds the table).
  const demoted =
    algorithm === 'instant' ? [] : operations.filter((p) => p.algorithm === 'instant');
  const others = operations.filter((p) => p.algorithm !== 'instant');
  for (const p of demoted) {
    const companion = instantCompanionFor(p.ruleKey, others, flavor, server.capabilities);
    const row = companion ?? nonInstantRuleFor(p.ruleKey, server.capabilities);
    p.algorithm = row.algorithm;
    p.lock = row.lock;
    p.why = `${row.why} (instant on its own, but not next to the other changes)`;
  }
  if (demoted.length > 0) {
    ({ algorithm, lock } = worst());
    risks.push({
      severity: 'info',
      text: `${demoted.map((p) => p.operation.text).join('; ')}: instant on its own, but not in this statement; run it separately to keep it instant.`,
    });
  }

  const certainty: PlanCertainty = operations.some((p) => p.certainty === 'unknown')
    ? 'unknown'
    : 'known';
  const hasPartitionOp = alter.operations.some((o) => PARTITION_KINDS.has(o.kind));
  let clause: string | null = clauseFor(algorithm, lock, server);
  // The clause proposes the best; the plan says what the statement as written will do. A
  // statement naming no algorithm gets the server's (old_alter_table, alter_algorithm).
  const best = algorithm;
  // MariaDB 10.x copies under alter_algorithm=COPY even with ALGORITHM=INSTANT or NOCOPY
  // written (seen on 10.11; a written INPLACE or COPY is held to).
  const copyOverrides =
    flavor === 'mariadb' &&
    facts.serverAlgorithm?.algorithm === 'COPY' &&
    (alter.algorithm === 'INSTANT' || alter.algorithm === 'NOCOPY');
  const imposed =
    (alter.algorithm === null || alter.algorithm === 'DEFAULT' || copyOverrides) &&
    facts.serverAlgorithm
      ? facts.serverAlgorithm
      : null;
  const written = imposed?.algorithm ?? alter.algorithm;
  /** How the statement came to ask for `a`: written, or a server setting. */
  const asking = (a: string) =>
    !imposed
      ? `ALGORITHM=${a} is written`
      : copyOverrides
        ? `The server's ${imposed.setting} overrides the written ALGORITHM=${alter.algorithm ?? ''} (MariaDB then copies)`
        : `The statement names no ALGORITHM=, so the server's ${imposed.setting} applies`;
  if (written === 'COPY') {
    algorithm = 'copy';
    if (lockRank(lock) < lockRank('shared')) lock = 'shared';
  }
  // MySQL holds ALGORITHM=INPLACE to the letter: what would be instant is done in place, and
  // ADD/DROP COLUMN then rebuild the table (MariaDB takes INPLACE as "in place or better").
  if (written === 'INPLACE' && flavor === 'mysql' && algorithm === 'instant') {
    for (const p of operations) {
      const row = nonInstantRuleFor(p.ruleKey, server.capabilities);
      if (algorithmRank(row.algorithm) > algorithmRank(algorithm)) algorithm = row.algorithm;
      if (lockRank(row.lock) > lockRank(lock)) lock = row.lock;
    }
  }
  if (alter.lock === 'SHARED' && lockRank(lock) < lockRank('shared')) lock = 'shared';
  if (alter.lock === 'EXCLUSIVE') lock = 'exclusive';
  let clauseNote: string | null = null;
  const rejected =
    modifierRefusal(modifiers, flavor) ??
    lockWaitRefusal(alter, flavor) ??
    operations.find((p) => p.rejected !== undefined)?.rejected ??
    null;
  const clauseIgnored = operations.every((p) => p.clauseIgnored);
  let unenforced = operations.some((p) => p.unenforced);
  if (rejected !== null) {
    clause = null;
    clauseNote = `The server will refuse this statement: ${rejected}.`;
  } else if (certainty === 'unknown') {
    clause = null;
    clauseNote = UNKNOWN_ADVICE;
  } else if (clauseIgnored) {
    clause = null;
    clauseNote =
      'The server accepts ALGORITHM= and LOCK= here but ignores them (MySQL manual, Online DDL partitioning operations): it runs this its own way.';
  } else if (
    hasPartitionOp &&
    !server.capabilities.alterPartitionClause &&
    alter.operations.some(
      (o) => PARTITION_KINDS.has(o.kind) && !TRAILING_PARTITION_KINDS.has(o.kind),
    )
  ) {
    clause = null;
    clauseNote =
      'MariaDB does not accept ALGORITHM= or LOCK= with partition management: the server chooses.';
  } else if (
    alter.operations.some((o) => TRAILING_PARTITION_KINDS.has(o.kind)) &&
    !server.capabilities.alterRepartitionChecksAlgorithm
  ) {
    unenforced = true;
    clauseNote =
      'MariaDB accepts but does not enforce ALGORITHM=INSTANT or NOCOPY when repartitioning: it copies the table anyway.';
  } else if (unenforced) {
    clauseNote =
      'This MariaDB accepts but does not enforce ALGORITHM=INSTANT or NOCOPY for another ENGINE or ORDER BY: it copies the table anyway.';
  }

  if (written === 'INPLACE' && best === 'instant' && algorithm !== 'instant') {
    risks.push({
      severity: 'warning',
      text: `${asking('INPLACE')}: MySQL then does it ${algorithm.replace('-', ' with a ')}, where instant would do (the proposed statement).`,
    });
  }
  if (written === 'COPY' && best !== 'copy') {
    risks.push({
      severity: imposed ? 'danger' : 'warning',
      text: `${asking('COPY')}: the table is copied while writes wait, where ${best.replace('-', ' with a ')} would do (the proposed statement${imposed ? ', which names its algorithm' : ''}).`,
    });
  }
  if (rejected !== null) {
    risks.push({ severity: 'danger', text: `The server will refuse this statement: ${rejected}.` });
  } else if (certainty === 'unknown') {
    risks.push({ severity: 'danger', text: UNKNOWN_ADVICE });
  } else if (written !== null && written !== 'DEFAULT') {
    const asked = written;
    const needed = algorithm;
    const tooCheap =
      (asked === 'INSTANT' && needed !== 'instant') ||
      ((asked === 'INPLACE' || asked === 'NOCOPY') && needed === 'copy') ||
      (asked === 'NOCOPY' && needed === 'inplace-rebuild');
    if (tooCheap) {
      risks.push({
        severity: 'danger',
        text: imposed
          ? `${asking(asked)}, asking for ${asked}, but this needs ${needed.replace('-', ' with a ')}: the server will refuse it (the proposed statement names its algorithm).`
          : `The statement asks for ALGORITHM=${asked}, but this needs ${needed.replace('-', ' with a ')}: the server will refuse it.`,
      });
    }
  }
  // MariaDB's ALTER ONLINE is LOCK=NONE unless a LOCK= says otherwise.
  const online = modifiers.has('ONLINE') && (alter.lock === null || alter.lock === 'DEFAULT');
  if (certainty === 'known' && rejected === null && online && lock !== 'none') {
    risks.push({
      severity: 'danger',
      text: `ALTER ONLINE asks for LOCK=NONE, but this needs LOCK=${lock.toUpperCase()}: the server will refuse the statement as written (the proposed one says LOCK=${lock.toUpperCase()}).`,
    });
  }
  if (certainty === 'known' && alter.lock === 'NONE' && lock !== 'none') {
    risks.push({
      severity: 'danger',
      text: `The statement asks for LOCK=NONE, but this needs LOCK=${lock.toUpperCase()}: the server will refuse it.`,
    });
  }
  if (rejected === null && alter.lockWait !== undefined) {
    risks.push({ severity: 'info', text: lockWaitText(alter.lockWait) });
  }
  if (rejected === null && ignoreCopies && operations.some((p) => createsUniqueKey(p.operation))) {
    risks.push({
      severity: 'danger',
      text: 'ALTER IGNORE: rows that the new unique key finds duplicate are deleted (all but the first of each value), silently: the server only counts them. Remove IGNORE to have duplicates refuse the change instead.',
    });
  }
  // A refused statement copies nothing: no advice about its copy or rebuild.
  if (rejected === null && algorithm === 'copy' && certainty === 'known') {
    risks.push({
      severity: 'danger',
      text: 'Writes to the table wait for the whole copy; on a big, busy table consider gh-ost or pt-online-schema-change.',
    });
  } else if (rejected === null && algorithm === 'inplace-rebuild') {
    risks.push({
      severity: 'warning',
      text: 'The whole table is rewritten: free disk space about the size of the table is needed, and writes made during the run must fit in innodb_online_alter_log_max_size.',
    });
  }
  // What an operation would do to the data is moot when the server refuses the statement.
  for (const p of rejected === null ? operations : []) {
    const current = columns.get((p.operation.column ?? '').toLowerCase());
    risks.push(
      ...operationRisks(p, server, current, facts.columns === undefined ? undefined : columns),
    );
  }
  if (
    limit !== null &&
    facts.rowVersions !== undefined &&
    facts.rowVersions !== null &&
    operations.some(
      (p) =>
        p.algorithm === 'instant' &&
        (p.operation.kind === 'add-column' || p.operation.kind === 'drop-column'),
    )
  ) {
    risks.push({
      severity: facts.rowVersions >= limit - 8 ? 'warning' : 'info',
      text: `Instant ADD/DROP COLUMN uses one of the table's ${limit} row versions (${facts.rowVersions} used so far).`,
    });
  }

  // Under that setting MariaDB still holds a written INPLACE (in place or better, so instant
  // where it can be): the proposal writes that instead of INSTANT or NOCOPY.
  if (flavor === 'mariadb' && facts.serverAlgorithm?.algorithm === 'COPY' && clause !== null) {
    clause = clause.replace(/^ALGORITHM=(INSTANT|NOCOPY)\b/, 'ALGORITHM=INPLACE');
  }

  return {
    table: alter.table,
    schema: alter.schema,
    operations,
    algorithm,
    lock,
    certainty,
    rejected,
    summary:
      rejected !== null
        ? `Refused: the server will not run this statement (${rejected}).`
        : certainty === 'unknown'
          ? `Unknown: Sightline cannot tell how the server runs this on this table. ${UNKNOWN_ADVICE}`
          : `${describeAlgorithm(algorithm)} ${describeLock(lock)}`,
    clause,
    clauseNote,
    clauseIgnored: (clauseIgnored || unenforced) && rejected === null && certainty === 'known',
    proposedSql: withClause(alter, clause),
    risks,
  };
}

/**
 * The key a CHANGE/MODIFY COLUMN declares inline (`MODIFY a INT UNIQUE`, `... PRIMARY KEY`; a
 * bare KEY is a primary key) as an operation of its own: the servers build it like ADD UNIQUE /
 * ADD PRIMARY KEY, so a column change that is otherwise instant is not (seen on all three).
 */
function inlineKeyOf(op: AlterOperation): AlterOperation[] {
  if ((op.kind !== 'change-column' && op.kind !== 'modify-column') || !op.definition) return [];
  // Quoted text (a COMMENT, a string default) says nothing about keys.
  const definition = op.definition.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"/g, "''");
  const column = quoteIdentifier(op.newName ?? op.column ?? '');
  if (/\bUNIQUE\b/i.test(definition)) {
    return [{ kind: 'add-unique-index', text: `ADD UNIQUE KEY (${column})` }];
  }
  if (/\b(PRIMARY\s+)?KEY\b/i.test(definition)) {
    return [{ kind: 'add-primary-key', text: `ADD PRIMARY KEY (${column})` }];
  }
  return [];
}

/** Whether `op` makes a unique key (UNIQUE or PRIMARY), on its own or with a new column. */
function createsUniqueKey(op: AlterOperation): boolean {
  if (op.kind === 'add-unique-index' || op.kind === 'add-primary-key') return true;
  if (op.kind !== 'add-column' || !op.definition) return false;
  const definition = op.definition.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"/g, "''");
  return /\b(UNIQUE|KEY)\b/i.test(definition);
}

/**
 * Why the server refuses the words between ALTER and TABLE, or null: MySQL dropped ONLINE and
 * OFFLINE in 5.6 and IGNORE in 5.7; MariaDB has ONLINE and IGNORE but not OFFLINE.
 */
function modifierRefusal(
  modifiers: ReadonlySet<string>,
  flavor: 'mysql' | 'mariadb',
): string | null {
  const refused = [...modifiers].filter((m) => flavor === 'mysql' || m === 'OFFLINE');
  if (refused.length === 0) return null;
  return `${flavor === 'mysql' ? 'MySQL' : 'MariaDB'} has no ALTER ${refused.join(' ')} TABLE (${flavor === 'mysql' ? 'MySQL removed ONLINE and OFFLINE in 5.6, IGNORE in 5.7' : 'only ONLINE and IGNORE'}): syntax error 1064`;
}

/** Why MySQL refuses MariaDB's `WAIT n` / `NOWAIT` after the table name (seen on 9.7), or null. */
function lockWaitRefusal(alter: ParsedAlter, flavor: 'mysql' | 'mariadb'): string | null {
  if (alter.lockWait === undefined || flavor !== 'mysql') return null;
  const words = 'nowait' in alter.lockWait ? 'NOWAIT' : 'WAIT';
  return `MySQL has no ${words} in ALTER TABLE (MariaDB's way to bound the metadata lock wait; on MySQL set lock_wait_timeout for the session): syntax error 1064`;
}

/** What MariaDB's `NOWAIT` / `WAIT n` do (seen on 10.5, 10.11 and 11.8: error 1205). */
function lockWaitText(wait: NonNullable<ParsedAlter['lockWait']>): string {
  const how =
    'nowait' in wait
      ? 'NOWAIT: if another session holds the table’s metadata lock, the server gives up at once'
      : `WAIT ${wait.seconds}: the server waits at most ${wait.seconds} s for the table’s metadata lock (in place of lock_wait_timeout), then gives up`;
  return `${how} with error 1205 and changes nothing. It sets the statement's lock wait and nothing else: the algorithm and lock are the ones planned.`;
}

/** How close to InnoDB's record limit a plan stops promising an instant ADD/DROP COLUMN. */
const RECORD_MARGIN = 150;

/**
 * Why an instant ADD/DROP COLUMN may be refused by MySQL for the size of the table's largest
 * record (error 4157: it then rebuilds), or null: the estimate (record-size.ts) is within
 * RECORD_MARGIN bytes of the limit, or past it. Not knowing the columns, no claim.
 */
function recordSizeConcern(
  operation: AlterOperation,
  key: RuleKey,
  facts: PlanFacts,
): string | null {
  if (facts.columns === undefined) return null;
  if (key !== 'add-column-last' && key !== 'add-column-positioned' && key !== 'drop-column') {
    return null;
  }
  const columns: SizedColumn[] = [...facts.columns];
  if (operation.kind === 'add-column' && operation.definition !== undefined) {
    const { type, nullable } = splitDefinition(operation.definition);
    const charset = /\b(?:CHARACTER\s+SET|CHARSET)\s*=?\s*[`'"]?(\w+)/i.exec(
      operation.definition,
    )?.[1];
    const width = { latin1: 1, ascii: 1, binary: 1, ucs2: 2, utf8: 3, utf8mb3: 3, utf8mb4: 4 }[
      charset?.toLowerCase() ?? ''
    ];
    columns.push({ columnType: type, nullable, maxBytesPerChar: width ?? null });
  }
  const bytes = maxRecordBytes(columns);
  const limit = maxRecordBytesFor(facts.innodbPageSize);
  if (bytes <= limit - RECORD_MARGIN) return null;
  const page = (facts.innodbPageSize || 16384) / 1024;
  return `the table's largest possible record is about ${bytes} bytes, near or past InnoDB's limit of ${limit} (${page} KiB pages): MySQL then refuses ALGORITHM=INSTANT for ADD/DROP COLUMN (error 4157) and rebuilds the table (seen on 9.7)`;
}

/** What each value of MariaDB's @@innodb_instant_alter_column_allowed keeps from being instant. */
const NOT_INSTANT_UNDER: Record<'never' | 'add_last', readonly RuleKey[]> = {
  never: ['add-column-last', 'add-column-positioned', 'drop-column', 'column-reorder'],
  add_last: ['add-column-positioned', 'drop-column', 'column-reorder'],
};

/**
 * Why the server's @@innodb_instant_alter_column_allowed keeps this operation from being instant
 * (MariaDB refuses ALGORITHM=INSTANT naming the variable and rebuilds; seen on 10.11 and 11.8),
 * or null. A VIRTUAL column stores nothing: dropping one stays instant.
 */
function instantColumnSetting(
  key: RuleKey,
  operation: AlterOperation,
  facts: PlanFacts,
  flavor: 'mysql' | 'mariadb',
): string | null {
  const setting = facts.instantAlterColumnAllowed;
  if (flavor !== 'mariadb' || (setting !== 'never' && setting !== 'add_last')) return null;
  if (!NOT_INSTANT_UNDER[setting].includes(key)) return null;
  const column = (operation.column ?? '').toLowerCase();
  if (
    key === 'drop-column' &&
    (facts.virtualColumns ?? []).some((c) => c.toLowerCase() === column)
  ) {
    return null;
  }
  return `the server has innodb_instant_alter_column_allowed=${setting}, which keeps ${setting === 'never' ? 'ADD/DROP COLUMN and column moves' : 'DROP COLUMN, ADD COLUMN FIRST/AFTER and column moves'} from being instant`;
}

/** The expression of `column` when it is a VIRTUAL generated column the facts know. */
function virtualExpression(facts: PlanFacts, column: string): string | undefined {
  const isVirtual = (facts.virtualColumns ?? []).some((c) => c.toLowerCase() === column);
  return isVirtual ? facts.virtualExpressions?.[column] : undefined;
}

/** The columns of an index definition `ADD UNIQUE k (a, b(10) DESC)`, lower case. */
function keyColumns(text: string): string[] {
  const list = /\(([^]*)\)/.exec(text)?.[1] ?? '';
  return list
    .split(',')
    .map((part) => /^\s*[`"]?([^`"\s(]+)/.exec(part)?.[1]?.toLowerCase() ?? '')
    .filter((name) => name !== '');
}

/**
 * What CONVERT TO CHARACTER SET does to the text columns: if all already have that character
 * set, at most collations change. Without COLLATE the target is the server's default collation
 * for the set; when the facts do not hold it, a change is assumed.
 */
function charsetConversion(op: AlterOperation, facts: PlanFacts): CharsetConversion {
  const target = op.value?.toLowerCase().replace(/^utf8$/, 'utf8mb3');
  if (facts.columns === undefined || target === undefined) return 'converts';
  const text = facts.columns.filter((c) => c.collation);
  if (text.some((c) => charsetOfCollation(c.collation ?? '') !== target)) return 'converts';
  const collate = (
    /\bCOLLATE\s*=?\s*[`'"]?(\w+)/i.exec(op.text)?.[1] ?? facts.defaultCollations?.[target]
  )?.toLowerCase();
  const indexed = new Set((facts.indexedColumns ?? []).map((c) => c.toLowerCase()));
  const indexedText = text.filter(
    (c) => facts.indexedColumns === undefined || indexed.has(c.name.toLowerCase()),
  );
  if (collate !== undefined && text.every((c) => c.collation?.toLowerCase() === collate)) {
    return 'metadata';
  }
  // Indexed columns that already have the target collation keep their index as it is.
  const resorted = indexedText.filter(
    (c) => collate === undefined || c.collation?.toLowerCase() !== collate,
  );
  if (resorted.length > 0) return 'collation-indexed';
  // MySQL re-collates CHAR/VARCHAR in place, but rebuilds for a TEXT column (seen on 9.7).
  const changed = text.filter((c) => c.collation?.toLowerCase() !== collate);
  return collate !== undefined && changed.every((c) => /^(var)?char\(/i.test(c.columnType))
    ? 'collation-varchar'
    : 'collation';
}

/**
 * Why converting `current` to the type `definition` gives can lose or reject values (the lint's
 * rules), '' when every value fits: a real widening; null when it cannot be told (the column
 * not known, a generation expression, the same type written again).
 */
function conversionLoss(current: CurrentColumn | undefined, definition: string | undefined) {
  if (!current || definition === undefined) return null;
  if (/\b(AS|GENERATED)\s*(ALWAYS\s+AS\s*)?\(/i.test(definition)) return null;
  const before = normaliseColumnType(current.columnType);
  const after = normaliseColumnType(splitDefinition(definition).type);
  if (before === after) return null;
  const charsetOf = (collation: string | null | undefined) =>
    collation ? charsetOfCollation(collation) : null;
  const from = charsetOf(current.collation);
  const named =
    /\b(?:CHARACTER\s+SET|CHARSET)\s*=?\s*[`'"]?(\w+)/i.exec(definition)?.[1] ??
    charsetOf(/\bCOLLATE\s*=?\s*[`'"]?(\w+)/i.exec(definition)?.[1]);
  const loss = lossyChange(
    { type: before, charset: from },
    { type: after, charset: named?.toLowerCase() ?? from },
  );
  return loss ?? '';
}

const DUPLICATE_RISK =
  'Fails at the end, after all the work, if a duplicate value exists (or is written meanwhile).';

/** Seen on MySQL 9.7 (1138 in place, 1265 copying) and MariaDB 10.5, 10.11, 11.8 (1265). */
const PRIMARY_KEY_NULL_RISK =
  "A primary key's columns become NOT NULL: it also fails if one holds a NULL (error 1138 or 1265 under a strict sql_mode); without a strict sql_mode the server instead turns each NULL into 0 or '' with only a warning, which may then collide as a duplicate.";

function operationRisks(
  p: PlannedOperation,
  server: PlanServer,
  current: CurrentColumn | undefined,
  /** The table's columns by lower-case name; undefined when not known. */
  columns: ReadonlyMap<string, CurrentColumn> | undefined,
): AlterRisk[] {
  const op = p.operation;
  switch (op.kind) {
    case 'drop-column':
      return [
        {
          severity: 'warning',
          text: `Dropping column ${op.column ?? ''} destroys its data: there is no undo but a backup.`,
        },
      ];
    case 'drop-primary-key':
      // Neither server hides a primary key (MySQL 9.7: error 3522; MariaDB 10.11: 4174).
      return [{ severity: 'info', text: 'Queries that use the primary key may become slow.' }];
    case 'drop-index': {
      // Hidden from the optimizer but kept up to date: MySQL's INVISIBLE, MariaDB 10.6's IGNORED.
      const hide = !server.capabilities.invisibleIndexes
        ? null
        : server.flavor === 'mariadb'
          ? 'IGNORED'
          : 'INVISIBLE';
      const index = op.index ?? '';
      return [
        {
          severity: 'info',
          text: `Queries that use index ${index} may become slow${hide ? `; make it ${hide} first to try (ALTER INDEX ${index} ${hide})` : ''}.`,
        },
      ];
    }
    case 'add-unique-index':
      return [{ severity: 'warning', text: DUPLICATE_RISK }];
    case 'add-primary-key': {
      // A primary key makes its columns NOT NULL: a NULL fails it as a duplicate does.
      const nullable =
        columns === undefined ||
        keyColumns(op.text).some((c) => columns.get(c)?.nullable !== false);
      return [
        {
          severity: 'warning',
          text: nullable ? `${DUPLICATE_RISK} ${PRIMARY_KEY_NULL_RISK}` : DUPLICATE_RISK,
        },
      ];
    }
    case 'change-column':
    case 'modify-column':
      if (p.columnChange === 'nullability' && /\bNOT\s+NULL\b/i.test(op.definition ?? '')) {
        return [
          {
            severity: 'warning',
            text: `Fails if column ${op.column ?? ''} holds a NULL (strict mode), after scanning the table.`,
          },
        ];
      }
      if (p.columnChange === 'type') {
        const loss = conversionLoss(current, op.definition);
        if (loss === '') {
          const rewrites = p.algorithm === 'copy' || p.algorithm === 'inplace-rebuild';
          return [
            {
              severity: 'info',
              text: `Column ${op.column ?? ''} widens from ${current?.columnType ?? ''} to ${normaliseColumnType(splitDefinition(op.definition ?? '').type)}: every value fits${rewrites ? ', but every row is rewritten' : ''}.`,
            },
          ];
        }
        return [
          {
            severity: 'warning',
            text: `Converting column ${op.column ?? ''} can truncate or reject values that do not fit the new type${loss ? `: ${loss}` : ''}.`,
          },
        ];
      }
      return [];
    case 'rename-table':
    case 'rename-column':
      return [
        {
          severity: 'warning',
          text: 'Queries, views, triggers and routines that use the old name break at once.',
        },
      ];
    case 'drop-partition':
      return [{ severity: 'warning', text: 'The partition’s rows are deleted with it.' }];
    case 'truncate-partition':
      return [{ severity: 'warning', text: 'The partition’s rows are deleted.' }];
    case 'unknown':
      return [
        {
          severity: 'warning',
          text: `“${op.text}” is not recognised; the plan assumes the worst (a copy).`,
        },
      ];
    default:
      return [];
  }
}
