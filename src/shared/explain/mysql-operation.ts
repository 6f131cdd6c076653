import type { NodeKind, PlanFlag } from './plan-model';

/** What an operation line of MySQL's tree plans says about the node. */
export interface MysqlOperation {
  kind: NodeKind;
  flags: PlanFlag[];
  /** `Table scan`, `Index lookup`, ... for table accesses. */
  accessType?: string;
  /** The table (by alias) an access or a write is on. */
  table?: string;
  key?: string;
  condition?: string;
  indexCondition?: string;
}

const NAME = '(`[^`]*`|\\S+)';
const re = (source: string) => new RegExp(source);

/** Reads of a table, most specific first; each gives the access type MySQL names it by. */
const TABLE_ACCESSES: Array<[RegExp, string, PlanFlag[]]> = [
  [re(`^Table scan on ${NAME}`), 'table scan', ['full-table-scan']],
  [
    re(`^(?:Covering index|Index) scan on ${NAME} using ${NAME}`),
    'index scan',
    ['full-index-scan'],
  ],
  [
    re(`^(?:Single-row (?:covering )?index|Covering index|Index) lookup on ${NAME} using ${NAME}`),
    'index lookup',
    [],
  ],
  [
    re(`^(?:Covering index|Index) range scan on ${NAME}(?: using ${NAME})?`),
    'index range scan',
    [],
  ],
  [
    re(`^(?:Covering index|Index) skip scan(?: for \\w+)? on ${NAME} using ${NAME}`),
    'index skip scan',
    [],
  ],
  [re(`^Full-text index search on ${NAME} using ${NAME}`), 'full-text search', []],
  [re(`^Multi-range index lookup on ${NAME} using ${NAME}`), 'multi-range lookup', []],
  [re(`^Constant row from ${NAME}`), 'constant row', []],
  [re(`^Scan new records on ${NAME}`), 'scan new records', []],
  [re(`^Materialize table function(?: on ${NAME})?`), 'table function', []],
];

/** Everything else, by how the line starts. */
const OPERATIONS: Array<[RegExp, NodeKind, PlanFlag[]]> = [
  [/^Filter:/, 'filter', []],
  [/hash (?:semi|anti)?join\b|^Hash (?:semi|anti)?join\b/i, 'join', ['hash-join', 'join-buffer']],
  [/^Batched key access\b/, 'join', ['join-buffer']],
  [/^Nested loop\b/, 'join', []],
  [
    /^(?:Deduplicate|Intersect) rows sorted by row ID|^Sort-deduplicate by row ID|^Index merge\b/,
    'index-merge',
    [],
  ],
  [/^Sort row IDs\b/, 'sort', ['filesort']],
  [/^Sort\b/, 'sort', ['filesort']],
  [/^Aggregate using temporary table\b/, 'group', ['temporary']],
  [/^Group aggregate\b|^Group \(no aggregates\)/, 'group', []],
  [/^Aggregate\b|^Zero input rows\b/, 'aggregate', []],
  [/^(?:Union|Intersect|Except) (?:all )?materialize\b/, 'union', ['temporary']],
  [/^Append\b/, 'union', []],
  [/^Temporary table with deduplication\b/, 'dedupe', ['temporary']],
  [/^Temporary table\b/, 'temporary', ['temporary']],
  [/^Materialize\b/, 'materialize', ['temporary']],
  [/^Stream results\b/, 'stream', []],
  [/^Limit(?:\/Offset)?:/, 'limit', []],
  [/^Window (?:multi-pass )?aggregate\b/, 'window', []],
  [/^(?:Remove duplicates|Weedout)\b/, 'dedupe', []],
  [/^Select #\d+/, 'subquery', []],
  [/^Rows fetched before execution\b/, 'other', ['optimized-away']],
  [/^Zero rows\b.*Impossible/i, 'other', ['impossible']],
];

const WRITE = re(`^(?:Insert into|Replace into|Update|Delete from) ${NAME}`);

/** Classifies one operation of `FORMAT=TREE` / `EXPLAIN ANALYZE` / JSON v2 `operation`. */
export function classifyMysqlOperation(text: string): MysqlOperation {
  for (const [pattern, accessType, flags] of TABLE_ACCESSES) {
    const m = pattern.exec(text);
    if (!m) continue;
    const table = m[1] === undefined ? undefined : unquote(m[1]);
    const op: MysqlOperation = { kind: 'table', flags: [...flags], accessType, table };
    if (m[2] !== undefined) op.key = unquote(m[2]);
    // A scan of the server's own result (`<temporary>`, `<subquery2>`) is not a table scan.
    if (table?.startsWith('<')) op.flags = op.flags.filter((f) => !f.startsWith('full-'));
    if (/^Covering|^Single-row covering/.test(text)) op.flags.push('covering-index');
    if (/\(re-planned for each iteration\)/.test(text)) op.flags.push('range-checked');
    const pushed = /, with index condition: (.*)$/.exec(text);
    if (pushed) {
      op.indexCondition = pushed[1];
      op.flags.push('index-condition');
    }
    return op;
  }
  for (const [pattern, kind, flags] of OPERATIONS) {
    if (!pattern.test(text)) continue;
    const op: MysqlOperation = { kind, flags: [...flags] };
    if (kind === 'filter') op.condition = text.slice('Filter:'.length).trim();
    if (kind === 'join') {
      // `Inner hash join (a.x = b.y)`: the join condition follows the name.
      const cond = /^[^(]*?join\b[^(]*\((.*)\)$/.exec(text);
      if (cond && !/^(?:FirstMatch|LooseScan|no condition)/.test(cond[1] ?? ''))
        op.condition = cond[1];
    }
    if (kind === 'subquery' && /\bdependent\b/.test(text)) op.flags.push('dependent');
    return op;
  }
  const write = WRITE.exec(text);
  if (write?.[1]) return { kind: 'other', flags: [], table: unquote(write[1]) };
  return { kind: 'other', flags: [] };
}

function unquote(name: string): string {
  return name.startsWith('`') && name.endsWith('`') && name.length > 1 ? name.slice(1, -1) : name;
}
