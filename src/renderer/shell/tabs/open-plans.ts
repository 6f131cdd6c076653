import { createContext, useContext } from 'react';
import type { PlanToShow } from './tab-payloads';

/** A plan tab that shows a plan, as another screen may offer it (the compare view's sides). */
export interface OpenPlan {
  tabId: string;
  /** The tab's full name, as the strip gives it on hover. */
  name: string;
  plan: PlanToShow;
}

/** The open plan tabs that show a plan, in strip order (given by the tab pages). */
export const OpenPlansContext = createContext<readonly OpenPlan[]>([]);

/** The open plan tabs that show a plan, for a screen inside a tab. */
export function useOpenPlans(): readonly OpenPlan[] {
  return useContext(OpenPlansContext);
}
