import { z } from 'zod';
import { SeveritySchema } from '../severity';
import { quoteIdentifier } from '../sql/quote-identifier';
import type { RedundantIndex } from './redundant-indexes';

export const HEALTH_KINDS = [
  'no-primary-key',
  'redundant-index',
  'unused-index',
  'row-versions',
] as const;
export const HealthKindSchema = z.enum(HEALTH_KINDS);
export type HealthKind = z.infer<typeof HealthKindSchema>;

/** One thing worth fixing in a schema, with why and the statement that fixes it (never run here). */
export const HealthFindingSchema = z.object({
  kind: HealthKindSchema,
  severity: SeveritySchema.extract(['warning', 'info']),
  table: z.string(),
  index: z.string().optional(),
  title: z.string(),
  explanation: z.string(),
  /** The statement to review and run yourself. */
  fixSql: z.string(),
});
export type HealthFinding = z.infer<typeof HealthFindingSchema>;

/** A table's size now and at the previous visit. */
export const TableSizeSchema = z.object({
  table: z.string(),
  rows: z.number().nonnegative().nullable(),
  dataBytes: z.number().nonnegative(),
  indexBytes: z.number().nonnegative(),
  totalBytes: z.number().nonnegative(),
  /** Total bytes at the previous visit; null when the table was not seen then. */
  previousBytes: z.number().nonnegative().nullable(),
  growthBytes: z.number().nullable(),
});
export type TableSize = z.infer<typeof TableSizeSchema>;

function at(schema: string, table: string): string {
  return `${quoteIdentifier(schema)}.${quoteIdentifier(table)}`;
}

/**
 * A table without a primary key. `uniqueNotNull` names a unique index on NOT NULL columns
 * InnoDB already uses as its clustered key: making it the primary key costs no rebuild of data.
 */
export function noPrimaryKeyFinding(
  schema: string,
  table: string,
  uniqueNotNull: { index: string; columns: string[] } | null,
): HealthFinding {
  const fixSql = uniqueNotNull
    ? `ALTER TABLE ${at(schema, table)} DROP INDEX ${quoteIdentifier(uniqueNotNull.index)}, ADD PRIMARY KEY (${uniqueNotNull.columns.map(quoteIdentifier).join(', ')})`
    : `ALTER TABLE ${at(schema, table)} ADD COLUMN ${quoteIdentifier('id')} BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY FIRST`;
  return {
    kind: 'no-primary-key',
    severity: 'warning',
    table,
    title: `${table} has no primary key`,
    explanation:
      'With row-based replication a replica finds each changed row of a table without a primary key by scanning the table, once per row: one UPDATE of many rows can stall replication for hours. InnoDB also adds a hidden 6-byte row id no query can use.' +
      (uniqueNotNull
        ? ` Its unique index ${uniqueNotNull.index} on NOT NULL columns can become the primary key.`
        : ' Add a key column (check first that applications insert with explicit column lists).'),
    fixSql,
  };
}

/**
 * How a server hides an index from the optimizer while keeping it up to date: MySQL 8.0's
 * INVISIBLE, MariaDB 10.6's IGNORED (it refuses INVISIBLE for an index); null where neither is.
 */
export type IndexHiding = 'invisible' | 'ignored' | null;

/**
 * An index sys.schema_unused_indexes lists: not used since the server started. `hiding` says
 * how this server can hide it first, to watch what slows down before dropping it.
 */
export function unusedIndexFinding(
  schema: string,
  table: string,
  index: string,
  hiding: IndexHiding = 'invisible',
): HealthFinding {
  const hide = hiding
    ? `, or make it ${hiding} first (ALTER TABLE ${at(schema, table)} ALTER INDEX ${quoteIdentifier(index)} ${hiding.toUpperCase()}) and watch.`
    : '.';
  return {
    kind: 'unused-index',
    severity: 'info',
    table,
    index,
    title: `${table}.${index} has not been used since the server started`,
    explanation:
      'Every write maintains this index, but no statement read through it since the server started or the table was last altered (performance_schema counts it). Check that the server has been up through a full business cycle (month-end jobs, reports) before dropping it' +
      hide,
    fixSql: `ALTER TABLE ${at(schema, table)} DROP INDEX ${quoteIdentifier(index)}`,
  };
}

/** An index another index of the same table already covers. */
export function redundantIndexFinding(schema: string, r: RedundantIndex): HealthFinding {
  const cols = (c: string[]) => c.join(', ');
  const extra = r.columns.slice(r.coveredByColumns.length);
  const says = {
    duplicate: {
      title: `${r.table}.${r.index} duplicates ${r.coveredBy}`,
      explanation: `Both index (${cols(r.columns)}), in the same order: every write pays twice for what one index does.`,
    },
    prefix: {
      title: `${r.table}.${r.index} is a prefix of ${r.coveredBy}`,
      explanation: `(${cols(r.columns)}) are the leading columns of ${r.coveredBy} (${cols(r.coveredByColumns)}), which serves every lookup this one can. Dropping it saves space and write work.`,
    },
    'extends-unique': {
      title: `${r.table}.${r.index} extends the unique ${r.coveredBy}`,
      explanation: `${r.coveredBy} (${cols(r.coveredByColumns)}) is unique, so a lookup on its columns finds at most one row without this index; the extra ${extra.length > 1 ? 'columns' : 'column'} (${cols(extra)}) only help queries that read ${extra.length > 1 ? 'them' : 'it'} from this index alone (a covering index). Drop it unless such a query needs it.`,
    },
  }[r.kind];
  return {
    kind: 'redundant-index',
    // The covering case is a judgement call; the other two are plain waste.
    severity: r.kind === 'extends-unique' ? 'info' : 'warning',
    table: r.table,
    index: r.index,
    ...says,
    fixSql: `ALTER TABLE ${at(schema, r.table)} DROP INDEX ${quoteIdentifier(r.index)}`,
  };
}

/** A table changed by many instant ADD/DROP COLUMNs (MySQL 8.0.29+ row versions). */
export function rowVersionsFinding(schema: string, table: string, versions: number): HealthFinding {
  return {
    kind: 'row-versions',
    severity: versions >= 32 ? 'warning' : 'info',
    table,
    title: `${table} has ${versions} row versions from instant DDL`,
    explanation:
      'Each instant ADD or DROP COLUMN adds a row version; rows keep the version they were written in and are decoded through it on every read. At the limit (64 versions) instant DDL is refused and ALTERs fall back to copying the table. A rebuild writes every row in the current version.',
    fixSql: `ALTER TABLE ${at(schema, table)} FORCE`,
  };
}

/**
 * Sizes now, with growth since the previous visit (`previous`: table → total bytes then),
 * largest first.
 */
export function sizesWithGrowth(
  now: ReadonlyArray<{ table: string; rows: number | null; dataBytes: number; indexBytes: number }>,
  previous: Readonly<Record<string, number>> | null,
): TableSize[] {
  return now
    .map((t) => {
      const totalBytes = t.dataBytes + t.indexBytes;
      const before = previous?.[t.table];
      return {
        table: t.table,
        rows: t.rows,
        dataBytes: t.dataBytes,
        indexBytes: t.indexBytes,
        totalBytes,
        previousBytes: before ?? null,
        growthBytes: before === undefined ? null : totalBytes - before,
      };
    })
    .sort((a, b) => b.totalBytes - a.totalBytes || a.table.localeCompare(b.table));
}
