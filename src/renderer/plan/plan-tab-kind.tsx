import { Glyph } from '../ui/Glyph';
import { Notice } from '../ui/Notice';
import { useShell } from '../shell/shell-services';
import type { TabBodyProps, TabKind } from '../shell/tabs/tab-kind';
import { MAX_PLAN_TABS, shownPlan, type TabOf } from '../shell/tabs/tab-model';
import type { PlanToShow } from '../shell/tabs/tab-payloads';
import { PlanScreen } from './PlanScreen';
import { planLabel, planTabTitle } from './plan-tab-title';
import { clockTime } from '../ui/clock-time';

type PlanTabModel = TabOf<'plan'>;

function PlanTabBody({ tab }: TabBodyProps<PlanTabModel>) {
  const shell = useShell();
  // What the tab knows of the plan on screen (its statement and connection) goes to the compare.
  const known = (plan: PlanToShow): PlanToShow => {
    const mine = shownPlan(tab);
    return mine && mine.document === plan.document ? mine : plan;
  };
  return (
    <PlanScreen
      // A plan handed over starts the screen afresh.
      key={tab.version}
      {...(tab.plan ? { initial: tab.plan } : {})}
      onShown={(plan) => shell.showPlan(plan, { inTab: tab.id })}
      onCompare={(before) => shell.showCompare({ before: known(before), after: null })}
      notice={
        <>
          {shownPlan(tab)?.stoppedEarly && (
            <Notice severity="warning" role="note" testId="plan-stopped-early">
              EXPLAIN ANALYZE was cancelled part way: the server stopped the statement, so these
              measurements (rows, loops, times) cover only what ran until then. The plan is not kept
              in the statement’s plan history.
            </Notice>
          )}
          {tab.replaced && (
            <Notice severity="info" role="note" testId="plan-replaced">
              {MAX_PLAN_TABS} plan tabs are open at most: the one used least recently, “
              {tab.replaced.title}” ({clockTime(tab.replaced.at)}), was closed to make room.
            </Notice>
          )}
        </>
      }
    />
  );
}

/** A plan screen: one tab per plan explained, pasted or opened, named by it and its time. */
export const planTabKind: TabKind<PlanTabModel> = {
  title: (tab) => planTabTitle(shownPlan(tab), tab.at, tab.twin),
  label: (tab) => {
    const plan = shownPlan(tab);
    if (!plan) return 'Plan';
    return (
      <>
        <span className="tab-name">{planLabel(plan)}</span>
        {/* Seconds, and a twin's number: two plans of one statement read apart here too. */}
        <span className="tab-slot">
          {' '}
          {clockTime(tab.at)}
          {tab.twin > 1 ? ` (${tab.twin})` : ''}
        </span>
      </>
    );
  },
  icon: (tab) => (
    <>
      <Glyph name="plan" />
      {/* The label names the plan only: the tab's spoken name (and text) says it is one. */}
      {shownPlan(tab) && <span className="sr-only">Plan: </span>}
    </>
  ),
  data: () => ({ 'data-plan-tab': 'true' }),
  Body: PlanTabBody,
};
