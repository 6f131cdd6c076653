import { z } from 'zod';
import { PlanDialectSchema } from '../explain/plan-dialect';
import { PlanReportSchema } from '../explain/explain-report';

/** What `explain.run` answers: the plan, and exactly what was run to get it. */
export const ExplainRunResultSchema = z.object({
  /** The EXPLAIN / ANALYZE statement sent to the server. */
  explainSql: z.string(),
  dialect: PlanDialectSchema,
  /** The server's document, verbatim (for the raw view and for copying). */
  document: z.string(),
  report: PlanReportSchema,
  /**
   * EXPLAIN ANALYZE cancelled part way whose server still returned the plan (MySQL does): its
   * measurements cover only what ran until the KILL QUERY.
   */
  stoppedEarly: z.boolean().optional(),
});
export type ExplainRunResult = z.infer<typeof ExplainRunResultSchema>;
