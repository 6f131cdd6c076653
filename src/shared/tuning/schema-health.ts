import { z } from 'zod';
import { SeveritySchema } from '../severity';
import { quoteIdentifier } from '../sql/quote-identifier';
import { EXPERIMENT_INDEX_PREFIX } from './index-experiment';
import type { ForeignKeyNeed } from './index-drop-advice';
import { shapesOf, type IndexColumnRow, type RedundantIndex } from './redundant-indexes';

export const HEALTH_KINDS = [
  'experiment-index',
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
 * An index named as Sightline's index experiments name the index they build and drop again
 * (EXPERIMENT_INDEX_PREFIX): one is left when the backend stopped mid-experiment (killed,
 * crashed, the machine lost power) before its clean-up. `keyNeed`: the foreign key it is now the
 * last index of (building it made the server drop the key's own index, which the clean-up
 * would have built again): that index is built in the same statement, or the DROP is refused.
 */
export function experimentIndexFinding(
  schema: string,
  table: string,
  index: string,
  keyNeed: { constraint: string; columns: string[] } | null,
): HealthFinding {
  const drop = `DROP INDEX ${quoteIdentifier(index)}`;
  return {
    kind: 'experiment-index',
    severity: 'warning',
    table,
    index,
    title: `${table}.${index} was left by an index experiment`,
    explanation:
      `Sightline's index experiments build an index named ${EXPERIMENT_INDEX_PREFIX}… on a scratch server and drop it again; this one is still there, so an experiment was stopped before its clean-up (unless one runs on this server right now). Every write maintains it, and where it is not invisible (MariaDB) other sessions' queries may use it.` +
      (keyNeed
        ? ` It is now the only index that serves foreign key ${keyNeed.constraint} (${keyNeed.columns.join(', ')}): building it made the server drop the key's own index, so the statement builds that one again as it drops this one.`
        : ''),
    fixSql: keyNeed
      ? `ALTER TABLE ${at(schema, table)} ADD INDEX ${quoteIdentifier(keyNeed.constraint)} (${keyNeed.columns.map(quoteIdentifier).join(', ')}), ${drop}`
      : `ALTER TABLE ${at(schema, table)} ${drop}`,
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

/**
 * The indexes of `rows` an index experiment left (see experimentIndexFinding), each with the
 * foreign key of `keys` it is the last index of, if any.
 */
export function experimentLeftovers(
  rows: readonly IndexColumnRow[],
  keys: readonly ForeignKeyNeed[],
): Array<{ table: string; index: string; keyNeed: ForeignKeyNeed | null }> {
  const out: Array<{ table: string; index: string; keyNeed: ForeignKeyNeed | null }> = [];
  for (const [table, shapes] of shapesOf(rows)) {
    const serves = (parts: readonly string[], key: ForeignKeyNeed) =>
      key.columns.every((c, i) => parts[i] === c);
    for (const shape of shapes) {
      if (!shape.name.startsWith(EXPERIMENT_INDEX_PREFIX)) continue;
      const keyNeed =
        keys.find(
          (k) =>
            k.table === table &&
            !k.constraint.includes('.') &&
            serves(shape.parts, k) &&
            !shapes.some(
              (o) =>
                o !== shape && !o.name.startsWith(EXPERIMENT_INDEX_PREFIX) && serves(o.parts, k),
            ),
        ) ?? null;
      out.push({ table, index: shape.name, keyNeed });
    }
  }
  return out.sort((a, b) => a.table.localeCompare(b.table) || a.index.localeCompare(b.index));
}
