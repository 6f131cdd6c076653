import {
  flagOnly,
  listField,
  listInto,
  messageField,
  nestedLoopNodes,
  noteReader,
  numberField,
  readCommonTableKey,
  readers,
  readsMaterialized,
  readKeys,
  stringField,
  TABLE_FIELDS,
  type KeyReader,
  type Readers,
  type Vocabulary,
} from './json-plan-contents';
import { addNote } from './extra-notes';
import { isJsonObject, type JsonObject } from './json-value';
import {
  keepLeftover,
  MAX_PLAN_DEPTH,
  parseQueryBlockDocument,
  tooDeepNode,
  keptAsIs,
} from './plan-fragment';
import {
  createCost,
  addChild,
  addFlag,
  createActual,
  createNode,
  keepRaw,
  type ActualFigures,
  type NodeKind,
  type PlanNode,
  ownRaw,
} from './plan-model';
import { parsePlanNumber } from './plan-number';
import { fullScanOf, TableAccessLabels } from './table-access-label';

// The labels of the document being parsed (parsing is synchronous: one document at a time).
let labels = new TableAccessLabels();

/**
 * Parses MariaDB `EXPLAIN FORMAT=JSON` and `ANALYZE FORMAT=JSON` (10.x, 11.x): query blocks with
 * `nested_loop`, `block-nl-join`, `filesort`, `temporary_table`, `read_sorted_file`,
 * `subqueries` (with expression/subquery caches), `materialized`, `duplicates_removal`,
 * `range-checked-for-each-record`, unions, window functions; `r_*` measurements (rows per loop,
 * times as totals) and 11.x `cost`/`loops`.
 */
export function parseMariaDbJson(document: unknown): PlanNode {
  labels = new TableAccessLabels();
  return parseQueryBlockDocument(document, queryBlock, parseMariaDbObject);
}

function parseMariaDbObject(o: JsonObject, depth: number): PlanNode {
  if (depth > MAX_PLAN_DEPTH) return tooDeepNode(o);
  if ('table_name' in o || 'access_type' in o) return tableNode(o, depth);
  if ('select_id' in o) return queryBlock(o, depth);
  if (isJsonObject(o.query_block)) return subqueryNode(o, depth);
  return readKeys(MARIADB, createNode('unknown', '(object)'), o, CONTENTS, depth);
}

const MARIADB: Vocabulary = { parseObject: parseMariaDbObject };

const push =
  (make: (o: JsonObject, depth: number) => PlanNode): KeyReader =>
  (node, value, depth) => {
    if (!isJsonObject(value)) return false;
    addChild(node, make(value, depth + 1));
    return true;
  };

/** A node of `kind` over what the object contains, with its measurements. */
const container = (kind: NodeKind, label: (o: JsonObject) => string, temporary = false) =>
  push((o, d) => {
    const node = createNode(kind, label(o));
    if (temporary) addFlag(node, 'temporary');
    readKeys(MARIADB, node, o, MEASURED_CONTENTS, d);
    finishMeasurements(node);
    return node;
  });

