import type { Cell } from '../../shared/api/query';
import type {
  EditTarget,
  EditValue,
  OriginalValue,
  RowEdit,
} from '../../shared/result-edit/edit-model';

/**
 * Changes made to a result's rows and not applied yet, and what earlier applies left behind.
 * Rows of the result are named by their index in the result; added rows by their place among
 * the added ones. Immutable: every change returns a new value.
 */
export interface ResultEdits {
  /** Result row → column → the new value. */
  readonly changed: ReadonlyMap<number, ReadonlyMap<number, EditValue>>;
  /** Result rows marked for deletion. */
  readonly deleted: ReadonlySet<number>;
  /** Rows to insert: column → value (a column not given takes its default). */
  readonly added: ReadonlyArray<ReadonlyMap<number, EditValue>>;
  /** Result rows as the server holds them after an apply: shown instead of the fetched ones. */
  readonly stored: ReadonlyMap<number, Cell[]>;
  /** Result rows an apply deleted. */
  readonly gone: ReadonlySet<number>;
  /** Rows an apply inserted, as stored (or as given when they could not be read back). */
  readonly inserted: ReadonlyArray<Cell[]>;
}

export const NO_EDITS: ResultEdits = {
  changed: new Map(),
  deleted: new Set(),
  added: [],
  stored: new Map(),
  gone: new Set(),
  inserted: [],
};

/** A row of the grid beyond the result's own: an added row (pending) or an inserted one. */
export type ExtraRow = { kind: 'added'; index: number } | { kind: 'inserted'; index: number };

/** The grid's rows after the result's: pending additions first, then applied ones. */
export function extraRowAt(edits: ResultEdits, index: number): ExtraRow | null {
  if (index < edits.added.length) return { kind: 'added', index };
  const i = index - edits.added.length;
  return i < edits.inserted.length ? { kind: 'inserted', index: i } : null;
}

export function extraRowCount(edits: ResultEdits): number {
  return edits.added.length + edits.inserted.length;
}

/** How many changes wait to be applied (cells count one each, rows one each). */
export function pendingCount(edits: ResultEdits): number {
  let cells = 0;
  for (const [row, cols] of edits.changed) if (!edits.deleted.has(row)) cells += cols.size;
  return cells + edits.deleted.size + edits.added.length;
}

/** The value as a grid cell. */
export function cellOf(value: EditValue): Cell {
  if (value === null) return null;
  if ('text' in value) return value.text;
  return { t: 'bin', hex: value.hex.toLowerCase(), bytes: value.hex.length / 2, partial: false };
}

/** A fetched cell as the original value of an edit: the start of a long value is not known. */
export function originalOf(cell: Cell): OriginalValue {
  if (cell === null) return null;
  if (typeof cell === 'string') return { text: cell };
  if (cell.t === 'bin' && !cell.partial && cell.wholeBytes === undefined) return { hex: cell.hex };
  return 'unknown';
}

/** Whether a fetched cell holds its whole value, so it can be edited as text or hex. */
export function wholeValue(cell: Cell): boolean {
  return originalOf(cell) !== 'unknown';
}

/**
 * What the user typed into a cell, as a value of the column: bytes are typed as hex (`0x` may
 * lead), text is taken as it is. Null with a reason when the text is not a value of it.
 */
export function parseTyped(
  text: string,
  binary: boolean,
): { value: EditValue } | { error: string } {
  if (!binary) return { value: { text } };
  const hex = text.trim().replace(/^0x/i, '');
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) {
    return { error: 'Bytes are typed as hex, two digits per byte (0x may lead).' };
  }
  return { value: { hex: hex.toLowerCase() } };
}

/** Sets `column` of result row `row` (a value equal to the fetched one drops the change). */
export function setCell(
  edits: ResultEdits,
  row: number,
  column: number,
  value: EditValue,
  fetched: Cell,
): ResultEdits {
  const changed = new Map(edits.changed);
  const cols = new Map(changed.get(row) ?? []);
  if (sameValue(value, originalOf(fetched))) cols.delete(column);
  else cols.set(column, value);
  if (cols.size === 0) changed.delete(row);
  else changed.set(row, cols);
  return { ...edits, changed };
}

/** Sets `column` of added row `index`. */
export function setAddedCell(
  edits: ResultEdits,
  index: number,
  column: number,
  value: EditValue,
): ResultEdits {
  const added = edits.added.map((r, i) => (i === index ? new Map(r).set(column, value) : r));
  return { ...edits, added };
}

export function addRow(edits: ResultEdits): ResultEdits {
  return { ...edits, added: [...edits.added, new Map()] };
}

