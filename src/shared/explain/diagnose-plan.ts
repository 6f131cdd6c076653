import { z } from 'zod';
import { grownFigures } from './node-figures-array';
import { quoteIdentifier } from '../sql/quote-identifier';
import { FindingSeveritySchema, type FindingSeverity } from '../severity';
import { AccessCache } from './access-cache';
import { formatFactor, formatMs, formatRows } from './format-plan-figures';
import { indexColumnsFromConditions } from './index-suggestion';
import { walkPlan, type Plan, type PlanNode } from './plan-model';
import { realTable } from './real-table';

/** What diagnosePlan looks for, one code per kind of finding. */
export const DIAGNOSTIC_CODES = [
  'full-scan',
  'index-not-used',
  'filesort',
  'temporary-table',
  'join-buffer',
  'dependent-subquery',
  'misestimate',
  'range-checked',
  'impossible-where',
  'hottest-node',
] as const;
export const DiagnosticCodeSchema = z.enum(DIAGNOSTIC_CODES);
export type DiagnosticCode = z.infer<typeof DiagnosticCodeSchema>;

/** One finding about a plan, tied to the node it is about. */
export const DiagnosticSchema = z.object({
  code: DiagnosticCodeSchema,
  /** How much it matters, on the app's one scale (never `ok`: a finding is something). */
  severity: FindingSeveritySchema,
  nodeId: z.number().int().nonnegative(),
  /** One line: what and where. */
  title: z.string(),
  /** Plain words: what it means and why it matters here. */
  explanation: z.string(),
  /** What to try, when something concrete can be derived. */
  suggestion: z.string().optional(),
  /** For index suggestions: the columns, in index order. */
  indexColumns: z.array(z.string()).optional(),
});
export type Diagnostic = z.infer<typeof DiagnosticSchema>;

export interface DiagnoseOptions {
  /** Full scans and sorts of fewer rows are not worth a warning; default 1000. */
  fullScanRows?: number;
  /** Estimates off by this factor or less are noise; default 10 (10×). */
  misestimateFactor?: number;
  /**
   * The statement explained, when known: plans that name tables by alias only are resolved
   * through it, so suggested DDL names the real table. Defaults to the plan's own `query`.
   */
  statement?: string;
}

interface Context {
  plan: Plan;
  /** The node's parent in the plan (null for the root). */
  parentOf: (node: PlanNode) => PlanNode | null;
  fullScanRows: number;
  misestimateFactor: number;
  statement: string | undefined;
  out: Diagnostic[];
  /** Index advice already worked out, by everything it depends on (see indexAdvice). */
  advice: AccessCache<IndexAdvice | null>;
  /** The conditions of the access indexAdvice looks at: one list, refilled for each. */
  conditions: string[];
  /** Figures as findings word them, by value (see rowsText). */
  rowsTexts: Map<number, string>;
  factorTexts: Map<number, string>;
}

interface IndexAdvice {
  text: string;
  columns: string[];
}

/**
 * Finds what is worth a DBA's attention in a plan, from the model only: full scans over a row
 * threshold, candidate indexes left unused, filesorts, temporary tables, join buffers, dependent
 * subqueries, estimates off by more than a factor, range-checked joins, impossible WHEREs, and
 * the node that costs or takes the most. Most severe first.
 */
export function diagnosePlan(plan: Plan, options: DiagnoseOptions = {}): Diagnostic[] {
  const nodes = preOrder(plan.root);
  const numbered = nodes.every((node, i) => node.id === i);
  return diagnoseNodes(plan, nodes, numbered ? parentsById(nodes) : parentsByMap(nodes), options);
}

/**
 * diagnosePlan for a plan whose nodes are listed in pre-order, each node's `id` its index in
 * the list (as parsePlanNodes gives them): the plan is not walked again. `parents`, when given,
 * is the index of each node's parent (-1 for the root), as parsePlanNodes gives it.
 */
export function diagnoseNumberedPlan(
  plan: Plan,
  nodes: PlanNode[],
  options: DiagnoseOptions = {},
  parents?: Int32Array,
): Diagnostic[] {
  const parentOf = parents
    ? (node: PlanNode) => nodes[parents[node.id] ?? -1] ?? null
    : parentsById(nodes);
  return diagnoseNodes(plan, nodes, parentOf, options);
}

