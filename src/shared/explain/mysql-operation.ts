import type { NodeKind, PlanFlag } from './plan-model';

/** What an operation line of MySQL's tree plans says about the node. */
export interface MysqlOperation {
  kind: NodeKind;
  /** Shared between operations of a kind: read it, never change it. */
  flags: readonly PlanFlag[];
  /** `Table scan`, `Index lookup`, ... for table accesses. */
  accessType?: string;
  /** The table (by alias) an access or a write is on. */
  table?: string;
  key?: string;
  condition?: string;
  indexCondition?: string;
}

// A table by its alias: quoted, the server's own `<union temporary>` (which has a space), or a word.
const NAME = '(`[^`]*`|<[^>\\n]*>|\\S+)';
const re = (source: string) => new RegExp(source);
// Operations of a kind share their list of flags (frozen, so a mistake throws instead of
// changing them all); one with more flags gets a copy. Plans can have thousands of operations.
const flagList = (...flags: PlanFlag[]): readonly PlanFlag[] => Object.freeze(flags);
const NO_FLAGS = flagList();

// MySQL words every index access alike: `[Single-row |Multi-range |Full-text ][Covering ]index
// <operation> on <alias> using <index>`, the prefix lowering the next word (`Full-text covering
// index search`). INDEX is that start for the operation that follows it.
const INDEX = '(?:(?:Single-row|Multi-range|Full-text) (?:covering )?index|Covering index|Index)';

/** Reads of a table, most specific first; each gives the access type MySQL names it by. */
const TABLE_ACCESSES: Array<[RegExp, string, readonly PlanFlag[]]> = [
  [re(`^Table scan on ${NAME}`), 'table scan', flagList('full-table-scan')],
  [
    re(`^(?:Covering index|Index) scan on ${NAME} using ${NAME}`),
    'index scan',
    flagList('full-index-scan'),
  ],
  [
    re(`^Multi-range (?:covering )?index lookup on ${NAME} using ${NAME}`),
    'multi-range lookup',
    NO_FLAGS,
  ],
  [re(`^${INDEX} lookup on ${NAME} using ${NAME}`), 'index lookup', NO_FLAGS],
  // `Index range scan (Multi-Range Read) on t1 using kc over ...` when MRR is used.
  [
    re(
      `^(?:Covering index|Index) range scan(?: \\(Multi-Range Read\\))? on ${NAME}(?: using ${NAME})?`,
    ),
    'index range scan',
    NO_FLAGS,
  ],
  [
    re(`^(?:Covering index|Index) skip scan(?: for \\w+)? on ${NAME} using ${NAME}`),
    'index skip scan',
    NO_FLAGS,
  ],
  [
    re(`^(?:Covering index|Index) distance scan on ${NAME} using ${NAME}`),
    'index distance scan',
    NO_FLAGS,
  ],
  [
    re(`^Full-text (?:covering )?index search on ${NAME} using ${NAME}`),
    'full-text search',
    NO_FLAGS,
  ],
  [re(`^Constant row from ${NAME}`), 'constant row', NO_FLAGS],
  [re(`^Count rows in ${NAME}`), 'count rows', NO_FLAGS],
  [re(`^Sample scan on ${NAME}`), 'sample scan', NO_FLAGS],
  [re(`^Scan new records on ${NAME}`), 'scan new records', NO_FLAGS],
  [re(`^Materialize table function(?: on ${NAME})?`), 'table function', NO_FLAGS],
];

