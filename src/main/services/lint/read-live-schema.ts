import { withGipkShown } from '../../db/gipk-shown';
import type { Connection } from 'mysql2/promise';
import type { LiveTableFacts } from '../../../shared/lint/lint-finding';
import { uniqueKeyId } from '../../../shared/lint/change-findings';
import type { LiveQuestions } from '../../../shared/lint/lint-migration';
import {
  applySchemaStatement,
  emptySchema,
  nameKey,
  readSchemaStatement,
  type SchemaModel,
} from '../../../shared/lint/schema-model';
import { quoteIdentifier, qualifiedName } from '../../../shared/sql/quote-identifier';
import { detectFlavor, type DetectedFlavor } from '../../../shared/server/flavor';
import { capabilitiesFor } from '../../../shared/server/capabilities';
import { selectRows, textOf } from '../schema/metadata-query';
import { readServerAlgorithm } from '../alter/read-table-facts';
import type { AlterBlocker } from '../../../shared/api/alter';
import { readBlockers } from '../alter/read-blockers';
import { readRowVersions } from '../alter/innodb-table-name';

/** How long the duplicate check of one unique key may run before it is given up (seconds). */
export const DUPLICATE_CHECK_SECONDS = 5;

/** Which server this is, from VERSION() and @@version_comment. */
export async function readServerFlavor(conn: Connection): Promise<DetectedFlavor> {
  const [row] = await selectRows(conn, 'SELECT VERSION() AS V, @@version_comment AS C');
  const detected = detectFlavor(textOf(row?.V), textOf(row?.C));
  if (!detected) throw new Error(`the server's version "${textOf(row?.V)}" is not understood`);
  return detected;
}

/**
 * The schema as the live server has it, read without changing anything: SHOW CREATE TABLE for
 * every base table (or those named in `only`; read by the same parser as a dump), views and
 * triggers from information_schema.
 */
export async function readLiveSchema(
  conn: Connection,
  database: string,
  flavor: 'mysql' | 'mariadb',
  only?: readonly string[],
): Promise<SchemaModel> {
  const schema = emptySchema();
  const tables = await selectRows(
    conn,
    `SELECT TABLE_NAME, TABLE_TYPE FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME`,
    [database],
  );
  // `only`: the tables a single statement needs (a schema of thousands is read a table at a time).
  const wanted = only ? new Set(only.map(nameKey)) : null;
  // A generated invisible primary key is a primary key, whatever the session shows.
  await withGipkShown(conn, flavor, async () => {
    for (const t of tables) {
      const name = textOf(t.TABLE_NAME);
      if (textOf(t.TABLE_TYPE) === 'VIEW') continue;
      if (wanted && !wanted.has(nameKey(name))) continue;
      const [row] = await selectRows(conn, `SHOW CREATE TABLE ${qualifiedName(database, name)}`);
      const text = row?.['Create Table'];
      if (typeof text !== 'string') continue;
      const read = readSchemaStatement(text, flavor);
      if (read.ok) applySchemaStatement(schema, read.statement, flavor);
    }
  });
  const views = await selectRows(
    conn,
    `SELECT TABLE_NAME, VIEW_DEFINITION FROM information_schema.VIEWS WHERE TABLE_SCHEMA = ?`,
    [database],
  );
  for (const v of views) {
    const name = textOf(v.TABLE_NAME);
    schema.views.set(nameKey(name), { name, body: textOf(v.VIEW_DEFINITION) });
  }
  const triggers = await selectRows(
    conn,
    `SELECT TRIGGER_NAME, EVENT_OBJECT_TABLE, ACTION_STATEMENT FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = ?`,
    [database],
  );
  for (const t of triggers) {
    const name = textOf(t.TRIGGER_NAME);
    schema.triggers.set(nameKey(name), {
      name,
      table: textOf(t.EVENT_OBJECT_TABLE),
      body: textOf(t.ACTION_STATEMENT),
    });
  }
  return schema;
}

/** ER_QUERY_TIMEOUT (MySQL) and ER_STATEMENT_TIMEOUT (MariaDB): the check gave up. */
const TIMED_OUT = new Set([3024, 1969]);

/**
 * Whether the table holds rows with equal non-NULL values in `columns`: one bounded GROUP BY
 * (stopped after DUPLICATE_CHECK_SECONDS); null when it gave up.
 */
export async function hasDuplicates(
  conn: Connection,
  server: DetectedFlavor,
  database: string,
  table: string,
  columns: readonly string[],
): Promise<boolean | null> {
  const cols = columns.map((c) => quoteIdentifier(c)).join(', ');
  const notNull = columns.map((c) => `${quoteIdentifier(c)} IS NOT NULL`).join(' AND ');
  const select = `SELECT 1 AS D FROM ${qualifiedName(database, table)} WHERE ${notNull} GROUP BY ${cols} HAVING COUNT(*) > 1 LIMIT 1`;
  const sql =
    server.flavor === 'mariadb'
      ? `SET STATEMENT max_statement_time = ${DUPLICATE_CHECK_SECONDS} FOR ${select}`
      : select.replace(
          /^SELECT/,
          `SELECT /*+ MAX_EXECUTION_TIME(${DUPLICATE_CHECK_SECONDS * 1000}) */`,
        );
  try {
    return (await selectRows(conn, sql)).length > 0;
  } catch (e) {
    if (TIMED_OUT.has((e as { errno?: number }).errno ?? 0)) return null;
    throw e;
  }
}

/**
 * The live facts the lint asks for (see liveQuestions), read-only: instant row versions used,
 * sessions holding each table's metadata lock with their open transactions, duplicates for new
 * unique keys.
 */
export async function readLiveFacts(
  conn: Connection,
  server: DetectedFlavor,
  database: string,
  questions: LiveQuestions,
  schema: SchemaModel,
  /** Who holds or waits for a table's metadata lock; by default read here, leaving none out. */
  blockersOf: (table: string) => Promise<AlterBlocker[]> = (table) =>
    readBlockers(conn, server.flavor === 'mariadb' ? 'mariadb' : 'mysql', database, table, []),
): Promise<Map<string, LiveTableFacts>> {
  const capabilities = capabilitiesFor(server.flavor, server.version);
  const facts = new Map<string, LiveTableFacts>();
  const serverAlgorithm = await readServerAlgorithm(conn, server.flavor);
  for (const key of questions.tables) {
    const name = schema.tables.get(key)?.name ?? key;
    const rowVersions = capabilities.alterInstantRowVersions
      ? await readRowVersions(conn, database, name)
      : null;
    const blockers = await blockersOf(name);
    facts.set(key, {
      rowVersions,
      serverAlgorithm,
      sessions: blockers.map((b) => ({
        id: b.processId,
        user: b.user,
        seconds: b.timeSeconds,
        relation: b.relation,
      })),
      duplicates: new Map(),
    });
  }
  for (const { table, columns } of questions.uniqueKeys) {
    const entry = facts.get(nameKey(table));
    if (!entry) continue;
    const found = await hasDuplicates(conn, server, database, table, columns);
    if (found !== null)
      (entry.duplicates as Map<string, boolean>).set(uniqueKeyId(table, columns), found);
  }
  return facts;
}
