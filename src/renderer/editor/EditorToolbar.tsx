import type { ReactNode } from 'react';
import type { RunKind } from './SqlEditor';

/**
 * The editor's toolbar: run the statement or all, continue a script after an error or not,
 * cancel, explain, format (its outcome or the shortcuts beside it), and on the right `files`
 * (open and save .sql) and the history panel's toggle.
 */
export function EditorToolbar({
  running,
  onRun,
  continueOnError,
  onContinueOnError,
  onCancel,
  onExplain,
  onFormat,
  formatNote,
  files,
  historyOpen,
  onToggleHistory,
}: {
  running: boolean;
  onRun: (kind: RunKind) => void;
  continueOnError: boolean;
  onContinueOnError: (on: boolean) => void;
  onCancel: () => void;
  onExplain: () => void;
  onFormat: () => void;
  /** What the last Format did, when it has something to say. */
  formatNote: string | null;
  files: ReactNode;
  historyOpen: boolean;
  onToggleHistory: () => void;
}) {
  return (
    <div className="editor-toolbar">
      <button
        type="button"
        className="btn-primary btn-small"
        onClick={() => onRun('statement')}
        disabled={running}
      >
        ▶ Run statement
      </button>
      <button type="button" className="btn-small" onClick={() => onRun('all')} disabled={running}>
        Run all
      </button>
      <label
        className="toolbar-check"
        title="When a statement of a script fails, go on with the next (default: stop there)"
      >
        <input
          type="checkbox"
          checked={continueOnError}
          onChange={(e) => onContinueOnError(e.currentTarget.checked)}
        />
        Continue on error
      </label>
      <button type="button" className="btn-small" onClick={onCancel} disabled={!running}>
        Cancel
      </button>
      <button type="button" className="btn-small" onClick={onExplain} disabled={running}>
        Explain
      </button>
      <button
        type="button"
        className="btn-small"
        title="Format the selection or all (Ctrl/Cmd+Shift+F)"
        onClick={onFormat}
      >
        Format
      </button>
      {formatNote ? (
        <span className="toolbar-hint" role="status" data-testid="format-note" title={formatNote}>
          {formatNote}
        </span>
      ) : (
        <span className="toolbar-hint">Ctrl+Enter · Ctrl+Shift+Enter · Esc</span>
      )}
      <span className="spacer" />
      {files}
      <button
        type="button"
        className="btn-small"
        aria-pressed={historyOpen}
        onClick={onToggleHistory}
      >
        History
      </button>
    </div>
  );
}
