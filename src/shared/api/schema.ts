import { z } from 'zod';

const Id = z.string().min(1).max(64);
/** A schema or object name: servers allow 64 characters; some slack for what they might allow. */
const Name = z.string().min(1).max(256);
const Count = z.number().int().nonnegative();

/** The schemas every server has for itself, flagged so screens can set them apart. */
export const SYSTEM_SCHEMAS: readonly string[] = [
  'information_schema',
  'mysql',
  'performance_schema',
  'sys',
];

/** Whether `name` is one of the server's own schemas. */
export function isSystemSchema(name: string): boolean {
  return SYSTEM_SCHEMAS.includes(name.toLowerCase());
}

/** The most columns `schema.completion` sends; beyond it tables come without their columns. */
export const MAX_COMPLETION_COLUMNS = 20_000;
/** The most tables and views `schema.completion` sends. */
export const MAX_COMPLETION_TABLES = 20_000;

export const SchemaSummarySchema = z.object({
  name: z.string(),
  defaultCharset: z.string(),
  defaultCollation: z.string(),
  /** information_schema, mysql, performance_schema, sys. */
  system: z.boolean(),
});
export type SchemaSummary = z.infer<typeof SchemaSummarySchema>;

/** A base table (also MariaDB's system-versioned tables and sequences). */
export const TableSummarySchema = z.object({
  name: z.string(),
  /** TABLE_TYPE as the server says it: `BASE TABLE`, `SYSTEM VERSIONED`, `SEQUENCE`, ... */
  type: z.string(),
  engine: z.string().nullable(),
  /** The storage engine's estimate (exact only for MyISAM-like engines); null when unknown. */
  rowEstimate: Count.nullable(),
  dataBytes: Count.nullable(),
  indexBytes: Count.nullable(),
  comment: z.string(),
});
export type TableSummary = z.infer<typeof TableSummarySchema>;

export const ViewSummarySchema = z.object({
  name: z.string(),
  /** TABLE_COMMENT: `VIEW`, or why the view is broken (e.g. it references a dropped table). */
  comment: z.string(),
});
export type ViewSummary = z.infer<typeof ViewSummarySchema>;

export const RoutineSummarySchema = z.object({
  name: z.string(),
  kind: z.enum(['procedure', 'function']),
  /** A function's return type (`int`, `varchar(10)`); null for procedures. */
  returns: z.string().nullable(),
  comment: z.string(),
});
export type RoutineSummary = z.infer<typeof RoutineSummarySchema>;

export const TriggerSummarySchema = z.object({
  name: z.string(),
  table: z.string(),
  /** `BEFORE` / `AFTER`. */
  timing: z.string(),
  /** `INSERT` / `UPDATE` / `DELETE`. */
  event: z.string(),
});
export type TriggerSummary = z.infer<typeof TriggerSummarySchema>;

export const EventSummarySchema = z.object({
  name: z.string(),
  /** `ENABLED`, `DISABLED`, `REPLICA_SIDE_DISABLED` / `SLAVESIDE_DISABLED`. */
  status: z.string(),
  /** `ONE TIME` / `RECURRING`. */
  type: z.string(),
  comment: z.string(),
});
export type EventSummary = z.infer<typeof EventSummarySchema>;

/** Everything a schema holds, each kind in name order. */
export const SchemaObjectsSchema = z.object({
  schema: z.string(),
  tables: z.array(TableSummarySchema),
  views: z.array(ViewSummarySchema),
  routines: z.array(RoutineSummarySchema),
  triggers: z.array(TriggerSummarySchema),
  events: z.array(EventSummarySchema),
});
export type SchemaObjects = z.infer<typeof SchemaObjectsSchema>;

export const ColumnInfoSchema = z.object({
  ordinal: z.number().int().positive(),
  name: z.string(),
  /** The full type: `bigint unsigned`, `varchar(64)`, `enum('a','b')`. */
  columnType: z.string(),
  nullable: z.boolean(),
  /**
   * The default: a literal's value without quotes (`it's`, `0.00`) or an expression's text
   * (`CURRENT_TIMESTAMP(3)`); null when there is none or it is NULL. Both flavors alike
   * (MariaDB reports defaults as SQL, MySQL as values: the service evens that out).
   */
  default: z.string().nullable(),
  /** The default is an expression evaluated on insert, not a literal. */
  defaultIsExpression: z.boolean(),
  /** COLUMN_KEY: `PRI`, `UNI`, `MUL` or empty. */
  key: z.string(),
  /** EXTRA as the server says it: `auto_increment`, `DEFAULT_GENERATED`, `VIRTUAL GENERATED`... */
  extra: z.string(),
  comment: z.string(),
  /**
   * Everything after the column's name in SHOW CREATE TABLE, exactly as written there (type,
   * default, generation, comment...): what screens show as the column's definition. Null for a
   * view's columns, or when the statement could not be read.
   */
  definition: z.string().nullable(),
});
export type ColumnInfo = z.infer<typeof ColumnInfoSchema>;

