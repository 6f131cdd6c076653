import { z } from 'zod';
import { setOwn } from './json-value';
import { PlanDialectSchema, type PlanDialect } from './plan-dialect';

/** What a plan node does, the same vocabulary for every dialect. */
export const NODE_KINDS = [
  'table',
  'join',
  'filter',
  'sort',
  'group',
  'aggregate',
  'temporary',
  'materialize',
  'subquery',
  'union',
  'window',
  'limit',
  'stream',
  'dedupe',
  'index-merge',
  'other',
  'unknown',
] as const;
export const NodeKindSchema = z.enum(NODE_KINDS);
export type NodeKind = z.infer<typeof NodeKindSchema>;

/**
 * Facts about a node normalised across dialects, so diagnostics never read server wording.
 * `full-table-scan` / `full-index-scan` are only set on reads of real tables (not of the
 * server's own temporary results such as `<derived2>`).
 */
export const PLAN_FLAGS = [
  'full-table-scan',
  'full-index-scan',
  'covering-index',
  'index-condition',
  'filesort',
  'temporary',
  'join-buffer',
  'hash-join',
  'dependent',
  'range-checked',
  'impossible',
  'optimized-away',
] as const;
export const PlanFlagSchema = z.enum(PLAN_FLAGS);
export type PlanFlag = z.infer<typeof PlanFlagSchema>;

/** Optimizer cost units (not time): `self` for this node's own work, `total` with its inputs. */
export const CostFiguresSchema = z.object({
  self: z.number().optional(),
  total: z.number().optional(),
});
export type CostFigures = z.infer<typeof CostFiguresSchema>;

/**
 * What the server measured (EXPLAIN ANALYZE, ANALYZE FORMAT=JSON). MySQL reports rows and times
 * as averages per loop; `totalRows` (rows × loops), `totalTimeMs` (inclusive, all loops) and
 * `selfTimeMs` (exclusive: minus the inputs) are derived so nodes compare directly.
 */
export const ActualFiguresSchema = z.object({
  /** False for `(never executed)` / null measurements. */
  executed: z.boolean(),
  /** Rows per loop, as the server reports them (an average, may be fractional). */
  rows: z.number().optional(),
  loops: z.number().optional(),
  totalRows: z.number().optional(),
  /** Milliseconds to the first / last row, per loop (MySQL). */
  firstRowMs: z.number().optional(),
  lastRowMs: z.number().optional(),
  totalTimeMs: z.number().optional(),
  selfTimeMs: z.number().optional(),
  /** Percentage of rows left after the attached condition (MariaDB `r_filtered`). */
  filtered: z.number().optional(),
});
export type ActualFigures = z.infer<typeof ActualFiguresSchema>;

/** One node of a plan tree; see "The plan model" in the architecture document. */
export interface PlanNode {
  /** Pre-order number, unique within its plan (0 is the root). */
  id: number;
  kind: NodeKind;
  /** What the node does, in the server's words where it has them. */
  label: string;
  /** The table as the server names it (MySQL JSON v1 and MariaDB name it by its alias). */
  table?: string;
  alias?: string;
  schema?: string;
  /** `select_id` of a query block. */
  selectId?: number;
  /** The server's access type (`ALL`, `ref`, `index_lookup`, ...). */
  accessType?: string;
  key?: string;
  keyParts?: string[];
  possibleKeys?: string[];
  /** What the key is compared with (`const`, `shop.c.id`). */
  ref?: string[];
  usedColumns?: string[];
  /** Estimated rows per execution of this node. */
  rows?: number;
  /** Estimated percentage of rows left after the condition. */
  filtered?: number;
  cost?: CostFigures;
  actual?: ActualFigures;
  condition?: string;
  /** A condition pushed down to the storage engine (index condition pushdown). */
  indexCondition?: string;
  /** MySQL JSON v1 `data_read_per_join`, in bytes. */
  dataReadBytes?: number;
  flags: PlanFlag[];
  /** The server's own notes (Extra column, messages), verbatim. */
  warnings: string[];
  children: PlanNode[];
  /** Source keys this node did not consume, so nothing of the input is lost. */
  raw: Record<string, unknown>;
}

export const PlanNodeSchema: z.ZodType<PlanNode> = z.object({
  id: z.number().int().nonnegative(),
  kind: NodeKindSchema,
  label: z.string(),
  table: z.string().optional(),
  alias: z.string().optional(),
  schema: z.string().optional(),
  selectId: z.number().optional(),
  accessType: z.string().optional(),
  key: z.string().optional(),
  keyParts: z.array(z.string()).optional(),
  possibleKeys: z.array(z.string()).optional(),
  ref: z.array(z.string()).optional(),
  usedColumns: z.array(z.string()).optional(),
  rows: z.number().optional(),
  filtered: z.number().optional(),
  cost: CostFiguresSchema.optional(),
  actual: ActualFiguresSchema.optional(),
  condition: z.string().optional(),
  indexCondition: z.string().optional(),
  dataReadBytes: z.number().optional(),
  flags: z.array(PlanFlagSchema),
  warnings: z.array(z.string()),
  get children() {
    return z.array(PlanNodeSchema);
  },
  raw: z.record(z.string(), z.unknown()),
});

/** A parsed plan: its dialect and root, plus the statement when the document carries it. */
export interface Plan {
  dialect: PlanDialect;
  root: PlanNode;
  /** The statement as the server rewrote it (MySQL JSON v2 `query`). */
  query?: string;
  /** True when the plan carries measurements (ANALYZE). */
  analyzed: boolean;
}