const CONTENTS: Readers = readers([
  ['table', push((o, d) => tableNode(o, d))],
  ['query_block', push((o, d) => queryBlock(o, d))],
  [
    'nested_loop',
    (node, value, depth) => {
      if (!Array.isArray(value)) return false;
      for (const child of nestedLoopNodes(MARIADB, CONTENTS, value, depth + 1))
        addChild(node, child);
      return true;
    },
  ],
  ['block-nl-join', push((o, d) => blockJoin(o, d))],
  ['range-checked-for-each-record', push((o, d) => rangeChecked(o, d))],
  ['filesort', push((o, d) => filesort(o, d))],
  ['temporary_table', container('temporary', () => 'Temporary table', true)],
  ['read_sorted_file', container('other', () => 'Read sorted file')],
  ['materialized', container('materialize', () => 'Materialize', true)],
  [
    'materialization',
    container('materialize', (o) => withDetail('Materialize', o.r_strategy), true),
  ],
  ['expression_cache', container('other', (o) => cacheLabel('Expression cache', o))],
  ['subquery_cache', container('other', (o) => cacheLabel('Subquery cache', o))],
  [
    // An array of the tables between "Start temporary" and "End temporary".
    'duplicates_removal',
    (node, value, depth) => {
      if (!Array.isArray(value)) return false;
      const weedout = createNode('dedupe', 'Duplicate weedout');
      for (const child of nestedLoopNodes(MARIADB, CONTENTS, value, depth + 1))
        addChild(weedout, child);
      addChild(node, weedout);
      return true;
    },
  ],
  [
    'subqueries',
    (node, value, depth) => listInto(node, 'subqueries', value, (s) => subqueryNode(s, depth + 1)),
  ],
  ['union_result', push((o, d) => setOperation('Union result', o, d))],
  ['recursive_union', push((o, d) => setOperation('Recursive union', o, d))],
  [
    'query_specifications',
    (node, value, depth) =>
      listInto(node, 'query_specifications', value, (s) =>
        isJsonObject(s.query_block) && Object.keys(s).length === 1
          ? queryBlock(s.query_block, depth + 1)
          : parseMariaDbObject(s, depth + 1),
      ),
  ],
  ['window_functions_computation', push((o, d) => windowFunctions(o, d))],
]);

/**
 * `r_loops`, `r_rows` (rows per loop) and `r_total_time_ms` (all loops): measured figures. Each
 * reader fills the node's `actual`, creating it on the first measurement.
 */
function measure(node: PlanNode): ActualFigures {
  return (node.actual ??= createActual());
}

function readLoops(node: PlanNode, value: unknown): boolean {
  const loops = parsePlanNumber(value);
  if (loops === undefined) return false;
  const a = measure(node);
  a.loops = loops;
  if (loops === 0) a.executed = false;
  return true;
}

/** `r_rows`; null when the node never ran. Any value makes the node a measured one. */
function readRows(node: PlanNode, value: unknown): boolean {
  const a = measure(node);
  if (value === null) {
    a.executed = false;
    return true;
  }
  const rows = parsePlanNumber(value);
  if (rows === undefined) return false;
  a.rows = rows;
  return true;
}

const MEASUREMENTS: Array<[string, KeyReader]> = [
  ['r_loops', readLoops],
  ['r_rows', readRows],
  ['r_total_time_ms', numberField((n, v) => (measure(n).totalTimeMs = v))],
  ['r_filtered', numberField((n, v) => (measure(n).filtered = v))],
];

const MEASURED_CONTENTS = readers(CONTENTS, MEASUREMENTS);

/** Per-loop rows times loops; `executed: false` nodes count no rows. */
function finishMeasurements(node: PlanNode): void {
  const a = node.actual;
  if (!a) return;
  if (!a.executed) a.rows = 0;
  if (a.rows !== undefined && a.loops !== undefined) a.totalRows = a.rows * a.loops;
}

const QUERY_BLOCK_READERS = readers(MEASURED_CONTENTS, [
  ['select_id', numberField((n, v) => (n.selectId = v))],
  ['operation', flagOnlyString],
  ['cost', numberField((n, v) => (n.cost = createCost(undefined, v)))],
  ['having_condition', stringField((n, v) => (n.condition = v))],
]);

/** Accepts a string (read elsewhere from the object). */
function flagOnlyString(_node: PlanNode, value: unknown): boolean {
  return typeof value === 'string';
}

function queryBlock(o: JsonObject, depth: number): PlanNode {
  if (depth > MAX_PLAN_DEPTH) return tooDeepNode(o);
  const node = readKeys(MARIADB, createNode('other', 'Query block'), o, QUERY_BLOCK_READERS, depth);
  const operation = typeof o.operation === 'string' ? ` (${o.operation})` : '';
  node.label = `${node.selectId === undefined ? 'Query block' : `Select #${node.selectId}`}${operation}`;
  finishMeasurements(node);
  return node;
}