/** Marks result rows for deletion (rows already gone are skipped) and drops added rows. */
export function deleteRows(
  edits: ResultEdits,
  rows: readonly number[],
  addedRows: readonly number[],
): ResultEdits {
  const deleted = new Set(edits.deleted);
  for (const r of rows) if (!edits.gone.has(r)) deleted.add(r);
  const drop = new Set(addedRows);
  return { ...edits, deleted, added: edits.added.filter((_, i) => !drop.has(i)) };
}

/** Forgets every change not applied yet. */
export function discard(edits: ResultEdits): ResultEdits {
  return { ...edits, changed: new Map(), deleted: new Set(), added: [] };
}

/** The pending changes in words: `2 cells changed, 1 row deleted, 1 row added`. */
export function pendingSummary(edits: ResultEdits): string {
  let cells = 0;
  for (const [row, cols] of edits.changed) if (!edits.deleted.has(row)) cells += cols.size;
  const parts: string[] = [];
  const count = (n: number, one: string, many: string) => {
    if (n > 0) parts.push(`${n} ${n === 1 ? one : many}`);
  };
  count(cells, 'cell changed', 'cells changed');
  count(edits.deleted.size, 'row deleted', 'rows deleted');
  count(edits.added.length, 'row added', 'rows added');
  return parts.join(', ');
}

function sameValue(a: EditValue, b: OriginalValue): boolean {
  if (b === 'unknown') return false;
  if (a === null || b === null) return a === b;
  if ('text' in a) return 'text' in b && a.text === b.text;
  return 'hex' in b && a.hex.toLowerCase() === b.hex.toLowerCase();
}

/**
 * The pending changes as the backend takes them, in the order they run: deletions, updates,
 * insertions. `rowAt` gives a result row as it is shown now (stored after an apply, or fetched).
 */
export function rowEditsOf(
  edits: ResultEdits,
  rowAt: (row: number) => Cell[] | undefined,
): { edits: RowEdit[]; rows: Array<number | null> } {
  const out: RowEdit[] = [];
  const rows: Array<number | null> = [];
  const originalRow = (row: number) => {
    const cells = rowAt(row);
    if (!cells) throw new Error(`Row ${row + 1} is not fetched.`);
    return cells.map(originalOf);
  };
  for (const row of [...edits.deleted].sort((a, b) => a - b)) {
    out.push({ op: 'delete', original: originalRow(row) });
    rows.push(row);
  }
  for (const [row, cols] of [...edits.changed].sort((a, b) => a[0] - b[0])) {
    if (edits.deleted.has(row)) continue;
    out.push({
      op: 'update',
      original: originalRow(row),
      values: [...cols].map(([column, value]) => ({ column, value })),
    });
    rows.push(row);
  }
  for (const added of edits.added) {
    out.push({ op: 'insert', values: [...added].map(([column, value]) => ({ column, value })) });
    rows.push(null);
  }
  return { edits: out, rows };
}

/**
 * The state after an apply committed: updated rows show what the server stored, deleted ones
 * are gone, inserted ones follow the result. `rows` is rowEditsOf's, `stored` the backend's.
 */
export function afterApply(
  edits: ResultEdits,
  target: EditTarget,
  applied: { edits: RowEdit[]; rows: Array<number | null> },
  stored: Array<Cell[] | null>,
  rowAt: (row: number) => Cell[] | undefined,
): ResultEdits {
  const storedRows = new Map(edits.stored);
  const gone = new Set(edits.gone);
  const inserted = [...edits.inserted];
  applied.edits.forEach((edit, i) => {
    const row = applied.rows[i];
    const back = stored[i] ?? null;
    if (edit.op === 'delete' && row !== null && row !== undefined) {
      gone.add(row);
      return;
    }
    // Columns that were not read back (expressions) keep what was shown.
    const before =
      edit.op === 'update' && row !== null && row !== undefined
        ? (rowAt(row) ?? [])
        : target.columns.map(() => null as Cell);
    const given = new Map(
      (edit.op === 'delete' ? [] : edit.values).map((v) => [v.column, cellOf(v.value)]),
    );
    const merged = target.columns.map((c, col) =>
      back && c.editable
        ? (back[col] ?? null)
        : given.has(col)
          ? given.get(col)!
          : (before[col] ?? null),
    );
    if (edit.op === 'update' && row !== null && row !== undefined) storedRows.set(row, merged);
    else if (edit.op === 'insert') inserted.push(merged);
  });
  return {
    changed: new Map(),
    deleted: new Set(),
    added: [],
    stored: storedRows,
    gone,
    inserted,
  };
}
