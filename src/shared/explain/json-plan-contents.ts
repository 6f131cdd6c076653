import { addNote } from './extra-notes';
import { asStringList, isJsonObject, type JsonObject } from './json-value';
import { keepLeftover, type ObjectParser } from './plan-fragment';
import { addChild, addFlag, createNode, keepRaw, type PlanNode } from './plan-model';
import { parsePlanNumber } from './plan-number';

// MySQL JSON v1 and MariaDB JSON share a shape: containers (query blocks, operations, tables)
// whose facts and plan parts sit under known keys. Each node type has a map from key to reader;
// one pass over an object's keys reads what it knows and keeps the rest. No per-node sets or
// copies: plans can have tens of thousands of nodes.

/**
 * Reads one key's value into the node (a field, a flag, or children). Returns false when the
 * value has a type it cannot use: the key is then kept in raw like an unknown one.
 */
export type KeyReader = (node: PlanNode, value: unknown, depth: number) => boolean;

/** A node type's readers. */
export type Readers = ReadonlyMap<string, KeyReader>;

/** A dialect's parser for plan-like objects, and readers for key families (`*_subqueries`). */
export interface Vocabulary {
  parseObject: ObjectParser;
  readerFor?: (key: string) => KeyReader | undefined;
}

/** One pass over `o`: known keys are read, the others kept (see keepLeftover). */
export function readKeys(
  vocabulary: Vocabulary,
  node: PlanNode,
  o: JsonObject,
  readers: Readers,
  depth: number,
): PlanNode {
  for (const key in o) {
    const value = o[key];
    const reader = readers.get(key) ?? vocabulary.readerFor?.(key);
    if (reader && reader(node, value, depth)) continue;
    keepLeftover(node, key, value, vocabulary.parseObject, depth);
  }
  return node;
}

/** Readers combined; later ones win on the same key. */
export function readers(...parts: Array<Iterable<[string, KeyReader]>>): Readers {
  const out = new Map<string, KeyReader>();
  for (const part of parts) for (const [k, r] of part) out.set(k, r);
  return out;
}

/**
 * Children from the objects of a list; anything else in it is kept in the node's raw. `make`
 * gets each item and `depth` (the children's depth), so a reader can pass its node builder as
 * is rather than a closure per node.
 */
export function listInto(
  node: PlanNode,
  key: string,
  value: unknown,
  make: (item: JsonObject, depth: number) => PlanNode,
  depth = 0,
): boolean {
  if (!Array.isArray(value)) return false;
  // A node's first list gets children of their final number (a list grown by push leaves
  // garbage behind and reserves room it does not use); anything else is added as it comes.
  let i = 0;
  if (node.children.length === 0) {
    const children = new Array<PlanNode>(value.length);
    for (; i < value.length; i++) {
      const item: unknown = value[i];
      if (!isJsonObject(item)) break;
      children[i] = make(item, depth);
    }
    if (i === value.length) {
      node.children = children;
      return true;
    }
    if (i > 0) node.children = children.slice(0, i);
  }
  for (; i < value.length; i++) {
    const item: unknown = value[i];
    if (isJsonObject(item)) addChild(node, make(item, depth));
    else keepRaw(node, `${key}[${i}]`, item);
  }
  return true;
}

/**
 * A `nested_loop` array: a join of its members, or the member itself when there is only one.
 * Each member wraps one part (`{"table": ...}`); a member with keys of its own keeps a node.
 * The `contents` readers may only add children and raw keys to the node they are given.
 */
export function nestedLoopNodes(
  vocabulary: Vocabulary,
  contents: Readers,
  items: unknown[],
  depth: number,
): PlanNode[] {
  const join = createNode('join', 'Nested loop join');
  // Usually one child per member: the list is made that long, filled, and cut to what came.
  const members = new Array<PlanNode>(items.length);
  let count = 0;
  let rawKeys = 0;
  // Members are read into one holder, reused while they leave nothing of their own in it (the
  // usual `{"table": ...}`): a node per member would double the allocations of a large join.
  let holder: PlanNode | undefined;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (!isJsonObject(item)) {
      keepRaw(join, `nested_loop[${i}]`, item);
      rawKeys++;
      continue;
    }
    holder ??= createNode('unknown', '');
    readKeys(vocabulary, holder, item, contents, depth);
    if (isEmptyObject(holder.raw)) {
      const children = holder.children;
      for (let c = 0; c < children.length; c++) members[count++] = children[c]!;
      holder.children = NO_CHILDREN;
    } else {
      holder.label = `nested_loop[${i}]`;
      if (holder.children === NO_CHILDREN) holder.children = [];
      members[count++] = holder;
      holder = undefined;
    }
  }
  members.length = count;
  if (count === 1 && rawKeys === 0) return members;
  if (count > 0) join.children = members;
  return [join];
}