const yes = (v: unknown) => v === true || v === 1;

const TABLE_READERS = readers(MEASURED_CONTENTS, TABLE_FIELDS, [
  ['rows', numberField((n, v) => (n.rows = v))],
  ['cost', numberField((n, v) => (n.cost = createCost(v, undefined)))],
  ['message', messageField],
  ['update', flagOnly],
  ['delete', flagOnly],
  ['used_columns', listField((n, v) => (n.usedColumns = v))],
  ['r_table_time_ms', numberField((n, v) => addSelfTime(n, v))],
  ['r_other_time_ms', numberField((n, v) => addSelfTime(n, v))],
  ['using_index', noteReader((v) => (yes(v) ? 'Using index' : undefined))],
  [
    'using_index_for_group_by',
    noteReader((v) => (yes(v) ? 'Using index for group-by' : undefined)),
  ],
  ['first_match', noteReader((v) => (typeof v === 'string' ? `FirstMatch(${v})` : undefined))],
  ['loose_scan', noteReader((v) => (yes(v) ? 'LooseScan' : undefined))],
  ['distinct', noteReader((v) => (yes(v) ? 'Distinct' : undefined))],
  ['not_exists', noteReader((v) => (yes(v) ? 'Not exists' : undefined))],
  ['start_temporary', noteReader((v) => (yes(v) ? 'Start temporary' : undefined))],
  ['end_temporary', noteReader((v) => (yes(v) ? 'End temporary' : undefined))],
  [
    'const_row_not_found',
    noteReader((v) => (yes(v) ? 'no matching row in const table' : undefined)),
  ],
  ['impossible_on_condition', noteReader((v) => (yes(v) ? 'Impossible ON condition' : undefined))],
  ['full_scan_on_null_key', noteReader((v) => (yes(v) ? 'Full scan on NULL key' : undefined))],
]);

/** MariaDB times a table's reads and its condition checks separately; both are its own. */
function addSelfTime(node: PlanNode, ms: number): void {
  const a = measure(node);
  a.selfTimeMs = (a.selfTimeMs ?? 0) + ms;
}

function tableNode(o: JsonObject, depth: number): PlanNode {
  if (depth > MAX_PLAN_DEPTH) return tooDeepNode(o);
  const node = createNode('table', '');
  for (const key in o) {
    const value = o[key];
    if (!readTableKey(node, key, value, depth))
      keepLeftover(node, key, value, parseMariaDbObject, depth);
  }
  const { table, accessType } = node;
  if (accessType === 'index_merge') node.kind = 'index-merge';
  if (table === undefined && typeof o.message === 'string') {
    node.kind = 'other';
    node.label = o.message;
  } else node.label = labels.label(accessType, table, node.key);
  if (yes(o.update)) node.label = `Update ${table ?? '?'} (${node.label})`;
  else if (yes(o.delete)) node.label = `Delete from ${table ?? '?'} (${node.label})`;
  const scan = fullScanOf(accessType);
  if (scan && table !== undefined && !table.startsWith('<') && !readsMaterialized(node))
    addFlag(node, scan);
  finishMeasurements(node);
  return node;
}

/**
 * One key of a table, as TABLE_READERS reads it. The keys every table has are compared in a
 * switch (the document's keys are internalized strings: each case is a pointer comparison) and
 * read inline: a map lookup and a call through a closure per key cost more than reading most
 * values. The other keys go to TABLE_READERS. False: the key is kept as a leftover.
 */
