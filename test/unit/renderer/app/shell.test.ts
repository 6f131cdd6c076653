import { describe, expect, it } from 'vitest';
import { defaultConnectionSettings } from '../../../../src/shared/api/connection';
import type { SavedConnection } from '../../../../src/shared/api/connection';
import {
  filterCommands,
  matchScore,
  type ShellCommand,
} from '../../../../src/renderer/app/shell-command';
import { shellCommands, type ShellContext } from '../../../../src/renderer/app/shell-commands';
import {
  isApple,
  shellKeyAction,
  shortcutList,
  type KeyPress,
} from '../../../../src/renderer/app/shortcuts';

const key = (k: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key: k,
  code: /^[a-z]$/i.test(k) ? `Key${k.toUpperCase()}` : '',
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

const command = (title: string, group = 'G', keywords?: string): ShellCommand => ({
  id: title,
  title,
  group,
  ...(keywords ? { keywords } : {}),
  run: () => {},
});

describe('shell shortcuts', () => {
  it('open the palette with Ctrl+K and Ctrl+Shift+P (Cmd on Apple systems)', () => {
    expect(shellKeyAction(key('k', { ctrlKey: true }), true, false)).toBe('palette');
    expect(shellKeyAction(key('P', { ctrlKey: true, shiftKey: true }), true, false)).toBe(
      'palette',
    );
    expect(shellKeyAction(key('k', { metaKey: true }), true, true)).toBe('palette');
    // Cmd is not Ctrl elsewhere, and Ctrl is not Cmd on a Mac.
    expect(shellKeyAction(key('k', { metaKey: true }), true, false)).toBeNull();
    expect(shellKeyAction(key('k', { ctrlKey: true }), true, true)).toBeNull();
  });

  it('make and close tabs with Ctrl+T / Ctrl+W, and Alt+T / Alt+W where the browser keeps those', () => {
    expect(shellKeyAction(key('t', { ctrlKey: true }), true, false)).toBe('new-editor');
    expect(shellKeyAction(key('w', { ctrlKey: true }), true, false)).toBe('close-tab');
    expect(shellKeyAction(key('t', { altKey: true }), true, false)).toBe('new-editor');
    expect(shellKeyAction(key('w', { altKey: true }), false, false)).toBe('close-tab');
    // Alt on a Mac types a character (⌥T is †): the key code still says T.
    expect(shellKeyAction({ ...key('t', { altKey: true }), key: '†' }, true, true)).toBe(
      'new-editor',
    );
    expect(shellKeyAction(key('t', { ctrlKey: true, shiftKey: true }), true, false)).toBeNull();
  });

  it('open Settings with Ctrl+, (Cmd+, on Apple systems), also while typing', () => {
    const comma = {
      key: ',',
      code: 'Comma',
      ctrlKey: false,
      metaKey: false,
      shiftKey: false,
      altKey: false,
    };
    expect(shellKeyAction({ ...comma, ctrlKey: true }, true, false)).toBe('settings');
    expect(shellKeyAction({ ...comma, metaKey: true }, false, true)).toBe('settings');
    expect(shellKeyAction({ ...comma, ctrlKey: true, shiftKey: true }, false, false)).toBeNull();
    expect(shellKeyAction(comma, false, false)).toBeNull();
  });

  it('show help on ? only when not typing, and leave the editor its own keys', () => {
    expect(shellKeyAction(key('?', { shiftKey: true }), false, false)).toBe('help');
    expect(shellKeyAction(key('?', { shiftKey: true }), true, false)).toBeNull();
    expect(shellKeyAction(key('Enter', { ctrlKey: true }), true, false)).toBeNull();
    expect(shellKeyAction(key('e', { ctrlKey: true }), true, false)).toBeNull();
    expect(shellKeyAction(key('Escape'), false, false)).toBeNull();
    expect(shellKeyAction(key('k'), false, false)).toBeNull();
  });

  it('lists every shortcut in the help, with the platform key name', () => {
    const help = shortcutList(false);
    expect(help.map((g) => g.group)).toEqual([
      'Anywhere',
      'Tab strip',
      'SQL editor',
      'Results',
      'Plan',
      'Schema tree',
    ]);
    const keys = help.flatMap((g) => g.items.flatMap((i) => i.keys));
    expect(keys).toEqual(expect.arrayContaining(['Ctrl+Shift+F', 'Shift+←', 'Shift+→']));
    expect(shortcutList(true)[2]!.items[0]!.keys).toEqual(['⌘+Enter']);
    expect(isApple('MacIntel')).toBe(true);
    expect(isApple('Linux x86_64')).toBe(false);
  });

  it('has a help line for every key the shell acts on', () => {
    const listed = new Set(shortcutList(false).flatMap((g) => g.items.flatMap((i) => i.keys)));
    const codes = [
      ...'abcdefghijklmnopqrstuvwxyz'
        .split('')
        .map((l) => ({ key: l, code: `Key${l.toUpperCase()}` })),
      { key: ',', code: 'Comma' },
      { key: '.', code: 'Period' },
      { key: '?', code: 'Slash' },
    ];
    const acted: string[] = [];
    for (const { key: k, code } of codes) {
      for (const ctrl of [false, true]) {
        for (const shift of [false, true]) {
          for (const alt of [false, true]) {
            const press = {
              key: k,
              code,
              ctrlKey: ctrl,
              metaKey: false,
              shiftKey: shift,
              altKey: alt,
            };
            if (shellKeyAction(press, false, false) === null) continue;
            const name = k === '?' ? '?' : k.length === 1 ? k.toUpperCase() : k;
            acted.push(
              [ctrl && 'Ctrl', alt && 'Alt', shift && k !== '?' && 'Shift', name]
                .filter(Boolean)
                .join('+'),
            );
          }
        }
      }
    }
    expect(acted.length).toBeGreaterThan(6);
    expect(acted.filter((a) => !listed.has(a))).toEqual([]);
  });

  it('has a help line for every key the SQL editor binds in Monaco', async () => {
    // Loaded by a path tsc does not follow: the module's types reach a .tsx file, and this
    // folder is type-checked without JSX (tsconfig.node.json).
    const modulePath = '../../../../src/renderer/editor/editor-actions';
    const { addEditorActions } = (await import(modulePath)) as {
      addEditorActions: (
        monaco: unknown,
        editor: unknown,
        handlers: { current: { onRun: () => void; onCancel: () => void } },
      ) => void;
    };
    // A stand-in for the two enums Monaco's key bindings are built from: KeyMod's bits are
    // Monaco's own; a key code is its name's index, so a binding decodes back to its name.
    const names: string[] = [];
    const KeyCode = new Proxy({} as Record<string, number>, {
      get: (_t, name: string) => {
        if (!names.includes(name)) names.push(name);
        return names.indexOf(name);
      },
    });
    const KeyMod = { CtrlCmd: 2048, Shift: 1024, Alt: 512, WinCtrl: 256 };
    const bound: string[] = [];
    const editor = {
      addAction: (a: { keybindings: number[] }) => bound.push(...a.keybindings.map(decode)),
      addCommand: (k: number) => bound.push(decode(k)),
    };
    const keyName: Record<string, string> = { Enter: 'Enter', Period: '.', Escape: 'Esc' };
    function decode(k: number): string {
      const name = names[k & 255]!;
      return [
        k & KeyMod.CtrlCmd && 'Ctrl',
        k & KeyMod.Alt && 'Alt',
        k & KeyMod.Shift && 'Shift',
        keyName[name] ?? name.replace(/^Key/, ''),
      ]
        .filter(Boolean)
        .join('+');
    }
    addEditorActions({ KeyCode, KeyMod }, editor, {
      current: { onRun: () => {}, onCancel: () => {} },
    });
    const editorKeys = new Set(
      shortcutList(false)
        .find((g) => g.group === 'SQL editor')!
        .items.flatMap((i) => i.keys),
    );
    expect(bound).toContain('Ctrl+Shift+F');
    expect(bound.filter((k) => !editorKeys.has(k))).toEqual([]);
  });
});

describe('palette matching', () => {
  it('matches word starts, words from three letters, or initials; never scattered letters', () => {
    expect(matchScore('Run statement at cursor', 'rsc')).not.toBeNull();
    expect(matchScore('Run statement at cursor', 'rsq')).toBeNull();
    expect(matchScore('Open Processlist on prod', 'list')).not.toBeNull();
    expect(matchScore('Open ALTER on Orders primary (MySQL 9.7)', 'proc')).toBeNull();
    expect(matchScore('Collapse or expand the sidebar', 'proc')).toBeNull();
    expect(matchScore('Open ALTER on Orders primary (MySQL 9.7)', 'alter orders')).not.toBeNull();
    expect(matchScore('Open ALTER on Orders primary (MySQL 9.7)', 'alter zzz')).toBeNull();
    expect(matchScore('Explain', 'nialpxe')).toBeNull();
    expect(matchScore('Paste a plan', '')).toBe(0);
  });

  it('ranks a substring above a scattered match and a word start above a middle', () => {
    const list = [
      command('Explain statement at cursor'),
      command('Open Processlist on prod'),
      command('Cancel running statement'),
    ];
    expect(filterCommands(list, 'proc').map((c) => c.title)).toEqual(['Open Processlist on prod']);
    expect(filterCommands(list, 'statement').map((c) => c.title)).toEqual([
      'Explain statement at cursor',
      'Cancel running statement',
    ]);
    expect(filterCommands(list, 'zzz')).toEqual([]);
    expect(filterCommands(list, '  ')).toEqual(list);
  });

  it('finds a command by its keywords or group when the title does not match', () => {
    const list = [
      command('Cancel running statement', 'Editor', 'stop kill query'),
      command('Paste a plan', 'Plan'),
    ];
    expect(filterCommands(list, 'kill').map((c) => c.title)).toEqual(['Cancel running statement']);
    // A title match ranks above a keyword match.
    const both = [command('Show history', 'Editor', 'plan'), command('Paste a plan', 'Plan')];
    expect(filterCommands(both, 'plan').map((c) => c.title)).toEqual([
      'Paste a plan',
      'Show history',
    ]);
  });
  it('lists only what "proc" names, among the real commands, Processlist first', () => {
    const list = shellCommands(
      {
        connections: [],
        connection: {
          ...defaultConnectionSettings(),
          id: 'a',
          name: 'Orders primary (MySQL 9.7)',
        } as SavedConnection,
        editorSessionId: 's1',
        hasActiveTab: true,
        tools: [
          [
            'processlist',
            {
              title: 'Processlist',
              description: 'Who is running what, who blocks whom, explain and KILL',
            },
          ],
          [
            'alter',
            {
              title: 'ALTER',
              description:
                'Plan an ALTER TABLE, check its risks live, run it with progress, ETA and cancel',
            },
          ],
        ] as const,
        connect: () => {},
        newConnection: () => {},
        newEditor: () => {},
        closeTab: () => {},
        pastePlan: () => {},
        openSettings: () => {},
        toggleRail: () => {},
        openTool: () => {},
        editorCommand: () => {},
      },
      false,
    );
    expect(filterCommands(list, 'proc').map((c) => c.title)).toEqual([
      'Open Processlist on Orders primary (MySQL 9.7)',
    ]);
    // A word start in the title ranks above one further in, and above keywords.
    expect(
      filterCommands(list, 'run')
        .map((c) => c.title)
        .slice(0, 2),
    ).toEqual(['Run statement at cursor', 'Run selection or all']);
  });
});

describe('palette commands', () => {
  const saved = (id: string, name: string): SavedConnection =>
    ({ ...defaultConnectionSettings(), id, name }) as SavedConnection;
  const tool = (title: string) => ({ title, description: `${title} screen` });
  const calls: string[] = [];
  const context = (over: Partial<ShellContext> = {}): ShellContext => ({
    connections: [saved('a', 'prod'), saved('b', 'lab')],
    connection: saved('a', 'prod'),
    editorSessionId: 's1',
    hasActiveTab: true,
    tools: [
      ['processlist', tool('Processlist')],
      ['replication', tool('Replication')],
    ] as const,
    connect: (c) => calls.push(`connect ${c.name}`),
    newConnection: () => calls.push('new connection'),
    newEditor: (c) => calls.push(`new editor ${c.name}`),
    closeTab: () => calls.push('close'),
    pastePlan: () => calls.push('plan'),
    openSettings: () => calls.push('settings'),
    toggleRail: () => calls.push('rail'),
    openTool: (c, kind) => calls.push(`tool ${kind} ${c.name}`),
    editorCommand: (s, c) => calls.push(`${c} on ${s}`),
    ...over,
  });

  it('reach every action by name: editor, tools of the active connection, tabs, plan, connections', () => {
    const titles = shellCommands(context(), false).map(
      (c) => `${c.title}${c.shortcut ? ` [${c.shortcut}]` : ''}`,
    );
    expect(titles).toEqual([
      'Run statement at cursor [Ctrl+Enter]',
      'Run selection or all [Ctrl+Shift+Enter]',
      'Explain statement at cursor [Ctrl+E]',
      'Explain analyze statement at cursor [Ctrl+Shift+E]',
      'Cancel running statement [Esc]',
      'Show query history',
      'Format SQL (selection or all) [Ctrl+Shift+F]',
      'New SQL editor on prod [Ctrl+T]',
      'Open Processlist on prod',
      'Open Replication on prod',
      'Close tab [Ctrl+W]',
      'Paste a plan',
      'Settings [Ctrl+,]',
      'Collapse or expand the sidebar',
      'Connect to prod',
      'Connect to lab',
      'New connection…',
    ]);
  });

  it('run what they say on what is in front', () => {
    calls.length = 0;
    const byId = new Map(shellCommands(context(), false).map((c) => [c.id, c]));
    for (const id of [
      'run-statement',
      'explain-analyze',
      'cancel',
      'history',
      'format-sql',
      'new-editor',
    ]) {
      byId.get(id)!.run();
    }
    byId.get('tool-replication')!.run();
    byId.get('connect-b')!.run();
    byId.get('close-tab')!.run();
    byId.get('settings')!.run();
    byId.get('toggle-rail')!.run();
    expect(calls).toEqual([
      'run-statement on s1',
      'explain-analyze on s1',
      'cancel on s1',
      'history on s1',
      'format on s1',
      'new editor prod',
      'tool replication prod',
      'connect lab',
      'close',
      'settings',
      'rail',
    ]);
  });

  it('leave out what needs an editor, a connection or a tab when there is none', () => {
    const ids = shellCommands(
      context({ connection: null, editorSessionId: null, hasActiveTab: false }),
      false,
    ).map((c) => c.id);
    expect(ids).toEqual([
      'paste-plan',
      'settings',
      'toggle-rail',
      'connect-a',
      'connect-b',
      'new-connection',
    ]);
  });
});
