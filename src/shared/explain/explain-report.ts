import { z } from 'zod';
import {
  DiagnosticSchema,
  PlanDiagnosis,
  type DiagnoseOptions,
  type Diagnostic,
} from './diagnose-plan';
import { parsePlanNodes, type ParsePlanOptions, type PlanParseError } from './parse-plan';
import { PlanDialectSchema, type PlanDialect } from './plan-dialect';
import { PlanNodeSchema, type PlanNode } from './plan-model';
import { PlanStatsSchema, type PlanStats } from './plan-stats';

/** A plan with its diagnostics and counts: what the CLI prints with `--json` and the API carries. */
export interface PlanReport {
  dialect: PlanDialect;
  root: PlanNode;
  diagnostics: Diagnostic[];
  stats: PlanStats;
  analyzed: boolean;
  query?: string;
}

export const PlanReportSchema: z.ZodType<PlanReport> = z.object({
  dialect: PlanDialectSchema,
  root: PlanNodeSchema,
  diagnostics: z.array(DiagnosticSchema),
  stats: PlanStatsSchema,
  analyzed: z.boolean(),
  query: z.string().optional(),
});

export type ExplainResult = { ok: true; report: PlanReport } | { ok: false; error: PlanParseError };

/** Parses a plan document and diagnoses it in one step. Never throws. */
export function explainPlanText(
  text: string,
  options: ParsePlanOptions & DiagnoseOptions = {},
): ExplainResult {
  // Diagnosed in the parse's own walk: a large plan is read from memory once.
  const diagnosis = new PlanDiagnosis(options);
  const parsed = parsePlanNodes(text, options, diagnosis);
  if (!parsed.ok) return parsed;
  const { plan, nodes, stats } = parsed;
  const report: PlanReport = {
    dialect: plan.dialect,
    root: plan.root,
    diagnostics: diagnosis.findings(nodes),
    stats,
    analyzed: plan.analyzed,
  };
  if (plan.query !== undefined) report.query = plan.query;
  return { ok: true, report };
}
