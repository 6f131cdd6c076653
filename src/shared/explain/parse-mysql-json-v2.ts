import {
  listField,
  listInto,
  numberField,
  readers,
  stringField,
  type KeyReader,
} from './json-plan-contents';
import { asBoolean, asStringList, isJsonObject, type JsonObject } from './json-value';
import { classifyMysqlOperation, joinCondition, type MysqlOperation } from './mysql-operation';
import {
  isPlanLike,
  keepLeftover,
  keptAsIs,
  MAX_PLAN_DEPTH,
  tooDeepNode,
  unknownNode,
} from './plan-fragment';
import {
  createCost,
  addChild,
  addFlag,
  addWarning,
  createActual,
  createNode,
  keepRaw,
  ownRaw,
  type ActualFigures,
  type NodeKind,
  type PlanFlag,
  type PlanNode,
} from './plan-model';
import { parsePlanNumber } from './plan-number';

/**
 * Parses MySQL `EXPLAIN FORMAT=JSON` version 2 (8.3+, 9.x default) and `EXPLAIN ANALYZE
 * FORMAT=JSON`: `{query, query_plan: {operation, inputs, ...}}` or a bare root operation.
 * A node with a `heading` (`Select #2 (subquery in condition; dependent)`) is wrapped in a
 * subquery node, as the text tree prints it.
 */
export function parseMysqlJsonV2(document: unknown): { root: PlanNode; query?: string } {
  if (isJsonObject(document) && isJsonObject(document.query_plan)) {
    const root = parseV2Object(document.query_plan, 0);
    for (const key in document)
      if (key !== 'query_plan' && key !== 'query')
        keepLeftover(root, key, document[key], parseV2Object, 0);
    return { root, query: typeof document.query === 'string' ? document.query : undefined };
  }
  if (isPlanLike(document)) return { root: parseV2Object(document, 0) };
  return { root: unknownNode('(document)', document, parseV2Object, 0) };
}

function parseV2Object(o: JsonObject, depth: number): PlanNode {
  if (depth > MAX_PLAN_DEPTH) return tooDeepNode(o);
  const node = createNode('unknown', '(no operation)');
  // The values classify and the wrapper need, taken as the loop meets their keys: reading them
  // from `o` again by name is a lookup in a cache shared by all its shapes (the document's
  // objects have dozens), for each node.
  let operation: unknown;
  let accessType: unknown;
  let heading: unknown;
  for (const key in o) {
    const value = o[key];
    if (key === 'operation') operation = value;
    else if (key === 'access_type') accessType = value;
    else if (key === 'heading') heading = value;
    if (!readOperationKey(node, key, value, depth))
      keepLeftover(node, key, value, parseV2Object, depth);
  }
  classify(node, o, operation, accessType);
  if (node.actual) finishActual(node.actual);
  // A read of a materialized result (a derived table, a CTE) is not a scan of a stored table.
  if (
    node.flags.length &&
    node.children.some((c) => c.kind === 'materialize' || c.kind === 'union')
  )
    node.flags = node.flags.filter((f) => f !== 'full-table-scan' && f !== 'full-index-scan');
  return typeof heading === 'string' ? subqueryWrapper(node, o) : node;
}

interface AccessKind {
  kind: NodeKind;
  flags?: readonly PlanFlag[];
}

/** Kinds and flags by `access_type`; the operation text decides only where this is silent. */
const ACCESS: Array<[string, AccessKind]> = [
  ['table', { kind: 'table', flags: ['full-table-scan'] }],
  ['index', { kind: 'table' }],
  ['filter', { kind: 'filter' }],
  ['join', { kind: 'join' }],
  ['sort', { kind: 'sort', flags: ['filesort'] }],
  ['limit', { kind: 'limit' }],
  ['stream', { kind: 'stream' }],
  ['window', { kind: 'window' }],
  ['append', { kind: 'union' }],
  ['temp_table_aggregate', { kind: 'group', flags: ['temporary'] }],
  ['rowid_union', { kind: 'index-merge' }],
  ['rowid_intersection', { kind: 'index-merge' }],
  ['index_merge', { kind: 'index-merge' }],
  ['remove_duplicates_on_index', { kind: 'dedupe' }],
  ['remove_duplicates_from_groups', { kind: 'dedupe' }],
  ['weedout', { kind: 'dedupe' }],
  ['rows_fetched_before_execution', { kind: 'other', flags: ['optimized-away'] }],
  ['zero_rows', { kind: 'other' }],
  ['invalidate_materialized_tables', { kind: 'other' }],
  ['delete_rows', { kind: 'other' }],
  ['update_rows', { kind: 'other' }],
];

