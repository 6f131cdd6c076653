import type { GridRowRef } from '../grid/grid-editing';
import { COPY_FORMAT_LABELS, COPY_FORMATS, type CopyFormat } from './copy-formats';
import type { ResultEditing } from './use-result-editing';

/** An action of the result's menus; `hint` (a shortcut) is shown muted on the right. */
export interface ResultMenuItem {
  label: string;
  hint?: string;
  onSelect: () => void;
}

/** "Copy as …" for each format, TSV first (Ctrl+C). */
export function copyMenuItems(copySelection: (format: CopyFormat) => void): ResultMenuItem[] {
  return COPY_FORMATS.map((f) => ({
    label: `Copy as ${COPY_FORMAT_LABELS[f]}`,
    hint: f === 'tsv' ? 'Ctrl+C' : undefined,
    onSelect: () => copySelection(f),
  }));
}

/** A cell's context menu: view it, copy the selection, and when editing, change or delete. */
export function cellMenuItems({
  row,
  column,
  openViewer,
  copySelection,
  editing,
  selectedRows,
}: {
  row: GridRowRef;
  column: number;
  openViewer: () => void;
  copySelection: (format: CopyFormat) => void;
  editing: ResultEditing;
  selectedRows: () => GridRowRef[];
}): ResultMenuItem[] {
  const items: ResultMenuItem[] = [
    { label: 'View value…', hint: 'Enter', onSelect: openViewer },
    ...copyMenuItems(copySelection),
  ];
  if (!editing.gridEditing) return items;
  if (editing.canEdit(column)) {
    items.push(
      { label: 'Set NULL', onSelect: () => editing.setValue(row, column, null) },
      { label: 'Set empty string', onSelect: () => editing.setValue(row, column, { text: '' }) },
    );
  }
  items.push({ label: 'Delete row', onSelect: () => editing.deleteRows(selectedRows()) });
  return items;
}
