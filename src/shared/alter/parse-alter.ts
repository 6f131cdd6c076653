import type { SqlFlavor } from '../sql/lexer';
import {
  isMark,
  isName,
  isWord,
  splitTopLevel,
  statementTokens,
  tokensText as textOf,
  unquoteName,
  type SqlToken,
} from '../sql/statement-tokens';

/** A token's name, or undefined when there is no token. */
const unquote = (token: SqlToken | undefined): string | undefined =>
  token ? unquoteName(token) : undefined;
import type {
  AlgorithmClause,
  AlterOperation,
  AlterOperationKind,
  ColumnPosition,
  LockClause,
  LockWait,
  ParsedAlter,
} from './alter-operation';

export type ParseAlterResult = { ok: true; alter: ParsedAlter } | { ok: false; error: string };

const ALGORITHMS: readonly AlgorithmClause[] = ['DEFAULT', 'INSTANT', 'INPLACE', 'NOCOPY', 'COPY'];
const LOCKS: readonly LockClause[] = ['DEFAULT', 'NONE', 'SHARED', 'EXCLUSIVE'];

/** Words that start a table option (`ENGINE=InnoDB`); several may follow without commas. */
const TABLE_OPTIONS = new Set([
  'ENGINE',
  'ROW_FORMAT',
  'CHARACTER',
  'CHARSET',
  'COLLATE',
  'COMMENT',
  'AUTO_INCREMENT',
  'KEY_BLOCK_SIZE',
  'STATS_PERSISTENT',
  'STATS_AUTO_RECALC',
  'STATS_SAMPLE_PAGES',
  'PACK_KEYS',
  'CHECKSUM',
  'DELAY_KEY_WRITE',
  'COMPRESSION',
  'ENCRYPTION',
  'ENCRYPTED',
  'ENCRYPTION_KEY_ID',
  'PAGE_COMPRESSED',
  'PAGE_COMPRESSION_LEVEL',
  'TABLESPACE',
  'AVG_ROW_LENGTH',
  'MAX_ROWS',
  'MIN_ROWS',
  'INSERT_METHOD',
  'DATA',
  'INDEX',
  'UNION',
  'SECONDARY_ENGINE',
  'AUTOEXTEND_SIZE',
  'TRANSACTIONAL',
  'PAGE_CHECKSUM',
  'IETF_QUOTES',
  'SEQUENCE',
  'WITH',
  'WITHOUT',
]);

/** Words after which a column definition ends and its position begins. */
const POSITION_WORDS = new Set(['FIRST', 'AFTER']);

/**
 * Splits off `PARTITION BY ...` and `REMOVE PARTITIONING`, which follow the other clauses
 * without a comma.
 */
function splitTrailingPartitioning(spec: SqlToken[]): SqlToken[][] {
  let depth = 0;
  for (let i = 1; i < spec.length; i++) {
    const t = spec[i];
    if (isMark(t, '(')) depth++;
    else if (isMark(t, ')')) depth--;
    if (depth !== 0) continue;
    const next = spec[i + 1];
    if (
      (isWord(t, 'PARTITION') && isWord(next, 'BY')) ||
      (isWord(t, 'REMOVE') && isWord(next, 'PARTITIONING'))
    ) {
      // `ADD PARTITION (...)`, `REORGANIZE PARTITION p INTO` are one clause: only split when
      // the previous word does not own this PARTITION.
      return [spec.slice(0, i), ...splitTrailingPartitioning(spec.slice(i))];
    }
  }
  return [spec];
}

