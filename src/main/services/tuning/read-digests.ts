import type { Connection } from 'mysql2/promise';
import type { ServerInfo } from '../../../shared/server/server-info';
import { digestRowReader, type DigestRow } from '../../../shared/tuning/digest-row';

const DIGEST_TABLE = 'performance_schema.events_statements_summary_by_digest';

/** Why digests cannot be read, and what would change that. */
export interface DigestsUnavailable {
  reason: string;
  howToEnable: string;
}

export interface DigestSnapshot {
  takenAt: string;
  rows: DigestRow[];
  lostDigests: number | null;
  sampleSource: string;
}

async function rowsOf(conn: Connection, sql: string, values: unknown[] = []) {
  const [rows] = await conn.query({ sql, values });
  return rows as Array<Record<string, unknown>>;
}

/** Whether this server can give digest statistics now; null when it can. */
export async function digestsUnavailable(
  conn: Connection,
  server: ServerInfo,
): Promise<DigestsUnavailable | null> {
  if (!server.capabilities.statementDigests) {
    return {
      reason: `${server.versionText} has no statement digest table (performance_schema.events_statements_summary_by_digest).`,
      howToEnable: 'Upgrade to MySQL 5.6.5+ or MariaDB 10.0+.',
    };
  }
  const [on] = await rowsOf(conn, 'SELECT @@GLOBAL.performance_schema AS ps');
  if (!on || String(on.ps) === '0' || String(on.ps).toUpperCase() === 'OFF') {
    return {
      reason: 'performance_schema is OFF on this server, so it keeps no statement statistics.',
      howToEnable:
        'Add performance_schema=ON under [mysqld] (or [mariadbd]) in the server’s option file and restart the server: it cannot be switched on while the server runs. It costs some memory (about 100-400 MB) and a few percent of throughput.',
    };
  }
  const consumers = await rowsOf(
    conn,
    "SELECT NAME, ENABLED FROM performance_schema.setup_consumers WHERE NAME IN ('statements_digest', 'global_instrumentation')",
  );
  const off = consumers.filter((c) => String(c.ENABLED).toUpperCase() !== 'YES');
  if (off.length) {
    const names = off.map((c) => String(c.NAME));
    return {
      reason: `The performance_schema consumer${names.length > 1 ? 's' : ''} ${names.join(', ')} ${names.length > 1 ? 'are' : 'is'} disabled, so statements are not summarised by digest.`,
      howToEnable: `UPDATE performance_schema.setup_consumers SET ENABLED = 'YES' WHERE NAME IN (${names.map((n) => `'${n}'`).join(', ')});`,
    };
  }
  return null;
}

/**
 * Reads the digest summary (one schema's, or all): every column, so what a newer server adds
 * is kept. Example statements come from QUERY_SAMPLE_TEXT where the server has it, else from
 * the statement history tables (recent executions only).
 */
export async function readDigests(
  conn: Connection,
  server: ServerInfo,
  schema: string | null,
): Promise<DigestSnapshot> {
  const [limits] = await rowsOf(
    conn,
    'SELECT @@GLOBAL.performance_schema_max_sql_text_length AS max_text, UTC_TIMESTAMP(6) AS now',
  );
  const maxText = Number(limits?.max_text ?? 1024);
  const takenAt = String(limits?.now ?? '').replace(' ', 'T') + 'Z';
  const [raw, fields] = await conn.query({
    sql: `SELECT * FROM ${DIGEST_TABLE}${schema !== null ? ' WHERE SCHEMA_NAME = ?' : ''}`,
    values: schema !== null ? [schema] : [],
    rowsAsArray: true,
  });
  const columns = (fields as Array<{ name: string }>).map((f) => f.name);
  let samples: (Map<string, string> & { enabled: boolean }) | null = null;
  let sampleSource: string;
  if (server.capabilities.digestQuerySample) {
    sampleSource = 'QUERY_SAMPLE_TEXT (the slowest recent execution of each digest)';
  } else {
    samples = await historySamples(conn);
    sampleSource = samples.enabled
      ? 'events_statements_history_long / events_statements_history (recent executions only)'
      : "No example statements: this server has no QUERY_SAMPLE_TEXT and the statement history consumers are off. Enable them with UPDATE performance_schema.setup_consumers SET ENABLED = 'YES' WHERE NAME IN ('events_statements_current', 'events_statements_history', 'events_statements_history_long');";
  }
  const read = digestRowReader(columns, maxText);
  const schemaAt = columns.indexOf('SCHEMA_NAME');
  const digestAt = columns.indexOf('DIGEST');
  const rows = (raw as unknown[][]).map((r) =>
    read(
      r,
      samples
        ? (samples.get(`${String(r[schemaAt] ?? '')}\u0000${String(r[digestAt])}`) ?? null)
        : undefined,
    ),
  );
  const [lost] = await rowsOf(
    conn,
    "SHOW GLOBAL STATUS LIKE 'Performance_schema_digest_lost'",
  ).catch(() => [undefined]);
  const lostDigests = lost ? Number(lost.Value) : null;
  return {
    takenAt,
    rows,
    lostDigests: Number.isFinite(lostDigests) ? lostDigests : null,
    sampleSource,
  };
}

/**
 * The latest text of each digest in the statement history tables, where they are enabled. The
 * history consumers only fill when events_statements_current is enabled as well.
 */
async function historySamples(
  conn: Connection,
): Promise<Map<string, string> & { enabled: boolean }> {
  const out = new Map<string, string>() as Map<string, string> & { enabled: boolean };
  const on = new Set(
    (
      await rowsOf(
        conn,
        "SELECT NAME FROM performance_schema.setup_consumers WHERE NAME IN ('events_statements_current', 'events_statements_history', 'events_statements_history_long') AND ENABLED = 'YES'",
      )
    ).map((c) => String(c.NAME)),
  );
  const tables = on.has('events_statements_current')
    ? ['events_statements_history_long', 'events_statements_history'].filter((t) => on.has(t))
    : [];
  out.enabled = tables.length > 0;
  for (const table of tables) {
    const rows = await rowsOf(
      conn,
      `SELECT CURRENT_SCHEMA, DIGEST, SQL_TEXT FROM performance_schema.${table} WHERE DIGEST IS NOT NULL AND SQL_TEXT IS NOT NULL ORDER BY TIMER_START`,
    );
    for (const r of rows) {
      const key = `${String(r.CURRENT_SCHEMA ?? '')}\u0000${String(r.DIGEST)}`;
      // The long history is read first and is the more complete: it wins.
      if (!out.has(key) || table === 'events_statements_history_long')
        out.set(key, String(r.SQL_TEXT));
    }
  }
  return out;
}
