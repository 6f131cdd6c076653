import type { ExplainRunResult } from '../../shared/api/explain';
import type { PlanToShow } from '../app/tool-screen';

/** An explain's result as the plan screen shows it, under `title`. */
export function planOf(r: ExplainRunResult, title: string): PlanToShow {
  return { document: r.document, dialect: r.dialect, title, explainSql: r.explainSql };
}
