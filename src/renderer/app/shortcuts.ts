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

/** One line of the help overlay. */
export interface ShortcutHelp {
  keys: string[];
  what: string;
}

/** Every shortcut, as the help overlay lists them (`Mod` is Ctrl, or ⌘ on a Mac). */
export function shortcutList(apple: boolean): Array<{ group: string; items: ShortcutHelp[] }> {
  const mod = apple ? '⌘' : 'Ctrl';
  return [
    {
      group: 'Anywhere',
      items: [
        { keys: [`${mod}+K`, `${mod}+Shift+P`], what: 'Command palette: every action by name' },
        { keys: [`${mod}+T`, 'Alt+T'], what: 'New SQL editor on the active connection' },
        { keys: [`${mod}+W`, 'Alt+W'], what: 'Close the active tab' },
        { keys: [`${mod}+,`], what: 'Settings' },
        { keys: ['?'], what: 'This help' },
        { keys: ['Esc'], what: 'Close a dialog, the palette or this help' },
      ],
    },
    {
      group: 'SQL editor',
      items: [
        { keys: [`${mod}+Enter`], what: 'Run the statement at the cursor' },
        { keys: [`${mod}+Shift+Enter`], what: 'Run the selection, or everything' },
        { keys: [`${mod}+E`], what: 'Explain the statement at the cursor' },
        { keys: [`${mod}+Shift+E`], what: 'Explain analyze (runs it; asks first)' },
        { keys: ['Esc', `${mod}+.`], what: 'Cancel the running statement' },
      ],
    },
  ];
}
