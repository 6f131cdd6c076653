import { useRef, type ReactNode } from 'react';
import { useElementSize } from '../grid/use-element-size';
import { Menu } from '../ui/Menu';
import type { RunKind } from './SqlEditor';

/** Below this width (the history panel open, a small window) the toolbar folds into a menu. */
export const TOOLBAR_COMPACT_BELOW = 760;
/** The shortcuts hint shows only when it fits whole beside every button. */
const HINT_FROM = 960;

const RUN_BUTTONS: ReadonlyArray<{
  kind: RunKind;
  label: string;
  title: string;
  className: string;
}> = [
  {
    kind: 'statement',
    label: '▶ Run statement',
    title: 'Run the statement at the cursor, or the selection (Ctrl+Enter)',
    className: 'btn-primary btn-small',
  },
  {
    kind: 'all',
    label: 'Run all',
    title: 'Run every statement, or the selection, as a script (Ctrl+Shift+Enter)',
    className: 'btn-small',
  },
];

/**
 * The editor's toolbar, always one line: run the statement or all, cancel, explain, format (its
 * outcome or the shortcuts beside it), and on the right Open/Save of .sql files and the history
 * panel's toggle. When narrow, "Continue on error", Open and Save fold into a "More" menu and the
 * shortcuts hint goes (the buttons' titles and the ? help list them).
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
  files: { open: () => void; save: () => void; parts: ReactNode };
  historyOpen: boolean;
  onToggleHistory: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { width } = useElementSize(ref, { width: 1000, height: 0 });
  const compact = width < TOOLBAR_COMPACT_BELOW;
  const continueTitle =
    'When a statement of a script fails, go on with the next (default: stop there)';
  return (
    <div className="editor-toolbar" ref={ref} data-compact={compact ? 'true' : undefined}>
      {RUN_BUTTONS.map((b) => (
        <button
          key={b.kind}
          type="button"
          className={b.className}
          title={b.title}
          onClick={() => onRun(b.kind)}
          disabled={running}
        >
          {b.label}
        </button>
      ))}
      {!compact && (
        <label className="toolbar-check" title={continueTitle}>
          <input
            type="checkbox"
            checked={continueOnError}
            onChange={(e) => onContinueOnError(e.currentTarget.checked)}
          />
          Continue on error
        </label>
      )}
      <button
        type="button"
        className="btn-small"
        title="Cancel the running statement (Esc)"
        onClick={onCancel}
        disabled={!running}
      >
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
        width >= HINT_FROM && (
          <span className="toolbar-hint">Ctrl+Enter · Ctrl+Shift+Enter · Esc</span>
        )
      )}
      <span className="spacer" />
      {files.parts}
      {compact ? (
        <Menu
          label="More editor actions"
          trigger="More ▾"
          className="btn-small"
          items={[
            {
              key: 'continue',
              label: `${continueOnError ? '✓' : '\u2003'} Continue on error`,
              title: continueTitle,
              current: continueOnError,
              onSelect: () => onContinueOnError(!continueOnError),
            },
            { key: 'open', label: 'Open .sql file…', onSelect: files.open },
            { key: 'save', label: 'Save as .sql file…', onSelect: files.save },
          ]}
        />
      ) : (
        <>
          <button type="button" className="btn-small" onClick={files.open}>
            Open…
          </button>
          <button type="button" className="btn-small" onClick={files.save}>
            Save…
          </button>
        </>
      )}
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