// ACCESS by the length of the name. The names looked up are strings of the document, a new one
// per node that no lookup has hashed yet: a map (or an object, which also walks the prototype
// chain on a miss) hashes each, while most nodes of a large plan name an index access that is
// not in the list (`index_lookup`) and have no name of their length at all.
const ACCESS_BY_LENGTH: Array<Array<[string, AccessKind]>> = Array.from(
  { length: Math.max(...ACCESS.map(([name]) => name.length)) + 1 },
  () => [],
);
for (const entry of ACCESS) ACCESS_BY_LENGTH[entry[0].length]!.push(entry);

/** The kind and flags ACCESS gives an access type, if any. */
function accessKind(accessType: string): AccessKind | undefined {
  const candidates = ACCESS_BY_LENGTH[accessType.length];
  if (candidates === undefined) return undefined;
  for (let i = 0; i < candidates.length; i++)
    if (candidates[i]![0] === accessType) return candidates[i]![1];
  return undefined;
}

/**
 * Decides the node's kind, flags and label from what the readers left on it, `o`, and its
 * `operation` and `access_type` values.
 */
function classify(
  node: PlanNode,
  o: JsonObject,
  operationValue: unknown,
  accessType: unknown,
): void {
  if (typeof operationValue !== 'string') return; // stays unknown, its inputs parsed
  const operation = operationValue;
  node.label = operation;
  const access = node.accessType === undefined ? undefined : accessKind(node.accessType);
  let kind: NodeKind | undefined = access?.kind;
  let flags = access?.flags;
  if (accessType === 'aggregate') kind = o.group_by === true ? 'group' : 'aggregate';
  else if (accessType === 'materialize') {
    kind = o.union === true || o.intersect === true || o.except === true ? 'union' : 'materialize';
    if (o.temp_table === true) kind = o.deduplication === true ? 'dedupe' : 'temporary';
    addFlag(node, 'temporary');
  } else if (accessType === 'index') {
    // index_access_type when it is a string (the readers put it there over access_type), else
    // access_type itself: neither of the names below.
    const index = node.accessType;
    if (index === 'index_scan') flags = ['full-index-scan'];
    else if (index === 'dynamic_index_range_scan') flags = ['range-checked'];
  }
  let op: MysqlOperation | undefined;
  if (kind === undefined || kind === 'other') {
    // Unknown access types, writes and the like: the wording tells.
    // With the table and key read already, the text is only asked for the kind and flags.
    const names = node.table === undefined || node.key === undefined;
    const indexFlags = names ? null : plainIndexAccessFlags(operation);
    if (indexFlags !== null) {
      kind = 'table';
      flags = indexFlags;
    } else {
      op = classifyMysqlOperation(operation, names);
      if (kind === undefined || op.kind !== 'other') kind = op.kind;
      flags = op.flags;
      node.table ??= op.table;
      node.key ??= op.key;
      node.condition ??= op.condition;
    }
  }
  node.kind = kind;
  if (flags) for (const f of flags) addFlag(node, f);
  if (node.table?.startsWith('<'))
    node.flags = node.flags.filter((f) => f !== 'full-table-scan' && f !== 'full-index-scan');
  if (kind === 'join' && node.condition === undefined) node.condition = joinCondition(operation);
}

const COVERING_INDEX: readonly PlanFlag[] = Object.freeze(['covering-index']);
const NO_WORDING_FLAGS: readonly PlanFlag[] = Object.freeze([]);

/**
 * Index accesses by how their wording starts: whether it says "covering", and whether the
 * pattern needs `using <index>` after the table.
 */
const PLAIN_INDEX_ACCESSES: ReadonlyArray<readonly [string, boolean, boolean]> = [
  ['Index lookup on ', false, true],
  ['Covering index lookup on ', true, true],
  ['Single-row index lookup on ', false, true],
  ['Single-row covering index lookup on ', true, true],
  ['Index range scan on ', false, false],
  ['Covering index range scan on ', true, false],
];

/** A character `\S` matches for certain: printable ASCII other than the space. */
function isPlainWordChar(c: number): boolean {
  return c > 32 && c < 127;
}

/**
 * The flags classifyMysqlOperation(operation, false) gives the most common index accesses
 * (`Index lookup on o using customer (...)`), or null when the wording is not one it can
 * answer for certain: then the patterns decide. Most nodes of a large JSON v2 plan are index
 * accesses whose `index_access_type` ACCESS does not list; trying a dozen patterns on each
 * cost more than reading the rest of the node. Null on anything unusual (a name that is not a
 * plain word, a re-planned range, a pushed condition): the answer must be the patterns' own.
 */
