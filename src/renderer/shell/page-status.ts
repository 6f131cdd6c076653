import type { Tab } from './tabs/tab-model';

/**
 * What the status bar says for a tab that works on no server session (a plan, a compare,
 * settings): its own context, so it never reads as the session of the tab shown before.
 */
export function pageStatus(tab: Exclude<Tab, { kind: 'editor' | 'tool' }>): string {
  const what =
    tab.kind === 'plan'
      ? `Plan: ${tab.plan ? tab.plan.title : 'none open yet'}`
      : tab.kind === 'compare'
        ? `${tab.plans.title}: ${tab.plans.before.title}${tab.plans.after ? ` and ${tab.plans.after.title}` : ''}`
        : 'Settings, for every connection';
  return `${what} · no server session`;
}
