import type { ExplainRunResult } from '../../shared/api/explain';
import type { PlanToShow } from '../app/tool-screen';
import type { PlannedStatement } from '../shell/tabs/tab-payloads';

/**
 * An explain's result as the plan screen shows it, under `title`; with the statement it is
 * the plan of (and its digest where known), so that statement's earlier plans can be found.
 */
export function planOf(r: ExplainRunResult, title: string, of: PlannedStatement = {}): PlanToShow {
  return { document: r.document, dialect: r.dialect, title, explainSql: r.explainSql, ...of };
}