function plainIndexAccessFlags(operation: string): readonly PlanFlag[] | null {
  for (let a = 0; a < PLAIN_INDEX_ACCESSES.length; a++) {
    // Indexed, not destructured: destructuring goes through an iterator.
    const access = PLAIN_INDEX_ACCESSES[a]!;
    const prefix = access[0];
    if (!operation.startsWith(prefix)) continue;
    const start = prefix.length;
    // The table: one plain word (as `\S+` reads it), then ` using ` and a plain word.
    if (access[2]) {
      const using = operation.indexOf(' using ', start);
      if (using <= start || !isPlainWordChar(operation.charCodeAt(using + 7))) return null;
      for (let i = start; i < using; i++)
        if (!isPlainWordChar(operation.charCodeAt(i))) return null;
    } else if (!isPlainWordChar(operation.charCodeAt(start))) return null;
    if (operation.includes('(re-planned') || operation.includes(', with index condition: '))
      return null;
    return access[1] ? COVERING_INDEX : NO_WORDING_FLAGS;
  }
  return null;
}

/** `actual_*`; all null when the node never ran. */
function measure(node: PlanNode): ActualFigures {
  return (node.actual ??= createActual());
}

const measured =
  (set: (a: ActualFigures, v: number) => void): KeyReader =>
  (node, value) => {
    if (value === null) {
      measure(node).executed = false;
      return true;
    }
    const n = parsePlanNumber(value);
    if (n === undefined) return false;
    set(measure(node), n);
    return true;
  };

function finishActual(a: ActualFigures): void {
  if (!a.executed || a.loops === 0) {
    a.executed = false;
    a.rows = 0;
    a.loops = 0;
    a.firstRowMs = undefined;
    a.lastRowMs = undefined;
    return;
  }
  if (a.rows !== undefined && a.loops !== undefined) a.totalRows = a.rows * a.loops;
  if (a.lastRowMs !== undefined && a.loops !== undefined) a.totalTimeMs = a.lastRowMs * a.loops;
}

const inputs =
  (key: string): KeyReader =>
  (node, value, depth) =>
    // The builder itself, not a closure over `depth`: that would cost an allocation per node.
    listInto(node, key, value, parseV2Object, depth + 1);

const flag =
  (name: PlanFlag): KeyReader =>
  (node, value) => {
    if (typeof value !== 'boolean') return false;
    if (value) addFlag(node, name);
    return true;
  };

const accepted =
  (test: (v: unknown) => boolean): KeyReader =>
  (_node, value) =>
    test(value);

const OPERATION_READERS = readers([
  ['operation', accepted((v) => typeof v === 'string')],
  ['access_type', stringField((n, v) => (n.accessType ??= v))],
  ['index_access_type', stringField((n, v) => (n.accessType = v))],
  ['table_name', stringField((n, v) => (n.table = v))],
  ['alias', stringField((n, v) => (n.alias = v))],
  ['schema_name', stringField((n, v) => (n.schema = v))],
  ['index_name', stringField((n, v) => (n.key = v))],
  ['key_columns', listField((n, v) => (n.keyParts = v))],
  ['used_columns', listField((n, v) => (n.usedColumns = v))],
  ['lookup_references', listField((n, v) => (n.ref = v))],
  ['estimated_rows', numberField((n, v) => (n.rows = v))],
  ['estimated_total_cost', numberField((n, v) => (n.cost = createCost(undefined, v)))],
  ['condition', stringField((n, v) => (n.condition = v))],
  [
    'hash_condition',
    listField((n, v) => {
      if (v.length) n.condition = v.join(' and ');
    }),
  ],
  [
    'pushed_index_condition',
    stringField((n, v) => {
      n.indexCondition = v;
      addFlag(n, 'index-condition');
    }),
  ],
  ['covering', flag('covering-index')],
  ['temp_table', accepted((v) => typeof v === 'boolean')],
  [
    'join_algorithm',
    stringField((n, v) => {
      if (v !== 'hash') return;
      addFlag(n, 'hash-join');
      addFlag(n, 'join-buffer');
    }),
  ],
  [
    'zero_rows_cause',
    stringField((n, v) => {
      addWarning(n, v);
      if (/impossible/i.test(v)) addFlag(n, 'impossible');
    }),
  ],
  ['actual_rows', measured((a, v) => (a.rows = v))],
  ['actual_loops', measured((a, v) => (a.loops = v))],
  ['actual_first_row_ms', measured((a, v) => (a.firstRowMs = v))],
  ['actual_last_row_ms', measured((a, v) => (a.lastRowMs = v))],
  ['inputs', inputs('inputs')],
  ['inputs_from_select_list', inputs('inputs_from_select_list')],
  // Taken by the subquery wrapper.
  ['heading', accepted((v) => typeof v === 'string')],
  ['subquery', accepted((v) => typeof v === 'boolean')],
  ['subquery_location', accepted((v) => typeof v === 'string')],
  ['dependent', accepted((v) => asBoolean(v) !== undefined)],
  ['cacheable', accepted((v) => asBoolean(v) !== undefined)],
]);

