import { MAX_PLAN_DEPTH } from './plan-fragment';
import { addChild, addFlag, createActual, createNode, keepRaw, type PlanNode } from './plan-model';
import { parsePlanNumber } from './plan-number';
import type { TextPlanError } from './parse-mysql-tree';
import { addNote, splitExtra } from './extra-notes';
import { fullScanOf, tableAccessLabel } from './table-access-label';

/** One row of a traditional EXPLAIN, column names lower-cased, `NULL` as undefined. */
export type TabularRow = Record<string, string | undefined>;

const ROW_HEADER = /^\*{5,} *\d+\. row *\*{5,}\s*$/;
const BORDER = /^\s*\+(?:-+\+)+\s*$/;
/** Columns every traditional EXPLAIN has; two of them are enough to know the table. */
const SIGNATURE = ['id', 'select_type', 'table', 'type'];

/**
 * Reads a traditional EXPLAIN as pasted: the `mysql` client's bordered table, its `\G` rows,
 * tab-separated batch output, or columns aligned with spaces (wrapped cells, as in the manual,
 * continue the row above). Rows are then assembled into a tree the way pt-visual-explain does.
 */
export function parseTabular(text: string): PlanNode | TextPlanError {
  const rows = readRows(text);
  if (!Array.isArray(rows)) return rows;
  return assembleTabularPlan(rows);
}

/** Rows of a result set given as JSON (`[{"id": 1, "select_type": "SIMPLE", ...}]`). */
export function tabularRowsFromJson(value: unknown): TabularRow[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const rows: TabularRow[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return null;
    const row: TabularRow = {};
    for (const [k, v] of Object.entries(item))
      row[k.toLowerCase()] = cell(v === null ? undefined : String(v));
    rows.push(row);
  }
  return hasSignature(Object.keys(rows[0]!)) ? rows : null;
}

function readRows(text: string): TabularRow[] | TextPlanError {
  const lines = text.split('\n');
  const first = lines.findIndex((l) => l.trim() !== '');
  if (first < 0) return notTabular(1);
  if (ROW_HEADER.test(lines[first]!)) return readVertical(lines);
  if (BORDER.test(lines[first]!) || lines[first]!.trimStart().startsWith('|'))
    return readBordered(lines);
  const header = lines[first]!;
  if (header.includes('\t')) return readSeparated(lines, first, (l) => l.split('\t'));
  return readAligned(lines, first);
}

function readVertical(lines: string[]): TabularRow[] | TextPlanError {
  const rows: TabularRow[] = [];
  let current: TabularRow | null = null;
  for (const line of lines) {
    if (ROW_HEADER.test(line)) {
      current = {};
      rows.push(current);
      continue;
    }
    const m = /^\s*([A-Za-z_][\w ]*?):(?: (.*))?$/.exec(line);
    if (m && current) current[m[1]!.toLowerCase()] = cell(m[2]);
  }
  return rows.length && hasSignature(Object.keys(rows[0]!)) ? rows : notTabular(1);
}

function readBordered(lines: string[]): TabularRow[] | TextPlanError {
  const cells = lines
    .map((l, i) => ({ l: l.trim(), i }))
    .filter(({ l }) => l.startsWith('|'))
    .map(({ l, i }) => ({
      cells: l
        .replace(/^\|/, '')
        .replace(/\|$/, '')
        .split('|')
        .map((c) => c.trim()),
      i,
    }));
  const header = cells[0];
  if (!header) return notTabular(1);
  const names = header.cells.map((c) => c.toLowerCase());
  if (!hasSignature(names)) return notTabular(header.i + 1);
  return cells.slice(1).map(({ cells: values }) => toRow(names, values));
}

function readSeparated(
  lines: string[],
  first: number,
  split: (line: string) => string[],
): TabularRow[] | TextPlanError {
  const names = split(lines[first]!).map((c) => c.trim().toLowerCase());
  if (!hasSignature(names)) return notTabular(first + 1);
  return lines
    .slice(first + 1)
    .filter((l) => l.trim() !== '')
    .map((l) => toRow(names, split(l)));
}