// A reused holder's list between members: addChild replaces an empty list, never pushes to it.
const NO_CHILDREN: PlanNode[] = Object.freeze([]) as unknown as PlanNode[];

function isEmptyObject(o: JsonObject): boolean {
  for (const _ in o) return false;
  return true;
}

// Field readers common to both dialects' tables.

/** A reader for a string field. */
export const stringField =
  (set: (node: PlanNode, v: string) => void): KeyReader =>
  (node, value) => {
    if (typeof value !== 'string') return false;
    set(node, value);
    return true;
  };

/** A reader for a number field (numbers, numeric strings). */
export const numberField =
  (set: (node: PlanNode, v: number) => void): KeyReader =>
  (node, value) => {
    const n = parsePlanNumber(value);
    if (n === undefined) return false;
    set(node, n);
    return true;
  };

/** A reader for a list of strings. */
export const listField =
  (set: (node: PlanNode, v: string[]) => void): KeyReader =>
  (node, value) => {
    const l = asStringList(value);
    if (l === undefined) return false;
    set(node, l);
    return true;
  };

/** A server message (`Impossible WHERE`, `No tables used`): a note. */
export const messageField: KeyReader = (node, value) => {
  if (typeof value !== 'string') return false;
  addNote(node, value);
  return true;
};

/** The table fields both dialects name alike. */
export const TABLE_FIELDS: Array<[string, KeyReader]> = [
  ['table_name', stringField((n, v) => (n.table = v))],
  ['access_type', stringField((n, v) => (n.accessType = v))],
  ['key', stringField((n, v) => (n.key = v))],
  ['used_key_parts', listField((n, v) => (n.keyParts = v))],
  ['possible_keys', listField((n, v) => (n.possibleKeys = v))],
  ['ref', listField((n, v) => (n.ref = v))],
  ['filtered', numberField((n, v) => (n.filtered = v))],
  ['attached_condition', stringField((n, v) => (n.condition = v))],
  [
    'index_condition',
    stringField((n, v) => {
      n.indexCondition = v;
      addFlag(n, 'index-condition');
    }),
  ],
  ['message', messageField],
];

/** Reads a note key: `render` gives the Extra wording for a value, or undefined when unusable. */
export function noteReader(render: (value: unknown) => string | undefined): KeyReader {
  return (node, value) => {
    const text = render(value);
    if (text === undefined) return false;
    addNote(node, text);
    return true;
  };
}

/** A reader that only accepts booleans (or 1/0) and does nothing else with them. */
export const flagOnly: KeyReader = (_node, value) =>
  typeof value === 'boolean' || value === 1 || value === 0;

/**
 * One of the table keys MySQL JSON v1 and MariaDB name alike and nearly every table has, read
 * inline (see the dialects' readTableKey: a switch over the document's internalized keys beats a
 * map lookup and a closure call per key). True: read; false: unusable, kept as a leftover;
 * undefined: not one of these keys. Same readings as TABLE_FIELDS.
 */
export function readCommonTableKey(
  node: PlanNode,
  key: string,
  value: unknown,
): boolean | undefined {
  switch (key) {
    case 'table_name':
      if (typeof value !== 'string') return false;
      node.table = value;
      return true;
    case 'access_type':
      if (typeof value !== 'string') return false;
      node.accessType = value;
      return true;
    case 'key':
      if (typeof value !== 'string') return false;
      node.key = value;
      return true;
    case 'attached_condition':
      if (typeof value !== 'string') return false;
      node.condition = value;
      return true;
    case 'possible_keys': {
      const list = asStringList(value);
      if (list === undefined) return false;
      node.possibleKeys = list;
      return true;
    }
    case 'used_key_parts': {
      const list = asStringList(value);
      if (list === undefined) return false;
      node.keyParts = list;
      return true;
    }
    case 'ref': {
      const list = asStringList(value);
      if (list === undefined) return false;
      node.ref = list;
      return true;
    }
    case 'filtered': {
      const n = parsePlanNumber(value);
      if (n === undefined) return false;
      node.filtered = n;
      return true;
    }
    default:
      return undefined;
  }
}

/** Whether a table node reads a result it materializes (a derived table), not a stored table. */
export function readsMaterialized(node: PlanNode): boolean {
  const children = node.children;
  for (let i = 0; i < children.length; i++) if (children[i]!.kind === 'materialize') return true;
  return false;
}
