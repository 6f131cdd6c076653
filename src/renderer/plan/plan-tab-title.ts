import type { PlanToShow } from '../shell/tabs/tab-payloads';

/** A time of day, local: `14:02:07`, or `14:02` where room is short (a tab's label). */
export function clockTime(at: number, seconds = true): string {
  const d = new Date(at);
  return [d.getHours(), d.getMinutes(), ...(seconds ? [d.getSeconds()] : [])]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
}

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
  const analyzed = /^\s*(EXPLAIN\s+ANALYZE|ANALYZE)\b/i.test(plan.explainSql);
  return `${analyzed ? 'Analyze' : 'Explain'}: ${oneLine(plan.statement, 120)}`;
}

/**
 * What a plan tab shows of its plan, where a tab has room for a few words: the statement's
 * start (without "Explain:", which the tab's mark says), else the plan's title.
 */
export function planLabel(plan: PlanToShow): string {
  return plan.statement ? oneLine(plan.statement, 60) : plan.title;
}

/**
 * A plan tab's full name: `Plan` while it waits for a plan, else what the plan is and when it
 * came, so two plans of one statement read apart.
 */
export function planTabTitle(plan: PlanToShow | null, at: number): string {
  return plan ? `Plan · ${planName(plan)} · ${clockTime(at)}` : 'Plan';
}
