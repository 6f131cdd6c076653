import type { PlanDialect } from './plan-dialect';
import type { Plan, PlanNode } from './plan-model';

/** The columns of MySQL's classic tabular EXPLAIN, in its order. */
export const TRADITIONAL_COLUMNS = [
  'id',
  'select_type',
  'table',
  'partitions',
  'type',
  'possible_keys',
  'key',
  'key_len',
  'ref',
  'rows',
  'filtered',
  'Extra',
] as const;
export type TraditionalColumn = (typeof TRADITIONAL_COLUMNS)[number];

/** One row of the classic table; a cell is '' when the plan does not say (never invented). */
export interface TraditionalRow {
  /** The plan node the row stands for. */
  nodeId: number;
  cells: Record<TraditionalColumn, string>;
}

// Dialects whose documents are made of numbered query blocks (select_id): the id and
// select_type columns follow from where each block sits. The tree formats have no select ids.
const BLOCK_DIALECTS: ReadonlySet<PlanDialect> = new Set([
  'mysql-json-v1',
  'mariadb-json',
  'tabular',
]);

// The tree formats name accesses in words; these have exactly one traditional `type`.
const TREE_ACCESS_TYPES: Record<string, string> = {
  'table scan': 'ALL',
  table: 'ALL',
  'index scan': 'index',
  index_scan: 'index',
  'index range scan': 'range',
  index_range_scan: 'range',
  'constant row': 'const',
  constant_row: 'const',
  'full-text search': 'fulltext',
  full_text_search: 'fulltext',
};

interface Context {
  id: string;
  selectType: string;
  /** The select_type the next query block inside takes. */
  role: string;
  /** Notes of the block's sort/temporary steps, shown on its first row as MySQL does. */
  pending: { temporary: boolean; filesort: boolean; placed: boolean };
}

/**
 * The plan as the classic tabular EXPLAIN (id, select_type, table, partitions, type,
 * possible_keys, key, key_len, ref, rows, filtered, Extra): one row per table access (and per
 * table-less message such as "Impossible WHERE"), in plan order. Derived from the model only:
 * `id` and `select_type` where the dialect numbers its query blocks, `type` from the access,
 * Extra from the node's notes plus its block's filesort / temporary steps. What a dialect does
 * not give (key_len and partitions in the tree formats, ids in FORMAT=TREE) stays empty.
 */
export function traditionalRows(plan: Plan): TraditionalRow[] {
  const blocks = BLOCK_DIALECTS.has(plan.dialect);
  const tree = plan.dialect === 'mysql-tree' || plan.dialect === 'mysql-json-v2';
  const rows: TraditionalRow[] = [];
  const rootRole = blocks ? (isSimple(plan.root) ? 'SIMPLE' : 'PRIMARY') : '';
  const visit = (node: PlanNode, parent: PlanNode | null, ctx: Context): void => {
    let c = ctx;
    if (blocks && node.selectId !== undefined)
      c = {
        id: String(node.selectId),
        selectType: ctx.role,
        role: ctx.role,
        pending: { temporary: false, filesort: false, placed: false },
      };
    // A set operation's result comes after its members, as MySQL lists it.
    const setResult = node.kind === 'union' && node.table !== undefined;
    if (!setResult && (node.table !== undefined || isMessage(node))) {
      rows.push(rowOf(node, c, tree, blocks));
    } else if (node.kind !== 'union') {
      if (node.flags.includes('temporary') && node.kind !== 'materialize')
        c.pending.temporary = true;
      if (node.flags.includes('filesort')) c.pending.filesort = true;
    }
    node.children.forEach((child, i) => {
      visit(child, node, { ...c, role: roleOf(node, parent, child, i, c) });
    });
    if (setResult) rows.push(rowOf(node, c, tree, blocks));
  };
  visit(plan.root, null, {
    id: '',
    selectType: rootRole,
    role: rootRole,
    pending: { temporary: false, filesort: false, placed: false },
  });
  return rows;
}

