import {
  flagOnly,
  listField,
  messageField,
  listInto,
  nestedLoopNodes,
  noteReader,
  numberField,
  readCommonTableKey,
  readers,
  readsMaterialized,
  readKeys,
  TABLE_FIELDS,
  type KeyReader,
  type Readers,
  type Vocabulary,
} from './json-plan-contents';
import { asBoolean, asStringList, isJsonObject, setOwn, type JsonObject } from './json-value';
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
  addWarning,
  createNode,
  keepRaw,
  type NodeKind,
  type PlanNode,
  ownRaw,
} from './plan-model';
import { parseByteSize, parsePlanNumber } from './plan-number';
import { fullScanOf, TableAccessLabels } from './table-access-label';

// The labels of the document being parsed (parsing is synchronous: one document at a time).
let labels = new TableAccessLabels();

/**
 * Parses MySQL `EXPLAIN FORMAT=JSON` version 1 (5.6 to 9.x with explain_json_format_version=1):
 * `query_block`s holding `table`s, `nested_loop`s, ordering/grouping/duplicate-removal/windowing/
 * buffer operations, `*_subqueries` lists and union/intersect/except results. Numbers may come
 * as strings; 5.6 puts `message`s where tables would be.
 */
export function parseMysqlJsonV1(document: unknown): PlanNode {
  labels = new TableAccessLabels();
  return parseQueryBlockDocument(document, queryBlock, parseV1Object);
}

/** Any plan-like object, wherever it turns up (also inside keys this parser does not know). */
function parseV1Object(o: JsonObject, depth: number): PlanNode {
  if (depth > MAX_PLAN_DEPTH) return tooDeepNode(o);
  if ('table_name' in o || 'access_type' in o) return tableNode(o, depth);
  if ('select_id' in o) return queryBlock(o, depth);
  if (isJsonObject(o.query_block)) return subqueryNode(o, 'Subquery', depth);
  return readKeys(V1, createNode('unknown', '(object)'), o, CONTENTS, depth);
}

const V1: Vocabulary = { parseObject: parseV1Object, readerFor: subqueryList };

const push =
  (make: (o: JsonObject, depth: number) => PlanNode): KeyReader =>
  (node, value, depth) => {
    if (!isJsonObject(value)) return false;
    addChild(node, make(value, depth + 1));
    return true;
  };

/** The keys that hold plan parts in any container of this format. */
const CONTENTS: Readers = readers([
  ['table', push((o, d) => tableNode(o, d))],
  ['query_block', push((o, d) => queryBlock(o, d))],
  [
    'nested_loop',
    (node, value, depth) => {
      if (!Array.isArray(value)) return false;
      for (const child of nestedLoopNodes(V1, CONTENTS, value, depth + 1)) addChild(node, child);
      return true;
    },
  ],
  ['ordering_operation', push((o, d) => operation('sort', o, d))],
  ['grouping_operation', push((o, d) => operation('group', o, d))],
  ['duplicates_removal', push((o, d) => operation('dedupe', o, d))],
  ['buffer_result', push((o, d) => operation('temporary', o, d))],
  ['insert_from', push((o, d) => operation('other', o, d))],
  ['windowing', push((o, d) => windowing(o, d))],
  ['union_result', push((o, d) => setOperation('Union', o, d))],
  ['intersect_result', push((o, d) => setOperation('Intersect', o, d))],
  ['except_result', push((o, d) => setOperation('Except', o, d))],
  ['materialized_from_subquery', push((o, d) => materialized(o, d))],
  [
    'query_specifications',
    (node, value, depth) =>
      listInto(node, 'query_specifications', value, (s) => unionMember(s, depth + 1)),
  ],
]);

const subqueryReaders = new Map<string, KeyReader>();

/** Subquery lists: `attached_subqueries`, `select_list_subqueries`, `having_subqueries`, ... */
function subqueryList(key: string): KeyReader | undefined {
  if (!key.endsWith('_subqueries')) return undefined;
  let reader = subqueryReaders.get(key);
  if (!reader) {
    const label = `Subquery (${key.slice(0, -'_subqueries'.length).replace(/_/g, ' ')})`;
    reader = (node, value, depth) =>
      listInto(node, key, value, (s) => subqueryNode(s, label, depth + 1));
    subqueryReaders.set(key, reader);
  }
  return reader;
}