/**
 * Whether a column's EXTRA marks it generated (VIRTUAL, STORED, or MariaDB's older PERSISTENT):
 * the server computes its values and refuses one given in an INSERT (MySQL error 3105, MariaDB
 * 1906). MySQL's DEFAULT_GENERATED (an expression default) is not: that column takes values.
 */
export function isGeneratedColumn(extra: string): boolean {
  return /\b(VIRTUAL|STORED|PERSISTENT) GENERATED\b/i.test(extra);
}

export const IndexPartSchema = z.object({
  /** The column; null for a functional key part (see `expression`). */
  column: z.string().nullable(),
  expression: z.string().nullable(),
  /** null for index types without an order (HASH, FULLTEXT, SPATIAL). */
  order: z.enum(['asc', 'desc']).nullable(),
  /** Prefix length in characters (bytes for binary types), e.g. 10 for `name(10)`. */
  subPart: z.number().int().positive().nullable(),
});
export type IndexPart = z.infer<typeof IndexPartSchema>;

export const IndexInfoSchema = z.object({
  name: z.string(),
  unique: z.boolean(),
  /** `BTREE`, `HASH`, `FULLTEXT`, `SPATIAL`, ... */
  type: z.string(),
  parts: z.array(IndexPartSchema),
  comment: z.string(),
  /**
   * False for an INVISIBLE (MySQL) or IGNORED (MariaDB) index; null when the server has no such
   * thing (capability `invisibleIndexes`).
   */
  visible: z.boolean().nullable(),
});
export type IndexInfo = z.infer<typeof IndexInfoSchema>;

export const OBJECT_KINDS = ['table', 'view', 'procedure', 'function', 'trigger', 'event'] as const;
export const ObjectKindSchema = z.enum(OBJECT_KINDS);
export type ObjectKind = z.infer<typeof ObjectKindSchema>;

export const CreateStatementSchema = z.object({
  /** Exactly what SHOW CREATE returned. */
  sql: z.string(),
  /** The sql_mode the routine, trigger or event was created under; null for tables and views. */
  sqlMode: z.string().nullable(),
});
export type CreateStatement = z.infer<typeof CreateStatementSchema>;

export const CompletionColumnSchema = z.object({ name: z.string(), type: z.string() });
export const CompletionTableSchema = z.object({
  name: z.string(),
  view: z.boolean(),
  /** In order; null when the column limit was reached before this table (ask `schema.columns`). */
  columns: z.array(CompletionColumnSchema).nullable(),
});
export const CompletionSchemaSchema = z.object({
  name: z.string(),
  system: z.boolean(),
  tables: z.array(CompletionTableSchema),
});
/** What the editor completes from: schemas → tables and views → columns, within limits. */
export const CompletionCatalogueSchema = z.object({
  schemas: z.array(CompletionSchemaSchema),
  /** Some tables or columns were left out (MAX_COMPLETION_TABLES / MAX_COMPLETION_COLUMNS). */
  truncated: z.boolean(),
});
export type CompletionCatalogue = z.infer<typeof CompletionCatalogueSchema>;
export type CompletionTable = z.infer<typeof CompletionTableSchema>;

const InSession = { sessionId: Id };
const InSchema = { ...InSession, schema: Name };
const InTable = { ...InSchema, table: Name };

/**
 * The schema browser's and completion's methods (joined into the contract). Metadata is read on
 * a side connection of the session, so the editor's own connection (its variables, current
 * schema, open transaction, running statement) is never touched.
 */
export const schemaContract = {
  'schema.schemas': {
    params: z.object(InSession),
    result: z.array(SchemaSummarySchema),
  },
  'schema.objects': { params: z.object(InSchema), result: SchemaObjectsSchema },
  'schema.columns': { params: z.object(InTable), result: z.array(ColumnInfoSchema) },
  'schema.indexes': { params: z.object(InTable), result: z.array(IndexInfoSchema) },
  /** SHOW CREATE TABLE / VIEW / PROCEDURE / FUNCTION / TRIGGER / EVENT. */
  'schema.createStatement': {
    params: z.object({ ...InSchema, name: Name, kind: ObjectKindSchema }),
    result: CreateStatementSchema,
  },
  'schema.completion': { params: z.object(InSession), result: CompletionCatalogueSchema },
  /** The editor session's current schema (what `USE` chose), read without touching it. */
  'schema.current': {
    params: z.object(InSession),
    result: z.object({ schema: z.string().nullable() }),
  },
} as const;
