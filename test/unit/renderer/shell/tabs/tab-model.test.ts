import { describe, expect, it } from 'vitest';
import type { ServerInfo } from '../../../../../src/shared/server/server-info';
import {
  activeTab,
  contextSession,
  emptyTabs,
  findEditor,
  findTool,
  tabsReducer,
  type NewTab,
  type TabsAction,
  type TabsState,
} from '../../../../../src/renderer/shell/tabs/tab-model';
import type { PlanToShow } from '../../../../../src/renderer/shell/tabs/tab-payloads';

const server = { flavor: 'mysql', connectionId: 7 } as unknown as ServerInfo;
const editor = (connectionId: string, sessionId: string): NewTab => ({
  kind: 'editor',
  connectionId,
  sessionId,
  server,
  lost: null,
});
const tool = (connectionId: string, sessionId: string): NewTab => ({
  kind: 'tool',
  tool: 'processlist',
  connectionId,
  sessionId,
  server,
  lost: null,
});
const plan = (title: string): PlanToShow => ({
  document: '{}',
  dialect: 'mysql-json-v1' as PlanToShow['dialect'],
  title,
  explainSql: 'EXPLAIN SELECT 1',
});

const run = (...actions: TabsAction[]): TabsState => actions.reduce(tabsReducer, emptyTabs);
const open = (tab: NewTab): TabsAction => ({ type: 'open', tab });
const kinds = (s: TabsState) => s.tabs.map((t) => t.kind);
const sessions = (s: TabsState) => s.tabs.map((t) => ('sessionId' in t ? t.sessionId : t.kind));

