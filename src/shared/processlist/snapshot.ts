import { z } from 'zod';
import { ServerRunSchema } from '../server/server-run';
import { LockWaitSchema } from './lock-wait';
import { ProcessRowSchema } from './process-row';
import { TransactionSchema } from './transaction';

/** Where the rows came from; see `chooseProcesslistSource`. */
export const ProcesslistSourceSchema = z.enum(['performance_schema', 'information_schema']);
export type ProcesslistSource = z.infer<typeof ProcesslistSourceSchema>;

/** Something the snapshot could not show, the privilege or setting it needs, and what it shows. */
export const ProcesslistNoticeSchema = z.object({
  /** Stable key for screens and tests: `process-privilege`, `performance-schema-access`, ... */
  key: z.string(),
  /** What is missing, e.g. `PROCESS privilege`. */
  missing: z.string(),
  /** What the snapshot shows instead. */
  shownInstead: z.string(),
});
export type ProcesslistNotice = z.infer<typeof ProcesslistNoticeSchema>;

/** One poll of the processlist: sessions, their transactions and who waits for whom. */
export const ProcesslistSnapshotSchema = z.object({
  /** When the poll finished, ISO 8601 (the backend's clock). */
  takenAt: z.string(),
  /**
   * The run of the server the rows come from: their ids mean something only in that run, so a
   * KILL sends it back and the backend refuses when the server restarted since.
   */
  serverRun: ServerRunSchema,
  source: ProcesslistSourceSchema,
  rows: z.array(ProcessRowSchema),
  transactions: z.array(TransactionSchema),
  waits: z.array(LockWaitSchema),
  notices: z.array(ProcesslistNoticeSchema),
  /** How long the poll took in the backend (queries and model), ms. */
  pollMs: z.number().nonnegative(),
});
export type ProcesslistSnapshot = z.infer<typeof ProcesslistSnapshotSchema>;