/** Space-aligned columns: each column starts where its header word starts. */
function readAligned(lines: string[], first: number): TabularRow[] | TextPlanError {
  const header = lines[first]!;
  const starts: number[] = [];
  const names: string[] = [];
  for (const m of header.matchAll(/\S+/g)) {
    starts.push(m.index);
    names.push(m[0].toLowerCase());
  }
  if (!hasSignature(names)) return notTabular(first + 1);
  const rows: TabularRow[] = [];
  for (const line of lines.slice(first + 1)) {
    if (!line.trim() || BORDER.test(line) || /^[\s-]+$/.test(line)) continue;
    const values = starts.map((s, i) => line.slice(s, starts[i + 1] ?? line.length).trim());
    const previous = rows[rows.length - 1];
    // A wrapped cell: the row goes on, with its first columns blank.
    if (previous && !values[0] && !values[names.indexOf('table')]) {
      names.forEach((name, i) => {
        const more = values[i];
        if (!more) return;
        const before = previous[name] ?? '';
        previous[name] = before.endsWith(',') || !before ? before + more : `${before} ${more}`;
      });
      continue;
    }
    rows.push(toRow(names, values));
  }
  return rows;
}

function toRow(names: string[], values: string[]): TabularRow {
  const row: TabularRow = {};
  names.forEach((name, i) => (row[name] = cell(values[i]?.trim())));
  return row;
}

function cell(value: string | undefined): string | undefined {
  return value === undefined || value === '' || value === 'NULL' ? undefined : value;
}

function hasSignature(names: string[]): boolean {
  return SIGNATURE.filter((c) => names.includes(c)).length >= 2;
}

function notTabular(line: number): TextPlanError {
  return {
    message: 'not a plan: expected an EXPLAIN table (id, select_type, table, type ... columns)',
    line,
    column: 1,
  };
}

interface Select {
  id: string;
  selectType: string | undefined;
  rows: TabularRow[];
  node: PlanNode;
}

/** Builds the tree from traditional EXPLAIN rows (see parseTabular). */
export function assembleTabularPlan(rows: TabularRow[]): PlanNode {
  const selects = new Map<string, Select>();
  const results: TabularRow[] = [];
  // Without an id column (the manual prints some tables so), all rows are one select.
  const hasIds = rows.some((r) => r.id !== undefined);
  for (const row of rows) {
    const id = hasIds ? row.id : '1';
    if (id === undefined) {
      results.push(row);
      continue;
    }
    let select = selects.get(id);
    if (!select) {
      select = { id, selectType: row.select_type, rows: [], node: createNode('other', '') };
      selects.set(id, select);
    }
    select.rows.push(row);
  }
  for (const select of selects.values()) buildSelect(select);
  // Set operations (`<union1,2>` rows): the result stands for its first member wherever that
  // is referenced; the other members live only inside it.
  const standsFor = new Map<string, PlanNode>();
  const inUnion = new Set<string>();
  const unions: PlanNode[] = [];
  for (const row of results) {
    const members =
      /^<(?:union|intersect|except)([\d,]+)>$/.exec(row.table ?? '')?.[1]?.split(',') ?? [];
    const node = tableRowNode(row);
    node.kind = 'union';
    const word = (row.select_type ?? 'UNION RESULT').toLowerCase();
    node.label = `${word.charAt(0).toUpperCase()}${word.slice(1)} ${row.table ?? ''}`.trim();
    for (const id of members) {
      const member = selects.get(id);
      if (!member) continue;
      addChild(node, member.node);
      inUnion.add(id);
    }
    if (members[0] !== undefined) standsFor.set(members[0], node);
    unions.push(node);
  }
  const resolve = (id: string): PlanNode | undefined => standsFor.get(id) ?? selects.get(id)?.node;
  const placed = new Set<string>();
  const place = (id: string) => {
    placed.add(id);
    const union = standsFor.get(id);
    if (union)
      for (const child of union.children)
        if (child.selectId !== undefined) placed.add(String(child.selectId));
  };
  const order = [...selects.keys()];
  const rootId = order[0];
  const root =
    (rootId === undefined ? unions[0] : resolve(rootId)) ?? createNode('other', 'Empty plan');
  if (rootId !== undefined) place(rootId);
  // Derived tables and materialized subqueries: the select is read through the table.
  for (const select of selects.values()) {
    for (const table of tablesOfSelect(select.node)) {
      const ref = /^<(derived|subquery)(\d+)>$/.exec(table.table ?? '');
      const source = ref ? resolve(ref[2]!) : undefined;
      if (!ref || !source || placed.has(ref[2]!) || source === select.node) continue;
      const materialize = createNode(
        'materialize',
        ref[1] === 'derived' ? 'Materialize derived table' : 'Materialize subquery',
      );
      addFlag(materialize, 'temporary');
      addChild(materialize, source);
      addChild(table, materialize);
      place(ref[2]!);
    }
  }
  // Other subqueries hang under the nearest select before them with a lower id.
  order.forEach((id, i) => {
    if (placed.has(id) || (inUnion.has(id) && !standsFor.has(id))) return;
    const parentId = order
      .slice(0, i)
      .reverse()
      .find((p) => Number(p) < Number(id));
    const parent = (parentId !== undefined && selects.get(parentId)?.node) || root;
    const sub = createNode('subquery', `Subquery #${id}`);
    if (/DEPENDENT/i.test(selects.get(id)?.selectType ?? '')) addFlag(sub, 'dependent');
    addChild(sub, resolve(id)!);
    addChild(parent, sub);
    place(id);
  });
  return root;
}

