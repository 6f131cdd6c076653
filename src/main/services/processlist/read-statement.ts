import type { Connection } from 'mysql2/promise';
import type { FullStatement } from '../../../shared/api/processlist';
import { numberOf, textOf } from '../../../shared/processlist/raw-value';
import { safeStatementText } from '../../../shared/processlist/statement-text';
import { queryRows } from './query-rows';

/**
 * Session `id`'s whole statement. Only SHOW FULL PROCESSLIST has it all: performance_schema cuts
 * statements at performance_schema_max_sql_text_length (1024 by default) and
 * information_schema.PROCESSLIST at 65,535 characters, on MySQL and MariaDB alike. It lists
 * every session, which is fine for one look at one statement (never done per poll).
 */
export async function readStatement(conn: Connection, id: number): Promise<FullStatement> {
  const rows = await queryRows(conn, 'SHOW FULL PROCESSLIST');
  const text = textOf(rows.find((r) => numberOf(r.Id) === id)?.Info);
  if (text === null) return { id, text: null, length: 0, binary: false };
  const safe = safeStatementText(text);
  return { id, text: safe.text, length: text.length, binary: safe.binary };
}
