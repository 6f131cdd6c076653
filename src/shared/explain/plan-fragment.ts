import { isJsonObject, setOwn, type JsonObject } from './json-value';
import { addChild, createNode, keepRaw, type PlanNode } from './plan-model';

/**
 * Deeper than any real plan (MySQL nests at most 63 subqueries and joins 61 tables): below this
 * a fragment is kept whole as raw, so absurd input cannot exhaust the stack.
 */
export const MAX_PLAN_DEPTH = 1000;

/** Keys that mark an object as a piece of a plan in any JSON dialect. */
const PLAN_KEYS = new Set([
  'query_block',
  'query_plan',
  'table_name',
  'operation',
  'inputs',
  'nested_loop',
  'query_specifications',
  'access_type',
  'select_id',
]);

/** Parses one plan-like object of a dialect into a node (known or unknown). */
export type ObjectParser = (object: JsonObject, depth: number) => PlanNode;

/** True for an object carrying any key that plans are made of. */
export function isPlanLike(value: unknown): value is JsonObject {
  if (!isJsonObject(value)) return false;
  // Objects here are small: looking at their keys beats probing for each plan key.
  for (const key in value) if (PLAN_KEYS.has(key)) return true;
  return false;
}

/**
 * True when the value is, or holds somewhere inside, a plan-like object. Leftover values are
 * mostly flat (lists of column names, small stats objects): those are checked without
 * allocating; deeper ones with an explicit stack.
 */
export function containsPlanLike(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) {
    let nested = false;
    for (const item of value) if (typeof item === 'object' && item !== null) nested = true;
    if (!nested) return false;
  } else {
    if (isPlanLike(value)) return true;
    let nested = false;
    for (const key in value) {
      const item = (value as JsonObject)[key];
      if (typeof item === 'object' && item !== null) nested = true;
    }
    if (!nested) return false;
  }
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    if (Array.isArray(v)) {
      for (const item of v) if (typeof item === 'object' && item !== null) stack.push(item);
      continue;
    }
    if (isPlanLike(v)) return true;
    for (const key in v) {
      const item = (v as JsonObject)[key];
      if (typeof item === 'object' && item !== null) stack.push(item);
    }
  }
  return false;
}

/**
 * Whether keepLeftover keeps `value` in raw as it is: a plain value, or one that neither is nor
 * holds a plan piece. A reader may then store it there by the key's name (see ownRaw).
 */
export function keptAsIs(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  return !isPlanLike(value) && !containsPlanLike(value);
}

/**
 * A key the node did not consume. A plain value goes to `raw`. A plan piece is parsed as a child
 * (its key keeps `{"$child": index}` in raw); a value holding plan pieces deeper becomes an
 * `unknown` child named after its key. Either way its tables are nodes.
 */
export function keepLeftover(
  node: PlanNode,
  key: string,
  value: unknown,
  parseObject: ObjectParser,
  depth: number,
): void {
  if (typeof value !== 'object' || value === null) {
    keepRaw(node, key, value);
  } else if (isPlanLike(value)) {
    const child = depth + 1 > MAX_PLAN_DEPTH ? tooDeepNode(value) : parseObject(value, depth + 1);
    if (child.kind === 'unknown' && child.label === '(object)') child.label = key;
    addChild(node, child);
    keepRaw(node, key, { $child: node.children.length - 1 });
  } else if (containsPlanLike(value)) {
    addChild(node, unknownNode(key, value, parseObject, depth + 1));
  } else keepRaw(node, key, value);
}

/**
 * A node for a fragment the parser does not understand. It keeps the fragment as `raw`, except
 * that each plan-like object inside is parsed as a child and replaced by `{"$child": index}`.
 */
export function unknownNode(
  label: string,
  fragment: unknown,
  parseObject: ObjectParser,
  depth: number,
): PlanNode {
  const node = createNode('unknown', label);
  let raw: unknown;
  if (isJsonObject(fragment)) {
    const copy: JsonObject = {};
    for (const key in fragment)
      setOwn(copy, key, extractPlanParts(fragment[key], node, parseObject, depth));
    raw = copy;
  } else raw = extractPlanParts(fragment, node, parseObject, depth);
  node.raw = isJsonObject(raw) ? raw : { value: raw };
  return node;
}

/** A node for a fragment nested beyond MAX_PLAN_DEPTH: kept whole, not parsed. */
export function tooDeepNode(fragment: unknown): PlanNode {
  const node = createNode('unknown', `(nested deeper than ${MAX_PLAN_DEPTH} levels)`);
  node.raw = isJsonObject(fragment) ? fragment : { value: fragment };
  return node;
}

function extractPlanParts(
  value: unknown,
  node: PlanNode,
  parseObject: ObjectParser,
  depth: number,
): unknown {
  if (typeof value !== 'object' || value === null || depth > MAX_PLAN_DEPTH) return value;
  if (isPlanLike(value)) {
    addChild(node, parseObject(value, depth + 1));
    return { $child: node.children.length - 1 };
  }
  if (!containsPlanLike(value)) return value;
  if (Array.isArray(value))
    return value.map((item) => extractPlanParts(item, node, parseObject, depth + 1));
  const copy: JsonObject = {};
  for (const key in value as JsonObject)
    setOwn(copy, key, extractPlanParts((value as JsonObject)[key], node, parseObject, depth + 1));
  return copy;
}

/**
 * The root of a document shaped `{query_block: {...}}` (MySQL JSON v1, MariaDB): the query block
 * parsed by `queryBlock`, other top-level keys kept; a bare plan-like object parsed as it is;
 * anything else an `unknown` node whose plan-like parts are still parsed.
 */
export function parseQueryBlockDocument(
  document: unknown,
  queryBlock: ObjectParser,
  parseObject: ObjectParser,
): PlanNode {
  if (isJsonObject(document) && isJsonObject(document.query_block)) {
    const root = queryBlock(document.query_block, 0);
    for (const key in document)
      if (key !== 'query_block') keepLeftover(root, key, document[key], parseObject, 0);
    return root;
  }
  if (isPlanLike(document)) return parseObject(document, 0);
  return unknownNode('(document)', document, parseObject, 0);
}
