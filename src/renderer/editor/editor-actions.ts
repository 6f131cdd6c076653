import type * as Monaco from 'monaco-editor/editor/editor.api.js';
import type { RunKind } from './SqlEditor';

/** What the editor's shortcuts do (read at the moment a key is pressed). */
export interface EditorActionHandlers {
  onRun: (kind: RunKind) => void;
  onCancel: () => void;
  onExplain?: (analyze: boolean) => void;
  onFormat?: () => void;
}

/**
 * The app's shortcuts in Monaco (also listed in its F1 palette): run, cancel, explain, format;
 * Esc cancels only while a statement runs (the `sightlineRunning` context key).
 */
export function addEditorActions(
  monaco: typeof Monaco,
  editor: Monaco.editor.IStandaloneCodeEditor,
  handlers: { readonly current: EditorActionHandlers },
): void {
  const { KeyMod, KeyCode } = monaco;
  const h = () => handlers.current;
  const actions: Array<[id: string, label: string, keys: number, run: () => void]> = [
    [
      'runStatement',
      'Run statement at cursor',
      KeyMod.CtrlCmd | KeyCode.Enter,
      () => h().onRun('statement'),
    ],
    [
      'runAll',
      'Run selection or all',
      KeyMod.CtrlCmd | KeyMod.Shift | KeyCode.Enter,
      () => h().onRun('all'),
    ],
    ['cancel', 'Cancel running statement', KeyMod.CtrlCmd | KeyCode.Period, () => h().onCancel()],
    [
      'explain',
      'Explain statement at cursor',
      KeyMod.CtrlCmd | KeyCode.KeyE,
      () => h().onExplain?.(false),
    ],
    [
      'explainAnalyze',
      'Explain analyze statement at cursor (runs it)',
      KeyMod.CtrlCmd | KeyMod.Shift | KeyCode.KeyE,
      () => h().onExplain?.(true),
    ],
    [
      'format',
      'Format SQL (selection or all)',
      KeyMod.CtrlCmd | KeyMod.Shift | KeyCode.KeyF,
      () => h().onFormat?.(),
    ],
  ];
  for (const [id, label, keys, run] of actions) {
    editor.addAction({ id: `sightline.${id}`, label, keybindings: [keys], run });
  }
  editor.addCommand(KeyCode.Escape, () => h().onCancel(), 'sightlineRunning');
}