function readTableKey(node: PlanNode, key: string, value: unknown, depth: number): boolean {
  const common = readCommonTableKey(node, key, value);
  if (common !== undefined) return common;
  switch (key) {
    case 'rows': {
      const n = parsePlanNumber(value);
      if (n === undefined) return false;
      node.rows = n;
      return true;
    }
    case 'cost': {
      const n = parsePlanNumber(value);
      if (n === undefined) return false;
      node.cost = createCost(n, undefined);
      return true;
    }
    case 'r_loops':
      return readLoops(node, value);
    case 'r_rows':
      return readRows(node, value);
    case 'r_filtered': {
      const n = parsePlanNumber(value);
      if (n === undefined) return false;
      measure(node).filtered = n;
      return true;
    }
    case 'r_table_time_ms':
    case 'r_other_time_ms': {
      const n = parsePlanNumber(value);
      if (n === undefined) return false;
      addSelfTime(node, n);
      return true;
    }
    // No reader: kept in raw as keepLeftover keeps them, each stored by its own name (see
    // ownRaw): every table has them.
    case 'key_length':
      if (!keptAsIs(value)) return false;
      ownRaw(node).key_length = value;
      return true;
    case 'loops':
      if (!keptAsIs(value)) return false;
      ownRaw(node).loops = value;
      return true;
    case 'r_engine_stats':
      if (!keptAsIs(value)) return false;
      ownRaw(node).r_engine_stats = value;
      return true;
    case 'r_total_filtered':
      if (!keptAsIs(value)) return false;
      ownRaw(node).r_total_filtered = value;
      return true;
    default: {
      const reader = TABLE_READERS.get(key);
      return reader !== undefined && reader(node, value, depth);
    }
  }
}

/** What a `block-nl-join` or range-checked wrapper says, kept for its table. */
const BLOCK_READERS = readers(CONTENTS, [
  ['join_type', flagOnlyString],
  ['buffer_type', flagOnlyString],
  ['attached_condition', flagOnlyString],
  ['r_unpack_time_ms', numberField(() => undefined)],
  ['r_other_time_ms', numberField(() => undefined)],
]);

/**
 * `block-nl-join`: the table read through a join buffer. The buffer's join condition, flags and
 * times go to the table (the Extra column shows them there too); its other keys to its raw.
 */
function blockJoin(o: JsonObject, depth: number): PlanNode {
  const holder = readKeys(MARIADB, createNode('unknown', 'block-nl-join'), o, BLOCK_READERS, depth);
  const inner = holder.children.find((c) => c.kind !== 'unknown') ?? holder;
  const joinType = typeof o.join_type === 'string' ? o.join_type : undefined;
  const bufferType = typeof o.buffer_type === 'string' ? o.buffer_type : undefined;
  addNote(
    inner,
    `Using join buffer (${[bufferType, joinType && `${joinType} join`].filter(Boolean).join(', ')})`,
  );
  addFlag(inner, 'join-buffer');
  if (joinType && /H$/.test(joinType)) addFlag(inner, 'hash-join');
  if (typeof o.attached_condition === 'string')
    inner.condition =
      inner.condition === undefined
        ? o.attached_condition
        : `(${inner.condition}) and (${o.attached_condition})`;
  const unpack = parsePlanNumber(o.r_unpack_time_ms);
  const other = parsePlanNumber(o.r_other_time_ms);
  if (inner.actual && (unpack !== undefined || other !== undefined))
    inner.actual.selfTimeMs = (inner.actual.selfTimeMs ?? 0) + (unpack ?? 0) + (other ?? 0);
  return adopt(inner, holder, 'block-nl-join');
}

function rangeChecked(o: JsonObject, depth: number): PlanNode {
  const holder = readKeys(
    MARIADB,
    createNode('unknown', 'range-checked-for-each-record'),
    o,
    BLOCK_READERS,
    depth,
  );
  const inner = holder.children.find((c) => c.kind !== 'unknown') ?? holder;
  const keys = Array.isArray(o.keys) ? o.keys.filter((k) => typeof k === 'string') : [];
  addNote(
    inner,
    `Range checked for each record${keys.length ? ` (keys: ${keys.join(', ')})` : ''}`,
  );
  addFlag(inner, 'range-checked');
  return adopt(inner, holder, 'range-checked-for-each-record');
}

