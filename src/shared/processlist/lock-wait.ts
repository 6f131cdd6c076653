import { z } from 'zod';

/** One session waiting for a lock another session holds (or is queued for ahead of it). */
export const LockWaitSchema = z.object({
  kind: z.enum(['row', 'metadata']),
  /** Processlist id of the waiting session. */
  waitingId: z.number().int().nonnegative(),
  /** Processlist id of the session it waits for. */
  blockingId: z.number().int().nonnegative(),
  /** What is locked: `schema`.`table` (and the index of a row lock) or the lock's own name. */
  schema: z.string().nullable(),
  object: z.string().nullable(),
  index: z.string().nullable(),
  /** The lock asked for and the lock in the way (`X`, `SHARED_READ`, `EXCLUSIVE`...). */
  waitingMode: z.string().nullable(),
  blockingMode: z.string().nullable(),
  /** The blocker holds its lock (true) or is itself queued ahead of the waiter (false). */
  granted: z.boolean(),
});
export type LockWait = z.infer<typeof LockWaitSchema>;
