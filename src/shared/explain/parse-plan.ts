import { FigureDeriver } from './derive-figures';
import { detectJsonDialect, detectTextDialect } from './detect-dialect';
import { parseMariaDbJson } from './parse-mariadb-json';
import { parseMysqlJsonV1 } from './parse-mysql-json-v1';
import { parseMysqlJsonV2 } from './parse-mysql-json-v2';
import { parseMysqlTree, type TextPlanError } from './parse-mysql-tree';
import { assembleTabularPlan, parseTabular, tabularRowsFromJson } from './parse-tabular';
import { DIALECT_NAMES, type PlanDialect } from './plan-dialect';
import type { Plan, PlanNode } from './plan-model';
import type { PlanStats } from './plan-stats';
import { readPlanJson } from './read-plan-json';
import { lineStartOffset, positionAt } from './text-position';
import { unwrapPastedPlan } from './unwrap-pasted-plan';

export interface ParsePlanOptions {
  /** The document's dialect; `auto` (the default) detects it. */
  dialect?: PlanDialect | 'auto';
}

/** Why a text is not a plan, and where (1-based line and column of the input as given). */
export interface PlanParseError {
  message: string;
  line: number;
  column: number;
}

export type ParsePlanResult = { ok: true; plan: Plan } | { ok: false; error: PlanParseError };

/**
 * A parse with the plan's nodes in pre-order, each node's `id` its index in `nodes`, the index
 * of each node's parent (-1 for the root) and the plan's counts, all from one walk.
 */
export type NumberedParseResult =
  | { ok: true; plan: Plan; nodes: PlanNode[]; parents: Int32Array; stats: PlanStats }
  | { ok: false; error: PlanParseError };

/**
 * Work on every node of a plan done in parsePlanNodes' own walk (a large plan is then read from
 * memory once rather than once more for each). `index` is the node's place in pre-order (its
 * `id`).
 */
export interface PlanNodeVisitor {
  /** Before the first node: the plan (its `analyzed` is set after the walk) and its parents. */
  begin(plan: Plan, parentOf: (node: PlanNode) => PlanNode | null): void;
  /** Each node in pre-order, numbered, after its parent and before its children. */
  enter(node: PlanNode, index: number): void;
  /** Each node after all of its children, with its figures derived. */
  leave(node: PlanNode, index: number): void;
}

const JSON_DIALECTS: ReadonlySet<PlanDialect> = new Set([
  'mysql-json-v1',
  'mysql-json-v2',
  'mariadb-json',
]);

/**
 * Parses an EXPLAIN document of any supported dialect (detected unless given) into the plan
 * model: unwraps terminal pastes, reads JSON (with MySQL's comment end markers) or text, builds
 * the tree and derives totals and exclusive figures. Never throws for any input: a text that is
 * not a plan gives an error with the line and column where it stops being one.
 */
export function parsePlan(text: string, options: ParsePlanOptions = {}): ParsePlanResult {
  const parsed = parsePlanNodes(text, options);
  return parsed.ok ? { ok: true, plan: parsed.plan } : parsed;
}

/**
 * parsePlan, also giving the list of nodes it numbered, so that what comes next (diagnostics,
 * counts) need not walk a large plan again; `visitor`, when given, is shown every node in the
 * parse's walk (see PlanNodeVisitor).
 */
