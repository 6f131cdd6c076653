import { z } from 'zod';

/** The bounds a result limit may be set within: below, results are cut too soon to be useful;
 * above, one result could take the app's whole memory. */
export const RESULT_ROWS_BOUNDS = { min: 1_000, max: 100_000_000 } as const;
export const RESULT_MEGABYTES_BOUNDS = { min: 16, max: 65_536 } as const;

const wholeNumberIn = (what: string, bounds: { min: number; max: number }, unit: string) =>
  z
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .min(bounds.min, `${what} must be at least ${bounds.min.toLocaleString('en-US')} ${unit}`)
    .max(bounds.max, `${what} must be at most ${bounds.max.toLocaleString('en-US')} ${unit}`);

/**
 * How much of one result the app keeps: fetching stops at whichever limit comes first, and the
 * user can still export the whole result to a file.
 */
export const ResultLimitSettingsSchema = z
  .object({
    maxRows: wholeNumberIn('The row limit', RESULT_ROWS_BOUNDS, 'rows'),
    maxMegabytes: wholeNumberIn('The memory limit', RESULT_MEGABYTES_BOUNDS, 'MB'),
  })
  .strict();
export type ResultLimitSettings = z.infer<typeof ResultLimitSettingsSchema>;

/** The limits as first installed: a million rows or 512 MB per result. */
export function defaultResultLimitSettings(): ResultLimitSettings {
  return { maxRows: 1_000_000, maxMegabytes: 512 };
}

/** The app settings methods (other than update notifications); spread into the contract. */
export const settingsContract = {
  /** How much of one result the backend keeps (defaults when never saved). */
  'settings.results': { params: z.object({}).strict(), result: ResultLimitSettingsSchema },
  /**
   * Saves the result limits (settings.json in the data folder); statements started from then on
   * use them, a statement already running keeps the limits it started with.
   */
  'settings.saveResults': {
    params: ResultLimitSettingsSchema,
    result: ResultLimitSettingsSchema,
  },
} as const;
