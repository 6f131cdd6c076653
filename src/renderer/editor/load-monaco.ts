type Monaco = typeof import('monaco-editor/editor/editor.api.js');

let loading: Promise<Monaco> | null = null;

/** Monaco, loaded once on first use so the app starts without it. */
export function loadMonaco(): Promise<Monaco> {
  loading ??= import('./monaco-setup').then((m) => m.monaco);
  return loading;
}