function diagnoseNodes(
  plan: Plan,
  nodes: PlanNode[],
  parentOf: (node: PlanNode) => PlanNode | null,
  options: DiagnoseOptions,
): Diagnostic[] {
  const diagnosis = new PlanDiagnosis(options);
  diagnosis.begin(plan, parentOf);
  for (let i = 0; i < nodes.length; i++) diagnosis.enter(nodes[i]!, i);
  // Children first, so a misestimate is reported where it starts, not on every parent above it.
  for (let i = nodes.length - 1; i >= 0; i--) diagnosis.leave(nodes[i]!, i);
  return diagnosis.findings(nodes);
}

/**
 * diagnosePlan one node at a time, as a walk of the plan meets them (parsePlanNodes' own walk,
 * while each node is in the processor's caches): begin, then enter every node in pre-order and
 * leave each after its children (children first), then findings. The findings are the same, in
 * the same order, whichever such walk gives the nodes.
 */
export class PlanDiagnosis {
  private ctx: Context | undefined;
  // Findings that start from a flag, in the order entered (plan order), and misestimates, in
  // the order left: put in order by findings.
  private flagged: Diagnostic[] = [];
  private misestimates: Diagnostic[] = [];
  private readonly misestimated = new Map<PlanNode, number>();
  // What each node counts for the hottest, by its index in pre-order (NaN: nothing): its own
  // time, and its own cost (query blocks none). Which one counts is known once every node is
  // read (the plan is measured when any node is), and the sum is taken in plan order.
  private times = new Float64Array(256).fill(Number.NaN);
  private costs = new Float64Array(256).fill(Number.NaN);

  constructor(private readonly options: DiagnoseOptions = {}) {}

  /** Starts on `plan`; its `analyzed` is only read by findings. */
  begin(plan: Plan, parentOf: (node: PlanNode) => PlanNode | null): void {
    const options = this.options;
    this.ctx = {
      plan,
      parentOf,
      fullScanRows: options.fullScanRows ?? 1000,
      misestimateFactor: options.misestimateFactor ?? 10,
      statement: options.statement ?? plan.query,
      out: this.flagged,
      advice: new AccessCache(),
      conditions: [],
      rowsTexts: new Map(),
      factorTexts: new Map(),
    };
  }

  /**
   * The findings that start from a flag: they read the node, its inputs and its parents as
   * parsed, not derived figures. Except on a join buffer, whose advice is about a table below
   * it, found through that table's parents: those are numbered once the walk has been there, so
   * such a node's findings wait until it is left.
   */
  enter(node: PlanNode, _index: number): void {
    // Most nodes have no flag.
    if (node.flags.length === 0 || node.flags.includes('join-buffer')) return;
    this.flagFindings(node);
  }

  /** Misestimates, and what counts for the hottest; `node`'s children were left before it. */
  leave(node: PlanNode, index: number): void {
    const ctx = this.ctx!;
    ctx.out = this.misestimates;
    misestimate(ctx, node, this.misestimated);
    ctx.out = this.flagged;
    if (node.flags.length !== 0 && node.flags.includes('join-buffer')) this.flagFindings(node);
    if (index >= this.times.length) this.grow(index + 1);
    const time = node.actual?.selfTimeMs;
    if (typeof time === 'number' && Number.isFinite(time)) this.times[index] = time;
    if (node.selectId === undefined) {
      const cost = node.cost?.self;
      if (typeof cost === 'number' && Number.isFinite(cost)) this.costs[index] = cost;
    }
  }

  private flagFindings(node: PlanNode): void {
    const ctx = this.ctx!;
    fullScan(ctx, node);
    filesort(ctx, node);
    temporaryTable(ctx, node);
    joinBuffer(ctx, node);
    dependentSubquery(ctx, node);
    rangeChecked(ctx, node);
    impossibleWhere(ctx, node);
  }

