import { classifyMysqlOperation } from './mysql-operation';
import { MAX_PLAN_DEPTH } from './plan-fragment';
import {
  createCost,
  addChild,
  addFlag,
  addWarning,
  createActual,
  createNode,
  type ActualFigures,
  type PlanNode,
} from './plan-model';
import { parsePlanNumber } from './plan-number';

/** A text plan that could not be read, at a 1-based line of the text given. */
export interface TextPlanError {
  message: string;
  line: number;
  column: number;
}

const NUM = '[-+0-9.eE]+';
// Figures trail the operation; conditions before them may hold parentheses of their own, so
// they are peeled off the end of the line one group at a time.
const TRAILING_FIGURES = new RegExp(
  `\\s*\\((?:cost=(${NUM}?)(?:\\.\\.(${NUM}))? rows=(${NUM})|rows=(${NUM})|actual time=(${NUM}?)\\.\\.(${NUM}) rows=(${NUM}) loops=(${NUM})|(never executed))\\)\\s*$`,
);

interface Line {
  indent: number;
  text: string;
  line: number;
}

/**
 * Parses MySQL `EXPLAIN FORMAT=TREE` and `EXPLAIN ANALYZE` text: one `-> operation` per line,
 * nested by indentation, with `(cost=.. rows=..)` estimates and `(actual time=a..b rows=r
 * loops=l)` or `(never executed)` measurements. Lines without `->` continue the line above (the
 * manual wraps long lines that way). Extra top-level lines (`-> Select #2 (subquery in
 * projection; ...)`) become children of the first, as JSON v2 nests them.
 */
export function parseMysqlTree(text: string): PlanNode | TextPlanError {
  const lines = readLines(text);
  if (!Array.isArray(lines)) return lines;
  let root: PlanNode | null = null;
  const stack: Array<{ indent: number; node: PlanNode }> = [];
  for (const line of lines) {
    const node = parseOperationLine(line.text);
    while (stack.length && stack[stack.length - 1]!.indent >= line.indent) stack.pop();
    const parent = stack[stack.length - 1]?.node ?? root;
    if (!parent) root = node;
    else if (stack.length >= MAX_PLAN_DEPTH) {
      // Deeper than any real plan: keep the text rather than nest further.
      addWarning(parent, line.text);
      continue;
    } else {
      addChild(parent, node);
      // A read of a materialized result (a derived table, a CTE) is not a scan of a stored
      // table, as parseMysqlJsonV2 says of the same node.
      if (parent.kind === 'table' && (node.kind === 'materialize' || node.kind === 'union'))
        parent.flags = parent.flags.filter(
          (f) => f !== 'full-table-scan' && f !== 'full-index-scan',
        );
    }
    stack.push({ indent: line.indent, node });
  }
  return root ?? { message: 'not a plan: no line starting with "->"', line: 1, column: 1 };
}

function readLines(text: string): Line[] | TextPlanError {
  const out: Line[] = [];
  const raw = text.split('\n');
  for (let i = 0; i < raw.length; i++) {
    const source = raw[i]!;
    const m = /^(\s*)-> ?(.*)$/.exec(source);
    if (m) {
      out.push({ indent: m[1]!.length, text: m[2]!.trimEnd(), line: i + 1 });
      continue;
    }
    if (!source.trim()) continue;
    const previous = out[out.length - 1];
    if (!previous) {
      const column = source.length - source.trimStart().length + 1;
      return { message: 'not a plan: expected a line starting with "->"', line: i + 1, column };
    }
    previous.text += ` ${source.trim()}`;
  }
  return out;
}

/** One operation with its figures. */
function parseOperationLine(text: string): PlanNode {
  let label = text;
  let cost: { first?: number; total?: number; rows?: number } | undefined;
  let actual: ActualFigures | undefined;
  for (let m = TRAILING_FIGURES.exec(label); m; m = TRAILING_FIGURES.exec(label)) {
    if (m[3] !== undefined) {
      const first = parsePlanNumber(m[1]);
      const second = parsePlanNumber(m[2]);
      cost = { first, total: second ?? first, rows: parsePlanNumber(m[3]) };
    } else if (m[4] !== undefined) cost = { rows: parsePlanNumber(m[4]) };
    else if (m[9] !== undefined) {
      actual = createActual(false);
      actual.rows = 0;
      actual.loops = 0;
    } else actual = measured(m[5], m[6], m[7], m[8]);
    label = label.slice(0, m.index);
  }
  const op = classifyMysqlOperation(label);
  const node = createNode(op.kind, label);
  node.table = op.table;
  node.accessType = op.accessType;
  node.key = op.key;
  node.condition = op.condition;
  node.indexCondition = op.indexCondition;
  for (const flag of op.flags) addFlag(node, flag);
  if (cost) {
    node.rows = cost.rows;
    if (cost.total !== undefined) node.cost = createCost(undefined, cost.total);
  }
  node.actual = actual;
  if (/^Zero rows \((.*)\)$/.test(label)) addWarning(node, label.slice('Zero rows ('.length, -1));
  return node;
}

/** MySQL prints per-loop averages; totals make nodes comparable. */
function measured(
  first: string | undefined,
  last: string | undefined,
  rows: string | undefined,
  loops: string | undefined,
): ActualFigures {
  const a = createActual();
  a.rows = parsePlanNumber(rows);
  a.loops = parsePlanNumber(loops);
  a.firstRowMs = parsePlanNumber(first);
  a.lastRowMs = parsePlanNumber(last);
  if (a.rows !== undefined && a.loops !== undefined) a.totalRows = a.rows * a.loops;
  if (a.lastRowMs !== undefined && a.loops !== undefined) a.totalTimeMs = a.lastRowMs * a.loops;
  return a;
}
