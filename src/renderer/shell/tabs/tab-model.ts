import type { ApiErrorShape } from '../../../shared/api/errors';
import type { ServerInfo } from '../../../shared/server/server-info';
import { planName } from './plan-names';
import type { ComparedSides, PlansToCompare, PlanToShow, ToolKind } from './tab-payloads';

/** A server session a tab works on: its own, opened with the tab and closed with it. */
export interface SessionTabFields {
  connectionId: string;
  sessionId: string;
  server: ServerInfo;
  /** Set while the session's connection is broken; the next call reconnects it. */
  lost: ApiErrorShape | null;
}

/**
 * Every kind of tab the shell shows. Ids are the model's own (never parsed): the shell compares
 * them, the kind says what the tab is.
 */
export type Tab =
  | ({
      kind: 'editor';
      id: string;
      /** Which of its connection's editors: its text is kept under it. */
      slot: number;
    } & SessionTabFields)
  | ({ kind: 'tool'; id: string; tool: ToolKind } & SessionTabFields)
  | {
      kind: 'plan';
      id: string;
      /** The plan handed over when the tab opened; null when it opened to paste one. */
      plan: PlanToShow | null;
      /** The plan the user pasted or picked in the tab since, if any: what it shows now. */
      shown: PlanToShow | null;
      /** When its plan came (ms since the epoch): tells two plans of one statement apart. */
      at: number;
      /**
       * 2, 3, ... for a plan that came in the same second as an open tab's plan of the same
       * name (its name says so: the time alone would read the same); 1 otherwise.
       */
      twin: number;
      /** Bumped per plan handed over: remounts the screen. */
      version: number;
      /** The plan tab closed to make room for this one (this one says so), if any. */
      replaced: { title: string; at: number } | null;
    }
  | {
      kind: 'compare';
      id: string;
      /** The pair handed over when the tab opened. */
      plans: PlansToCompare;
      /** The sides the user picked or swapped in the tab since, if any: what it shows now. */
      shown: ComparedSides | null;
      /** When its pair came (ms since the epoch). */
      at: number;
      /** The compare tab closed to make room for this one (this one says so), if any. */
      replaced: { title: string; at: number } | null;
    }
  | { kind: 'settings'; id: string };

export type TabKindName = Tab['kind'];
export type TabOf<K extends TabKindName> = Extract<Tab, { kind: K }>;
export type SessionTab = TabOf<'editor'> | TabOf<'tool'>;

/** What opening a tab gives: the model picks the id (and an editor's slot, a plan's version). */
export type NewTab =
  | Omit<TabOf<'editor'>, 'id' | 'slot'>
  | Omit<TabOf<'tool'>, 'id'>
  | { kind: 'plan'; plan: PlanToShow | null; at: number }
  | { kind: 'compare'; plans: PlansToCompare; at: number }
  | { kind: 'settings' };

export interface TabsState {
  /** In strip order. */
  tabs: readonly Tab[];
  /** The tab in front; null shows the rail's selected connection (or the welcome). */
  activeId: string | null;
  /** Ids by last use, most recent first: closing the tab in front shows the one used before. */
  recent: readonly string[];
  nextId: number;
}

export type TabsAction =
  | { type: 'open'; tab: NewTab }
  | { type: 'activate'; id: string | null }
  | { type: 'close'; id: string }
  /** The user pasted or picked another plan in plan tab `id`: the tab names it now. */
  | { type: 'plan-shown'; id: string; plan: PlanToShow; at: number }
  /** The user picked another side or swapped sides in compare tab `id`. */
  | { type: 'compare-shown'; id: string; sides: ComparedSides }
  | { type: 'close-connection'; connectionId: string }
  | { type: 'move'; id: string; to: number }
  | { type: 'session-lost'; sessionId: string; lost: ApiErrorShape }
  | { type: 'session-back'; sessionId: string; server: ServerInfo }
  | { type: 'sessions-gone' };

export const emptyTabs: TabsState = { tabs: [], activeId: null, recent: [], nextId: 1 };

export const isSessionTab = (t: Tab): t is SessionTab => t.kind === 'editor' || t.kind === 'tool';

/** Settings exist once: opening it again shows it. */
const SINGLE_KINDS: ReadonlySet<TabKindName> = new Set(['settings']);

