import type { Connection } from 'mysql2/promise';
import type {
  EventSummary,
  RoutineSummary,
  SchemaObjects,
  TableSummary,
  TriggerSummary,
  ViewSummary,
} from '../../../shared/api/schema';
import type { ServerInfo } from '../../../shared/server/server-info';
import { countOf, selectRows, textOf, textOrNull } from './metadata-query';

/**
 * What schema `schema` holds, from information_schema, one query per kind. On servers that
 * cache table statistics (MySQL 8+ keeps them up to a day by default) the cache is bypassed on
 * this side connection, so a table filled a minute ago does not show 0 rows.
 */
export async function readObjects(
  conn: Connection,
  server: ServerInfo,
  schema: string,
): Promise<SchemaObjects> {
  if (server.capabilities.statsExpiry) {
    await conn.query('SET SESSION information_schema_stats_expiry = 0');
  }
  const { tables, views } = await readTablesAndViews(conn, schema);
  return {
    schema,
    tables,
    views,
    routines: await readRoutines(conn, schema),
    triggers: await readTriggers(conn, schema),
    events: await readEvents(conn, schema),
  };
}

async function readTablesAndViews(
  conn: Connection,
  schema: string,
): Promise<{ tables: TableSummary[]; views: ViewSummary[] }> {
  const rows = await selectRows(
    conn,
    'SELECT TABLE_NAME AS name, TABLE_TYPE AS type, ENGINE AS engine, TABLE_ROWS AS row_count, ' +
      'DATA_LENGTH AS data_bytes, INDEX_LENGTH AS index_bytes, TABLE_COMMENT AS comment_text ' +
      'FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME',
    [schema],
  );
  const tables: TableSummary[] = [];
  const views: ViewSummary[] = [];
  for (const r of rows) {
    const type = textOf(r.type);
    if (type === 'VIEW') {
      views.push({ name: textOf(r.name), comment: textOf(r.comment_text) });
      continue;
    }
    tables.push({
      name: textOf(r.name),
      type,
      engine: textOrNull(r.engine),
      rowEstimate: countOf(r.row_count),
      dataBytes: countOf(r.data_bytes),
      indexBytes: countOf(r.index_bytes),
      comment: textOf(r.comment_text),
    });
  }
  return { tables, views };
}

async function readRoutines(conn: Connection, schema: string): Promise<RoutineSummary[]> {
  // MariaDB's PACKAGE / PACKAGE BODY (Oracle mode) are not routines one can call or show here.
  const rows = await selectRows(
    conn,
    'SELECT ROUTINE_NAME AS name, ROUTINE_TYPE AS type, DTD_IDENTIFIER AS returns_type, ' +
      'ROUTINE_COMMENT AS comment_text FROM information_schema.ROUTINES ' +
      "WHERE ROUTINE_SCHEMA = ? AND ROUTINE_TYPE IN ('PROCEDURE', 'FUNCTION') " +
      'ORDER BY ROUTINE_NAME, ROUTINE_TYPE',
    [schema],
  );
  return rows.map((r) => {
    const kind = textOf(r.type) === 'FUNCTION' ? 'function' : 'procedure';
    return {
      name: textOf(r.name),
      kind,
      returns: kind === 'function' ? textOrNull(r.returns_type) : null,
      comment: textOf(r.comment_text),
    };
  });
}

async function readTriggers(conn: Connection, schema: string): Promise<TriggerSummary[]> {
  const rows = await selectRows(
    conn,
    'SELECT TRIGGER_NAME AS name, EVENT_OBJECT_TABLE AS table_name, ACTION_TIMING AS timing, ' +
      'EVENT_MANIPULATION AS event_name FROM information_schema.TRIGGERS ' +
      'WHERE TRIGGER_SCHEMA = ? ORDER BY TRIGGER_NAME',
    [schema],
  );
  return rows.map((r) => ({
    name: textOf(r.name),
    table: textOf(r.table_name),
    timing: textOf(r.timing),
    event: textOf(r.event_name),
  }));
}

async function readEvents(conn: Connection, schema: string): Promise<EventSummary[]> {
  const rows = await selectRows(
    conn,
    'SELECT EVENT_NAME AS name, STATUS AS status, EVENT_TYPE AS type, ' +
      'EVENT_COMMENT AS comment_text FROM information_schema.EVENTS ' +
      'WHERE EVENT_SCHEMA = ? ORDER BY EVENT_NAME',
    [schema],
  );
  return rows.map((r) => ({
    name: textOf(r.name),
    status: textOf(r.status),
    type: textOf(r.type),
    comment: textOf(r.comment_text),
  }));
}
