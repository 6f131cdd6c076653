import { ConfirmDialog } from '../app/ConfirmDialog';
import { LockIcon } from '../app/LockIcon';
import type { GridRowRef } from '../grid/grid-editing';
import './result-edit.css';
import type { ResultEditing } from './use-result-editing';

/**
 * The result toolbar's editing part: whether the result can be edited (and if not, why, in
 * words), add a row, delete the selected rows, set the current cell to NULL, discard, and apply
 * (which shows the exact statements first).
 */
export function EditTools({
  editing,
  selectedRows,
  current,
}: {
  editing: ResultEditing;
  /** The grid rows selected now. */
  selectedRows: () => GridRowRef[];
  /** The cell with the focus, if any. */
  /** The selected cell as this render has it. */
  current: { row: GridRowRef; column: number } | null;
}) {
  const v = editing.editability;
  if (!v) return null;
  if (!v.editable) {
    return (
      <span className="edit-status" data-testid="edit-status" title={`Not editable: ${v.reason}`}>
        <LockIcon /> Read-only: {v.reason}
      </span>
    );
  }
  const n = editing.pendingCount;
  const keyNames = v.key.names.join(', ');
  const status = (
    <span
      className="edit-status"
      data-testid="edit-status"
      title={`Rows are named by ${v.key.name === 'PRIMARY' ? 'the primary key' : `the unique key ${v.key.name}`} (${keyNames}).${editing.on ? ' Double-click a cell to edit it.' : ''}${editing.pendingSummary ? ` Not applied yet: ${editing.pendingSummary}.` : ''}`}
    >
      {/* While editing, the room goes to what waits to be applied. */}
      <span aria-hidden="true">✎</span> {editing.on ? v.table : `Editable: ${v.table}`}
      {editing.pendingSummary && ` · ${editing.pendingSummary}`}
    </span>
  );
  if (!editing.on) {
    return (
      <span className="edit-tools">
        {status}
        <button type="button" className="btn-small" onClick={() => editing.setOn(true)}>
          Edit rows
        </button>
      </span>
    );
  }
  return (
    <span className="edit-tools">
      {status}
      <button type="button" className="btn-small" onClick={editing.addRow} disabled={editing.busy}>
        Add row
      </button>
      <button
        type="button"
        className="btn-small"
        disabled={editing.busy}
        onClick={() => editing.deleteRows(selectedRows())}
        title="Mark the selected rows for deletion"
      >
        Delete rows
      </button>
      <button
        type="button"
        className="btn-small"
        disabled={editing.busy || !current || !editing.canEdit(current.column)}
        onClick={() => current && editing.setValue(current.row, current.column, null)}
        title="Set the selected cell to NULL (an empty cell is the empty string)"
      >
        Set NULL
      </button>
      {n > 0 ? (
        <>
          <button
            type="button"
            className="btn-small"
            onClick={editing.discard}
            disabled={editing.busy}
          >
            Discard
          </button>
          {editing.applying ? (
            <>
              <span className="edit-applying" role="status" data-testid="edit-applying">
                Applying…
              </span>
              <button
                type="button"
                className="btn-small btn-danger-outline"
                data-testid="cancel-apply"
                onClick={editing.cancelApplying}
                title="Stop it on the server (KILL QUERY): everything is rolled back"
              >
                Cancel
              </button>
            </>
          ) : (
            <button
              type="button"
              className="btn-small btn-primary"
              data-testid="apply-edits"
              disabled={editing.busy}
              onClick={() => void editing.preview()}
            >
              Apply {n} {n === 1 ? 'change' : 'changes'}…
            </button>
          )}
        </>
      ) : (
        <button
          type="button"
          className="btn-small"
          onClick={() => editing.setOn(false)}
          title="Stop editing: a double-click opens the value viewer again"
        >
          Done
        </button>
      )}
    </span>
  );
}

/** The outcome of the last apply, and the confirmation of the next one. */
export function EditOutcome({ editing }: { editing: ResultEditing }) {
  const { note, pending } = editing;
  return (
    <>
      {note && (
        <div
          className={`edit-note ${note.ok ? 'edit-note-ok' : 'edit-note-error'}`}
          role={note.ok ? 'status' : 'alert'}
          data-testid="edit-note"
        >
          <span aria-hidden="true">{note.ok ? '✓' : '⚠'}</span>{' '}
          <div className="edit-note-body">
            {note.text}
            {note.statement && <code className="edit-note-statement">{note.statement}</code>}
          </div>
          <button type="button" className="btn-link btn-small" onClick={editing.dismissNote}>
            Dismiss
          </button>
        </div>
      )}
      {pending && (
        <ConfirmDialog
          request={{
            title: `Apply ${pending.preview.statements.length} ${pending.preview.statements.length === 1 ? 'change' : 'changes'}?`,
            consequence:
              `These statements run in one transaction on “${pending.preview.connection.name}”. ` +
              'Each must change exactly one row; if one does not (the row was changed or deleted ' +
              'since it was read) or fails, all of them are rolled back.',
            detail: pending.preview.statements.map((s) => `${s};`).join('\n'),
            connectionName: pending.preview.connection.name,
            color: pending.preview.connection.color,
            typedConfirmation: pending.preview.connection.production,
            confirmLabel: 'Apply',
          }}
          onConfirm={() => void editing.apply()}
          onCancel={editing.cancelApply}
        />
      )}
    </>
  );
}
