/** What a key press asks of the shell (editor shortcuts are Monaco's own). */
export type ShellKeyAction = 'palette' | 'help' | 'new-editor' | 'close-tab' | 'settings';

/** The parts of a keyboard event the shell looks at. */
export interface KeyPress {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** True on Apple systems, where Cmd plays the part Ctrl plays elsewhere. */
export function isApple(platform: string): boolean {
  return /mac|iphone|ipad/i.test(platform);
}

/**
 * The shell action a key press means, or null. `typing` says the focus is in a text field, where
 * `?` is a character, not a request for help. Browsers keep Ctrl+T and Ctrl+W for their own
 * tabs, so Alt+T and Alt+W do the same in browser mode.
 */
export function shellKeyAction(
  e: KeyPress,
  typing: boolean,
  apple: boolean,
): ShellKeyAction | null {
  const mod = apple ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey;
  const letter = e.code.startsWith('Key') ? e.code.slice(3).toLowerCase() : e.key.toLowerCase();
  if (mod && !e.altKey) {
    if (!e.shiftKey && letter === 'k') return 'palette';
    if (e.shiftKey && letter === 'p') return 'palette';
    if (!e.shiftKey && letter === 't') return 'new-editor';
    if (!e.shiftKey && letter === 'w') return 'close-tab';
    if (!e.shiftKey && (e.code === 'Comma' || e.key === ',')) return 'settings';
    return null;
  }
  if (e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey) {
    if (letter === 't') return 'new-editor';
    if (letter === 'w') return 'close-tab';
    return null;
  }
  if (e.key === '?' && !typing && !e.ctrlKey && !e.metaKey && !e.altKey) return 'help';
  return null;
}

/**
 * Every shortcut of the app, written as the user reads it with `Mod` for Ctrl (⌘ on Apple
 * systems). The help overlay lists exactly these and the palette shows them beside its actions;
 * the handlers that act on them (shellKeyAction above, the editor's Monaco actions, the tab
 * strip, the grid, the plan's find box, the schema tree) are checked against this table by the
 * unit tests, so a new key without a line here fails there.
 */
export const SHORTCUTS = {
  palette: { keys: ['Mod+K', 'Mod+Shift+P'], what: 'Command palette: every action by name' },
  newEditor: { keys: ['Mod+T', 'Alt+T'], what: 'New SQL editor on the active connection' },
  closeTab: { keys: ['Mod+W', 'Alt+W'], what: 'Close the active tab' },
  settings: { keys: ['Mod+,'], what: 'Settings' },
  help: { keys: ['?'], what: 'This help' },
  closeDialog: { keys: ['Esc'], what: 'Close a dialog, a menu, the palette or this help' },
  switchTab: { keys: ['←', '→'], what: 'Previous or next tab (the tab strip focused)' },
  firstLastTab: { keys: ['Home', 'End'], what: 'First or last tab (the tab strip focused)' },
  moveTab: { keys: ['Shift+←', 'Shift+→'], what: 'Move the tab in front left or right' },
  middleClose: { keys: ['Middle-click'], what: 'Close the tab clicked' },
  runStatement: { keys: ['Mod+Enter'], what: 'Run the statement at the cursor' },
  runAll: { keys: ['Mod+Shift+Enter'], what: 'Run the selection, or everything' },
  explain: { keys: ['Mod+E'], what: 'Explain the statement at the cursor' },
  explainAnalyze: { keys: ['Mod+Shift+E'], what: 'Explain analyze (runs it; asks first)' },
  formatSql: { keys: ['Mod+Shift+F'], what: 'Format SQL (the selection, or everything)' },
  cancel: { keys: ['Esc', 'Mod+.'], what: 'Cancel the running statement' },
  copyCells: { keys: ['Mod+C'], what: 'Copy the selected cells (tab-separated)' },
  planFind: { keys: ['Enter', 'Shift+Enter'], what: 'Next or previous match of the find box' },
  treeMove: { keys: ['↑', '↓', 'Home', 'End'], what: 'Move between rows' },
  treeOpen: { keys: ['→', '←', 'Enter'], what: 'Open or close a schema or table' },
  treeMenu: { keys: ['Shift+F10', 'Menu'], what: 'Actions on the row (copy name, SELECT…)' },
} as const satisfies Record<string, { keys: readonly string[]; what: string }>;

export type ShortcutId = keyof typeof SHORTCUTS;

/** Where each shortcut works, in the order the help shows them. */
const HELP_GROUPS: ReadonlyArray<{ group: string; ids: readonly ShortcutId[] }> = [
  {
    group: 'Anywhere',
    ids: ['palette', 'newEditor', 'closeTab', 'settings', 'help', 'closeDialog'],
  },
  { group: 'Tab strip', ids: ['switchTab', 'firstLastTab', 'moveTab', 'middleClose'] },
  {
    group: 'SQL editor',
    ids: ['runStatement', 'runAll', 'explain', 'explainAnalyze', 'formatSql', 'cancel'],
  },
  { group: 'Results', ids: ['copyCells'] },
  { group: 'Plan', ids: ['planFind'] },
  { group: 'Schema tree', ids: ['treeMove', 'treeOpen', 'treeMenu'] },
];

/** A shortcut's keys with the platform's name for the main modifier. */
export function shortcutKeys(id: ShortcutId, apple: boolean): string[] {
  const mod = apple ? '⌘' : 'Ctrl';
  return SHORTCUTS[id].keys.map((k) => k.replace(/^Mod\+/, `${mod}+`));
}

/** One line of the help overlay. */
export interface ShortcutHelp {
  keys: string[];
  what: string;
}

/** Every shortcut, grouped as the help overlay lists them. */
export function shortcutList(apple: boolean): Array<{ group: string; items: ShortcutHelp[] }> {
  return HELP_GROUPS.map(({ group, ids }) => ({
    group,
    items: ids.map((id) => ({ keys: shortcutKeys(id, apple), what: SHORTCUTS[id].what })),
  }));
}
