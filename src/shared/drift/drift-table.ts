import { z } from 'zod';
import { SPATIAL_TYPES } from '../sql/column-types';

/** A column of a compared table, as information_schema.COLUMNS describes it. */
export const DriftColumnSchema = z.object({
  name: z.string(),
  /** `DATA_TYPE`, lower case (`int`, `varchar`, `json`, ...). */
  dataType: z.string(),
  /** `CHARACTER_SET_NAME`; null for columns that are not text. */
  charset: z.string().nullable(),
  nullable: z.boolean(),
  /** Generated (virtual or stored) columns are left out of checksums: they follow the others. */
  generated: z.boolean(),
});
export type DriftColumn = z.infer<typeof DriftColumnSchema>;

/** How rows of a table are told apart: its primary key, or a unique key of NOT NULL columns. */
export const DriftKeySchema = z.object({
  /** `PRIMARY` or the unique index's name. */
  index: z.string(),
  columns: z.array(z.string()).min(1),
});
export type DriftKey = z.infer<typeof DriftKeySchema>;

/** A table as the comparison reads it. */
export interface DriftTable {
  schema: string;
  table: string;
  columns: DriftColumn[];
  /** Null: no usable key, the table cannot be compared by chunks (say so). */
  key: DriftKey | null;
}

/** Types whose values are compared as their bytes (text and binary strings). */
export const STRING_TYPES = new Set([
  'char',
  'varchar',
  'tinytext',
  'text',
  'mediumtext',
  'longtext',
  'enum',
  'set',
]);

/** Types stored as bytes with no character set. */
export const BINARY_TYPES = new Set([
  'binary',
  'varbinary',
  'tinyblob',
  'blob',
  'mediumblob',
  'longblob',
  'bit',
  ...SPATIAL_TYPES,
]);