/** Reads `ALTER TABLE` statements into their operations, with the shared SQL lexer. */
export function parseAlter(sql: string, flavor: SqlFlavor = 'mysql'): ParseAlterResult {
  const tokens = statementTokens(sql, { flavor }).filter(
    (t) => t.kind !== 'conditional-start' && t.kind !== 'conditional-end',
  );
  while (tokens.length > 0 && (isMark(tokens.at(-1), ';') || tokens.at(-1)?.kind === 'delimiter'))
    tokens.pop();
  if (tokens.some((t) => isMark(t, ';') || t.kind === 'delimiter')) {
    return {
      ok: false,
      error: 'One ALTER TABLE at a time: the text holds more than one statement.',
    };
  }
  let i = 0;
  if (!isWord(tokens[i], 'ALTER')) return { ok: false, error: 'The statement is not an ALTER.' };
  i++;
  const modifiers: string[] = [];
  while (isWord(tokens[i], 'ONLINE') || isWord(tokens[i], 'OFFLINE') || isWord(tokens[i], 'IGNORE'))
    modifiers.push(tokens[i++]!.upper);
  if (!isWord(tokens[i], 'TABLE')) {
    return { ok: false, error: 'Only ALTER TABLE statements can be planned here.' };
  }
  i++;
  if (isWord(tokens[i], 'IF') && isWord(tokens[i + 1], 'EXISTS')) i += 2;
  if (!isName(tokens[i]))
    return { ok: false, error: 'The table name is missing after ALTER TABLE.' };
  let schema: string | null = null;
  let table = unquote(tokens[i]) ?? '';
  i++;
  if (isMark(tokens[i], '.') && isName(tokens[i + 1])) {
    schema = table;
    table = unquote(tokens[i + 1]) ?? '';
    i += 2;
  }
  // MariaDB's `WAIT n` / `NOWAIT` (10.3+) bound the wait for the metadata lock; kept in the head.
  let lockWait: LockWait | undefined;
  if (isWord(tokens[i], 'NOWAIT')) {
    lockWait = { nowait: true };
    i++;
  } else if (isWord(tokens[i], 'WAIT') && /^\d+$/.test(tokens[i + 1]?.text ?? '')) {
    let seconds = tokens[i + 1]!.text;
    i += 2;
    if (isMark(tokens[i], '.') && /^\d+$/.test(tokens[i + 1]?.text ?? '')) {
      seconds += `.${tokens[i + 1]!.text}`;
      i += 2;
    }
    lockWait = { seconds: Number(seconds) };
  }
  const head = sql.slice(tokens[0]?.start ?? 0, tokens[i - 1]?.end ?? 0);
  const rest = tokens.slice(i);
  if (rest.length === 0) {
    return { ok: false, error: 'The ALTER TABLE says nothing to change.' };
  }
  let algorithm: AlgorithmClause | null = null;
  let lock: LockClause | null = null;
  const operations: AlterOperation[] = [];
  const parts = mergePartitionNameLists(splitTopLevel(rest));
  for (const part of parts) {
    if (part.length === 0) return { ok: false, error: 'Two commas follow each other.' };
    for (const spec of splitTrailingPartitioning(part)) {
      const option = readAlgorithmOrLock(spec);
      if (option === 'invalid') {
        return { ok: false, error: `Unknown value in “${textOf(sql, spec)}”.` };
      }
      if (option) {
        if (option.algorithm) algorithm = option.algorithm;
        if (option.lock) lock = option.lock;
        continue;
      }
      operations.push(...readSpec(sql, spec));
    }
  }
  if (operations.length === 0) {
    return { ok: false, error: 'The ALTER TABLE says nothing to change.' };
  }
  return {
    ok: true,
    alter: {
      schema,
      table,
      head,
      operations,
      algorithm,
      lock,
      ...(modifiers.length > 0 ? { modifiers } : {}),
      ...(lockWait !== undefined ? { lockWait } : {}),
    },
  };
}

/** Clauses that name partitions in a comma-separated list: `DROP PARTITION p1, p2`. */
const PARTITION_LIST_HEADS = new Set([
  'DROP',
  'TRUNCATE',
  'REORGANIZE',
  'REBUILD',
  'OPTIMIZE',
  'ANALYZE',
  'CHECK',
  'REPAIR',
  'DISCARD',
  'IMPORT',
]);

/** Joins `p2` back to `DROP PARTITION p1` (the comma there separates names, not clauses). */
function mergePartitionNameLists(parts: SqlToken[][]): SqlToken[][] {
  const merged: SqlToken[][] = [];
  for (const part of parts) {
    const previous = merged.at(-1);
    const listOpen =
      previous !== undefined &&
      PARTITION_LIST_HEADS.has(previous[0]?.upper ?? '') &&
      isWord(previous[1], 'PARTITION') &&
      !previous.some((t) => isWord(t, 'INTO'));
    const isNameList =
      part.length >= 1 && isName(part[0]) && (part.length === 1 || isWord(part[1], 'INTO'));
    if (listOpen && isNameList) previous.push(...part);
    else merged.push(part);
  }
  return merged;
}

