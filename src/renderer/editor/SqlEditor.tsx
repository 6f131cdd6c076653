import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type * as Monaco from 'monaco-editor/editor/editor.api.js';
import { attachCompletion, type CompletionSource } from './completion/completion-provider';
import { loadMonaco } from './load-monaco';
import { Notice } from '../ui/Notice';
import { followColorScheme, prefersDark } from '../ui/color-scheme';
import { addEditorActions } from './editor-actions';

export interface EditorSnapshot {
  text: string;
  /** Offsets into `text`; equal when nothing is selected. */
  selectionStart: number;
  selectionEnd: number;
  cursor: number;
}

export interface SqlEditorHandle {
  snapshot(): EditorSnapshot | null;
  /** Underlines `start ..< end` (offsets) with a server error; null clears it. */
  markError(range: { start: number; end: number; message: string } | null): void;
  focus(): void;
  /** Puts `text` at the cursor (over any selection) on lines of its own, selected; undoable. */
  insertText(text: string): void;
  /** Replaces all the text (a file was opened); undoable. */
  setText(text: string): void;
  /** Selects `start ..< end` (offsets) and brings it into view. */
  select(start: number, end: number): void;
  /** Replaces `start ..< end` (offsets) with `text`, selected when `select`; undoable. */
  replaceRange(start: number, end: number, text: string, select: boolean): void;
}

export type RunKind = 'statement' | 'all';

/** The Monaco SQL editor with the app's shortcuts. Monaco loads on first use. */
export const SqlEditor = forwardRef<
  SqlEditorHandle,
  {
    initialText: string;
    running: boolean;
    onChange: (text: string) => void;
    onRun: (kind: RunKind) => void;
    onCancel: () => void;
    /** Explain the statement at the cursor (Ctrl+E), or explain-analyze it (Ctrl+Shift+E). */
    onExplain?: (analyze: boolean) => void;
    /** Where completions of schemas, tables and columns come from (fixed for the editor's life). */
    completion?: CompletionSource;
    /** Monaco has loaded and the handle's methods now act (before, they do nothing). */
    onReady?: () => void;
    /** Format the selection or all the text (Ctrl/Cmd+Shift+F). */
    onFormat?: () => void;
  }
