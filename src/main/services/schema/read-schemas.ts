import type { Connection } from 'mysql2/promise';
import { isSystemSchema, type SchemaSummary } from '../../../shared/api/schema';
import { selectRows, textOf } from './metadata-query';

/** Every schema the user can see, by name, with its defaults. */
export async function readSchemas(conn: Connection): Promise<SchemaSummary[]> {
  const rows = await selectRows(
    conn,
    'SELECT SCHEMA_NAME AS name, DEFAULT_CHARACTER_SET_NAME AS charset, ' +
      'DEFAULT_COLLATION_NAME AS coll FROM information_schema.SCHEMATA ORDER BY SCHEMA_NAME',
  );
  return rows.map((r) => {
    const name = textOf(r.name);
    return {
      name,
      defaultCharset: textOf(r.charset),
      defaultCollation: textOf(r.coll),
      system: isSystemSchema(name),
    };
  });
}