/** `using_filesort`, `using_temporary_table`: flags of operations. */
const OPERATION_FLAGS: Array<[string, KeyReader]> = [
  [
    'using_filesort',
    (n, v) => {
      if (typeof v !== 'boolean') return false;
      if (v) addFlag(n, 'filesort');
      return true;
    },
  ],
  [
    'using_temporary_table',
    (n, v) => {
      if (typeof v !== 'boolean') return false;
      if (v) addFlag(n, 'temporary');
      return true;
    },
  ],
  ['cost_info', costInfo({ sort_cost: (n, c) => (n.cost = createCost(c, undefined)) })],
];

/** `dependent` (a flag) and `cacheable` (a note when false): of subqueries and materializations. */
const DEPENDENCY: Array<[string, KeyReader]> = [
  [
    'dependent',
    (n, v) => {
      const b = asBoolean(v);
      if (b === undefined) return false;
      if (b) addFlag(n, 'dependent');
      return true;
    },
  ],
  [
    'cacheable',
    (n, v) => {
      const b = asBoolean(v);
      if (b === undefined) return false;
      if (!b) addWarning(n, 'not cacheable');
      return true;
    },
  ],
];

const OPERATION_READERS = readers(CONTENTS, OPERATION_FLAGS);

const OPERATION_LABELS: Record<string, (o: JsonObject) => string> = {
  sort: (o) => (o.using_filesort === true ? 'Sort (filesort)' : 'Ordered by index'),
  group: (o) => (o.using_temporary_table === true ? 'Group (temporary table)' : 'Group'),
  dedupe: () => 'Remove duplicates',
  temporary: () => 'Buffer result',
  other: () => 'Rows to insert',
};

/** Ordering, grouping, duplicates removal, buffer result: a node over what they contain. */
function operation(kind: NodeKind, o: JsonObject, depth: number): PlanNode {
  const node = createNode(kind, OPERATION_LABELS[kind]!(o));
  return readKeys(V1, node, o, OPERATION_READERS, depth);
}

const QUERY_BLOCK_READERS = readers(CONTENTS, [
  ['select_id', numberField((n, v) => (n.selectId = v))],
  ['message', messageField],
  ['cost_info', costInfo({ query_cost: (n, c) => (n.cost = createCost(undefined, c)) })],
]);

function queryBlock(o: JsonObject, depth: number): PlanNode {
  if (depth > MAX_PLAN_DEPTH) return tooDeepNode(o);
  const node = readKeys(V1, createNode('other', 'Query block'), o, QUERY_BLOCK_READERS, depth);
  if (node.selectId !== undefined) node.label = `Select #${node.selectId}`;
  return node;
}