/** Everything else, by how the line starts. */
const OPERATIONS: Array<[RegExp, NodeKind, readonly PlanFlag[]]> = [
  [/^Filter:/, 'filter', NO_FLAGS],
  [
    /hash (?:semi|anti)?join\b|^Hash (?:semi|anti)?join\b/i,
    'join',
    flagList('hash-join', 'join-buffer'),
  ],
  [/^Batched key access\b/, 'join', flagList('join-buffer')],
  [/^Nested loop\b/, 'join', NO_FLAGS],
  [
    /^(?:Deduplicate|Intersect) rows sorted by row ID|^Sort-deduplicate by row ID|^Index merge\b/,
    'index-merge',
    NO_FLAGS,
  ],
  [/^Sort row IDs\b/, 'sort', flagList('filesort')],
  [/^Sort\b/, 'sort', flagList('filesort')],
  [/^Aggregate using temporary table\b/, 'group', flagList('temporary')],
  [/^Group aggregate\b|^Group \(no aggregates\)/, 'group', NO_FLAGS],
  [/^Aggregate\b|^Zero input rows\b/, 'aggregate', NO_FLAGS],
  [/^(?:Union|Intersect|Except) (?:all )?materialize\b/, 'union', flagList('temporary')],
  [/^Append\b/, 'union', NO_FLAGS],
  [/^Temporary table with deduplication\b/, 'dedupe', flagList('temporary')],
  [/^Temporary table\b/, 'temporary', flagList('temporary')],
  [/^Materialize\b/, 'materialize', flagList('temporary')],
  [/^Stream results\b/, 'stream', NO_FLAGS],
  [/^Limit(?:\/Offset)?:/, 'limit', NO_FLAGS],
  [/^Window (?:multi-pass )?aggregate\b/, 'window', NO_FLAGS],
  // `Remove duplicate c rows using temporary table (weedout)`, a semijoin strategy.
  [/^Remove duplicate .* using temporary table \(weedout\)$/, 'dedupe', flagList('temporary')],
  [/^(?:Remove duplicates|Weedout)\b/, 'dedupe', NO_FLAGS],
  [/^Select #\d+/, 'subquery', NO_FLAGS],
  [/^Rows fetched before execution\b/, 'other', flagList('optimized-away')],
  [/^Zero rows\b.*Impossible/i, 'other', flagList('impossible')],
];

const WRITE = re(`^(?:Insert into|Replace into|Update|Delete from) ${NAME}`);
const COVERING = /^(?:Covering|(?:Single-row|Multi-range|Full-text) covering) index/;
const REPLANNED = /\(re-planned for each iteration\)/;
const PUSHED_CONDITION = /, with index condition: (.*)$/;
const JOIN_CONDITION = /^[^(]*?join\b[^(]*\((.*)\)$/;
const NO_JOIN_CONDITION = /^(?:FirstMatch|LooseScan|no condition)/;
const DEPENDENT = /\bdependent\b/;

/**
 * Classifies one operation of `FORMAT=TREE` / `EXPLAIN ANALYZE` / JSON v2 `operation`.
 * `names: false` is for a caller that has the table and key already: a table access then
 * leaves them out (no copies of them are made) unless its flags depend on the table.
 */
export function classifyMysqlOperation(text: string, names = true): MysqlOperation {
  for (const [pattern, accessType, flags] of TABLE_ACCESSES) {
    // Only full scans need the table's name to decide their flags.
    const needsTable = names || flags !== NO_FLAGS;
    const m = needsTable ? pattern.exec(text) : null;
    if (needsTable ? !m : !pattern.test(text)) continue;
    const table = m?.[1] === undefined ? undefined : unquote(m[1]);
    const op: MysqlOperation = { kind: 'table', flags, accessType, table };
    if (names && m?.[2] !== undefined) op.key = unquote(m[2]);
    // A scan of the server's own result (`<temporary>`, `<subquery2>`) is not a table scan.
    if (table?.startsWith('<')) op.flags = op.flags.filter((f) => !f.startsWith('full-'));
    if (COVERING.test(text)) op.flags = [...op.flags, 'covering-index'];
    if (REPLANNED.test(text)) op.flags = [...op.flags, 'range-checked'];
    const pushed = PUSHED_CONDITION.exec(text);
    if (pushed) {
      op.indexCondition = pushed[1];
      op.flags = [...op.flags, 'index-condition'];
    }
    return op;
  }
  for (const [pattern, kind, flags] of OPERATIONS) {
    if (!pattern.test(text)) continue;
    const op: MysqlOperation = { kind, flags };
    if (kind === 'filter') op.condition = text.slice('Filter:'.length).trim();
    if (kind === 'join') op.condition = joinCondition(text);
    if (kind === 'subquery' && DEPENDENT.test(text)) op.flags = [...flags, 'dependent'];
    return op;
  }
  const write = WRITE.exec(text);
  if (write?.[1]) return { kind: 'other', flags: NO_FLAGS, table: unquote(write[1]) };
  return { kind: 'other', flags: NO_FLAGS };
}

/**
 * The condition of a join operation: `Inner hash join (a.x = b.y)` gives `a.x = b.y`; none for
 * semijoin strategies and `(no condition)`.
 */
export function joinCondition(operation: string): string | undefined {
  // Most joins have no condition in their wording (`Nested loop inner join`): without a closing
  // parenthesis at the end the pattern cannot match, and trying it costs more than the rest.
  if (operation.charCodeAt(operation.length - 1) !== 0x29 /* ) */) return undefined;
  const m = JOIN_CONDITION.exec(operation);
  return m && !NO_JOIN_CONDITION.test(m[1] ?? '') ? m[1] : undefined;
}

function unquote(name: string): string {
  return name.startsWith('`') && name.endsWith('`') && name.length > 1 ? name.slice(1, -1) : name;
}
