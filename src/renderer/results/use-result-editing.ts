import { useEffect, useState } from 'react';
import type { Cell, QueryStatus, ResultColumn } from '../../shared/api/query';
import type { EditPreview } from '../../shared/api/result-edit';
import type { Editability, EditValue, RowEdit } from '../../shared/result-edit/edit-model';
import { api } from '../app/api';
import { errorShapeOf } from '../app/ErrorNotice';
import type { CellDraw, GridEditing, GridRowRef } from '../grid/grid-editing';
import type { RowCache } from '../grid/row-cache';
import {
  addRow,
  afterApply,
  cellOf,
  deleteRows,
  discard,
  extraRowAt,
  extraRowCount,
  NO_EDITS,
  parseTyped,
  pendingCount,
  pendingSummary,
  rowEditsOf,
  setAddedCell,
  setCell,
  wholeValue,
  type ResultEdits,
} from './result-edits';

/** A preview waiting for the user's confirmation, with what it was made from. */
export interface PendingApply {
  preview: EditPreview;
  made: { edits: RowEdit[]; rows: Array<number | null> };
}

/** The outcome of the last preview or apply, said under the toolbar. */
export interface EditNote {
  ok: boolean;
  text: string;
  /** The statement that failed, when one did. */
  statement?: string;
}

/** What `status` says the editing needs: the statement, its session and its columns. */
type ResultOf = Pick<QueryStatus, 'sessionId' | 'sql' | 'state'>;

/**
 * Editing a result's cells in place: asks the backend whether the result can be edited, holds
 * the changes not applied yet, previews them as statements and applies a confirmed preview.
 */