const TABLE_READERS = readers(CONTENTS, TABLE_FIELDS, [
  ['rows_examined_per_scan', numberField((n, v) => (n.rows = v))],
  ['rows', numberField((n, v) => (n.rows ??= v))],
  ['used_columns', listField((n, v) => (n.usedColumns = v))],
  ['insert', flagOnly],
  ['update', flagOnly],
  ['delete', flagOnly],
  [
    'cost_info',
    costInfo({
      read_cost: addSelfCost,
      eval_cost: addSelfCost,
      data_read_per_join: (n, c) => (n.dataReadBytes = c),
    }),
  ],
  ['using_index', noteReader((v) => (v === true ? 'Using index' : undefined))],
  ['using_MRR', noteReader((v) => (v === true ? 'Using MRR' : undefined))],
  [
    'using_index_for_group_by',
    noteReader((v) =>
      v === true
        ? 'Using index for group-by'
        : typeof v === 'string'
          ? `Using index for group-by (${v})`
          : undefined,
    ),
  ],
  [
    'using_index_for_skip_scan',
    noteReader((v) => (v === true ? 'Using index for skip scan' : undefined)),
  ],
  ['not_exists', noteReader((v) => (v === true ? 'Not exists' : undefined))],
  ['distinct', noteReader((v) => (v === true ? 'Distinct' : undefined))],
  ['loosescan', noteReader((v) => (v === true ? 'LooseScan' : undefined))],
  ['full_scan_on_NULL_key', noteReader((v) => (v === true ? 'Full scan on NULL key' : undefined))],
  ['backward_index_scan', noteReader((v) => (v === true ? 'Backward index scan' : undefined))],
  [
    'impossible_on_condition',
    noteReader((v) => (v === true ? 'Impossible ON condition' : undefined)),
  ],
  [
    'const_row_not_found',
    noteReader((v) => (v === true ? 'no matching row in const table' : undefined)),
  ],
  ['first_match', noteReader((v) => (typeof v === 'string' ? `FirstMatch(${v})` : undefined))],
  [
    'rematerialize',
    noteReader((v) => (typeof v === 'string' ? `Rematerialize (${v})` : undefined)),
  ],
  [
    'using_join_buffer',
    noteReader((v) => (typeof v === 'string' ? `Using join buffer (${v})` : undefined)),
  ],
  [
    'range_checked_for_each_record',
    noteReader((v) => (typeof v === 'string' ? `Range checked for each record (${v})` : undefined)),
  ],
]);

/** A table's own cost: reading (`read_cost`) plus evaluating its rows (`eval_cost`). */
function addSelfCost(node: PlanNode, cost: number): void {
  if (node.cost) node.cost.self = (node.cost.self ?? 0) + cost;
  else node.cost = createCost(cost, undefined);
}

function tableNode(o: JsonObject, depth: number): PlanNode {
  if (depth > MAX_PLAN_DEPTH) return tooDeepNode(o);
  const node = createNode('table', '');
  for (const key in o) {
    const value = o[key];
    if (!readTableKey(node, key, value, depth))
      keepLeftover(node, key, value, parseV1Object, depth);
  }
  const { table, accessType } = node;
  if (accessType === 'index_merge') node.kind = 'index-merge';
  // 5.6 and MariaDB put a message where a table would be: "No tables used", "Impossible WHERE".
  if (table === undefined && typeof o.message === 'string') {
    node.kind = 'other';
    node.label = o.message;
  } else node.label = labels.label(accessType, table, node.key);
  if (o.insert === true) node.label = `Insert into ${table ?? '?'}`;
  else if (o.update === true) node.label = `Update ${table ?? '?'} (${node.label})`;
  else if (o.delete === true) node.label = `Delete from ${table ?? '?'} (${node.label})`;
  const scan = fullScanOf(accessType);
  if (scan && table !== undefined && !table.startsWith('<') && !readsMaterialized(node))
    addFlag(node, scan);
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
    case 'used_columns': {
      const list = asStringList(value);
      if (list === undefined) return false;
      node.usedColumns = list;
      return true;
    }
    case 'rows_examined_per_scan': {
      const n = parsePlanNumber(value);
      if (n === undefined) return false;
      node.rows = n;
      return true;
    }
    case 'cost_info':
      return readTableCost(node, value);
    // No reader, and not a `*_subqueries` list: kept in raw as keepLeftover keeps them, each
    // stored by its own name (see ownRaw): every table has them.
    case 'key_length':
      if (!keptAsIs(value)) return false;
      ownRaw(node).key_length = value;
      return true;
    case 'rows_produced_per_join':
      if (!keptAsIs(value)) return false;
      ownRaw(node).rows_produced_per_join = value;
      return true;
    default: {
      const reader = TABLE_READERS.get(key) ?? subqueryList(key);
      return reader !== undefined && reader(node, value, depth);
    }
  }
}