/**
 * One key of an operation, as OPERATION_READERS reads it. The keys most nodes have are compared
 * in a switch (the document's keys are internalized strings: each case is a pointer comparison)
 * and read inline: a map lookup and a call through a closure per key cost more than reading
 * most values. The other keys go to OPERATION_READERS. False: the key is kept as a leftover.
 */
function readOperationKey(node: PlanNode, key: string, value: unknown, depth: number): boolean {
  switch (key) {
    case 'operation':
      return typeof value === 'string';
    case 'inputs':
      return listInto(node, 'inputs', value, parseV2Object, depth + 1);
    case 'access_type':
      if (typeof value !== 'string') return false;
      node.accessType ??= value;
      return true;
    case 'index_access_type':
      if (typeof value !== 'string') return false;
      node.accessType = value;
      return true;
    case 'table_name':
      if (typeof value !== 'string') return false;
      node.table = value;
      return true;
    case 'alias':
      if (typeof value !== 'string') return false;
      node.alias = value;
      return true;
    case 'schema_name':
      if (typeof value !== 'string') return false;
      node.schema = value;
      return true;
    case 'index_name':
      if (typeof value !== 'string') return false;
      node.key = value;
      return true;
    case 'condition':
      if (typeof value !== 'string') return false;
      node.condition = value;
      return true;
    case 'key_columns': {
      const list = asStringList(value);
      if (list === undefined) return false;
      node.keyParts = list;
      return true;
    }
    case 'used_columns': {
      const list = asStringList(value);
      if (list === undefined) return false;
      node.usedColumns = list;
      return true;
    }
    case 'lookup_references': {
      const list = asStringList(value);
      if (list === undefined) return false;
      node.ref = list;
      return true;
    }
    case 'estimated_rows': {
      const n = parsePlanNumber(value);
      if (n === undefined) return false;
      node.rows = n;
      return true;
    }
    case 'estimated_total_cost': {
      const n = parsePlanNumber(value);
      if (n === undefined) return false;
      node.cost = createCost(undefined, n);
      return true;
    }
    case 'actual_rows':
    case 'actual_loops':
    case 'actual_first_row_ms':
    case 'actual_last_row_ms': {
      if (value === null) {
        measure(node).executed = false;
        return true;
      }
      const n = parsePlanNumber(value);
      if (n === undefined) return false;
      const a = measure(node);
      if (key === 'actual_rows') a.rows = n;
      else if (key === 'actual_loops') a.loops = n;
      else if (key === 'actual_first_row_ms') a.firstRowMs = n;
      else a.lastRowMs = n;
      return true;
    }
    case 'covering':
      if (typeof value !== 'boolean') return false;
      if (value) addFlag(node, 'covering-index');
      return true;
    // No reader: kept in raw as keepLeftover keeps them, each stored by its own name (see
    // ownRaw): most nodes of a plan have one of these.
    case 'lookup_condition':
      if (!keptAsIs(value)) return false;
      ownRaw(node).lookup_condition = value;
      return true;
    case 'join_type':
      if (!keptAsIs(value)) return false;
      ownRaw(node).join_type = value;
      return true;
    case 'filter_columns':
      if (!keptAsIs(value)) return false;
      ownRaw(node).filter_columns = value;
      return true;
    default: {
      const reader = OPERATION_READERS.get(key);
      return reader !== undefined && reader(node, value, depth);
    }
  }
}

/**
 * A node with a `heading` (`Select #2 (subquery in projection; dependent)`), wrapped. Other
 * headings (`Batch input rows` of a batched key access join) say what an input is for, as
 * their line in the text tree does: they are not subqueries.
 */
function subqueryWrapper(node: PlanNode, o: JsonObject): PlanNode {
  const heading = o.heading as string;
  const wrapper = createNode(heading.startsWith('Select #') ? 'subquery' : 'other', heading);
  if (asBoolean(o.dependent) || /\bdependent\b/.test(heading)) addFlag(wrapper, 'dependent');
  if (typeof o.subquery_location === 'string')
    keepRaw(wrapper, 'subquery_location', o.subquery_location);
  const cacheable = asBoolean(o.cacheable);
  if (cacheable !== undefined) keepRaw(wrapper, 'cacheable', cacheable);
  addChild(wrapper, node);
  return wrapper;
}
