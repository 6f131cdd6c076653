import type { Connection } from 'mysql2/promise';
import { ApiError } from '../../../shared/api/errors';
import type { ExplainRunResult } from '../../../shared/api/explain';
import { explainPlanText } from '../../../shared/explain/explain-report';
import type { PlanDialect } from '../../../shared/explain/plan-dialect';
import type { ServerInfo } from '../../../shared/server/server-info';
import type { DiagnoseOptions } from '../../../shared/explain/diagnose-plan';

/** Server error 6 (EE_DELETE): a file could not be deleted. */
const TEMP_TABLE_DELETE_FAILED = 6;

/**
 * The plan of what session `id` is running: `EXPLAIN FORMAT=JSON FOR CONNECTION` on MySQL (in
 * JSON version 2 where the server has it, set on the processlist's own session), `SHOW EXPLAIN
 * FORMAT=JSON FOR` on MariaDB, or with `analyze` MariaDB's `SHOW ANALYZE FORMAT=JSON FOR` (the
 * plan with r_rows, r_loops and times measured so far). Parsed as the editor's explain is, so
 * the plan screen takes it.
 */
export async function explainConnection(
  conn: Connection,
  server: ServerInfo,
  id: number,
  analyze = false,
  /** The user's diagnostics thresholds. */
  diagnose: DiagnoseOptions = {},
): Promise<ExplainRunResult> {
  if (analyze && !server.capabilities.showAnalyze) {
    throw new ApiError({
      code: 'INVALID_REQUEST',
      message:
        server.flavor === 'mariadb'
          ? 'SHOW ANALYZE FOR needs MariaDB 10.9 or later; use Explain for the plan without figures.'
          : 'Analyzing a running statement is a MariaDB feature (SHOW ANALYZE); on MySQL use Explain, or EXPLAIN ANALYZE the statement from an editor.',
    });
  }
  if (!server.capabilities.explainForConnection) {
    throw new ApiError({
      code: 'INVALID_REQUEST',
      message:
        server.flavor === 'mariadb'
          ? 'SHOW EXPLAIN FORMAT=JSON FOR needs MariaDB 10.9 or later.'
          : 'EXPLAIN FOR CONNECTION needs MySQL 5.7.2 or later.',
    });
  }
  let sql: string;
  let dialect: PlanDialect;
  if (server.flavor === 'mariadb') {
    sql = `SHOW ${analyze ? 'ANALYZE' : 'EXPLAIN'} FORMAT=JSON FOR ${id}`;
    dialect = 'mariadb-json';
  } else {
    sql = `EXPLAIN FORMAT=JSON FOR CONNECTION ${id}`;
    dialect = server.capabilities.explainJsonV2 ? 'mysql-json-v2' : 'mysql-json-v1';
    if (server.capabilities.explainJsonV2) {
      await conn.query('SET SESSION explain_json_format_version = 2');
    }
  }
  let rows: unknown;
  try {
    [rows] = await conn.query({ sql, rowsAsArray: true });
  } catch (e) {
    // MariaDB 10.11 now and then fails SHOW EXPLAIN with error 6, "Error on delete of
    // '/tmp/#sql-temptable-...MAI'" (its own result table); the same request then succeeds.
    if ((e as { errno?: unknown }).errno !== TEMP_TABLE_DELETE_FAILED) throw e;
    [rows] = await conn.query({ sql, rowsAsArray: true });
  }
  const document = (rows as unknown[][])[0]?.[0];
  if (typeof document !== 'string' || document.trim() === '') {
    throw new ApiError({
      code: 'INVALID_REQUEST',
      message: `Session ${id} is not running a statement with a plan (it may have finished).`,
    });
  }
  const parsed = explainPlanText(document, { ...diagnose, dialect });
  if (!parsed.ok) {
    throw new ApiError({
      code: 'INTERNAL',
      message: `The server's plan could not be read: ${parsed.error.message} at line ${parsed.error.line} column ${parsed.error.column}.`,
    });
  }
  return { explainSql: sql, dialect, document, report: parsed.report };
}
