import type { SavedConnection } from '../../shared/api/connection';
import type { EditorCommand } from '../editor/editor-commands';
import type { ShellCommand } from './shell-command';
import { shortcutKeys, type ShortcutId } from './shortcuts';

/** What the palette needs of a tool screen (see tool-screen.ts). */
interface ToolEntry {
  title: string;
  description: string;
}

/** What the palette's actions act on and with: App's state and functions. */
export interface ShellContext<Kind extends string = string> {
  connections: readonly SavedConnection[];
  /** The connection of the tab in front, else the one selected in the rail. */
  connection: SavedConnection | null;
  /** Set when the tab in front is an SQL editor. */
  editorSessionId: string | null;
  /** True when some tab is in front (editor, tool or plan). */
  hasActiveTab: boolean;
  tools: ReadonlyArray<readonly [Kind, ToolEntry]>;
  connect: (c: SavedConnection) => void;
  newConnection: () => void;
  newEditor: (c: SavedConnection) => void;
  closeTab: () => void;
  pastePlan: () => void;
  openSettings: () => void;
  toggleRail: () => void;
  openTool: (c: SavedConnection, kind: Kind) => void;
  editorCommand: (sessionId: string, command: EditorCommand) => void;
}

/** Every action that makes sense now, in the order the palette lists them before any typing. */
export function shellCommands<Kind extends string>(
  ctx: ShellContext<Kind>,
  apple: boolean,
): ShellCommand[] {
  // The shortcut shown beside an action: the first of its keys in the one shortcut table.
  const key = (id: ShortcutId) => shortcutKeys(id, apple)[0]!;
  const out: ShellCommand[] = [];
  const c = ctx.connection;
  const editor = ctx.editorSessionId;
  if (editor) {
    const send = (command: EditorCommand) => () => ctx.editorCommand(editor, command);
    out.push(
      {
        id: 'run-statement',
        title: 'Run statement at cursor',
        group: 'Editor',
        shortcut: key('runStatement'),
        keywords: 'execute query',
        run: send('run-statement'),
      },
      {
        id: 'run-all',
        title: 'Run selection or all',
        group: 'Editor',
        shortcut: key('runAll'),
        keywords: 'execute query script',
        run: send('run-all'),
      },
      {
        id: 'explain',
        title: 'Explain statement at cursor',
        group: 'Editor',
        shortcut: key('explain'),
        keywords: 'plan',
        run: send('explain'),
      },
      {
        id: 'explain-analyze',
        title: 'Explain analyze statement at cursor',
        group: 'Editor',
        shortcut: key('explainAnalyze'),
        keywords: 'plan measure',
        run: send('explain-analyze'),
      },
      {
        id: 'cancel',
        title: 'Cancel running statement',
        group: 'Editor',
        shortcut: key('cancel'),
        keywords: 'stop kill query',
        run: send('cancel'),
      },
      {
        id: 'history',
        title: 'Show query history',
        group: 'Editor',
        keywords: 'past statements search',
        run: send('history'),
      },
      {
        id: 'format-sql',
        title: 'Format SQL (selection or all)',
        group: 'Editor',
        shortcut: key('formatSql'),
        keywords: 'beautify pretty indent layout',
        run: send('format'),
      },
    );
  }
  if (c) {
    out.push({
      id: 'new-editor',
      title: `New SQL editor on ${c.name}`,
      group: 'Editor',
      shortcut: key('newEditor'),
      keywords: 'tab query session',
      run: () => ctx.newEditor(c),
    });
    for (const [kind, def] of ctx.tools) {
      out.push({
        id: `tool-${kind}`,
        title: `Open ${def.title} on ${c.name}`,
        group: 'Tools',
        keywords: def.description,
        run: () => ctx.openTool(c, kind),
      });
    }
  }
  if (ctx.hasActiveTab) {
    out.push({
      id: 'close-tab',
      title: 'Close tab',
      group: 'Tabs',
      shortcut: key('closeTab'),
      keywords: 'disconnect',
      run: ctx.closeTab,
    });
  }
  out.push({
    id: 'paste-plan',
    title: 'Paste a plan',
    group: 'Plan',
    keywords: 'explain sample open',
    run: ctx.pastePlan,
  });
  out.push({
    id: 'settings',
    title: 'Settings',
    group: 'App',
    shortcut: key('settings'),
    keywords: 'preferences options result limits rows memory updates data folder',
    run: ctx.openSettings,
  });
  out.push({
    id: 'toggle-rail',
    title: 'Collapse or expand the sidebar',
    group: 'App',
    keywords: 'rail fold hide show layout connections',
    run: ctx.toggleRail,
  });
  for (const saved of ctx.connections) {
    out.push({
      id: `connect-${saved.id}`,
      title: `Connect to ${saved.name}`,
      group: 'Connections',
      keywords: 'open session server',
      run: () => ctx.connect(saved),
    });
  }
  out.push({
    id: 'new-connection',
    title: 'New connection…',
    group: 'Connections',
    keywords: 'add server create',
    run: ctx.newConnection,
  });
  return out;
}
