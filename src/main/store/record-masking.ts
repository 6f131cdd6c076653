/**
 * Secrets taken out of the records the plan and ALTER histories keep, before they are kept
 * (in memory too) or written: the same masking as the query history (history-masking.ts).
 */
import type { AlterHistoryEntry } from '../../shared/api/alter';
import type { PlanRecord } from '../../shared/api/tuning';
import { maskPlanLiterals } from '../../shared/explain/mask-plan-literals';
import { statementShape } from '../../shared/tuning/statement-shape';
import {
  hideSecretsOf,
  maskErrorMessageForHistory,
  maskStatementForHistory,
} from './history-masking';

/**
 * A plan record without secrets: its statement and EXPLAIN statement masked, every literal of
 * its plan document masked (conditions are printed with their literals, in the server's own
 * escaping) and the secrets hidden wherever else the document quotes them, and the shape taken
 * from the masked statement.
 */
export function maskPlanRecord(record: PlanRecord): PlanRecord {
  const sql = maskStatementForHistory(record.sql);
  const explainSql = maskStatementForHistory(record.explainSql);
  if (sql === record.sql && explainSql === record.explainSql) return record;
  // Secrets as the statement wrote them first: masking literals changes what is around them.
  const document = maskPlanLiterals(
    hideSecretsOf(hideSecretsOf(record.document, record.sql, sql), record.explainSql, explainSql),
  );
  // Literals are `?` in a shape, so a statement keeps its shape unless masking read it another way.
  return { ...record, sql, explainSql, document, shape: statementShape(sql) };
}

/** An ALTER run without secrets: its statement masked, and the outcome that may quote it. */
export function maskAlterHistoryEntry(entry: AlterHistoryEntry): AlterHistoryEntry {
  const sql = maskStatementForHistory(entry.sql);
  if (sql === entry.sql) return entry;
  return { ...entry, sql, outcome: maskErrorMessageForHistory(entry.outcome, entry.sql, sql) };
}