function readAlgorithmOrLock(
  spec: readonly SqlToken[],
): { algorithm?: AlgorithmClause; lock?: LockClause } | null | 'invalid' {
  const word = spec[0];
  if (!isWord(word, 'ALGORITHM') && !isWord(word, 'LOCK')) return null;
  const value = (isMark(spec[1], '=') ? spec[2] : spec[1])?.upper;
  if (isWord(word, 'ALGORITHM')) {
    const a = ALGORITHMS.find((x) => x === value);
    return a ? { algorithm: a } : 'invalid';
  }
  const l = LOCKS.find((x) => x === value);
  return l ? { lock: l } : 'invalid';
}

/** One clause (or, for table options written without commas, several). */
function readSpec(sql: string, spec: SqlToken[]): AlterOperation[] {
  const text = textOf(sql, spec);
  const w = (n: number) => spec[n]?.upper ?? '';
  const op = (kind: AlterOperationKind, extra: Partial<AlterOperation> = {}): AlterOperation[] => [
    { kind, text, ...extra },
  ];
  const first = w(0);
  if (spec[0]?.kind === 'word' && (TABLE_OPTIONS.has(first) || first === 'DEFAULT')) {
    const options = readTableOptions(sql, spec);
    if (options) return options;
  }
  switch (first) {
    case 'ADD':
      return readAdd(sql, spec, text);
    case 'DROP':
      return readDrop(spec, text);
    case 'ALTER': {
      if (w(1) === 'INDEX' || w(1) === 'KEY') {
        return op('index-visibility', { index: unquote(spec[2]) });
      }
      // ALTER CHECK | CONSTRAINT name [NOT] ENFORCED (reserved words: never a column's name).
      if ((w(1) === 'CHECK' || w(1) === 'CONSTRAINT') && spec[1]?.kind === 'word') {
        return op('check-enforcement', { index: unquote(spec[2]) });
      }
      let n = w(1) === 'COLUMN' ? 2 : 1;
      if (w(n) === 'IF' && w(n + 1) === 'EXISTS') n += 2;
      const column = unquote(spec[n]);
      if (w(n + 1) === 'SET' && w(n + 2) === 'DEFAULT') return op('set-default', { column });
      if (w(n + 1) === 'DROP' && w(n + 2) === 'DEFAULT') return op('drop-default', { column });
      if (w(n + 1) === 'SET' && (w(n + 2) === 'VISIBLE' || w(n + 2) === 'INVISIBLE')) {
        return op('column-visibility', { column });
      }
      return op('modify-column', { column });
    }
    case 'RENAME': {
      if (w(1) === 'COLUMN') {
        let n = 2;
        if (w(n) === 'IF' && w(n + 1) === 'EXISTS') n += 2;
        return op('rename-column', { column: unquote(spec[n]), newName: unquote(spec[n + 2]) });
      }
      if (w(1) === 'INDEX' || w(1) === 'KEY') {
        let n = 2;
        if (w(n) === 'IF' && w(n + 1) === 'EXISTS') n += 2;
        return op('rename-index', { index: unquote(spec[n]), newName: unquote(spec[n + 2]) });
      }
      const n = w(1) === 'TO' || w(1) === 'AS' ? 2 : 1;
      const parts = spec.slice(n).filter((t) => !isMark(t, '.'));
      return op('rename-table', { newName: unquote(parts.at(-1)) });
    }
    case 'CHANGE': {
      let n = w(1) === 'COLUMN' ? 2 : 1;
      if (w(n) === 'IF' && w(n + 1) === 'EXISTS') n += 2;
      const column = unquote(spec[n]);
      const newName = unquote(spec[n + 1]);
      return [
        {
          kind: 'change-column',
          text,
          column,
          newName,
          ...definitionAndPosition(sql, spec.slice(n + 2)),
        },
      ];
    }
    case 'MODIFY': {
      let n = w(1) === 'COLUMN' ? 2 : 1;
      if (w(n) === 'IF' && w(n + 1) === 'EXISTS') n += 2;
      return [
        {
          kind: 'modify-column',
          text,
          column: unquote(spec[n]),
          ...definitionAndPosition(sql, spec.slice(n + 1)),
        },
      ];
    }
    case 'CONVERT': {
      const at = spec.findIndex((t, k) => k > 1 && (t.upper === 'SET' || t.upper === 'CHARSET'));
      return op('convert-charset', { value: unquote(spec[at + 1]) });
    }
    case 'FORCE':
      return op('force');
    case 'ORDER':
      return op('order-by');
    case 'ENABLE':
    case 'DISABLE':
      return op('table-option');
    case 'TRUNCATE':
      return op('truncate-partition');
    case 'COALESCE':
      return op('coalesce-partition');
    case 'REORGANIZE':
      return op('reorganize-partition');
    case 'REBUILD':
    case 'OPTIMIZE':
    case 'ANALYZE':
    case 'CHECK':
    case 'REPAIR':
    case 'EXCHANGE':
    case 'DISCARD':
    case 'IMPORT':
      return w(1) === 'PARTITION' ? op('partition-maintenance') : op('unknown');
    case 'PARTITION':
      return w(1) === 'BY' ? op('partition-by') : op('unknown');
    case 'REMOVE':
      return w(1) === 'PARTITIONING' ? op('remove-partitioning') : op('unknown');
    default:
      return op('unknown');
  }
}

