import { z } from 'zod';
import { EditabilitySchema, RowEditSchema } from '../result-edit/edit-model';
import { ConnectionColorSchema } from './connection';
import { CancelOutcomeSchema } from './cancel-outcome';
import { ApiErrorShapeSchema } from './errors';
import { StatementTextSchema } from './message-limits';
import { CellSchema, ResultColumnSchema } from './query';

const Id = z.string().min(1).max(64);

/** The most row changes one apply takes. */
export const MAX_ROW_EDITS = 10_000;

/** A result as the screen holds it: the statement that made it and its columns. */
const ResultParams = {
  sessionId: Id,
  sql: StatementTextSchema,
  columns: z.array(ResultColumnSchema).min(1).max(10_000),
};

/** The statements a set of changes becomes, to show before anything runs. */
export const EditPreviewSchema = z.object({
  /** Names this exact list for `result.applyEdits`. */
  planId: Id,
  statements: z.array(z.string()),
  /** The connection they would run on, for the confirmation. */
  connection: z.object({
    name: z.string(),
    color: ConnectionColorSchema,
    production: z.boolean(),
  }),
});
export type EditPreview = z.infer<typeof EditPreviewSchema>;

/** What an apply did: all of it committed, or none of it (rolled back) and why. */
export const EditOutcomeSchema = z.discriminatedUnion('applied', [
  z.object({
    applied: z.literal(true),
    /**
     * Each changed row as the server holds it after the change (read back in the same
     * transaction), in the result's columns, by edit; null for a delete, and in a column that
     * is not a table column (an expression: not read back).
     */
    rows: z.array(z.array(CellSchema).nullable()),
  }),
  z.object({
    applied: z.literal(false),
    /** The statement that failed, 0-based. */
    statementIndex: z.number().int().nonnegative(),
    statement: z.string(),
    /** Why, in words: the server's error or the number of rows it changed instead of one. */
    message: z.string(),
    error: ApiErrorShapeSchema.nullable(),
  }),
]);
export type EditOutcome = z.infer<typeof EditOutcomeSchema>;

export const resultEditContract = {
  /**
   * Whether the rows of a result can be changed in place: one base table with a primary key (or
   * a unique key on NOT NULL columns) whose columns are all in the result, checked against the
   * table as it is now; read-only.
   */
  'result.editability': {
    params: z.object(ResultParams),
    result: EditabilitySchema,
  },
  /**
   * The exact statements that would apply `edits` (checked again against the live table), kept
   * under `planId` for `result.applyEdits`; nothing runs. Refused when the result is not
   * editable, the connection is marked read-only, or a transaction is open in the session.
   */
  'result.previewEdits': {
    params: z.object({ ...ResultParams, edits: z.array(RowEditSchema).min(1).max(MAX_ROW_EDITS) }),
    result: EditPreviewSchema,
  },
  /**
   * Runs a previewed list in one transaction on its session: each statement must change exactly
   * one row, or everything is rolled back. A plan runs at most once.
   */
  'result.applyEdits': {
    params: z.object({ planId: Id }),
    result: EditOutcomeSchema,
  },
  /**
   * Stops the apply running on the session (KILL QUERY of the statement it waits on or runs),
   * which then rolls everything back; refused once it is committing.
   */
  'result.cancelApply': {
    params: z.object({ sessionId: Id }),
    result: CancelOutcomeSchema,
  },
} as const;