describe('the tab model', () => {
  it('adds editors in order, each in front, with the lowest free slot of its connection', () => {
    let s = run(open(editor('a', 's1')), open(editor('a', 's2')), open(editor('b', 's3')));
    expect(sessions(s)).toEqual(['s1', 's2', 's3']);
    expect(s.tabs.map((t) => (t.kind === 'editor' ? t.slot : -1))).toEqual([0, 1, 0]);
    expect(activeTab(s)).toMatchObject({ sessionId: 's3' });
    s = tabsReducer(s, { type: 'close', id: s.tabs[0]!.id });
    s = tabsReducer(s, open(editor('a', 's4')));
    // Slot 0 was freed: the new editor takes it (and with it the text kept under slot 0).
    expect(s.tabs.find((t) => 'sessionId' in t && t.sessionId === 's4')).toMatchObject({
      slot: 0,
    });
  });

  it('keeps plan, compare and settings single, refreshing the plan and compare in place', () => {
    let s = run(open({ kind: 'plan', plan: null }), open({ kind: 'settings' }));
    const planId = s.tabs[0]!.id;
    s = tabsReducer(s, open({ kind: 'plan', plan: plan('first') }));
    expect(kinds(s)).toEqual(['plan', 'settings']);
    expect(s.activeId).toBe(planId);
    expect(s.tabs[0]).toMatchObject({ plan: { title: 'first' }, version: 2 });
    // Reopened without a plan ("Paste a plan"): the plan shown stays.
    s = tabsReducer(s, open({ kind: 'plan', plan: null }));
    expect(s.tabs[0]).toMatchObject({ plan: { title: 'first' }, version: 2 });
    const plans = { title: 'Compare plans', before: plan('a'), after: null };
    s = tabsReducer(s, open({ kind: 'compare', plans }));
    s = tabsReducer(s, open({ kind: 'compare', plans: { ...plans, title: 'again' } }));
    expect(kinds(s)).toEqual(['plan', 'settings', 'compare']);
    expect(s.tabs[2]).toMatchObject({ plans: { title: 'again' }, version: 2 });
    s = tabsReducer(s, open({ kind: 'settings' }));
    expect(kinds(s)).toEqual(['plan', 'settings', 'compare']);
    expect(activeTab(s)?.kind).toBe('settings');
  });

  it('shows the tab used before when the one in front closes', () => {
    let s = run(open(editor('a', 's1')), open(editor('b', 's2')), open({ kind: 'settings' }));
    const [first, , settings] = s.tabs;
    s = tabsReducer(s, { type: 'activate', id: first!.id });
    s = tabsReducer(s, { type: 'activate', id: settings!.id });
    s = tabsReducer(s, { type: 'close', id: settings!.id });
    expect(activeTab(s)).toMatchObject({ sessionId: 's1' });
    // Closing a tab behind leaves the one in front.
    s = tabsReducer(s, { type: 'close', id: s.tabs[1]!.id });
    expect(activeTab(s)).toMatchObject({ sessionId: 's1' });
    s = tabsReducer(s, { type: 'close', id: first!.id });
    expect(s).toMatchObject({ tabs: [], activeId: null, recent: [] });
  });

  it('leaves nothing in front after a close when nothing was in front', () => {
    let s = run(open(editor('a', 's1')), open(editor('a', 's2')));
    s = tabsReducer(s, { type: 'activate', id: null });
    s = tabsReducer(s, { type: 'close', id: s.tabs[0]!.id });
    expect(s.activeId).toBeNull();
  });

  it('ignores activating a tab that is gone', () => {
    const s = run(open(editor('a', 's1')));
    expect(tabsReducer(s, { type: 'activate', id: 'nope' })).toBe(s);
  });

  it('moves a tab to another place, clamped to the strip', () => {
    let s = run(open(editor('a', 's1')), open(editor('a', 's2')), open(editor('a', 's3')));
    s = tabsReducer(s, { type: 'move', id: s.tabs[0]!.id, to: 2 });
    expect(sessions(s)).toEqual(['s2', 's3', 's1']);
    s = tabsReducer(s, { type: 'move', id: s.tabs[2]!.id, to: -5 });
    expect(sessions(s)).toEqual(['s1', 's2', 's3']);
    s = tabsReducer(s, { type: 'move', id: s.tabs[0]!.id, to: 99 });
    expect(sessions(s)).toEqual(['s2', 's3', 's1']);
    expect(tabsReducer(s, { type: 'move', id: 'nope', to: 0 })).toBe(s);
  });

  it('marks a session lost and back on every tab of that session only', () => {
    let s = run(open(editor('a', 's1')), open(tool('a', 's2')));
    const lost = { code: 'CONNECTION_LOST', message: 'gone' } as never;
    s = tabsReducer(s, { type: 'session-lost', sessionId: 's2', lost });
    expect(s.tabs.map((t) => ('lost' in t ? t.lost : null))).toEqual([null, lost]);
    const newer = { ...server, connectionId: 8 } as ServerInfo;
    s = tabsReducer(s, { type: 'session-back', sessionId: 's2', server: newer });
    expect(s.tabs[1]).toMatchObject({ lost: null, server: { connectionId: 8 } });
    expect(s.tabs[0]).toMatchObject({ server: { connectionId: 7 } });
  });

  it('drops session tabs when the backend stops, and a deleted connection’s tabs', () => {
    let s = run(
      open(editor('a', 's1')),
      open({ kind: 'plan', plan: null }),
      open(tool('b', 's2')),
      open(editor('b', 's3')),
    );
    s = tabsReducer(s, { type: 'close-connection', connectionId: 'b' });
    expect(sessions(s)).toEqual(['s1', 'plan']);
    expect(activeTab(s)?.kind).toBe('plan');
    s = tabsReducer(s, { type: 'sessions-gone' });
    expect(kinds(s)).toEqual(['plan']);
  });

  it('keeps the connection last worked on in view while a plan or settings is in front', () => {
    let s = run(open(editor('a', 's1')), open(editor('b', 's2')), open(tool('b', 's3')));
    // A tool in front: its own session; an editor is looked for on the same connection.
    expect(contextSession(s)).toMatchObject({ sessionId: 's3' });
    expect(contextSession(s, 'editor')).toMatchObject({ sessionId: 's2' });
    s = tabsReducer(s, { type: 'activate', id: s.tabs[0]!.id });
    s = tabsReducer(s, open({ kind: 'plan', plan: plan('p') }));
    expect(contextSession(s)).toMatchObject({ sessionId: 's1' });
    expect(contextSession(s, 'editor')).toMatchObject({ sessionId: 's1' });
    // Nothing in front (a connection picked in the rail): no session is implied.
    s = tabsReducer(s, { type: 'activate', id: null });
    expect(contextSession(s)).toBeNull();
  });

  it('finds the open tool and editor of a connection', () => {
    const s = run(open(editor('a', 's1')), open(tool('a', 's2')), open(editor('a', 's3')));
    expect(findTool(s, 'a', 'processlist')?.sessionId).toBe('s2');
    expect(findTool(s, 'a', 'alter')).toBeUndefined();
    expect(findTool(s, 'b', 'processlist')).toBeUndefined();
    expect(findEditor(s, 'a')?.sessionId).toBe('s1');
  });

  it('gives every tab an id of its own', () => {
    const s = run(
      open(editor('a', 's1')),
      open({ kind: 'plan', plan: null }),
      open({ kind: 'settings' }),
      open(tool('a', 's2')),
    );
    expect(new Set(s.tabs.map((t) => t.id)).size).toBe(4);
  });
});
