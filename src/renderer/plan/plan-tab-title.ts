import { planName } from '../shell/tabs/plan-names';
import type { PlanToShow } from '../shell/tabs/tab-payloads';

export { planLabel, planName } from '../shell/tabs/plan-names';

/** A time of day, local: `14:02:07`, or `14:02` where room is short (a tab's label). */
export function clockTime(at: number, seconds = true): string {
  const d = new Date(at);
  return [d.getHours(), d.getMinutes(), ...(seconds ? [d.getSeconds()] : [])]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
}

/**
 * A plan tab's full name: `Plan` while it waits for a plan, else what the plan is and when it
 * came, so two plans of one statement read apart.
 */
export function planTabTitle(plan: PlanToShow | null, at: number): string {
  return plan ? `Plan · ${planName(plan)} · ${clockTime(at)}` : 'Plan';
}