/** One select: its tables (joined in row order), under sort / temporary wrappers its Extra asks for. */
function buildSelect(select: Select): void {
  const tables = select.rows.map(tableRowNode);
  let body: PlanNode;
  if (tables.length === 1) body = tables[0]!;
  else {
    body = createNode('join', 'Nested loop join');
    body.children = tables.slice(0, MAX_PLAN_DEPTH);
  }
  const extra = splitExtra(select.rows[0]?.extra ?? '');
  if (extra.some((e) => /^Using temporary\b/i.test(e)))
    body = wrap('temporary', 'Temporary table', body);
  if (extra.some((e) => /^Using filesort\b/i.test(e))) body = wrap('sort', 'Sort (filesort)', body);
  const node = select.node;
  node.label = select.selectType
    ? `Select #${select.id} (${select.selectType})`
    : `Select #${select.id}`;
  node.selectId = parsePlanNumber(select.id);
  addChild(node, body);
}

function wrap(kind: 'temporary' | 'sort', label: string, child: PlanNode): PlanNode {
  const node = createNode(kind, label);
  addFlag(node, kind === 'sort' ? 'filesort' : 'temporary');
  addChild(node, child);
  return node;
}

const KNOWN_COLUMNS = new Set([
  'id',
  'select_type',
  'table',
  'type',
  'possible_keys',
  'key',
  'ref',
  'rows',
  'filtered',
  'extra',
  'r_rows',
  'r_filtered',
]);

function tableRowNode(row: TabularRow): PlanNode {
  const table = row.table;
  const accessType = row.type;
  const key = row.key;
  const notes = splitExtra(row.extra ?? '');
  const node = createNode(
    accessType === 'index_merge' ? 'index-merge' : table === undefined ? 'other' : 'table',
    table === undefined && notes.length
      ? notes.join('; ')
      : tableAccessLabel(accessType, table, key),
  );
  node.table = table;
  node.accessType = accessType;
  node.key = key;
  node.possibleKeys = row.possible_keys?.split(',').map((k) => k.trim());
  node.ref = row.ref?.split(',').map((r) => r.trim());
  node.rows = parsePlanNumber(row.rows);
  node.filtered = parsePlanNumber(row.filtered);
  const scan = fullScanOf(accessType);
  if (scan && table !== undefined && !table.startsWith('<')) addFlag(node, scan);
  for (const note of notes) {
    // Sorting and temporary tables belong to the select: they become wrapper nodes.
    if (/^Using (?:filesort|temporary)\b/i.test(note)) continue;
    addNote(node, note);
  }
  if (row.r_rows !== undefined) {
    const rows = parsePlanNumber(row.r_rows);
    node.actual = createActual();
    node.actual.rows = rows;
    node.actual.filtered = parsePlanNumber(row.r_filtered);
  }
  for (const k in row) if (!KNOWN_COLUMNS.has(k) && row[k] !== undefined) keepRaw(node, k, row[k]);
  return node;
}

/** The table rows of a select (not those of selects placed inside it). */
function tablesOfSelect(node: PlanNode): PlanNode[] {
  const out: PlanNode[] = [];
  const stack = [...node.children];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.table !== undefined) out.push(n);
    for (const c of n.children) if (c.selectId === undefined && c.kind !== 'union') stack.push(c);
  }
  return out;
}
