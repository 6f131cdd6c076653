import type { Connection } from 'mysql2/promise';
import type { TableFactsDto } from '../../../shared/api/alter';
import { ApiError } from '../../../shared/api/errors';
import { qualifiedName } from '../../../shared/sql/quote-identifier';
import type { ServerInfo } from '../../../shared/server/server-info';
import { countOf, selectRows, textOf, textOrNull } from '../schema/metadata-query';
import { readFtsDocIdIndex, readRowVersions } from './innodb-table-name';
import { withGipkShown } from '../../db/gipk-shown';

/** SHOW CREATE TABLE's text (a generated invisible primary key shown): what "unchanged" is judged by. */
export async function readCreateTable(
  conn: Connection,
  flavor: string,
  schema: string,
  table: string,
): Promise<string> {
  return withGipkShown(conn, flavor, () => showCreateTable(conn, schema, table));
}

/** SHOW CREATE TABLE's text as the session shows it. */
async function showCreateTable(conn: Connection, schema: string, table: string): Promise<string> {
  const rows = await selectRows(conn, `SHOW CREATE TABLE ${qualifiedName(schema, table)}`);
  const text = rows[0]?.['Create Table'];
  if (typeof text !== 'string') {
    throw new ApiError({
      code: 'SERVER_ERROR',
      message: `The server answered SHOW CREATE TABLE for ${schema}.${table} without a definition.`,
    });
  }
  return text;
}

/**
 * What the plan and the preflight need to know about a table, from information_schema (sizes
 * are the engine's estimates; on MySQL 8 the statistics cache is bypassed for this session; a
 * generated invisible primary key is shown whatever the session's setting).
 */
export async function readTableFacts(
  conn: Connection,
  server: ServerInfo,
  schema: string,
  table: string,
): Promise<TableFactsDto> {
  return withGipkShown(conn, server.flavor, () => readFacts(conn, server, schema, table));
}

