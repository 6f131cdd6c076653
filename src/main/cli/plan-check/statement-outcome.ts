import type { PlanChange } from '../../../shared/explain';

/**
 * What `plan-check` found for one statement: `pass` (no regression), `fail` (a regression),
 * `new` (no baseline yet), `updated` (baseline written by --update), `skipped` (not a statement
 * EXPLAIN takes), `error` (the server refused to explain it).
 */
export interface StatementOutcome {
  file: string;
  line: number;
  statement: string;
  status: 'pass' | 'fail' | 'new' | 'updated' | 'skipped' | 'error';
  /** The baseline file of the statement. */
  baseline?: string;
  /** The current plan's shape fingerprint. */
  fingerprint?: string;
  /** Everything that differs from the baseline, and the part of it that fails the gate. */
  changes: PlanChange[];
  regressions: PlanChange[];
  message?: string;
}
