import type { Connection } from 'mysql2/promise';
import type { ServerInfo } from '../../../shared/server/server-info';
import type { RedundantSource } from '../../../shared/api/tuning';
import {
  findRedundantIndexes,
  fromSysRedundantIndexes,
  type IndexColumnRow,
  type RedundantIndex,
  type SysRedundantRow,
} from '../../../shared/tuning/redundant-indexes';
import {
  experimentIndexFinding,
  experimentLeftovers,
  noPrimaryKeyFinding,
  rowVersionsFinding,
  type HealthFinding,
} from '../../../shared/tuning/schema-health';
import { innodbNamePart } from '../alter/innodb-table-name';
import { adviseIndexDrops, type UnusedIndex } from '../../../shared/tuning/index-drop-advice';
import { foreignKeyNeeds } from '../../../shared/tuning/foreign-key-needs';

/** Fewer row versions than this are not worth a finding. */
export const MIN_ROW_VERSIONS = 10;

async function rowsOf(conn: Connection, sql: string, values: unknown[] = []) {
  const [rows] = await conn.query({ sql, values });
  return rows as Array<Record<string, unknown>>;
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export interface RawHealth {
  findings: HealthFinding[];
  redundantSource: RedundantSource;
  sizes: Array<{ table: string; rows: number | null; dataBytes: number; indexBytes: number }>;
  notes: string[];
}

/** Reads what schema health needs from one schema: tables, index columns, sys and InnoDB views. */
export async function readHealth(
  conn: Connection,
  server: ServerInfo,
  schema: string,
): Promise<RawHealth> {
  const notes: string[] = [];
  if (server.capabilities.statsExpiry) {
    // Sizes as of now, not as cached for up to a day (this is the tool's own session).
    await conn.query('SET SESSION information_schema_stats_expiry = 0');
  }
  const tables = await rowsOf(
    conn,
    `SELECT TABLE_NAME, TABLE_ROWS, DATA_LENGTH, INDEX_LENGTH FROM information_schema.TABLES
     WHERE TABLE_SCHEMA = ? AND TABLE_TYPE IN ('BASE TABLE', 'SYSTEM VERSIONED') ORDER BY TABLE_NAME`,
    [schema],
  );
  // Whether the optimizer uses the index: an invisible (MySQL) or ignored (MariaDB) one covers
  // no other (see adviseIndexDrops).
  const hidden = !server.capabilities.invisibleIndexes
    ? "'NO'"
    : server.flavor === 'mariadb'
      ? 'IGNORED'
      : "IF(IS_VISIBLE = 'NO', 'YES', 'NO')";
  const stats = await rowsOf(
    conn,
    `SELECT TABLE_NAME, INDEX_NAME, NON_UNIQUE, SEQ_IN_INDEX, COLUMN_NAME, SUB_PART, INDEX_TYPE, NULLABLE,
       ${hidden} AS HIDDEN
     FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX`,
    [schema],
  );
  const columns: Array<IndexColumnRow & { nullable: boolean }> = stats.map((r) => ({
    table: str(r.TABLE_NAME),
    index: str(r.INDEX_NAME),
    nonUnique: Number(r.NON_UNIQUE) !== 0,
    seq: Number(r.SEQ_IN_INDEX),
    column: r.COLUMN_NAME === null ? null : str(r.COLUMN_NAME),
    subPart: num(r.SUB_PART),
    type: str(r.INDEX_TYPE),
    nullable: str(r.NULLABLE) === 'YES',
    visible: str(r.HIDDEN) !== 'YES',
  }));
  const findings: HealthFinding[] = [];
  for (const t of tables) {
    const table = str(t.TABLE_NAME);
    const own = columns.filter((c) => c.table === table);
    if (own.some((c) => c.index === 'PRIMARY')) continue;
    findings.push(noPrimaryKeyFinding(schema, table, uniqueNotNull(own)));
  }
  const redundant = await redundantIndexes(conn, server, schema, columns, notes);
  const unused: UnusedIndex[] = [];
  if (server.capabilities.sysSchema) {
    try {
      const rows = await rowsOf(
        conn,
        'SELECT object_name, index_name FROM sys.schema_unused_indexes WHERE object_schema = ? ORDER BY object_name, index_name',
        [schema],
      );
      for (const u of rows) unused.push({ table: str(u.object_name), index: str(u.index_name) });
    } catch (e) {
      notes.push(
        `Unused indexes were not checked: sys.schema_unused_indexes could not be read (${e instanceof Error ? e.message : String(e)}). It needs the sys schema and performance_schema ON.`,
      );
    }
  } else {
    notes.push('Unused indexes were not checked: this server has no sys schema.');
  }
  const keyColumns = await rowsOf(
    conn,
    `SELECT TABLE_SCHEMA, TABLE_NAME, CONSTRAINT_NAME, COLUMN_NAME, ORDINAL_POSITION,
            REFERENCED_TABLE_SCHEMA, REFERENCED_TABLE_NAME, REFERENCED_COLUMN_NAME
     FROM information_schema.KEY_COLUMN_USAGE
     WHERE REFERENCED_TABLE_NAME IS NOT NULL AND (TABLE_SCHEMA = ? OR REFERENCED_TABLE_SCHEMA = ?)`,
    [schema, schema],
  );
  const keys = foreignKeyNeeds(
    schema,
    keyColumns.map((r) => ({
      schema: str(r.TABLE_SCHEMA),
      table: str(r.TABLE_NAME),
      constraint: str(r.CONSTRAINT_NAME),
      column: str(r.COLUMN_NAME),
      position: Number(r.ORDINAL_POSITION),
      referencedSchema: str(r.REFERENCED_TABLE_SCHEMA),
      referencedTable: str(r.REFERENCED_TABLE_NAME),
      referencedColumn: str(r.REFERENCED_COLUMN_NAME),
    })),
  );
  // Decided together, so that following every DROP advised never leaves a column set unindexed
  // nor a foreign key without its index.
  const hiding = !server.capabilities.invisibleIndexes
    ? null
    : server.flavor === 'mariadb'
      ? 'ignored'
      : 'invisible';
  // An index an experiment left is said as such, and is no cover nor candidate in the advice:
  // it is to be dropped, and advice counting on it would leave its columns unindexed.
  const leftovers = experimentLeftovers(columns, keys);
  for (const l of leftovers)
    findings.push(experimentIndexFinding(schema, l.table, l.index, l.keyNeed));
  const left = (table: string, index: string) =>
    leftovers.some((l) => l.table === table && l.index === index);
  findings.push(
    ...adviseIndexDrops(
      schema,
      columns.filter((c) => !left(c.table, c.index)),
      redundant.indexes.filter((r) => !left(r.table, r.index) && !left(r.table, r.coveredBy)),
      unused.filter((u) => !left(u.table, u.index)),
      keys,
      notes,
      hiding,
    ),
  );
  const innodbSchema = innodbNamePart(schema);
  if (server.capabilities.innodbRowVersions && innodbSchema !== null) {
    // INNODB_TABLES writes names in the server's file-name encoding (`order-items` is
    // `order@002ditems`) and lists each partition (`t#p#p0`): matched back to the tables here.
    const byInnodbName = new Map<string, string>();
    for (const t of tables) {
      const encoded = innodbNamePart(str(t.TABLE_NAME));
      if (encoded !== null) byInnodbName.set(encoded, str(t.TABLE_NAME));
    }
    const versions = await rowsOf(
      conn,
      `SELECT NAME, TOTAL_ROW_VERSIONS FROM information_schema.INNODB_TABLES
       WHERE CAST(LEFT(NAME, CHAR_LENGTH(?)) AS BINARY) = CAST(? AS BINARY) AND TOTAL_ROW_VERSIONS >= ?`,
      [`${innodbSchema}/`, `${innodbSchema}/`, MIN_ROW_VERSIONS],
    );
    // Each partition counts its own versions: a table's is its partitions' most.
    const most = new Map<string, number>();
    for (const v of versions) {
      const inner = str(v.NAME)
        .slice(innodbSchema.length + 1)
        .replace(/#[pP]#.*$/, '');
      const table = byInnodbName.get(inner);
      if (table === undefined) continue;
      most.set(table, Math.max(most.get(table) ?? 0, Number(v.TOTAL_ROW_VERSIONS)));
    }
    for (const [table, count] of most) findings.push(rowVersionsFinding(schema, table, count));
    const unencodable = tables.filter((t) => innodbNamePart(str(t.TABLE_NAME)) === null);
    if (unencodable.length > 0) {
      notes.push(
        `Row versions were not checked for ${unencodable.length} table${unencodable.length === 1 ? '' : 's'} whose name has non-ASCII characters (InnoDB's views write those in an encoding Sightline does not reproduce).`,
      );
    }
  } else if (server.capabilities.innodbRowVersions) {
    notes.push(
      "Row versions were not checked: the schema's name has non-ASCII characters, which InnoDB's views write in an encoding Sightline does not reproduce.",
    );
  } else {
    notes.push(
      'Row versions were not checked: the server has no INNODB_TABLES.TOTAL_ROW_VERSIONS (MySQL 8.0.29+).',
    );
  }
  return {
    findings,
    redundantSource: redundant.source,
    sizes: tables.map((t) => ({
      table: str(t.TABLE_NAME),
      rows: num(t.TABLE_ROWS),
      dataBytes: Number(t.DATA_LENGTH ?? 0),
      indexBytes: Number(t.INDEX_LENGTH ?? 0),
    })),
    notes,
  };
}

/**
 * Redundant indexes from sys.schema_redundant_indexes on MySQL (the reference the issue names),
 * else (MariaDB, no sys schema, or the view failing) computed from STATISTICS by its rules.
 */
async function redundantIndexes(
  conn: Connection,
  server: ServerInfo,
  schema: string,
  columns: readonly IndexColumnRow[],
  notes: string[],
): Promise<{ indexes: RedundantIndex[]; source: RedundantSource }> {
  if (server.flavor !== 'mariadb' && server.capabilities.sysSchema) {
    try {
      const rows = await rowsOf(
        conn,
        `SELECT table_name, redundant_index_name, redundant_index_columns, dominant_index_name,
           dominant_index_columns, subpart_exists
         FROM sys.schema_redundant_indexes WHERE table_schema = ?`,
        [schema],
      );
      const { indexes, skipped } = fromSysRedundantIndexes(rows as unknown as SysRedundantRow[]);
      if (skipped > 0) {
        notes.push(
          `${skipped} pair${skipped > 1 ? 's' : ''} of indexes with prefix (partial-column) parts ${skipped > 1 ? 'were' : 'was'} left out of the redundant indexes: sys.schema_redundant_indexes compares column names without their lengths.`,
        );
      }
      return { indexes, source: 'sys.schema_redundant_indexes' };
    } catch (e) {
      notes.push(
        `Redundant indexes were computed from information_schema.STATISTICS: sys.schema_redundant_indexes could not be read (${e instanceof Error ? e.message : String(e)}).`,
      );
    }
  }
  return { indexes: findRedundantIndexes(columns), source: 'information_schema.STATISTICS' };
}

/** A unique index whose columns are all NOT NULL and whole: a primary key in all but name. */
function uniqueNotNull(
  cols: Array<IndexColumnRow & { nullable: boolean }>,
): { index: string; columns: string[] } | null {
  const byIndex = new Map<string, Array<IndexColumnRow & { nullable: boolean }>>();
  for (const c of cols) byIndex.set(c.index, [...(byIndex.get(c.index) ?? []), c]);
  for (const [index, parts] of byIndex) {
    if (parts.every((p) => !p.nonUnique && !p.nullable && p.subPart === null && p.column !== null))
      return { index, columns: parts.sort((a, b) => a.seq - b.seq).map((p) => p.column!) };
  }
  return null;
}