function readAdd(sql: string, spec: SqlToken[], text: string): AlterOperation[] {
  const w = (n: number) => spec[n]?.upper ?? '';
  let n = 1;
  let constraintName: string | undefined;
  if (w(n) === 'CONSTRAINT') {
    n++;
    if (w(n) === 'IF' && w(n + 1) === 'NOT' && w(n + 2) === 'EXISTS') n += 3;
    if (!['PRIMARY', 'UNIQUE', 'FOREIGN', 'CHECK'].includes(w(n))) {
      constraintName = unquote(spec[n]);
      n++;
    }
  }
  const indexName = (from: number): string | undefined => {
    let k = from;
    if (w(k) === 'INDEX' || w(k) === 'KEY') k++;
    if (w(k) === 'IF' && w(k + 1) === 'NOT' && w(k + 2) === 'EXISTS') k += 3;
    return isName(spec[k]) && !isMark(spec[k], '(') && w(k) !== 'USING'
      ? unquote(spec[k])
      : constraintName;
  };
  switch (w(n)) {
    case 'INDEX':
    case 'KEY':
      return [{ kind: 'add-index', text, index: indexName(n) }];
    case 'UNIQUE':
      return [{ kind: 'add-unique-index', text, index: indexName(n + 1) }];
    case 'FULLTEXT':
      return [{ kind: 'add-fulltext-index', text, index: indexName(n + 1) }];
    case 'SPATIAL':
      return [{ kind: 'add-spatial-index', text, index: indexName(n + 1) }];
    case 'PRIMARY':
      return [{ kind: 'add-primary-key', text }];
    case 'FOREIGN':
      return [{ kind: 'add-foreign-key', text, index: constraintName ?? indexName(n + 2) }];
    case 'CHECK':
      return [{ kind: 'add-check', text, index: constraintName }];
    case 'PARTITION':
      return [{ kind: 'add-partition', text }];
    case 'PERIOD':
      return [{ kind: 'unknown', text }];
    case 'SYSTEM':
      return [{ kind: w(n + 1) === 'VERSIONING' ? 'system-versioning' : 'unknown', text }];
  }
  if (w(n) === 'COLUMN') n++;
  if (w(n) === 'IF' && w(n + 1) === 'NOT' && w(n + 2) === 'EXISTS') n += 3;
  if (isMark(spec[n], '(')) {
    // ADD (a INT, b INT): several columns, placed last.
    return [{ kind: 'add-column', text, position: { at: 'last' } }];
  }
  const { definition, position } = definitionAndPosition(sql, spec.slice(n + 1));
  return [
    {
      kind: 'add-column',
      text,
      column: unquote(spec[n]),
      ...(definition !== undefined ? { definition } : {}),
      position: position ?? { at: 'last' },
    },
  ];
}