/**
 * Plan tabs kept open at most: each explain opens one, and past this many the one used least
 * long ago makes room (the new tab names it), so a day of explaining does not hold hundreds of
 * documents. Plans explained from an editor stay in the plan history all the same.
 */
export const MAX_PLAN_TABS = 10;

/**
 * Compare tabs kept open at most: each new pair opens one (the same pair shows its tab), and
 * past this many the one used least long ago makes room, the new tab naming it.
 */
export const MAX_COMPARE_TABS = 5;

type PlanTab = TabOf<'plan'>;
const isPlanTab = (t: Tab): t is PlanTab => t.kind === 'plan';
type CompareTab = TabOf<'compare'>;
const isCompareTab = (t: Tab): t is CompareTab => t.kind === 'compare';

/** The plan a plan tab shows now (the one pasted in it, else the one it opened with). */
export const shownPlan = (tab: PlanTab): PlanToShow | null => tab.shown ?? tab.plan;

/** The two sides a compare tab shows now (as picked or swapped in it, else as it opened). */
export const shownSides = (tab: CompareTab): ComparedSides =>
  tab.shown ?? { before: tab.plans.before, after: tab.plans.after };

/** One plan document from one EXPLAIN: what tells two open plans apart. */
const samePlan = (a: PlanToShow | null, b: PlanToShow | null): boolean =>
  a === b ||
  (a !== null && b !== null && a.document === b.document && a.explainSql === b.explainSql);

/** The same two plans, in either order (a swapped pair is still that pair). */
const samePair = (a: ComparedSides, b: ComparedSides): boolean =>
  (samePlan(a.before, b.before) && samePlan(a.after, b.after)) ||
  (samePlan(a.before, b.after) && samePlan(a.after, b.before));

/** The open plan tabs that show a plan, in strip order. */
export const openPlans = (tabs: readonly Tab[]): Array<{ tab: PlanTab; plan: PlanToShow }> =>
  tabs.flatMap((t) => {
    const plan = isPlanTab(t) ? shownPlan(t) : null;
    return isPlanTab(t) && plan ? [{ tab: t, plan }] : [];
  });

function activate(state: TabsState, id: string | null): TabsState {
  if (id === null) return { ...state, activeId: null };
  return { ...state, activeId: id, recent: [id, ...state.recent.filter((r) => r !== id)] };
}

function remove(state: TabsState, gone: (t: Tab) => boolean): TabsState {
  const tabs = state.tabs.filter((t) => !gone(t));
  if (tabs.length === state.tabs.length) return state;
  const kept = new Set(tabs.map((t) => t.id));
  const recent = state.recent.filter((id) => kept.has(id));
  const activeId =
    state.activeId !== null && kept.has(state.activeId)
      ? state.activeId
      : state.activeId === null
        ? null
        : (recent[0] ?? null);
  return { ...state, tabs, recent, activeId };
}

function lowestFreeSlot(tabs: readonly Tab[], connectionId: string): number {
  const used = new Set(
    tabs.flatMap((t) => (t.kind === 'editor' && t.connectionId === connectionId ? [t.slot] : [])),
  );
  let slot = 0;
  while (used.has(slot)) slot++;
  return slot;
}

function replaceTab(state: TabsState, tab: Tab): TabsState {
  return { ...state, tabs: state.tabs.map((t) => (t.id === tab.id ? tab : t)) };
}

/**
 * Makes room for one more tab of a capped kind: with `max` open, the one used least long ago
 * (never used counts as oldest) closes, and what it was is returned for the new tab to say.
 */
function makeRoom<T extends PlanTab | CompareTab>(
  state: TabsState,
  fits: (t: Tab) => t is T,
  max: number,
  name: (t: T) => string,
): { state: TabsState; replaced: { title: string; at: number } | null } {
  const open = state.tabs.filter(fits);
  if (open.length < max) return { state, replaced: null };
  const byUse = state.recent.flatMap((id) => open.filter((t) => t.id === id));
  const oldest = open.find((t) => !state.recent.includes(t.id)) ?? byUse[byUse.length - 1]!;
  return {
    state: remove(state, (t) => t.id === oldest.id),
    replaced: { title: name(oldest), at: oldest.at },
  };
}

