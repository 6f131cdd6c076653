import { compareName, type Tab } from './tabs/tab-model';

/**
 * What the status bar says for a tab that works on no server session (a plan, a compare,
 * settings): its own context, so it never reads as the session of the tab shown before.
 */
export function pageStatus(tab: Exclude<Tab, { kind: 'editor' | 'tool' }>): string {
  const what =
    tab.kind === 'plan'
      ? // Not the plans' titles: one pasted or picked in the screen is the screen's own, and
        // the tab would name the one an editor handed over before.
        'Plan read from EXPLAIN output'
      : tab.kind === 'compare'
        ? `Compare: ${compareName(tab)}, read from EXPLAIN output`
        : 'Settings, for every connection';
  return `${what} · no server session`;
}
