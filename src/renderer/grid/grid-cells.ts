import { GridCellKind, type GridCell, type Theme } from '@glideapps/glide-data-grid';
import type { Cell, ResultColumn } from '../../shared/api/query';
import { cellDisplayText } from './cell-text';
import type { CellMark, GridEditing, GridRowRef } from './grid-editing';
import type { RowCache } from './row-cache';

const MARK_COLOURS: Record<CellMark, string> = {
  changed: 'rgba(212, 160, 0, 0.30)',
  added: 'rgba(26, 127, 55, 0.18)',
  inserted: 'rgba(26, 127, 55, 0.08)',
  deleted: 'rgba(196, 38, 29, 0.20)',
  gone: 'rgba(128, 128, 128, 0.15)',
};

/** What the grid draws in one cell: the fetched value, or what editing put there instead. */
export function gridCell(
  ref: GridRowRef,
  col: number,
  { cache, columns, editing, theme }: CellSource,
): GridCell {
  const values = ref.kind === 'result' && ref.index >= 0 ? cache.row(ref.index) : undefined;
  const draw = editing?.draw(ref, col, values?.[col] ?? (values ? null : undefined)) ?? null;
  if (!values && !draw) return { kind: GridCellKind.Loading, allowOverlay: false };
  const value = draw ? draw.value : (values?.[col] ?? null);
  const text = value === 'default' ? 'DEFAULT' : cellDisplayText(value);
  const muted = value === null || value === 'default' || draw?.mark === 'gone';
  const mark = draw?.mark ? MARK_COLOURS[draw.mark] : undefined;
  const editText = draw?.editText ?? null;
  return {
    kind: GridCellKind.Text,
    data: editText ?? text,
    displayData: text,
    allowOverlay: editText !== null,
    readonly: editText === null,
    // Text is left unaligned, not 'left': the grid then right-aligns text that starts in a
    // right-to-left script. Told 'left', it draws such text leftwards from the cell's left edge,
    // outside the cell, and a Hebrew or Arabic value shows as an empty cell.
    contentAlign: columns[col]?.numeric && typeof value === 'string' ? 'right' : undefined,
    // NULL (and a default) is drawn apart from the string 'NULL': muted and italic.
    themeOverride:
      muted || mark
        ? {
            ...(muted ? { textDark: theme.textLight ?? '#888', baseFontStyle: 'italic 13px' } : {}),
            ...(mark ? { bgCell: mark } : {}),
          }
        : undefined,
  };
}

/** Where the grid's cells come from. */
export interface CellSource {
  cache: RowCache;
  columns: ResultColumn[];
  editing: GridEditing | undefined;
  theme: Partial<Theme>;
}

/**
 * A row as drawn, with the changes made and not applied and what an apply stored (undefined
 * while a result row is not fetched): what the screen-reader table reads.
 */
export function drawnRow(
  ref: GridRowRef,
  { cache, columns, editing }: CellSource,
): Cell[] | undefined {
  const fetched =
    ref.kind === 'result' && ref.index >= 0
      ? cache.loadedRows(ref.index, ref.index + 1)[0]
      : undefined;
  if (!editing || (!fetched && ref.kind === 'result')) return fetched;
  return columns.map((_, c) => {
    const drawn = editing.draw(ref, c, fetched ? (fetched[c] ?? null) : undefined);
    const value = drawn ? drawn.value : (fetched?.[c] ?? null);
    return value === 'default' ? 'DEFAULT' : value;
  });
}
