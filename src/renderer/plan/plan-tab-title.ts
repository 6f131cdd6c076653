import { planName } from '../shell/tabs/plan-names';
import { clockTime } from '../ui/clock-time';
import type { PlanToShow } from '../shell/tabs/tab-payloads';

export { planLabel, planName } from '../shell/tabs/plan-names';

/**
 * A plan tab's full name: `Plan` while it waits for a plan, else what the plan is and when it
 * came, so two plans of one statement read apart; `twin` (2, 3, ...) numbers a plan of the same
 * name that came in the same second as another: `… · 14:02:07 (2)`.
 */
export function planTabTitle(plan: PlanToShow | null, at: number, twin = 1): string {
  if (!plan) return 'Plan';
  return `Plan · ${planName(plan)} · ${clockTime(at)}${twin > 1 ? ` (${twin})` : ''}`;
}