/** A table's `cost_info`, as costInfo(TABLE_COSTS) reads it, without a call per key. */
function readTableCost(node: PlanNode, value: unknown): boolean {
  if (!isJsonObject(value)) return false;
  let rest: JsonObject | undefined;
  for (const k in value) {
    const v = value[k];
    if (k === 'read_cost' || k === 'eval_cost') {
      const n = parsePlanNumber(v);
      if (n !== undefined) {
        addSelfCost(node, n);
        continue;
      }
    } else if (k === 'data_read_per_join') {
      const n = parseByteSize(v);
      if (n !== undefined) {
        node.dataReadBytes = n;
        continue;
      }
    }
    // By name where it is the usual one (see ownRaw).
    if (k === 'prefix_cost') (rest ??= {}).prefix_cost = v;
    else setOwn((rest ??= {}), k, v);
  }
  if (rest) ownRaw(node).cost_info = rest;
  return true;
}

function windowing(o: JsonObject, depth: number): PlanNode {
  const node = readKeys(V1, createNode('window', 'Window functions'), o, OPERATION_READERS, depth);
  // The window definitions stay as they are in raw: they are descriptions, not plan steps.
  const windows = Array.isArray(o.windows) ? o.windows.filter(isJsonObject) : [];
  const functions: string[] = [];
  for (const w of windows) {
    if (Array.isArray(w.functions))
      for (const f of w.functions) if (typeof f === 'string') functions.push(f);
    if (w.using_filesort === true) addFlag(node, 'filesort');
    const frame = w.frame_buffer;
    if (
      w.using_temporary_table === true ||
      (isJsonObject(frame) && frame.using_temporary_table === true)
    )
      addFlag(node, 'temporary');
  }
  if (functions.length) node.label = `Window functions: ${functions.join(', ')}`;
  return node;
}

const SET_OPERATION_READERS = readers(
  OPERATION_READERS,
  TABLE_FIELDS.filter(([k]) => k === 'table_name' || k === 'access_type'),
);

function setOperation(word: string, o: JsonObject, depth: number): PlanNode {
  const node = readKeys(V1, createNode('union', `${word} result`), o, SET_OPERATION_READERS, depth);
  if (node.table !== undefined) node.label = `${word} result ${node.table}`;
  return node;
}

const MATERIALIZED_READERS = readers(OPERATION_READERS, DEPENDENCY, [
  [
    'sharing_temporary_table_with',
    (n, v) => {
      const id = isJsonObject(v) ? parsePlanNumber(v.select_id) : undefined;
      if (id === undefined) return false;
      n.label = `Materialized once, shared with select #${id}`;
      return true;
    },
  ],
]);

function materialized(o: JsonObject, depth: number): PlanNode {
  return readKeys(V1, createNode('materialize', 'Materialize'), o, MATERIALIZED_READERS, depth);
}

const SUBQUERY_READERS = readers(OPERATION_READERS, DEPENDENCY);

/** An entry of a `*_subqueries` list: `{dependent, cacheable, query_block}`. */
function subqueryNode(o: JsonObject, label: string, depth: number): PlanNode {
  return readKeys(V1, createNode('subquery', label), o, SUBQUERY_READERS, depth);
}

const UNION_MEMBER_READERS = readers(DEPENDENCY, [['query_block', () => true]]);

/** A member of a union: its query block, marked dependent when the spec says so. */
function unionMember(spec: JsonObject, depth: number): PlanNode {
  if (!isJsonObject(spec.query_block)) return parseV1Object(spec, depth);
  const block = queryBlock(spec.query_block, depth + 1);
  return readKeys(V1, block, spec, UNION_MEMBER_READERS, depth);
}

/**
 * A `cost_info` reader: each wanted key's number goes to its setter; keys not wanted (or not
 * numbers) stay in raw as a `cost_info` object of their own.
 */
function costInfo(wanted: Record<string, (node: PlanNode, cost: number) => void>): KeyReader {
  return (node, value) => {
    if (!isJsonObject(value)) return false;
    let rest: JsonObject | undefined;
    for (const k in value) {
      const set = Object.hasOwn(wanted, k) ? wanted[k] : undefined;
      const n = set
        ? k === 'data_read_per_join'
          ? parseByteSize(value[k])
          : parsePlanNumber(value[k])
        : undefined;
      if (set && n !== undefined) set(node, n);
      else setOwn((rest ??= {}), k, value[k]);
    }
    if (rest) keepRaw(node, 'cost_info', rest);
    return true;
  };
}