/**
 * The wrapper's other keys (buffer size, r_keys, ...) stay with the table, in raw under the
 * wrapper's name; its other children become the table's.
 */
function adopt(inner: PlanNode, holder: PlanNode, wrapper: string): PlanNode {
  if (inner === holder) return holder;
  let kept = false;
  for (const _ in holder.raw) {
    kept = true;
    break;
  }
  if (kept) keepRaw(inner, wrapper, holder.raw);
  for (const c of holder.children) if (c !== inner) addChild(inner, c);
  return inner;
}

const FILESORT_READERS = readers(MEASURED_CONTENTS, [
  ['sort_key', stringField((n, v) => (n.label = `Sort (filesort): ${v}`))],
  ['r_output_rows', numberField((n, v) => (measure(n).totalRows = v))],
]);

function filesort(o: JsonObject, depth: number): PlanNode {
  const node = createNode('sort', 'Sort (filesort)');
  addFlag(node, 'filesort');
  readKeys(MARIADB, node, o, FILESORT_READERS, depth);
  const a = node.actual;
  if (a) {
    // Filesort times its own work (sorting): its total is its self time.
    if (a.totalTimeMs !== undefined) {
      a.selfTimeMs = a.totalTimeMs;
      a.totalTimeMs = undefined;
    }
    if (a.totalRows !== undefined) a.rows = a.totalRows / (a.loops || 1);
  }
  return node;
}

function withDetail(word: string, detail: unknown): string {
  return typeof detail === 'string' ? `${word} (${detail})` : word;
}

function cacheLabel(word: string, o: JsonObject): string {
  const hits = parsePlanNumber(o.r_hit_ratio);
  const parts = [
    typeof o.state === 'string' ? o.state : undefined,
    hits === undefined ? undefined : `hit ratio ${hits}%`,
  ];
  const text = parts.filter(Boolean).join(', ');
  return text ? `${word} (${text})` : word;
}

/**
 * An entry of `subqueries`. MariaDB does not say "dependent": a subquery behind an expression or
 * subquery cache (only used for correlated subqueries), or run more than once, is.
 */
function subqueryNode(o: JsonObject, depth: number): PlanNode {
  const node = readKeys(MARIADB, createNode('subquery', 'Subquery'), o, CONTENTS, depth);
  const cached = isJsonObject(o.expression_cache) || isJsonObject(o.subquery_cache);
  const block =
    node.children.find((c) => c.selectId !== undefined) ??
    node.children[0]?.children.find((c) => c.selectId !== undefined);
  if (block?.selectId !== undefined) node.label = `Subquery #${block.selectId}`;
  if (cached || (block?.actual?.loops ?? 0) > 1) addFlag(node, 'dependent');
  return node;
}

const SET_OPERATION_READERS = readers(
  MEASURED_CONTENTS,
  TABLE_FIELDS.filter(([k]) => k === 'table_name' || k === 'access_type'),
);

function setOperation(word: string, o: JsonObject, depth: number): PlanNode {
  const node = readKeys(MARIADB, createNode('union', word), o, SET_OPERATION_READERS, depth);
  if (node.table !== undefined) node.label = `${word} ${node.table}`;
  finishMeasurements(node);
  return node;
}

function windowFunctions(o: JsonObject, depth: number): PlanNode {
  // The sorts describe the window orderings: kept as raw, not as plan steps.
  const node = readKeys(MARIADB, createNode('window', 'Window functions'), o, CONTENTS, depth);
  const sorts = Array.isArray(o.sorts) ? o.sorts.filter(isJsonObject) : [];
  if (sorts.length) {
    addFlag(node, 'filesort');
    const keys = sorts.map((s) => (isJsonObject(s.filesort) ? s.filesort.sort_key : undefined));
    node.label = `Window functions (sorts: ${keys.filter((k) => typeof k === 'string').join('; ')})`;
  }
  return node;
}
