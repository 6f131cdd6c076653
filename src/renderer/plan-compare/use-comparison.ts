import { useMemo } from 'react';
import { explainPlanText, type ExplainResult } from '../../shared/explain/explain-report';
import { costUnitsMismatch } from '../../shared/explain/cost-units';
import { comparePlans } from '../../shared/explain/plan-compare';
import { diffPlans } from '../../shared/explain/plan-diff';
import type { PlanToShow } from '../shell/tabs/tab-payloads';

// A plan read once per plan handed over: swapping sides, or picking the same plan again,
// reuses it (a 10,000-node document takes a few hundred milliseconds to read).
const readPlans = new WeakMap<PlanToShow, ExplainResult>();

function read(plan: PlanToShow | null): ExplainResult | null {
  if (!plan) return null;
  let result = readPlans.get(plan);
  if (!result) {
    result = explainPlanText(plan.document, { dialect: plan.dialect });
    readPlans.set(plan, result);
  }
  return result;
}

/**
 * The two plans read, and compared when both read: node figures side by side (`comparePlans`:
 * totals and the table of changes) and the changes in words with each node's pair
 * (`diffPlans`), Before against After. Costs are left out between plans whose servers count
 * cost in other units (MySQL against MariaDB, MariaDB before 11.0 against after): `costsApart`
 * says why.
 */
export function useComparison(before: PlanToShow | null, after: PlanToShow | null) {
  const beforeResult = useMemo(() => read(before), [before]);
  const afterResult = useMemo(() => read(after), [after]);
  const left = beforeResult?.ok ? beforeResult.report : null;
  const right = afterResult?.ok ? afterResult.report : null;
  const costsApart = useMemo(
    () =>
      left && right && before && after
        ? costUnitsMismatch(
            {
              dialect: left.dialect,
              ...(before.server !== undefined ? { server: before.server } : {}),
            },
            {
              dialect: right.dialect,
              ...(after.server !== undefined ? { server: after.server } : {}),
            },
          )
        : undefined,
    [before, after, left, right],
  );
  const costs = costsApart === undefined;
  const comparison = useMemo(
    () => (left && right ? comparePlans(left.root, right.root, { costs }) : null),
    [left, right, costs],
  );
  const diff = useMemo(
    () => (left && right ? diffPlans(left.root, right.root, { costs }) : null),
    [left, right, costs],
  );
  return { beforeResult, afterResult, left, right, comparison, diff, costsApart };
}