  /** The findings, most severe first; `nodes` the plan's nodes in pre-order. */
  findings(nodes: PlanNode[]): Diagnostic[] {
    const ctx = this.ctx!;
    const values = ctx.plan.analyzed ? this.times : this.costs;
    let hottestIndex = -1;
    let hottestValue = 0;
    let sum = 0;
    const count = Math.min(nodes.length, values.length);
    for (let i = 0; i < count; i++) {
      const value = values[i]!;
      if (Number.isNaN(value)) continue;
      sum += value;
      if (value > hottestValue) {
        hottestIndex = i;
        hottestValue = value;
      }
    }
    // A node's misestimate before its other findings, as when misestimates were a pass first.
    const found = this.misestimates.length ? this.misestimates.concat(this.flagged) : this.flagged;
    ctx.out = found;
    if (nodes.length >= 2 && hottestIndex >= 0 && sum > 0)
      hottest(ctx, nodes[hottestIndex]!, hottestValue, sum);
    return bySeverity(found);
  }

  private grow(needed: number): void {
    const size = Math.max(needed, this.times.length * 2);
    this.times = grownFigures(this.times, size);
    this.costs = grownFigures(this.costs, size);
  }
}

/**
 * Group index of each severity: worst first. Compared rather than looked up in an object by
 * the severity: a lookup by a name that changes goes through the cache all such lookups share.
 */
function rank(severity: FindingSeverity): number {
  return severity === 'danger' ? 0 : severity === 'warning' ? 1 : 2;
}

/**
 * Most severe first, then in plan order; findings on one node keep the order they were found
 * in. The same as a stable sort on (severity, node), but a plan with thousands of findings is
 * not sorted pair by pair: most come in plan order already, and node ids are small integers to
 * count by.
 */
function bySeverity(found: Diagnostic[]): Diagnostic[] {
  const groups: Diagnostic[][] = [[], [], []];
  for (let i = 0; i < found.length; i++) groups[rank(found[i]!.severity)]!.push(found[i]!);
  const out: Diagnostic[] = [];
  for (const group of groups) {
    const sorted = inPlanOrder(group) ? group : byNodeId(group);
    for (let i = 0; i < sorted.length; i++) out.push(sorted[i]!);
  }
  return out;
}

function inPlanOrder(found: Diagnostic[]): boolean {
  for (let i = 1; i < found.length; i++) if (found[i - 1]!.nodeId > found[i]!.nodeId) return false;
  return true;
}

/**
 * `found` in the order of their node ids, stable: counted into place when the ids are integers
 * of about the plan's size (a parse numbers nodes from 0), sorted otherwise.
 */
function byNodeId(found: Diagnostic[]): Diagnostic[] {
  let max = 0;
  for (let i = 0; i < found.length; i++) {
    const id = found[i]!.nodeId;
    if (!Number.isInteger(id) || id < 0 || id > COUNTED_IDS) {
      return found.sort((a, b) => a.nodeId - b.nodeId);
    }
    if (id > max) max = id;
  }
  // Where each id's findings start, then each finding put at its id's next place.
  const next = new Int32Array(max + 2);
  for (let i = 0; i < found.length; i++) next[found[i]!.nodeId + 1]!++;
  for (let id = 1; id < next.length; id++) next[id]! += next[id - 1]!;
  const out = new Array<Diagnostic>(found.length);
  for (let i = 0; i < found.length; i++) out[next[found[i]!.nodeId]!++] = found[i]!;
  return out;
}

/** Ids up to this are counted (a list of their size made); a plan has far fewer nodes. */
const COUNTED_IDS = 1 << 22;

