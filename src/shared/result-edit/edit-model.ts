import { z } from 'zod';

/**
 * A value the user gave a cell: NULL, exact text (numbers, dates, JSON as typed), or bytes as
 * hex. NULL and the empty string are different values.
 */
export const EditValueSchema = z.union([
  z.null(),
  z.object({ text: z.string() }).strict(),
  z.object({ hex: z.string().regex(/^(?:[0-9a-fA-F]{2})*$/, 'hex digits, two per byte') }).strict(),
]);
export type EditValue = z.infer<typeof EditValueSchema>;

/**
 * A cell's value as it was read, or `unknown` when only its start was kept (a long value): an
 * unknown value is never compared.
 */
export const OriginalValueSchema = z.union([EditValueSchema, z.literal('unknown')]);
export type OriginalValue = z.infer<typeof OriginalValueSchema>;

const ColumnIndex = z.number().int().nonnegative().max(100_000);
const ColumnValueSchema = z.object({ column: ColumnIndex, value: EditValueSchema });

/**
 * One row's change, by the result's column indexes: `original` holds every column of the row as
 * it was read (the key columns name the row).
 */
export const RowEditSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('update'),
    original: z.array(OriginalValueSchema),
    values: z.array(ColumnValueSchema).min(1),
  }),
  z.object({ op: z.literal('delete'), original: z.array(OriginalValueSchema) }),
  z.object({ op: z.literal('insert'), values: z.array(ColumnValueSchema) }),
]);
export type RowEdit = z.infer<typeof RowEditSchema>;

/** What each column of an editable result is, in the result's order. */
export const EditColumnSchema = z.discriminatedUnion('editable', [
  z.object({
    editable: z.literal(true),
    /** The column's name in its table. */
    name: z.string(),
    /** information_schema's DATA_TYPE (`int`, `varchar`, `json`, ...), lower case. */
    dataType: z.string(),
  }),
  z.object({
    editable: z.literal(false),
    /** Why this column cannot be changed, in words. */
    reason: z.string(),
  }),
]);
export type EditColumn = z.infer<typeof EditColumnSchema>;

/** Whether a result's rows can be changed in place, and if so, in which table and by what key. */
export const EditabilitySchema = z.discriminatedUnion('editable', [
  z.object({ editable: z.literal(false), reason: z.string() }),
  z.object({
    editable: z.literal(true),
    schema: z.string(),
    table: z.string(),
    /** The key that names a row: `PRIMARY` or a NOT NULL unique key, and its result columns. */
    key: z.object({
      name: z.string(),
      columns: z.array(ColumnIndex).min(1),
      /** The key columns' names in the table, in the key's order. */
      names: z.array(z.string()).min(1),
    }),
    columns: z.array(EditColumnSchema),
  }),
]);
export type Editability = z.infer<typeof EditabilitySchema>;
export type EditTarget = Extract<Editability, { editable: true }>;