/**
 * A plan in a tab of its own. Not twice: "Paste a plan" shows a plan tab still waiting for
 * one, the same document explained again shows its tab (at the new time). Past
 * MAX_PLAN_TABS the plan tab used least long ago closes, and the new one says which.
 */
function openPlan(state: TabsState, tab: Extract<NewTab, { kind: 'plan' }>): TabsState {
  const plans = state.tabs.filter(isPlanTab);
  const byUse = state.recent.flatMap((id) => plans.filter((t) => t.id === id));
  const incoming = tab.plan;
  if (incoming === null) {
    const waiting = byUse.find((t) => shownPlan(t) === null);
    if (waiting) return activate(state, waiting.id);
  } else {
    const same = byUse.find((t) => {
      const p = shownPlan(t);
      return p !== null && p.document === incoming.document && p.explainSql === incoming.explainSql;
    });
    if (same)
      return activate(
        replaceTab(state, { ...same, at: tab.at, twin: twinOf(state, same.id, incoming, tab.at) }),
        same.id,
      );
  }
  const { state: s, replaced } = makeRoom(
    state,
    isPlanTab,
    MAX_PLAN_TABS,
    (t) => shownPlan(t)?.title ?? 'Plan',
  );
  const id = `t${s.nextId}`;
  const added: PlanTab = {
    kind: 'plan',
    id,
    plan: incoming,
    shown: null,
    at: tab.at,
    twin: incoming ? twinOf(s, id, incoming, tab.at) : 1,
    version: 1,
    replaced,
  };
  return activate({ ...s, tabs: [...s.tabs, added], nextId: s.nextId + 1 }, id);
}

/**
 * The twin number of a plan coming to tab `id` at `at`: one more than the highest of the other
 * plan tabs showing a plan of the same name that came in the same second, else 1. Two plans of
 * one statement explained within a second otherwise had the same name, and the compare picker
 * two identical buttons.
 */
function twinOf(state: TabsState, id: string, plan: PlanToShow, at: number): number {
  const name = planName(plan);
  const second = Math.floor(at / 1000);
  let twin = 1;
  for (const t of state.tabs) {
    if (!isPlanTab(t) || t.id === id || Math.floor(t.at / 1000) !== second) continue;
    const other = shownPlan(t);
    if (other && planName(other) === name) twin = Math.max(twin, t.twin + 1);
  }
  return twin;
}

/**
 * Two plans in a compare tab of their own. The same pair (in either order, as the tab shows it
 * now) shows its tab; past MAX_COMPARE_TABS the compare tab used least long ago closes, and
 * the new one says which. A pair never replaces what another compare tab shows.
 */
function openCompare(state: TabsState, tab: Extract<NewTab, { kind: 'compare' }>): TabsState {
  const incoming = { before: tab.plans.before, after: tab.plans.after };
  const same = state.tabs.filter(isCompareTab).find((t) => samePair(shownSides(t), incoming));
  if (same) return activate(state, same.id);
  const { state: s, replaced } = makeRoom(state, isCompareTab, MAX_COMPARE_TABS, (t) =>
    compareName(t),
  );
  const id = `t${s.nextId}`;
  const added: CompareTab = { ...tab, id, shown: null, replaced };
  return activate({ ...s, tabs: [...s.tabs, added], nextId: s.nextId + 1 }, id);
}

/** A side the user has yet to choose, in a compare tab's name. */
const WAITING = '(to choose)';

/**
 * A compare tab in a few words: the title it was opened with, else (a plain "compare these")
 * the names of the plans it shows now.
 */
export function compareName(tab: CompareTab): string {
  if (tab.plans.title !== undefined) return tab.plans.title;
  const { before, after } = shownSides(tab);
  return `${before ? planName(before) : WAITING} ⇄ ${after ? planName(after) : WAITING}`;
}

function open(state: TabsState, tab: NewTab): TabsState {
  if (tab.kind === 'plan') return openPlan(state, tab);
  if (tab.kind === 'compare') return openCompare(state, tab);
  if (SINGLE_KINDS.has(tab.kind)) {
    const existing = state.tabs.find((t) => t.kind === tab.kind);
    if (existing) return activate(state, existing.id);
  }
  const id = `t${state.nextId}`;
  const added: Tab =
    tab.kind === 'editor'
      ? { ...tab, id, slot: lowestFreeSlot(state.tabs, tab.connectionId) }
      : { ...tab, id };
  return activate({ ...state, tabs: [...state.tabs, added], nextId: state.nextId + 1 }, id);
}

