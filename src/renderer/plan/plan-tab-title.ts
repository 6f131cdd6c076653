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
 * came, so two plans of one statement read apart; `twin` (2, 3, ...) numbers a plan of the same
 * name that came in the same second as another: `… · 14:02:07 (2)`.
 */
export function planTabTitle(plan: PlanToShow | null, at: number, twin = 1): string {
  if (!plan) return 'Plan';
  return `Plan · ${planName(plan)} · ${clockTime(at)}${twin > 1 ? ` (${twin})` : ''}`;
}
