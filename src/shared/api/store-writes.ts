import { z } from 'zod';

/** The files the backend keeps growing as the user works (the ones a full disk can refuse). */
export const WRITTEN_STORES = ['history', 'plans', 'settings', 'alter-history'] as const;

/**
 * Whether one store's latest changes reached its file. While a store is `failing`, what it could
 * not write is kept in memory (and in effect), written again on its next change and on a timer
 * with backoff; it is lost only if the backend stops before the disk takes it.
 */
export const StoreWriteStatusSchema = z.object({
  store: z.enum(WRITTEN_STORES),
  state: z.enum(['failing', 'ok']),
  /** The file it writes. */
  path: z.string(),
  /** The operating system's error code of the last failure (`ENOSPC`, `EACCES`, ...). */
  errorCode: z.string().nullable(),
  /** The last failure in the operating system's words; null once writes succeed again. */
  error: z.string().nullable(),
  /** Changes (history lines, plans, runs, a settings save) only in memory; 0 when `ok`. */
  unsaved: z.number().int().nonnegative(),
});
export type StoreWriteStatus = z.infer<typeof StoreWriteStatusSchema>;
export type WrittenStore = StoreWriteStatus['store'];
