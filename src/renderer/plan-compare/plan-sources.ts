import type { PlanRecord } from '../../shared/api/tuning';
import { explainPlanText } from '../../shared/explain/explain-report';
import type { PlanToShow } from '../shell/tabs/tab-payloads';

/** When a kept plan was made, as its lists name it: `2026-11-26 14:02 UTC`. */
export const recordTime = (r: PlanRecord): string =>
  `${r.recordedAt.slice(0, 16).replace('T', ' ')} UTC`;

/**
 * A kept plan (plan history) as the compare view shows it: named by when and where it was
 * made, with its statement and connection so its own earlier plans can be found too.
 */
export function planOfRecord(r: PlanRecord): PlanToShow {
  return {
    document: r.document,
    dialect: r.dialect,
    title: `${recordTime(r)} on ${r.connectionName} (${r.serverVersion})`,
    explainSql: r.explainSql,
    statement: r.sql,
    connectionId: r.connectionId,
    server: r.serverVersion,
    ...(r.digest !== undefined ? { digest: r.digest, schema: r.schema ?? null } : {}),
  };
}

/** A pasted plan (or a sample's text) under `title`, its dialect as read from the text. */
export function planOfText(document: string, title: string): PlanToShow {
  const r = explainPlanText(document);
  return { document, dialect: r.ok ? r.report.dialect : 'mysql-tree', title, explainSql: '' };
}