export function useResultEditing(result: ResultOf, columns: ResultColumn[], cache: RowCache) {
  const [editability, setEditability] = useState<Editability | null>(null);
  const [edits, setEdits] = useState<ResultEdits>(NO_EDITS);
  const [pending, setPending] = useState<PendingApply | null>(null);
  const [note, setNote] = useState<EditNote | null>(null);
  const [busy, setBusy] = useState(false);
  const [applying, setApplying] = useState(false);
  /** Editing is turned on by the user: until then a double-click opens the viewer, as always. */
  const [on, setOn] = useState(false);

  const { sessionId, sql, state } = result;
  useEffect(() => {
    if (state !== 'done') return;
    let live = true;
    api.call('result.editability', { sessionId, sql, columns }).then(
      (v) => live && setEditability(v),
      (e: unknown) =>
        live &&
        setEditability({
          editable: false,
          reason: `could not be checked (${e instanceof Error ? e.message : String(e)})`,
        }),
    );
    return () => {
      live = false;
    };
  }, [sessionId, sql, state, columns]);

  const target = editability?.editable ? editability : null;
  /** A result row as shown now: as stored by an apply, or as fetched. */
  const rowAt = (row: number): Cell[] | undefined =>
    edits.stored.get(row) ?? cache.loadedRows(row, row + 1)[0];

  const canEdit = (column: number) => on && target?.columns[column]?.editable === true;
  const editTextOf = (cell: Cell, column: number): string | null => {
    if (!canEdit(column) || !wholeValue(cell)) return null;
    if (cell === null) return '';
    if (typeof cell === 'string') return cell;
    return cell.t === 'bin' ? cell.hex.toUpperCase() : null;
  };

  const draw = (ref: GridRowRef, column: number, fetched: Cell | undefined): CellDraw | null => {
    if (!target) return null;
    if (ref.kind === 'extra') {
      const extra = extraRowAt(edits, ref.index);
      if (!extra) return null;
      if (extra.kind === 'inserted') {
        return {
          value: edits.inserted[extra.index]?.[column] ?? null,
          mark: 'inserted',
          editText: null,
        };
      }
      const row = edits.added[extra.index];
      const value = row?.get(column);
      return {
        value: value === undefined ? 'default' : cellOf(value),
        mark: 'added',
        editText: canEdit(column)
          ? value === undefined || value === null
            ? ''
            : 'hex' in value
              ? value.hex.toUpperCase()
              : value.text
          : null,
      };
    }
    const stored = edits.stored.get(ref.index);
    const base = stored ? (stored[column] ?? null) : fetched;
    if (base === undefined) return null;
    if (edits.gone.has(ref.index)) return { value: base, mark: 'gone', editText: null };
    if (edits.deleted.has(ref.index)) return { value: base, mark: 'deleted', editText: null };
    const changed = edits.changed.get(ref.index)?.get(column);
    if (changed !== undefined) {
      return {
        value: cellOf(changed),
        mark: 'changed',
        editText: canEdit(column) ? editTextOfValue(changed) : null,
      };
    }
    return { value: base, mark: null, editText: editTextOf(base, column) };
  };

  /** Sets a value on a cell of the grid, when that cell can take one. */
  const setValue = (ref: GridRowRef, column: number, value: EditValue) => {
    if (!canEdit(column)) return;
    if (ref.kind === 'extra') {
      const extra = extraRowAt(edits, ref.index);
      if (extra?.kind === 'added') setEdits((e) => setAddedCell(e, extra.index, column, value));
      return;
    }
    const base = rowAt(ref.index)?.[column];
    if (base === undefined || !wholeValue(base)) return;
    if (edits.gone.has(ref.index) || edits.deleted.has(ref.index)) return;
    setEdits((e) => setCell(e, ref.index, column, value, base));
  };

  const onEdit = (ref: GridRowRef, column: number, text: string) => {
    const binary = columns[column]?.binary === true;
    const typed = parseTyped(text, binary);
    if ('error' in typed) {
      setNote({ ok: false, text: typed.error });
      return;
    }
    // Confirming a NULL cell's editor untouched keeps NULL (the editor opens empty).
    const current = draw(
      ref,
      column,
      ref.kind === 'result' ? rowAt(ref.index)?.[column] : undefined,
    );
    if (current && (current.value === null || current.value === 'default') && text === '') return;
    setNote(null);
    setValue(ref, column, typed.value);
  };

  const gridEditing: GridEditing | undefined = target
    ? { extraRows: extraRowCount(edits), draw, onEdit }
    : undefined;

  /** Turns the pending changes into statements and asks for confirmation. */
  const preview = async () => {
    setBusy(true);
    setNote(null);
    try {
      const made = rowEditsOf(edits, rowAt);
      const p = await api.call('result.previewEdits', {
        sessionId,
        sql,
        columns,
        edits: made.edits,
      });
      setPending({ preview: p, made });
    } catch (e) {
      setNote({ ok: false, text: `Cannot apply: ${e instanceof Error ? e.message : String(e)}` });
    } finally {
      setBusy(false);
    }
  };

  /** Stops the apply on its way (KILL QUERY: it rolls everything back), or says why not. */
  const cancelApplying = () => {
    api.call('result.cancelApply', { sessionId }).then(
      (r) => {
        if (!r.cancelled && r.reason) setNote({ ok: false, text: `Not cancelled: ${r.reason}` });
      },
      (e: unknown) =>
        setNote({
          ok: false,
          text: `Not cancelled: ${e instanceof Error ? e.message : String(e)}`,
        }),
    );
  };

  /** Runs the confirmed preview. */
  const apply = async () => {
    const p = pending;
    setPending(null);
    if (!p || !target) return;
    setBusy(true);
    setApplying(true);
    try {
      const outcome = await api.call('result.applyEdits', { planId: p.preview.planId });
      if (outcome.applied) {
        setEdits((e) => afterApply(e, target, p.made, outcome.rows, rowAt));
        const n = p.preview.statements.length;
        setNote({
          ok: true,
          text: `Applied ${n} ${n === 1 ? 'change' : 'changes'} in one transaction (committed).${p.made.edits.some((e) => e.op === 'delete') ? ' Deleted rows stay greyed until the statement runs again.' : ''}`,
        });
      } else {
        setNote({ ok: false, text: outcome.message, statement: outcome.statement });
      }
    } catch (e) {
      const error = errorShapeOf(e);
      // A lost connection says itself whether the changes are known not to be applied.
      setNote({
        ok: false,
        text: error.code === 'CONNECTION_LOST' ? error.message : `Not applied: ${error.message}`,
      });
    } finally {
      setBusy(false);
      setApplying(false);
    }
  };

  return {
    editability,
    edits,
    gridEditing,
    on,
    /** Turns editing on, or off when nothing waits to be applied. */
    setOn: (value: boolean) => setOn(value || pendingCount(edits) > 0),
    pendingCount: pendingCount(edits),
    pendingSummary: pendingSummary(edits),
    pending,
    note,
    busy,
    canEdit,
    setValue,
    addRow: () => setEdits(addRow),
    /** Marks rows of the grid (result rows and extra rows) for deletion. */
    deleteRows: (refs: GridRowRef[]) => {
      const rows = refs.flatMap((r) => (r.kind === 'result' && r.index >= 0 ? [r.index] : []));
      const added = refs.flatMap((r) => {
        const x = r.kind === 'extra' ? extraRowAt(edits, r.index) : null;
        return x?.kind === 'added' ? [x.index] : [];
      });
      setEdits((e) => deleteRows(e, rows, added));
    },
    discard: () => {
      setEdits(discard);
      setNote(null);
    },
    preview,
    apply,
    /** An apply is on its way: it can be cancelled. */
    applying,
    cancelApplying,
    cancelApply: () => setPending(null),
    dismissNote: () => setNote(null),
  };
}

function editTextOfValue(value: EditValue): string {
  if (value === null) return '';
  return 'text' in value ? value.text : value.hex.toUpperCase();
}

export type ResultEditing = ReturnType<typeof useResultEditing>;