export function parsePlanNodes(
  text: string,
  options: ParsePlanOptions = {},
  visitor?: PlanNodeVisitor,
): NumberedParseResult {
  const wanted = options.dialect ?? 'auto';
  const unwrapped = unwrapPastedPlan(text);
  const body = unwrapped.text;
  const errorAt = (message: string, offset: number): NumberedParseResult => ({
    ok: false,
    error: { message, ...positionAt(text, unwrapped.originOf(offset)) },
  });
  if (!body.trim()) return errorAt('not a plan: the input is empty', 0);
  const head = body.trimStart()[0];
  const looksJson = head === '{' || head === '[';
  if (looksJson || (wanted !== 'auto' && JSON_DIALECTS.has(wanted))) {
    const json = readPlanJson(body);
    if (!json.ok) return errorAt(`invalid JSON: ${json.message}`, json.offset);
    const rows = tabularRowsFromJson(json.value);
    if (rows && (wanted === 'auto' || wanted === 'tabular'))
      return finish('tabular', assembleTabularPlan(rows), visitor);
    const dialect = wanted === 'auto' ? detectJsonDialect(json.value, body) : wanted;
    if (dialect === null)
      return errorAt(
        'not a plan: no query_block, query_plan or table in this JSON',
        body.length - body.trimStart().length,
      );
    if (!JSON_DIALECTS.has(dialect))
      return errorAt(`not a plan: ${DIALECT_NAMES[dialect]} is text, this is JSON`, 0);
    return finishJson(dialect, json.value, visitor);
  }
  const dialect = wanted === 'auto' ? detectTextDialect(body) : wanted;
  if (dialect === null) {
    const start = body.length - body.trimStart().length;
    return errorAt(
      'not a plan: expected JSON, a "->" tree (FORMAT=TREE, EXPLAIN ANALYZE) or an EXPLAIN table',
      start,
    );
  }
  const parsed = dialect === 'tabular' ? parseTabular(body) : parseMysqlTree(body);
  if (isTextError(parsed))
    return errorAt(parsed.message, lineStartOffset(body, parsed.line) + parsed.column - 1);
  return finish(dialect, parsed, visitor);
}

function finishJson(
  dialect: PlanDialect,
  document: unknown,
  visitor: PlanNodeVisitor | undefined,
): NumberedParseResult {
  if (dialect === 'mysql-json-v2') {
    const { root, query } = parseMysqlJsonV2(document);
    return finish(dialect, root, visitor, query);
  }
  return finish(
    dialect,
    dialect === 'mariadb-json' ? parseMariaDbJson(document) : parseMysqlJsonV1(document),
    visitor,
  );
}

function finish(
  dialect: PlanDialect,
  root: PlanNode,
  visitor: PlanNodeVisitor | undefined,
  query?: string,
): NumberedParseResult {
  // One walk of the tree: each node numbered in pre-order (walkPlan's order) on the way down,
  // with what counts and the visitor need of it then; on the way back up, after its children,
  // its derived figures and the visitor's work that needs them. A large plan is read
  // from memory once, not once more for each of those (most of such a pass's time is waiting
  // for each node to be read).
  const nodes: PlanNode[] = [];
  // Grown by doubling: a list grown by push would leave more garbage behind.
  let parents = new Int32Array(256);
  const stats: PlanStats = { nodes: 0, tables: 0, unknownNodes: 0 };
  const plan: Plan = { dialect, root, analyzed: false };
  if (query !== undefined) plan.query = query;
  let analyzed = false;
  const treeFormat = dialect === 'mysql-tree' || dialect === 'mysql-json-v2';
  const figures = new FigureDeriver(256, {
    innerCostPerLoop: treeFormat,
    totalsFromInputs: !treeFormat,
  });
  visitor?.begin(plan, (node) => nodes[parents[node.id] ?? -1] ?? null);
  // Nodes to visit, each with its parent's id (-1 for the root), or UP for a node whose
  // children have all been visited.
  const stack: PlanNode[] = [root];
  const stackParents: number[] = [-1];
  while (stack.length) {
    const node = stack.pop()!;
    const parent = stackParents.pop()!;
    if (parent === UP) {
      figures.derive(node);
      visitor?.leave(node, node.id);
      continue;
    }
    const id = nodes.length;
    node.id = id;
    nodes.push(node);
    if (id === parents.length) {
      const grown = new Int32Array(id * 2);
      grown.set(parents);
      parents = grown;
    }
    parents[id] = parent;
    if (node.actual) analyzed = true;
    if (node.table !== undefined) stats.tables++;
    if (node.kind === 'unknown') stats.unknownNodes++;
    visitor?.enter(node, id);
    const children = node.children;
    if (children.length === 0) {
      figures.derive(node);
      visitor?.leave(node, id);
      continue;
    }
    stack.push(node);
    stackParents.push(UP);
    for (let i = children.length - 1; i >= 0; i--) {
      stack.push(children[i]!);
      stackParents.push(id);
    }
  }
  stats.nodes = nodes.length;
  plan.analyzed = analyzed;
  return { ok: true, plan, nodes, parents: parents.subarray(0, nodes.length), stats };
}

// In finish's walk, in place of a parent's id: the node's children are done.
const UP = -2;

function isTextError(value: PlanNode | TextPlanError): value is TextPlanError {
  return !('kind' in value);
}
