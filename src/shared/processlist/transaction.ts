import { z } from 'zod';
import { ExtraValueSchema } from './process-row';

/** An open InnoDB transaction (information_schema.INNODB_TRX), tied to its processlist id. */
export const TransactionSchema = z.object({
  processId: z.number().int().nonnegative(),
  trxId: z.string(),
  /** `RUNNING`, `LOCK WAIT`, `ROLLING BACK`, `COMMITTING`. */
  state: z.string(),
  /** Seconds since the transaction started, as the server counts them. */
  ageSeconds: z.number().nonnegative(),
  /** Seconds waiting for a lock, or null when not waiting. */
  waitSeconds: z.number().nonnegative().nullable(),
  isolation: z.string().nullable(),
  rowsLocked: z.number().nonnegative().nullable(),
  rowsModified: z.number().nonnegative().nullable(),
  tablesLocked: z.number().nonnegative().nullable(),
  extra: z.record(z.string(), ExtraValueSchema),
});
export type Transaction = z.infer<typeof TransactionSchema>;
