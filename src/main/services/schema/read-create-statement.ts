import type { Connection } from 'mysql2/promise';
import { ApiError } from '../../../shared/api/errors';
import type { CreateStatement, ObjectKind } from '../../../shared/api/schema';
import { qualifiedName } from '../../../shared/sql/quote-identifier';
import { selectRows, textOrNull } from './metadata-query';

/** The SHOW CREATE statement of each kind and the column holding its text. */
const SHOW: Record<ObjectKind, { statement: string; column: string }> = {
  table: { statement: 'SHOW CREATE TABLE', column: 'Create Table' },
  view: { statement: 'SHOW CREATE VIEW', column: 'Create View' },
  procedure: { statement: 'SHOW CREATE PROCEDURE', column: 'Create Procedure' },
  function: { statement: 'SHOW CREATE FUNCTION', column: 'Create Function' },
  trigger: { statement: 'SHOW CREATE TRIGGER', column: 'SQL Original Statement' },
  event: { statement: 'SHOW CREATE EVENT', column: 'Create Event' },
};

/** Exactly what SHOW CREATE says about an object, and the sql_mode it was created under. */
export async function readCreateStatement(
  conn: Connection,
  schema: string,
  name: string,
  kind: ObjectKind,
): Promise<CreateStatement> {
  const show = SHOW[kind];
  const [row] = await selectRows(conn, `${show.statement} ${qualifiedName(schema, name)}`);
  // SHOW CREATE TABLE of a view answers like SHOW CREATE VIEW.
  const sql = textOrNull(row?.[show.column] ?? row?.['Create View']);
  if (sql === null) {
    // Routines show a NULL body to users who may run them but not read them.
    throw new ApiError({
      code: 'SERVER_ERROR',
      message: `The server did not show the definition of ${kind} ${qualifiedName(schema, name)}: this user may run it but not read it (it takes SHOW_ROUTINE, or being its definer).`,
    });
  }
  return { sql, sqlMode: textOrNull(row?.sql_mode) };
}
