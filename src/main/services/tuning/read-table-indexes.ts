import type { Connection, RowDataPacket } from 'mysql2/promise';
import { tableIndexes, type TableIndex } from '../../../shared/tuning/experiment-restore';

const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/**
 * The table's indexes as information_schema.STATISTICS lists them. `SELECT *`: IS_VISIBLE and
 * EXPRESSION are MySQL 8's, IGNORED MariaDB 10.6's, and a server without them has neither kind.
 */
export async function readTableIndexes(
  conn: Connection,
  /** Null: the session's current schema, as the experiment names the table. */
  schema: string | null,
  table: string,
): Promise<TableIndex[]> {
  const [rows] = await conn.query<RowDataPacket[]>(
    'SELECT * FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = COALESCE(?, DATABASE()) AND TABLE_NAME = ?',
    [schema, table],
  );
  return tableIndexes(
    rows.map((r) => {
      const name = text(r.INDEX_NAME);
      const seq = Number(r.SEQ_IN_INDEX);
      if (name === null || !Number.isSafeInteger(seq))
        throw new Error(
          `information_schema.STATISTICS answered a row without an index name or position for ${schema ?? '(current schema)'}.${table}`,
        );
      const subPart = text(r.SUB_PART);
      return {
        index: name,
        seq,
        column: text(r.COLUMN_NAME),
        subPart: subPart === null ? null : Number(subPart),
        nonUnique: Number(r.NON_UNIQUE) === 1,
        indexType: text(r.INDEX_TYPE) ?? '',
        collation: text(r.COLLATION),
        comment: text(r.INDEX_COMMENT) ?? '',
        visible: 'IS_VISIBLE' in r ? text(r.IS_VISIBLE) === 'YES' : text(r.IGNORED) !== 'YES',
        expression: text(r.EXPRESSION),
      };
    }),
  );
}
