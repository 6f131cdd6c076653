// How plans are named in tabs: kept with the tab model, which names the tabs it closes.
import type { PlanToShow } from './tab-payloads';

/** Statement text in a name: one line, cut at `max` characters. */
function oneLine(sql: string, max: number): string {
  const line = sql.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * What a plan is, in a few words: the statement explained when known (two statements that
 * start alike differ further on, so more of it than the editor's title gives), else the
 * plan's own title (the session explained, the sample, "Pasted plan").
 */
export function planName(plan: PlanToShow): string {
  if (!plan.statement) return plan.title;
  return `${measured(plan) ? 'Analyze' : 'Explain'}: ${oneLine(plan.statement, 120)}`;
}

/** Whether the plan was measured by running the statement (EXPLAIN ANALYZE, MariaDB ANALYZE). */
function measured(plan: PlanToShow): boolean {
  return /^\s*(EXPLAIN\s+ANALYZE|ANALYZE)\b/i.test(plan.explainSql);
}

/**
 * What a plan tab shows of its plan, where a tab has room for a few words: the statement's
 * start (without "Explain:", which the tab's mark says; but "Analyze:" for a measured plan, so
 * the two plans of one statement read apart), else the plan's title.
 */
export function planLabel(plan: PlanToShow): string {
  if (!plan.statement) return plan.title;
  return `${measured(plan) ? 'Analyze: ' : ''}${oneLine(plan.statement, 60)}`;
}