/** The plan's nodes, parents first. */
function preOrder(root: PlanNode): PlanNode[] {
  const nodes: PlanNode[] = [];
  const stack: PlanNode[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    nodes.push(node);
    const children = node.children;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return nodes;
}

/** Parents of nodes numbered by their index in `nodes`, without a map of every node. */
function parentsById(nodes: PlanNode[]): (node: PlanNode) => PlanNode | null {
  const parents = new Int32Array(nodes.length).fill(-1);
  for (let i = 0; i < nodes.length; i++) {
    const children = nodes[i]!.children;
    for (let c = 0; c < children.length; c++) parents[children[c]!.id] = i;
  }
  return (node) => nodes[parents[node.id] ?? -1] ?? null;
}

/** Parents of nodes numbered otherwise (a plan built by hand, or edited). */
function parentsByMap(nodes: PlanNode[]): (node: PlanNode) => PlanNode | null {
  const parents = new Map<PlanNode, PlanNode>();
  for (const node of nodes) for (const child of node.children) parents.set(child, node);
  return (node) => parents.get(node) ?? null;
}

/**
 * formatRows(n), worked out once per value in a diagnosis: a large plan repeats the same few
 * figures in thousands of findings (a UNION of similar selects), and turning a number into
 * text costs more than the rest of a finding. (Map keys compare as SameValueZero: 0 and -0,
 * which share a key, are both worded `0`.)
 */
function rowsText(ctx: Context, n: number): string {
  let text = ctx.rowsTexts.get(n);
  if (text === undefined) {
    text = formatRows(n);
    ctx.rowsTexts.set(n, text);
  }
  return text;
}

/** formatFactor(n), once per value in a diagnosis (see rowsText). */
function factorText(ctx: Context, n: number): string {
  let text = ctx.factorTexts.get(n);
  if (text === undefined) {
    text = formatFactor(n);
    ctx.factorTexts.set(n, text);
  }
  return text;
}

function tableName(node: PlanNode): string {
  const t = node.table ?? '?';
  return node.alias && node.alias !== node.table ? `${t} (as ${node.alias})` : t;
}

/**
 * Conditions that decide which rows of this table are wanted: its own, its filter's, its join's;
 * into `out`, emptied first.
 */
function conditionsFor(ctx: Context, node: PlanNode, out: string[]): string[] {
  out.length = 0;
  if (node.condition !== undefined) out.push(node.condition);
  if (node.indexCondition !== undefined) out.push(node.indexCondition);
  // Up through filters and headings (`Hash`) to the first join, whose condition joins this table.
  for (let p = ctx.parentOf(node), steps = 0; p && steps < 4; p = ctx.parentOf(p), steps++) {
    if ((p.kind === 'filter' || p.kind === 'join') && p.condition !== undefined)
      out.push(p.condition);
    if (p.kind === 'join' || p.selectId !== undefined || p.kind === 'subquery') break;
  }
  return out;
}

/**
 * The index suggestion for a table node, from the conditions on it. Large plans repeat the
 * same access many times (a UNION of similar selects): the advice is worked out once for each
 * distinct table, conditions and columns, and shared (its columns are copied into findings).
 */
function indexAdvice(ctx: Context, node: PlanNode): IndexAdvice | undefined {
  const name = node.alias ?? node.table;
  if (name === undefined) return undefined;
  const conditions = conditionsFor(ctx, node, ctx.conditions);
  const { table, alias, schema, usedColumns } = node;
  let advice = ctx.advice.find(table, alias, schema, conditions, usedColumns)?.value;
  if (advice === undefined) {
    advice = adviseIndex(ctx, node, name, conditions) ?? null;
    ctx.advice.store(table, alias, schema, conditions, usedColumns, advice);
  }
  return advice ?? undefined;
}

function adviseIndex(
  ctx: Context,
  node: PlanNode,
  name: string,
  conditions: string[],
): IndexAdvice | undefined {
  const { equality, range } = indexColumnsFromConditions(name, conditions);
  if (!equality.length && !range.length) return undefined;
  const columns = [...equality, ...range.slice(0, 1)];
  const rest = (node.usedColumns ?? []).filter((c) => !columns.includes(c));
  const covering =
    rest.length > 0 && rest.length <= 4
      ? ` Adding ${rest.join(', ')} after them makes it covering (no row lookups).`
      : '';
  const real = realTable(ctx.plan, node, ctx.statement, conditions);
  // DDL only on a table known by its real name: an alias in ALTER TABLE fails, or worse, hits
  // another table of that name.
  const ddl = real
    ? ` To add it: ALTER TABLE ${real.qualified} ADD INDEX (${columns.map(quoteIdentifier).join(', ')});`
    : ` ${aliasOnly(name)}`;
  return {
    text: `An index on ${tableName(node)} (${columns.join(', ')}) would let the server read only the matching rows.${covering}${ddl}`,
    columns,
  };
}

/** Why no DDL is given for a table the plan names by alias only. */
function aliasOnly(name: string): string {
  return `No DDL here: the plan names this table "${name}", which may be an alias, and the DDL needs the real table name (explaining the statement from the editor finds it).`;
}

// A constructor rather than an object literal, like createNode's (see there): plans can have
// thousands of findings. Its prototype is Object.prototype: findings are plain objects.
const Finding = function (this: Diagnostic, d: Omit<Diagnostic, 'nodeId'>, nodeId: number) {
  this.code = d.code;
  this.severity = d.severity;
  this.nodeId = nodeId;
  this.title = d.title;
  this.explanation = d.explanation;
  this.suggestion = d.suggestion;
  this.indexColumns = d.indexColumns;
} as unknown as new (d: Omit<Diagnostic, 'nodeId'>, nodeId: number) => Diagnostic;
Finding.prototype = Object.prototype;

/** Records a finding; every finding has the same fields in the same order (absent ones undefined). */
function emit(ctx: Context, node: PlanNode, d: Omit<Diagnostic, 'nodeId'>): void {
  ctx.out.push(new Finding(d, node.id));
}

function fullScan(ctx: Context, node: PlanNode): void {
  const tableScan = node.flags.includes('full-table-scan');
  const indexScan = node.flags.includes('full-index-scan');
  if (!tableScan && !indexScan) return;
  if (node.actual && !node.actual.executed) return;
  const perScan = node.rows ?? node.actual?.rows ?? 0;
  const loops = node.actual?.loops ?? 1;
  const read = Math.max(perScan, node.actual?.totalRows ?? 0);
  if (read >= ctx.fullScanRows) {
    const advice = tableScan ? indexAdvice(ctx, node) : undefined;
    const times =
      loops > 1 ? `, ${rowsText(ctx, loops)} times (${rowsText(ctx, read)} rows in all)` : '';
    emit(ctx, node, {
      code: 'full-scan',
      severity: tableScan ? (read >= ctx.fullScanRows * 100 ? 'danger' : 'warning') : 'info',
      title: `${tableScan ? 'Full table scan' : 'Full index scan'} on ${tableName(node)}`,
      explanation: tableScan
        ? `Every row of ${tableName(node)} is read (about ${rowsText(ctx, perScan)} rows${times}) and the unwanted ones are thrown away afterwards.`
        : `The whole index${node.key ? ` ${node.key}` : ''} of ${tableName(node)} is read (about ${rowsText(ctx, perScan)} entries${times}). Cheaper than the table, still proportional to its size.`,
      suggestion: advice?.text,
      // Each finding its own list: nothing one reader does to it reaches another.
      indexColumns: advice?.columns.slice(),
    });
  }
  if (
    tableScan &&
    node.possibleKeys?.length &&
    node.key === undefined &&
    read >= ctx.fullScanRows
  ) {
    emit(ctx, node, {
      code: 'index-not-used',
      severity: 'warning',
      title: `Index not used on ${tableName(node)}`,
      explanation: `The server could have used ${node.possibleKeys.join(', ')} but scans the table instead: it expects the condition to match too many rows for the index to pay off, or the indexed column is wrapped in a function or compared with a value of another type or collation.`,
      suggestion:
        'Check the condition on the indexed columns (no functions or implicit conversions on them); if few rows really match, refresh statistics (ANALYZE TABLE) or add a histogram.',
    });
  }
}

function rowsInto(node: PlanNode): number {
  return (
    node.actual?.totalRows ??
    node.rows ??
    node.children[0]?.actual?.totalRows ??
    node.children[0]?.rows ??
    0
  );
}

function filesort(ctx: Context, node: PlanNode): void {
  if (!node.flags.includes('filesort')) return;
  const rows = rowsInto(node);
  emit(ctx, node, {
    code: 'filesort',
    severity: rows >= ctx.fullScanRows ? 'warning' : 'info',
    title: node.kind === 'window' ? 'Sort for window functions' : 'Filesort',
    explanation: `The rows${rows ? ` (about ${rowsText(ctx, rows)})` : ''} are sorted after they are read, in memory or on disk when they do not fit in sort_buffer_size, instead of being read in index order.`,
    suggestion:
      'An index whose columns match the equality conditions followed by the ORDER BY / GROUP BY / PARTITION BY columns lets the server read rows already in order.',
  });
}

/** Temporary tables that are a choice of the plan (not the ones derived tables always need). */
function temporaryTable(ctx: Context, node: PlanNode): void {
  if (!node.flags.includes('temporary')) return;
  if (node.kind === 'materialize' || node.kind === 'union') return;
  const rows = rowsInto(node);
  emit(ctx, node, {
    code: 'temporary-table',
    severity: rows >= ctx.fullScanRows * 10 ? 'warning' : 'info',
    title: 'Temporary table',
    explanation: `An internal temporary table holds ${rows ? `about ${rowsText(ctx, rows)} ` : ''}intermediate rows (for GROUP BY, DISTINCT, a sort over a join, or window functions); it moves to disk when larger than tmp_table_size.`,
    suggestion:
      'An index covering the GROUP BY / DISTINCT columns of the first table lets the server group rows as it reads them, without a temporary table.',
  });
}

function joinBuffer(ctx: Context, node: PlanNode): void {
  if (!node.flags.includes('join-buffer')) return;
  const hash = node.flags.includes('hash-join');
  const target = node.kind === 'join' ? lastTable(node) : node;
  const advice = target ? indexAdvice(ctx, target) : undefined;
  emit(ctx, node, {
    code: 'join-buffer',
    severity: hash ? 'info' : 'warning',
    title: hash
      ? 'Hash join'
      : `Join buffer (block nested loop)${node.table ? ` on ${tableName(node)}` : ''}`,
    explanation: hash
      ? 'No index serves the join condition, so one input is loaded into a hash table in the join buffer and the other probes it. Fine for large unselective joins; an index allows row-by-row lookups instead.'
      : 'No index serves the join condition: rows of the earlier tables are buffered and the table is scanned once per buffer fill, comparing every pair.',
    suggestion: advice?.text,
    // Each finding its own list: nothing one reader does to it reaches another.
    indexColumns: advice?.columns.slice(),
  });
}

function lastTable(node: PlanNode): PlanNode | undefined {
  const last = node.children[node.children.length - 1];
  if (!last) return undefined;
  let found: PlanNode | undefined;
  walkPlan(last, (n) => {
    if (!found && n.kind === 'table') found = n;
  });
  return found;
}

function dependentSubquery(ctx: Context, node: PlanNode): void {
  if (!node.flags.includes('dependent')) return;
  const parent = ctx.parentOf(node);
  if (parent?.flags.includes('dependent')) return; // one finding per subquery
  // How often it ran: its query block's loops, else those of the first measured node inside.
  let block: number | undefined;
  let first: number | undefined;
  walkPlan(node, (n) => {
    const loops = n === node ? undefined : n.actual?.loops;
    if (loops === undefined) return;
    if (block === undefined && n.selectId !== undefined) block = loops;
    if (first === undefined) first = loops;
  });
  const executions = block ?? first;
  emit(ctx, node, {
    code: 'dependent-subquery',
    severity: (executions ?? 0) >= 1000 ? 'danger' : 'warning',
    title: `Dependent subquery${node.selectId !== undefined ? ` #${node.selectId}` : ''}`,
    explanation: `The subquery refers to the outer query, so it runs again for each outer row${executions !== undefined ? ` (${rowsText(ctx, executions)} times here)` : ''}.`,
    suggestion:
      'Rewrite it as a JOIN or a derived table grouped once, or make sure each run is a cheap index lookup on the correlated columns.',
  });
}

function rangeChecked(ctx: Context, node: PlanNode): void {
  if (!node.flags.includes('range-checked')) return;
  emit(ctx, node, {
    code: 'range-checked',
    severity: 'warning',
    title: `Range checked for each record on ${tableName(node)}`,
    explanation:
      'No index fits the join condition in advance, so for every row of the earlier tables the server decides again how to read this table (a range, an index merge, or a full scan).',
    suggestion:
      'Join on columns of the same type and collation, and index the compared column so a plain lookup or range works.',
  });
}

function impossibleWhere(ctx: Context, node: PlanNode): void {
  if (!node.flags.includes('impossible')) return;
  emit(ctx, node, {
    code: 'impossible-where',
    severity: 'info',
    title:
      node.warnings.find((w) => /impossible|no matching|zero rows/i.test(w)) ?? 'Impossible WHERE',
    explanation:
      'The server proved the condition can never be true (contradictory conditions, or no row in a constant table), so it returns no rows without reading.',
    suggestion:
      'If rows were expected, check the condition: two different values for one column, a typo, a wrong type.',
  });
}

/** Nodes whose measured rows are off from the estimate by the factor or more. */
function misestimate(ctx: Context, node: PlanNode, found: Map<PlanNode, number>): void {
  const a = node.actual;
  if (!a?.executed || a.rows === undefined || node.rows === undefined) return;
  const estimate = node.rows;
  const ratio = Math.max(estimate, 1) / Math.max(a.rows, 1);
  const factor = ratio >= 1 ? ratio : 1 / ratio;
  if (factor <= ctx.misestimateFactor) return;
  // Fewer rows than estimated under a LIMIT or a semi/anti join: the server stopped early.
  if (ratio > 1 && stopsEarly(ctx, node)) return;
  const direction = ratio >= 1 ? 1 : -1;
  found.set(node, direction);
  if (startedBelow(node, found, direction)) return;
  const loops = a.loops && a.loops > 1 ? ` (average of ${rowsText(ctx, a.loops)} loops)` : '';
  const table = node.table;
  const real = table === undefined ? undefined : realTable(ctx.plan, node, ctx.statement);
  emit(ctx, node, {
    code: 'misestimate',
    severity: factor >= ctx.misestimateFactor ** 2 ? 'danger' : 'warning',
    title: `Row estimate off by ${factorText(ctx, factor)}: ${node.label}`,
    explanation: `The optimizer expected ${rowsText(ctx, estimate)} rows, the server found ${rowsText(ctx, a.rows)}${loops}. Join order and access methods are chosen from estimates; one this far off can make the whole plan wrong.`,
    suggestion: statisticsAdvice(ctx.plan.dialect === 'mariadb-json', table, real?.qualified),
  });
}

/**
 * Whether a child is off in the same direction. A loop, not a closure: one capturing `found`
 * would make every call of misestimate allocate, for every node of the plan.
 */
function startedBelow(node: PlanNode, found: Map<PlanNode, number>, direction: number): boolean {
  const children = node.children;
  for (let i = 0; i < children.length; i++) if (found.get(children[i]!) === direction) return true;
  return false;
}

function statisticsAdvice(
  mariadb: boolean,
  table: string | undefined,
  qualified: string | undefined,
): string {
  if (table === undefined || table.startsWith('<'))
    return 'Refresh the statistics of the tables below it (ANALYZE TABLE); skewed or correlated columns need histograms.';
  if (qualified === undefined)
    return `Refresh the statistics of the table behind "${table}" (ANALYZE TABLE); skewed or correlated columns need histograms. ${aliasOnly(table)}`;
  return mariadb
    ? `Refresh statistics (ANALYZE TABLE ${qualified} PERSISTENT FOR ALL); skewed or correlated columns need histograms.`
    : `Refresh statistics (ANALYZE TABLE ${qualified}); for skewed or correlated columns add a histogram (ANALYZE TABLE ${qualified} UPDATE HISTOGRAM ON <column>).`;
}

function stopsEarly(ctx: Context, node: PlanNode): boolean {
  for (let p = ctx.parentOf(node); p; p = ctx.parentOf(p)) {
    if (p.kind === 'limit') return true;
    if (p.kind === 'join' && /semijoin|antijoin|FirstMatch|LooseScan/i.test(p.label)) return true;
    if (p.warnings.some((w) => /^(?:FirstMatch|Not exists|LooseScan)/.test(w))) return true;
  }
  return node.warnings.some((w) => /^(?:FirstMatch|Not exists)/.test(w));
}

/**
 * The finding on the node with the most exclusive time (measured plans) or the most own cost
 * (estimates): `value` of its own out of `sum` over the plan.
 */
function hottest(ctx: Context, best: PlanNode, bestValue: number, sum: number): void {
  const byTime = ctx.plan.analyzed;
  const share = Math.round((bestValue / sum) * 100);
  emit(ctx, best, {
    code: 'hottest-node',
    severity: 'info',
    title: `${byTime ? 'Most time' : 'Most cost'}: ${best.label}`,
    explanation: byTime
      ? `${formatMs(bestValue)} of its own (without its inputs), ${share}% of the measured time.`
      : `${share}% of the plan's estimated cost is this node's own work.`,
  });
}