/** One query block and no set operation: MySQL calls it SIMPLE. */
function isSimple(root: PlanNode): boolean {
  let blocks = 0;
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.selectId !== undefined) blocks++;
    if (n.kind === 'union' || blocks > 1) return false;
    for (const child of n.children) stack.push(child);
  }
  return true;
}

/** A table-less step that the classic table still shows as a row ("No tables used", ...). */
function isMessage(node: PlanNode): boolean {
  return node.kind === 'other' && node.children.length === 0 && node.warnings.length > 0;
}

/** The select_type a query block under `node` takes. */
function roleOf(
  node: PlanNode,
  parent: PlanNode | null,
  child: PlanNode,
  index: number,
  ctx: Context,
): string {
  if (!ctx.role) return '';
  if (node.kind === 'subquery')
    return node.flags.includes('dependent') ? 'DEPENDENT SUBQUERY' : 'SUBQUERY';
  if (node.kind === 'materialize')
    return parent?.table?.startsWith('<subquery') ? 'MATERIALIZED' : 'DERIVED';
  if (node.kind === 'union' && child.selectId !== undefined && index > 0) {
    const word = /^<(intersect|except)/.exec(node.table ?? '')?.[1]?.toUpperCase() ?? 'UNION';
    return child.flags.includes('dependent') ? `DEPENDENT ${word}` : word;
  }
  return ctx.role;
}

function rowOf(node: PlanNode, ctx: Context, tree: boolean, blocks: boolean): TraditionalRow {
  const result = node.kind === 'union' ? setResultType(node.table) : undefined;
  const extra: string[] = [];
  const add = (note: string) => {
    if (!extra.includes(note)) extra.push(note);
  };
  if (node.indexCondition !== undefined) add('Using index condition');
  if (node.condition !== undefined && !tree) add('Using where');
  for (const w of node.warnings) add(w);
  if (node.flags.includes('covering-index') && !extra.some((e) => e.startsWith('Using index')))
    add('Using index');
  if (!ctx.pending.placed && result === undefined) {
    if (ctx.pending.temporary) add('Using temporary');
    if (ctx.pending.filesort) add('Using filesort');
    ctx.pending.placed = true;
  }
  const access = node.accessType ?? '';
  return {
    nodeId: node.id,
    cells: {
      id: result !== undefined ? '' : ctx.id,
      select_type: result ?? ctx.selectType,
      table: node.alias ?? node.table ?? '',
      partitions: listText(node.raw.partitions),
      type: tree ? treeAccessType(node) : access,
      possible_keys: node.possibleKeys?.join(',') ?? '',
      key: node.key ?? '',
      key_len: blocks ? scalarText(node.raw.key_length ?? node.raw.key_len) : '',
      ref: node.ref?.join(',') ?? '',
      rows: node.rows === undefined ? '' : numberText(node.rows),
      filtered: node.filtered === undefined ? '' : node.filtered.toFixed(2),
      Extra: extra.join('; '),
    },
  };
}

/** `UNION RESULT` for `<union1,2>`, likewise INTERSECT and EXCEPT. */
function setResultType(table: string | undefined): string | undefined {
  const word = /^<(union|intersect|except)/.exec(table ?? '')?.[1];
  return word ? `${word.toUpperCase()} RESULT` : undefined;
}

function treeAccessType(node: PlanNode): string {
  const access = node.accessType;
  if (access === undefined) return '';
  if (access === 'index lookup' || access === 'index_lookup')
    return node.label.startsWith('Single-row') ? 'eq_ref' : 'ref';
  return TREE_ACCESS_TYPES[access] ?? '';
}

function listText(value: unknown): string {
  if (Array.isArray(value)) return value.filter((v) => typeof v === 'string').join(',');
  return scalarText(value);
}

function scalarText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

function numberText(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100);
}