async function readFacts(
  conn: Connection,
  server: ServerInfo,
  schema: string,
  table: string,
): Promise<TableFactsDto> {
  if (server.capabilities.statsExpiry) {
    await conn.query('SET SESSION information_schema_stats_expiry = 0');
  }
  const [t] = await selectRows(
    conn,
    `SELECT ENGINE, ROW_FORMAT, TABLE_ROWS, DATA_LENGTH, INDEX_LENGTH, CREATE_OPTIONS
       FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND TABLE_TYPE <> 'VIEW'`,
    [schema, table],
  );
  if (!t) {
    throw new ApiError({
      code: 'NOT_FOUND',
      message: `There is no table ${schema}.${table} on this server. Check the name (and the schema).`,
    });
  }
  const columns = await selectRows(
    conn,
    `SELECT c.COLUMN_NAME, c.COLUMN_TYPE, c.IS_NULLABLE, cs.MAXLEN, c.COLLATION_NAME
       FROM information_schema.COLUMNS c
       LEFT JOIN information_schema.CHARACTER_SETS cs ON cs.CHARACTER_SET_NAME = c.CHARACTER_SET_NAME
      WHERE c.TABLE_SCHEMA = ? AND c.TABLE_NAME = ? ORDER BY c.ORDINAL_POSITION`,
    [schema, table],
  );
  const stats = await selectRows(
    conn,
    `SELECT INDEX_NAME, COLUMN_NAME, NON_UNIQUE, INDEX_TYPE, SUB_PART FROM information_schema.STATISTICS
      WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY INDEX_NAME = 'PRIMARY' DESC, INDEX_NAME, SEQ_IN_INDEX`,
    [schema, table],
  );
  const indexes = new Map<string, TableFactsDto['indexes'][number]>();
  for (const r of stats) {
    const name = textOf(r.INDEX_NAME);
    const index = indexes.get(name) ?? {
      name,
      columns: [],
      unique: textOf(r.NON_UNIQUE) === '0',
      type: textOf(r.INDEX_TYPE),
    };
    index.columns.push(textOf(r.COLUMN_NAME));
    if (r.SUB_PART !== null && r.SUB_PART !== undefined) index.prefixed = true;
    indexes.set(name, index);
  }
  const out = await selectRows(
    conn,
    `SELECT CONSTRAINT_NAME, REFERENCED_TABLE_NAME FROM information_schema.REFERENTIAL_CONSTRAINTS
      WHERE CONSTRAINT_SCHEMA = ? AND TABLE_NAME = ? ORDER BY CONSTRAINT_NAME`,
    [schema, table],
  );
  const into = await selectRows(
    conn,
    `SELECT CONSTRAINT_NAME, CONSTRAINT_SCHEMA, TABLE_NAME FROM information_schema.REFERENTIAL_CONSTRAINTS
      WHERE UNIQUE_CONSTRAINT_SCHEMA = ? AND REFERENCED_TABLE_NAME = ? ORDER BY TABLE_NAME, CONSTRAINT_NAME`,
    [schema, table],
  );
  // The columns of this table each of those keys references, in the key's order.
  const referenced = await selectRows(
    conn,
    `SELECT CONSTRAINT_SCHEMA, TABLE_NAME, CONSTRAINT_NAME, REFERENCED_COLUMN_NAME
       FROM information_schema.KEY_COLUMN_USAGE
      WHERE REFERENCED_TABLE_SCHEMA = ? AND REFERENCED_TABLE_NAME = ?
      ORDER BY CONSTRAINT_SCHEMA, TABLE_NAME, CONSTRAINT_NAME, ORDINAL_POSITION`,
    [schema, table],
  );
  const referencedColumns = (r: Record<string, unknown>) =>
    referenced
      .filter(
        (k) =>
          textOf(k.CONSTRAINT_SCHEMA) === textOf(r.CONSTRAINT_SCHEMA) &&
          textOf(k.TABLE_NAME) === textOf(r.TABLE_NAME) &&
          textOf(k.CONSTRAINT_NAME) === textOf(r.CONSTRAINT_NAME),
      )
      .map((k) => textOf(k.REFERENCED_COLUMN_NAME));
  const triggers = await selectRows(
    conn,
    `SELECT TRIGGER_NAME FROM information_schema.TRIGGERS
      WHERE EVENT_OBJECT_SCHEMA = ? AND EVENT_OBJECT_TABLE = ? ORDER BY TRIGGER_NAME`,
    [schema, table],
  );
  const [parts] = await selectRows(
    conn,
    `SELECT COUNT(PARTITION_NAME) AS N FROM information_schema.PARTITIONS
      WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?`,
    [schema, table],
  );
  const rowVersions = server.capabilities.alterInstantRowVersions
    ? await readRowVersions(conn, schema, table)
    : null;
  const ftsDocIdIndex = /^innodb$/i.test(textOf(t.ENGINE))
    ? await readFtsDocIdIndex(
        conn,
        server.flavor === 'mariadb' ? 'mariadb' : 'mysql',
        schema,
        table,
      )
    : null;
  const createTable = await showCreateTable(conn, schema, table);
  return {
    schema,
    table,
    engine: textOrNull(t.ENGINE),
    rowFormat: textOrNull(t.ROW_FORMAT),
    rows: countOf(t.TABLE_ROWS),
    dataBytes: countOf(t.DATA_LENGTH),
    indexBytes: countOf(t.INDEX_LENGTH),
    hasPrimaryKey: indexes.has('PRIMARY'),
    indexes: [...indexes.values()],
    foreignKeysOut: out.map((r) => ({
      name: textOf(r.CONSTRAINT_NAME),
      referencedTable: textOf(r.REFERENCED_TABLE_NAME),
    })),
    foreignKeysIn: into.map((r) => ({
      name: textOf(r.CONSTRAINT_NAME),
      fromTable: `${textOf(r.CONSTRAINT_SCHEMA)}.${textOf(r.TABLE_NAME)}`,
      columns: referencedColumns(r),
    })),
    triggers: triggers.map((r) => textOf(r.TRIGGER_NAME)),
    partitions: countOf(parts?.N) ?? 0,
    columns: columns.map((r) => {
      const name = textOf(r.COLUMN_NAME);
      return {
        name,
        columnType: mariadbJson(createTable, name) ? 'json' : textOf(r.COLUMN_TYPE),
        nullable: textOf(r.IS_NULLABLE) === 'YES',
        maxBytesPerChar: countOf(r.MAXLEN) || null,
        collation: textOrNull(r.COLLATION_NAME),
      };
    }),
    rowVersions,
    hiddenFtsDocId:
      ftsDocIdIndex === true &&
      !columns.some((r) => textOf(r.COLUMN_NAME).toUpperCase() === 'FTS_DOC_ID'),
    instantAlterColumnAllowed:
      server.flavor === 'mariadb' ? await readInstantAlterColumnAllowed(conn) : null,
    innodbPageSize: await readInnodbPageSize(conn),
    serverAlgorithm: await readServerAlgorithm(conn, server.flavor),
    createTable,
    defaultCollations: await readDefaultCollations(
      conn,
      columns.map((r) => textOrNull(r.COLLATION_NAME)),
    ),
  };
}

