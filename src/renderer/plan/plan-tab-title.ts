import type { PlanToShow } from '../shell/tabs/tab-payloads';

/** A time of day as the tab strip gives it: `14:02:07`, local time. */
export function clockTime(at: number): string {
  const d = new Date(at);
  return [d.getHours(), d.getMinutes(), d.getSeconds()]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
}

/**
 * A plan tab's full name: `Plan` while it waits for a plan, else what the plan is (its
 * statement's start, the session explained, the sample's or paste's name) and when it came, so
 * two plans of one statement read apart.
 */
export function planTabTitle(plan: PlanToShow | null, at: number): string {
  return plan ? `Plan · ${plan.title} · ${clockTime(at)}` : 'Plan';
}