export const PlanSchema: z.ZodType<Plan> = z.object({
  dialect: PlanDialectSchema,
  root: PlanNodeSchema,
  query: z.string().optional(),
  analyzed: z.boolean(),
});

// Most nodes have no flags, no warnings and no leftover keys: they share these (frozen) empty
// lists and object until addFlag / addWarning / keepRaw give them their own. Plans can have tens
// of thousands of nodes.
const NO_FLAGS: PlanFlag[] = Object.freeze([]) as unknown as PlanFlag[];
const NO_WARNINGS: string[] = Object.freeze([]) as unknown as string[];
const NO_RAW: Record<string, unknown> = Object.freeze({});

// Nodes and measurements are made by constructors, not object literals: V8 tracks each literal's
// allocation site (a memento per object, and decisions to allocate them in the old generation
// that made parsing large plans slower), while a constructor's objects are allocated inline at
// their final size. The prototype is Object.prototype, so they are plain objects all the same.
const NodeRecord = function (this: PlanNode, kind: NodeKind, label: string) {
  this.id = 0;
  this.kind = kind;
  this.label = label;
  this.table = undefined;
  this.alias = undefined;
  this.schema = undefined;
  this.selectId = undefined;
  this.accessType = undefined;
  this.key = undefined;
  this.keyParts = undefined;
  this.possibleKeys = undefined;
  this.ref = undefined;
  this.usedColumns = undefined;
  this.rows = undefined;
  this.filtered = undefined;
  this.cost = undefined;
  this.actual = undefined;
  this.condition = undefined;
  this.indexCondition = undefined;
  this.dataReadBytes = undefined;
  this.flags = NO_FLAGS;
  this.warnings = NO_WARNINGS;
  this.children = [];
  this.raw = NO_RAW;
} as unknown as new (kind: NodeKind, label: string) => PlanNode;
NodeRecord.prototype = Object.prototype;

const ActualRecord = function (this: ActualFigures, executed: boolean) {
  this.executed = executed;
  this.rows = undefined;
  this.loops = undefined;
  this.totalRows = undefined;
  this.firstRowMs = undefined;
  this.lastRowMs = undefined;
  this.totalTimeMs = undefined;
  this.selfTimeMs = undefined;
  this.filtered = undefined;
} as unknown as new (executed: boolean) => ActualFigures;
ActualRecord.prototype = Object.prototype;

const CostRecord = function (this: CostFigures, self?: number, total?: number) {
  this.self = self;
  this.total = total;
} as unknown as new (self: number | undefined, total: number | undefined) => CostFigures;
CostRecord.prototype = Object.prototype;

/**
 * A node with every field present (optional ones undefined) in one fixed order: all nodes share
 * one shape, which keeps walking large plans fast and JSON output readable (children last).
 * `flags`, `warnings` and `raw` start as shared frozen empty ones: add to them with addFlag,
 * addWarning and keepRaw only (or give the node a `raw` of its own).
 */
export function createNode(kind: NodeKind, label: string): PlanNode {
  return new NodeRecord(kind, label);
}

/** Measurements with every field present in one order (see createNode); `executed` as given. */
export function createActual(executed = true): ActualFigures {
  return new ActualRecord(executed);
}

/** Cost figures with both fields present, `self` first (see createNode). */
export function createCost(self: number | undefined, total: number | undefined): CostFigures {
  return new CostRecord(self, total);
}

/** Adds a flag once. */
export function addFlag(node: PlanNode, flag: PlanFlag): void {
  if (node.flags === NO_FLAGS) node.flags = [flag];
  else if (!node.flags.includes(flag)) node.flags.push(flag);
}

/**
 * Adds a child. A first child gets a list of its own size: most nodes have one or none, and a
 * list grown by push reserves room for sixteen.
 */
export function addChild(node: PlanNode, child: PlanNode): void {
  if (node.children.length === 0) node.children = [child];
  else node.children.push(child);
}

/** Keeps a source key the node did not consume in its `raw`. */
export function keepRaw(node: PlanNode, key: string, value: unknown): void {
  if (node.raw === NO_RAW) node.raw = {};
  setOwn(node.raw, key, value);
}

/**
 * The node's own `raw`, made when it has the shared empty one: for a reader that keeps a source
 * key by its name (`ownRaw(node).join_type = value`), which keepRaw's store by a key that
 * changes is slower than. The key must not be `__proto__` (see setOwn).
 */
export function ownRaw(node: PlanNode): Record<string, unknown> {
  if (node.raw === NO_RAW) node.raw = {};
  return node.raw;
}

/** Adds one of the server's notes. */
export function addWarning(node: PlanNode, text: string): void {
  if (node.warnings === NO_WARNINGS) node.warnings = [text];
  else node.warnings.push(text);
}

/** Calls `visit` for every node, parents before children. Iterative: plans can be deep. */
export function walkPlan(
  root: PlanNode,
  visit: (node: PlanNode, parent: PlanNode | null) => void,
): void {
  const nodes: PlanNode[] = [root];
  const parents: Array<PlanNode | null> = [null];
  while (nodes.length) {
    const node = nodes.pop()!;
    visit(node, parents.pop()!);
    const children = node.children;
    for (let i = children.length - 1; i >= 0; i--) {
      nodes.push(children[i]!);
      parents.push(node);
    }
  }
}
