import type { Capabilities } from '../server/capabilities';
import type { ServerFlavor } from '../server/flavor';
import type { PlanDialect } from './plan-dialect';

/** Statements EXPLAIN accepts, by first keyword. */
const EXPLAINABLE = new Set([
  'SELECT',
  'WITH',
  'TABLE',
  'INSERT',
  'REPLACE',
  'UPDATE',
  'DELETE',
  'VALUES',
]);

/** How to explain a statement on a server: the exact SQL, and what to set around it. */
export interface ExplainPlanRequest {
  /** The EXPLAIN statement to run. */
  sql: string;
  /** `explain_json_format_version` to set for the statement (MySQL 8.3+), or null. */
  jsonFormatVersion: 1 | 2 | null;
  /** The dialect of what comes back, so parsing does not have to guess. */
  dialect: PlanDialect;
}

/**
 * The EXPLAIN (or ANALYZE, which runs the statement) a server supports best for a statement,
 * naming FORMAT explicitly because defaults differ between versions (MySQL 9.x turned FORMAT=JSON
 * into version 2). Throws an Error saying why when the statement cannot be explained.
 */
export function explainStatementFor(
  statement: string,
  flavor: ServerFlavor,
  capabilities: Capabilities,
  analyze: boolean,
): ExplainPlanRequest {
  const body = statement.trim().replace(/;+\s*$/, '');
  const keyword = /^\(*\s*([A-Za-z]+)/.exec(body)?.[1]?.toUpperCase() ?? '';
  if (!EXPLAINABLE.has(keyword)) {
    throw new Error(
      keyword
        ? `EXPLAIN works on SELECT, TABLE, VALUES, WITH, INSERT, REPLACE, UPDATE and DELETE; this is ${keyword}.`
        : 'There is no statement to explain here.',
    );
  }
  if (flavor === 'mariadb') {
    if (analyze && !capabilities.analyzeJson)
      throw new Error('This MariaDB has no ANALYZE FORMAT=JSON.');
    return {
      sql: `${analyze ? 'ANALYZE' : 'EXPLAIN'} FORMAT=JSON ${body}`,
      jsonFormatVersion: null,
      dialect: 'mariadb-json',
    };
  }
  if (analyze) {
    if (capabilities.explainJsonV2) {
      return {
        sql: `EXPLAIN ANALYZE FORMAT=JSON ${body}`,
        jsonFormatVersion: 2,
        dialect: 'mysql-json-v2',
      };
    }
    if (capabilities.explainAnalyze) {
      return {
        sql: `EXPLAIN ANALYZE FORMAT=TREE ${body}`,
        jsonFormatVersion: null,
        dialect: 'mysql-tree',
      };
    }
    throw new Error('EXPLAIN ANALYZE needs MySQL 8.0.18 or later.');
  }
  if (capabilities.explainJsonV2) {
    return { sql: `EXPLAIN FORMAT=JSON ${body}`, jsonFormatVersion: 2, dialect: 'mysql-json-v2' };
  }
  if (capabilities.explainJson) {
    return {
      sql: `EXPLAIN FORMAT=JSON ${body}`,
      jsonFormatVersion: null,
      dialect: 'mysql-json-v1',
    };
  }
  throw new Error('EXPLAIN FORMAT=JSON needs MySQL 5.6.5 or later.');
}
