import { describe, expect, it } from 'vitest';
import type { ServerInfo } from '../../../../../src/shared/server/server-info';
import {
  activeTab,
  contextSession,
  emptyTabs,
  findEditor,
  findTool,
  compareName,
  MAX_COMPARE_TABS,
  MAX_PLAN_TABS,
  openPlans,
  tabsReducer,
  type NewTab,
  type Tab,
  type TabsAction,
  type TabsState,
} from '../../../../../src/renderer/shell/tabs/tab-model';
import type {
  PlansToCompare,
  PlanToShow,
} from '../../../../../src/renderer/shell/tabs/tab-payloads';

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
  document: `-> Table scan on ${title}`,
  dialect: 'mysql-json-v1' as PlanToShow['dialect'],
  title,
  explainSql: 'EXPLAIN SELECT 1',
});

const run = (...actions: TabsAction[]): TabsState => actions.reduce(tabsReducer, emptyTabs);
const open = (tab: NewTab): TabsAction => ({ type: 'open', tab });
const showPlan = (p: PlanToShow, at: number): TabsAction => open({ kind: 'plan', plan: p, at });
const compare = (plans: PlansToCompare, at: number): TabsAction =>
  open({ kind: 'compare', plans, at });
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

  it('opens each plan handed over in a plan tab of its own, at its time', () => {
    let s = run(open(editor('a', 's1')), showPlan(plan('first'), 1000));
    s = tabsReducer(s, showPlan(plan('second'), 2000));
    expect(kinds(s)).toEqual(['editor', 'plan', 'plan']);
    expect(activeTab(s)).toMatchObject({ plan: { title: 'second' }, at: 2000, version: 1 });
    expect(openPlans(s.tabs).map((p) => p.plan.title)).toEqual(['first', 'second']);
    // The same document explained again shows its tab, at the new time: no twin tab.
    s = tabsReducer(s, showPlan(plan('first'), 3000));
    expect(kinds(s)).toEqual(['editor', 'plan', 'plan']);
    expect(activeTab(s)).toMatchObject({ plan: { title: 'first' }, at: 3000, version: 1 });
  });

  it('shows a plan tab still waiting for a plan on "Paste a plan", else opens one', () => {
    let s = run(open({ kind: 'plan', plan: null, at: 1 }), open({ kind: 'settings' }));
    const waiting = s.tabs[0]!.id;
    s = tabsReducer(s, open({ kind: 'plan', plan: null, at: 2 }));
    expect(kinds(s)).toEqual(['plan', 'settings']);
    expect(s.activeId).toBe(waiting);
    // Once a plan is pasted in it, the tab shows and is named by that plan; the next paste
    // gets a tab of its own.
    s = tabsReducer(s, { type: 'plan-shown', id: waiting, plan: plan('pasted'), at: 5 });
    expect(s.tabs[0]).toMatchObject({ plan: null, shown: { title: 'pasted' }, at: 5, version: 1 });
    expect(openPlans(s.tabs).map((p) => p.tab.id)).toEqual([waiting]);
    s = tabsReducer(s, open({ kind: 'plan', plan: null, at: 6 }));
    expect(kinds(s)).toEqual(['plan', 'settings', 'plan']);
    expect(s.activeId).not.toBe(waiting);
    // A plan shown in a tab that is gone, or in a tab of another kind, changes nothing.
    expect(tabsReducer(s, { type: 'plan-shown', id: 'nope', plan: plan('x'), at: 7 })).toBe(s);
    const settings = s.tabs[1]!.id;
    expect(tabsReducer(s, { type: 'plan-shown', id: settings, plan: plan('x'), at: 7 })).toBe(s);
  });

  it(`keeps ${MAX_PLAN_TABS} plan tabs at most, closing the one used least recently and saying so`, () => {
    let s = run(open(editor('a', 's1')));
    for (let i = 1; i <= MAX_PLAN_TABS; i++) s = tabsReducer(s, showPlan(plan(`p${i}`), i));
    // p1 is looked at again: p2 is now the one used least recently.
    const p1 = s.tabs.find((t) => t.kind === 'plan' && t.plan?.title === 'p1')!;
    s = tabsReducer(s, { type: 'activate', id: p1.id });
    s = tabsReducer(s, showPlan(plan('new'), 100));
    const titles = openPlans(s.tabs).map((p) => p.plan.title);
    expect(titles).toHaveLength(MAX_PLAN_TABS);
    expect(titles).not.toContain('p2');
    expect(titles).toContain('p1');
    expect(activeTab(s)).toMatchObject({
      plan: { title: 'new' },
      replaced: { title: 'p2', at: 2 },
    });
    expect(kinds(s)[0]).toBe('editor');
    // The tabs that did not make room say nothing.
    expect(s.tabs.filter((t) => t.kind === 'plan' && t.replaced !== null)).toHaveLength(1);
  });

  it('keeps settings single: opening it again shows it', () => {
    let s = run(open({ kind: 'settings' }), open(editor('a', 's1')));
    s = tabsReducer(s, open({ kind: 'settings' }));
    expect(kinds(s)).toEqual(['settings', 'editor']);
    expect(activeTab(s)?.kind).toBe('settings');
  });

  it('opens a compare tab per pair; the same pair, either way round, shows its tab', () => {
    let s = run(open(editor('a', 's1')));
    const first = { title: 'Plan changed 14:02 UTC', before: plan('a'), after: plan('b') };
    s = tabsReducer(s, compare(first, 1));
    const firstId = s.activeId!;
    // A second pair does not replace the first: both stay, each with its own pair.
    const second = { before: plan('a'), after: plan('c') };
    s = tabsReducer(s, compare(second, 2));
    expect(kinds(s)).toEqual(['editor', 'compare', 'compare']);
    expect(activeTab(s)).toMatchObject({ plans: second, at: 2, replaced: null });
    const secondId = s.activeId!;
    expect(secondId).not.toBe(firstId);
    // The first pair again, or swapped: its tab comes to the front, nothing opens.
    s = tabsReducer(s, compare({ before: plan('b'), after: plan('a') }, 3));
    expect(kinds(s)).toHaveLength(3);
    expect(activeTab(s)).toMatchObject({ id: firstId, plans: first, at: 1 });
    // Sides picked in a tab count: a plan picked there is that tab's pair now.
    s = tabsReducer(s, open({ kind: 'settings' }));
    s = tabsReducer(s, {
      type: 'compare-shown',
      id: secondId,
      sides: { before: plan('c'), after: plan('d') },
    });
    expect(s.activeId).not.toBe(secondId);
    s = tabsReducer(s, compare({ before: plan('c'), after: plan('d') }, 4));
    expect(s.activeId).toBe(secondId);
    expect(kinds(s)).toHaveLength(4);
    // ...and the pair it opened with is no longer in it: asking for that one opens a tab.
    s = tabsReducer(s, compare(second, 5));
    expect(kinds(s)).toHaveLength(5);
    // "Compare with…" (no second plan yet) shows the tab still waiting with that plan.
    s = tabsReducer(s, compare({ before: plan('x'), after: null }, 6));
    const waiting = s.activeId;
    s = tabsReducer(s, compare({ before: plan('x'), after: null }, 7));
    expect(s.activeId).toBe(waiting);
    expect(kinds(s)).toHaveLength(6);
    // Only a compare tab takes compare-shown.
    expect(tabsReducer(s, { type: 'compare-shown', id: 'nope', sides: first })).toBe(s);
  });

  it(`keeps ${MAX_COMPARE_TABS} compare tabs at most, closing the one used least recently and saying so`, () => {
    let s = run(open(editor('a', 's1')));
    for (let i = 1; i <= MAX_COMPARE_TABS; i++)
      s = tabsReducer(s, compare({ title: `pair ${i}`, before: plan(`p${i}`), after: null }, i));
    const pair1 = s.tabs.find((t) => t.kind === 'compare' && t.plans.title === 'pair 1')!;
    s = tabsReducer(s, { type: 'activate', id: pair1.id });
    s = tabsReducer(s, compare({ before: plan('new'), after: plan('other') }, 100));
    const titles = s.tabs.flatMap((t) => (t.kind === 'compare' ? [compareName(t)] : []));
    expect(titles).toHaveLength(MAX_COMPARE_TABS);
    expect(titles).not.toContain('pair 2');
    expect(titles).toContain('pair 1');
    expect(activeTab(s)).toMatchObject({ replaced: { title: 'pair 2', at: 2 } });
    // Without a title, a compare tab is named by its two plans.
    expect(compareName(activeTab(s) as Extract<Tab, { kind: 'compare' }>)).toBe('new ⇄ other');
    // Plan tabs are not closed for compare tabs, nor counted with them.
    expect(kinds(s)[0]).toBe('editor');
    expect(s.tabs.filter((t) => t.kind === 'compare' && t.replaced !== null)).toHaveLength(1);
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
      open({ kind: 'plan', plan: null, at: 1 }),
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
    s = tabsReducer(s, showPlan(plan('p'), 1));
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
      open({ kind: 'plan', plan: null, at: 1 }),
      open({ kind: 'settings' }),
      open(tool('a', 's2')),
    );
    expect(new Set(s.tabs.map((t) => t.id)).size).toBe(4);
  });
});