function readDrop(spec: SqlToken[], text: string): AlterOperation[] {
  const w = (n: number) => spec[n]?.upper ?? '';
  const nameAfter = (k: number): string | undefined => {
    let n = k;
    if (w(n) === 'IF' && w(n + 1) === 'EXISTS') n += 2;
    return unquote(spec[n]);
  };
  switch (w(1)) {
    case 'INDEX':
    case 'KEY':
      return [{ kind: 'drop-index', text, index: nameAfter(2) }];
    case 'PRIMARY':
      return [{ kind: 'drop-primary-key', text }];
    case 'FOREIGN':
      return [{ kind: 'drop-foreign-key', text, index: nameAfter(3) }];
    case 'CHECK':
    case 'CONSTRAINT':
      return [{ kind: 'drop-constraint', text, index: nameAfter(2) }];
    case 'PARTITION':
      return [{ kind: 'drop-partition', text }];
    case 'DEFAULT':
    case 'PERIOD':
      return [{ kind: 'unknown', text }];
    case 'SYSTEM':
      return [{ kind: w(2) === 'VERSIONING' ? 'system-versioning' : 'unknown', text }];
    case 'COLUMN':
      return [{ kind: 'drop-column', text, column: nameAfter(2) }];
    default:
      return [{ kind: 'drop-column', text, column: nameAfter(1) }];
  }
}

/** A column definition's text and the FIRST / AFTER x that may end it. */
function definitionAndPosition(
  sql: string,
  tokens: SqlToken[],
): { definition?: string; position?: ColumnPosition } {
  let depth = 0;
  let end = tokens.length;
  let position: ColumnPosition | undefined;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (isMark(t, '(')) depth++;
    else if (isMark(t, ')')) depth--;
    else if (depth === 0 && t?.kind === 'word' && POSITION_WORDS.has(t.upper)) {
      if (t.upper === 'FIRST') position = { at: 'first' };
      else position = { at: 'after', column: unquote(tokens[k + 1]) ?? '' };
      end = k;
      break;
    }
  }
  const def = tokens.slice(0, end);
  const result: { definition?: string; position?: ColumnPosition } = {};
  if (def.length > 0) result.definition = textOf(sql, def);
  if (position) result.position = position;
  return result;
}

/** `ENGINE=InnoDB ROW_FORMAT=DYNAMIC DEFAULT CHARSET=utf8mb4`: one operation per option. */
function readTableOptions(sql: string, spec: SqlToken[]): AlterOperation[] | null {
  const ops: AlterOperation[] = [];
  let k = 0;
  while (k < spec.length) {
    const start = k;
    if (isWord(spec[k], 'DEFAULT')) k++;
    const name = spec[k]?.upper ?? '';
    if (!TABLE_OPTIONS.has(name)) return null;
    k++;
    let kind: AlterOperationKind = 'table-option';
    if (name === 'CHARACTER') {
      if (!isWord(spec[k], 'SET')) return null;
      k++;
      kind = 'default-charset';
    } else if (name === 'CHARSET' || name === 'COLLATE') kind = 'default-charset';
    else if (name === 'ENGINE') kind = 'engine';
    else if (name === 'ROW_FORMAT') kind = 'row-format';
    else if (name === 'COMMENT') kind = 'table-comment';
    else if (name === 'AUTO_INCREMENT') kind = 'auto-increment';
    else if (name === 'DATA' || name === 'INDEX') {
      if (!isWord(spec[k], 'DIRECTORY')) return null;
      k++;
    } else if (name === 'WITH' || name === 'WITHOUT') {
      if (!isWord(spec[k], 'VALIDATION')) return null;
      k++;
      ops.push({ kind: 'table-option', text: textOf(sql, spec.slice(start, k)) });
      continue;
    }
    if (isMark(spec[k], '=')) k++;
    const valueToken = spec[k];
    if (!valueToken) return null;
    if (isMark(valueToken, '(')) {
      // UNION = (t1, t2)
      let depth = 0;
      for (; k < spec.length; k++) {
        if (isMark(spec[k], '(')) depth++;
        else if (isMark(spec[k], ')') && --depth === 0) break;
      }
    }
    k++;
    ops.push({
      kind,
      text: textOf(sql, spec.slice(start, k)),
      value: unquote(valueToken),
    });
  }
  return ops;
}