/**
 * MariaDB's @@innodb_instant_alter_column_allowed, which can keep ADD/DROP COLUMN from being
 * instant; null where the variable does not exist (before 10.3.23) or holds another value.
 */
async function readInstantAlterColumnAllowed(
  conn: Connection,
): Promise<'never' | 'add_last' | 'add_drop_reorder' | null> {
  const rows = await selectRows(conn, 'SELECT @@innodb_instant_alter_column_allowed AS v').catch(
    () => [],
  );
  const value = textOrNull(rows[0]?.v)?.toLowerCase();
  return value === 'never' || value === 'add_last' || value === 'add_drop_reorder' ? value : null;
}

/**
 * The algorithm this session gives an ALTER that names none: MySQL copies under
 * @@old_alter_table=ON; MariaDB (10.3.7+) takes @@alter_algorithm as if written (its
 * old_alter_table sets that too). Null when the server picks the best, or the variable is absent.
 */
export async function readServerAlgorithm(
  conn: Connection,
  flavor: string,
): Promise<{ algorithm: 'COPY' | 'INPLACE' | 'NOCOPY' | 'INSTANT'; setting: string } | null> {
  if (flavor === 'mariadb') {
    const rows = await selectRows(conn, 'SELECT @@alter_algorithm AS v').catch(() => []);
    const value = textOrNull(rows[0]?.v)?.toUpperCase();
    return value === 'COPY' || value === 'INPLACE' || value === 'NOCOPY' || value === 'INSTANT'
      ? { algorithm: value, setting: `alter_algorithm=${value}` }
      : null;
  }
  const rows = await selectRows(conn, 'SELECT @@old_alter_table AS v').catch(() => []);
  const value = textOrNull(rows[0]?.v);
  return value === '1' || value?.toUpperCase() === 'ON'
    ? { algorithm: 'COPY', setting: 'old_alter_table=ON' }
    : null;
}

/** @@innodb_page_size in bytes, or null where it cannot be read (InnoDB absent). */
async function readInnodbPageSize(conn: Connection): Promise<number | null> {
  const rows = await selectRows(conn, 'SELECT @@innodb_page_size AS v').catch(() => []);
  const size = Number(textOrNull(rows[0]?.v));
  return Number.isInteger(size) && size >= 4096 && size <= 65536 ? size : null;
}

/**
 * The collation a DDL statement gets for each character set of `collations` when it names no
 * COLLATE: the character set's default, unless the server maps it elsewhere (MySQL's
 * default_collation_for_utf8mb4, MariaDB 11.2+'s character_set_collations).
 */
async function readDefaultCollations(
  conn: Connection,
  collations: ReadonlyArray<string | null>,
): Promise<Record<string, string>> {
  const charsets = [...new Set(collations.flatMap((c) => (c ? [c.slice(0, c.indexOf('_'))] : [])))];
  if (charsets.length === 0) return {};
  const rows = await selectRows(
    conn,
    `SELECT CHARACTER_SET_NAME, DEFAULT_COLLATE_NAME FROM information_schema.CHARACTER_SETS
      WHERE CHARACTER_SET_NAME IN (${charsets.map(() => '?').join(', ')})`,
    charsets,
  );
  const defaults: Record<string, string> = {};
  for (const r of rows) defaults[textOf(r.CHARACTER_SET_NAME)] = textOf(r.DEFAULT_COLLATE_NAME);
  // Either variable is absent on servers without the mapping: then the defaults above hold.
  const mapping = await selectRows(conn, 'SELECT @@character_set_collations AS m').catch(() => []);
  for (const pair of textOrNull(mapping[0]?.m)?.split(',') ?? []) {
    const [charset, collation] = pair.split('=').map((s) => s.trim());
    if (charset && collation && charset in defaults) defaults[charset] = collation;
  }
  const utf8mb4 = await selectRows(conn, 'SELECT @@default_collation_for_utf8mb4 AS c').catch(
    () => [],
  );
  const forUtf8mb4 = textOrNull(utf8mb4[0]?.c);
  if (forUtf8mb4 && 'utf8mb4' in defaults) defaults.utf8mb4 = forUtf8mb4;
  return defaults;
}

/**
 * MariaDB's JSON is LONGTEXT with a json_valid() CHECK: information_schema says `longtext`, but
 * changing it to a plain LONGTEXT drops the check and copies the table. Seen in SHOW CREATE TABLE.
 */
function mariadbJson(createTable: string, column: string): boolean {
  const name = column.replace(/`/g, '``').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`CHECK \\(json_valid\\(\`${name}\`\\)\\)`, 'i').test(createTable);
}