>(function SqlEditor(
  { initialText, running, onChange, onRun, onCancel, onExplain, completion, onReady, onFormat },
  ref,
) {
  const hostRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<Monaco.editor.IStandaloneCodeEditor | null>(null);
  const monacoRef = useRef<typeof Monaco | null>(null);
  const runningKey = useRef<Monaco.editor.IContextKey<boolean> | null>(null);
  const handlers = useRef({ onChange, onRun, onCancel, onExplain, onReady, onFormat });
  handlers.current = { onChange, onRun, onCancel, onExplain, onReady, onFormat };
  const [loadError, setLoadError] = useState<string | null>(null);

  // The editor is created once, with the text and completion source it had then; later text
  // comes from the user.
  const [created] = useState(() => ({ initialText, completion }));
  useEffect(() => {
    const { initialText, completion } = created;
    let disposed = false;
    let completions: Monaco.IDisposable | null = null;
    let stopFollowing: (() => void) | null = null;
    loadMonaco().then(
      (monaco) => {
        if (disposed || !hostRef.current) return;
        monacoRef.current = monaco;
        const editor = monaco.editor.create(hostRef.current, {
          value: initialText,
          language: 'mysql',
          theme: prefersDark() ? 'vs-dark' : 'vs',
          automaticLayout: true,
          minimap: { enabled: false },
          fontSize: 13,
          scrollBeyondLastLine: false,
          renderLineHighlight: 'line',
          tabSize: 2,
          ariaLabel: 'SQL editor',
        });
        editorRef.current = editor;
        runningKey.current = editor.createContextKey('sightlineRunning', false);
        addEditorActions(monaco, editor, handlers);
        // The theme is global to Monaco: every editor follows the system's scheme as it changes.
        stopFollowing = followColorScheme((dark) =>
          monaco.editor.setTheme(dark ? 'vs-dark' : 'vs'),
        );
        editor.onDidChangeModelContent(() => handlers.current.onChange(editor.getValue()));
        if (completion) completions = attachCompletion(monaco, editor, completion);
        editor.focus();
        handlers.current.onReady?.();
      },
      (e: unknown) => setLoadError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      disposed = true;
      completions?.dispose();
      stopFollowing?.();
      editorRef.current?.dispose();
      editorRef.current = null;
    };
  }, [created]);

  useEffect(() => {
    runningKey.current?.set(running);
  }, [running]);

  useImperativeHandle(ref, () => ({
    snapshot() {
      const editor = editorRef.current;
      const model = editor?.getModel();
      if (!editor || !model) return null;
      const selection = editor.getSelection();
      const position = editor.getPosition();
      const start = selection ? model.getOffsetAt(selection.getStartPosition()) : 0;
      const end = selection ? model.getOffsetAt(selection.getEndPosition()) : 0;
      return {
        text: model.getValue(),
        selectionStart: start,
        selectionEnd: end,
        cursor: position ? model.getOffsetAt(position) : 0,
      };
    },
    markError(range) {
      const monaco = monacoRef.current;
      const model = editorRef.current?.getModel();
      if (!monaco || !model) return;
      if (!range) {
        monaco.editor.setModelMarkers(model, 'sightline', []);
        return;
      }
      const from = model.getPositionAt(range.start);
      const to = model.getPositionAt(range.end);
      monaco.editor.setModelMarkers(model, 'sightline', [
        {
          severity: monaco.MarkerSeverity.Error,
          message: range.message,
          startLineNumber: from.lineNumber,
          startColumn: from.column,
          endLineNumber: to.lineNumber,
          endColumn: to.column,
        },
      ]);
    },
    focus() {
      editorRef.current?.focus();
    },
    insertText(text) {
      const editor = editorRef.current;
      const model = editor?.getModel();
      const monaco = monacoRef.current;
      if (!editor || !model || !monaco) return;
      const range = editor.getSelection() ?? model.getFullModelRange().collapseToEnd();
      const start = range.getStartPosition();
      const end = range.getEndPosition();
      // Own lines, so the inserted statement never runs into the text around it.
      const before = model.getLineContent(start.lineNumber).slice(0, start.column - 1);
      const after = model.getLineContent(end.lineNumber).slice(end.column - 1);
      const prefix = before.trim() === '' ? '' : '\n';
      const suffix = after.trim() === '' ? '' : '\n';
      const at = model.getOffsetAt(start) + prefix.length;
      editor.pushUndoStop();
      editor.executeEdits('sightline', [{ range, text: prefix + text + suffix }]);
      editor.pushUndoStop();
      const from = model.getPositionAt(at);
      const to = model.getPositionAt(at + text.length);
      const inserted = new monaco.Selection(from.lineNumber, from.column, to.lineNumber, to.column);
      editor.setSelection(inserted);
      editor.revealRangeInCenterIfOutsideViewport(inserted);
      editor.focus();
    },
    select(start, end) {
      const editor = editorRef.current;
      const model = editor?.getModel();
      const monaco = monacoRef.current;
      if (!editor || !model || !monaco) return;
      const range = monaco.Selection.fromPositions(
        model.getPositionAt(start),
        model.getPositionAt(end),
      );
      editor.setSelection(range);
      editor.revealRangeInCenterIfOutsideViewport(range);
      editor.focus();
    },
    replaceRange(start, end, text, select) {
      const editor = editorRef.current;
      const model = editor?.getModel();
      const monaco = monacoRef.current;
      if (!editor || !model || !monaco) return;
      const from = model.getPositionAt(start);
      const range = monaco.Range.fromPositions(from, model.getPositionAt(end));
      editor.pushUndoStop();
      editor.executeEdits('sightline', [{ range, text }]);
      editor.pushUndoStop();
      const to = model.getPositionAt(start + text.length);
      if (select) editor.setSelection(monaco.Selection.fromPositions(from, to));
      else editor.setPosition(from);
      editor.focus();
    },
    setText(text) {
      const editor = editorRef.current;
      const model = editor?.getModel();
      if (!editor || !model) return;
      editor.pushUndoStop();
      editor.executeEdits('sightline', [{ range: model.getFullModelRange(), text }]);
      editor.pushUndoStop();
      editor.setPosition({ lineNumber: 1, column: 1 });
      editor.revealLine(1);
      editor.focus();
    },
  }));

  return (
    <div className="sql-editor" data-testid="sql-editor">
      {loadError && <Notice severity="danger">The editor could not load: {loadError}</Notice>}
      <div ref={hostRef} className="sql-editor-host" />
    </div>
  );
});
