import type { Connection } from 'mysql2/promise';
import type { AlterBlocker, AlterFinding } from '../../../shared/api/alter';
import { worstFirst } from '../../../shared/severity';
import { lintRule } from '../../../shared/lint/lint-rules';
import { lintMigration, liveQuestions } from '../../../shared/lint/lint-migration';
import { lintTargetFor } from '../../../shared/lint/lint-target';
import type { ServerInfo } from '../../../shared/server/server-info';
import { selectRows, textOf } from '../schema/metadata-query';
import { readLiveFacts, readLiveSchema } from '../lint/read-live-schema';

/** The name findings are placed in: the statement typed in the ALTER screen. */
const TYPED = 'statement';

/**
 * What `sightline lint --connect` says of the statement typed in the ALTER screen: the same rules
 * on the live table, read-only. Only the table and the tables whose foreign keys point at it are
 * read (with the schema's views and triggers), so a schema of thousands of tables costs a few
 * queries; live facts are the table's instant row versions, the sessions on it and, for a new
 * unique key, whether its columns already hold duplicates.
 */
export async function readAlterFindings(
  conn: Connection,
  server: ServerInfo,
  database: string,
  table: string,
  sql: string,
  /** The sessions preflight found on the table (its own connections left out). */
  blockers: readonly AlterBlocker[],
): Promise<AlterFinding[]> {
  const flavor = server.flavor === 'mariadb' ? 'mariadb' : 'mysql';
  const target = lintTargetFor(server.flavor, server.version);
  const referencing = await selectRows(
    conn,
    `SELECT DISTINCT TABLE_NAME FROM information_schema.KEY_COLUMN_USAGE
      WHERE REFERENCED_TABLE_SCHEMA = ? AND REFERENCED_TABLE_NAME = ? AND TABLE_SCHEMA = ?`,
    [database, table, database],
  );
  const schema = await readLiveSchema(conn, database, flavor, [
    table,
    ...referencing.map((r) => textOf(r.TABLE_NAME)),
  ]);
  const files = [{ name: TYPED, text: sql }];
  const live = await readLiveFacts(
    conn,
    server,
    database,
    liveQuestions(files, target, schema),
    schema,
    // The statement changes one table, whose sessions preflight already read.
    async () => [...blockers],
  );
  const report = lintMigration(files, { target, schema, live });
  const findings: AlterFinding[] = report.statements.flatMap((s) =>
    s.findings.map((f) => ({
      rule: f.rule,
      title: lintRule(f.rule).title,
      severity: f.severity,
      message: f.message,
      fix: f.fix,
      line: f.line,
      column: f.column,
    })),
  );
  // What the lint could not read is said too, rather than an empty list that reads as "clean".
  for (const e of report.errors) {
    findings.push({
      rule: 'input-error',
      title: 'The statement could not be read',
      severity: 'danger',
      message: e.message,
      fix: null,
      line: e.line,
      column: e.column,
    });
  }
  return worstFirst(findings);
}