function mapSession(state: TabsState, sessionId: string, change: (t: SessionTab) => Tab) {
  return {
    ...state,
    tabs: state.tabs.map((t) => (isSessionTab(t) && t.sessionId === sessionId ? change(t) : t)),
  };
}

/** The one place tabs change. */
export function tabsReducer(state: TabsState, action: TabsAction): TabsState {
  switch (action.type) {
    case 'open':
      return open(state, action.tab);
    case 'activate':
      if (action.id !== null && !state.tabs.some((t) => t.id === action.id)) return state;
      return activate(state, action.id);
    case 'close':
      return remove(state, (t) => t.id === action.id);
    case 'plan-shown': {
      const tab = state.tabs.find((t) => t.id === action.id);
      if (!tab || !isPlanTab(tab)) return state;
      return replaceTab(state, {
        ...tab,
        shown: action.plan,
        at: action.at,
        twin: twinOf(state, tab.id, action.plan, action.at),
      });
    }
    case 'compare-shown': {
      const tab = state.tabs.find((t) => t.id === action.id);
      if (!tab || !isCompareTab(tab)) return state;
      return replaceTab(state, { ...tab, shown: action.sides });
    }
    case 'close-connection':
      return remove(state, (t) => isSessionTab(t) && t.connectionId === action.connectionId);
    case 'move': {
      const from = state.tabs.findIndex((t) => t.id === action.id);
      if (from < 0) return state;
      const to = Math.max(0, Math.min(state.tabs.length - 1, action.to));
      if (to === from) return state;
      const tabs = [...state.tabs];
      const [moved] = tabs.splice(from, 1);
      tabs.splice(to, 0, moved!);
      return { ...state, tabs };
    }
    case 'session-lost':
      return mapSession(state, action.sessionId, (t) => ({ ...t, lost: action.lost }));
    case 'session-back':
      return mapSession(state, action.sessionId, (t) => ({
        ...t,
        server: action.server,
        lost: null,
      }));
    case 'sessions-gone':
      // Sessions lived in the backend that stopped: their tabs go, the others stay.
      return remove(state, isSessionTab);
  }
}

export const activeTab = (state: TabsState): Tab | null =>
  state.tabs.find((t) => t.id === state.activeId) ?? null;

/**
 * The session the status bar and the schema tree speak of: the tab in front's, or when that tab
 * has none (a plan, settings) the session tab used last, so a plan opened from an editor keeps
 * its connection in view.
 */
export function contextSession(state: TabsState, kind?: SessionTab['kind']): SessionTab | null {
  const front = activeTab(state);
  if (front === null) return null;
  const fits = (t: Tab): t is SessionTab =>
    isSessionTab(t) && (kind === undefined || t.kind === kind);
  if (isSessionTab(front) && (kind === undefined || front.kind === kind)) return front;
  const byUse = state.recent.flatMap((id) => state.tabs.filter((t) => t.id === id));
  // A tool in front: the session tab used last on its connection; a plan or settings: any.
  const connectionId = isSessionTab(front) ? front.connectionId : null;
  return (
    byUse.filter(fits).find((t) => connectionId === null || t.connectionId === connectionId) ?? null
  );
}

/** The tab used last among those that fit `fits`. */
export function recentTab<T extends Tab>(
  state: TabsState,
  fits: (t: Tab) => t is T,
): T | undefined {
  for (const id of state.recent) {
    const tab = state.tabs.find((t) => t.id === id);
    if (tab && fits(tab)) return tab;
  }
  return undefined;
}

/** The tool tab already open for `tool` on a connection, if any. */
export const findTool = (state: TabsState, connectionId: string, tool: ToolKind) =>
  state.tabs.find(
    (t): t is TabOf<'tool'> =>
      t.kind === 'tool' && t.connectionId === connectionId && t.tool === tool,
  );

/** The connection's first editor, if one is open. */
export const findEditor = (state: TabsState, connectionId: string) =>
  state.tabs.find(
    (t): t is TabOf<'editor'> => t.kind === 'editor' && t.connectionId === connectionId,
  );
