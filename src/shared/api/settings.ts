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

/** Where plan diagnostics draw the line between noise and a finding. */
export const FULL_SCAN_ROWS_BOUNDS = { min: 10, max: 1_000_000_000 } as const;
export const MISESTIMATE_FACTOR_BOUNDS = { min: 2, max: 1_000_000 } as const;

/**
 * The thresholds of plan diagnostics: scans and sorts of fewer rows are not worth a warning,
 * and estimates off by this factor or less are noise.
 */
export const PlanDiagnosticSettingsSchema = z
  .object({
    fullScanRows: wholeNumberIn('The full scan threshold', FULL_SCAN_ROWS_BOUNDS, 'rows'),
    misestimateFactor: z
      .number({ error: 'The misestimate factor must be a number' })
      .min(
        MISESTIMATE_FACTOR_BOUNDS.min,
        `The misestimate factor must be at least ${MISESTIMATE_FACTOR_BOUNDS.min}×`,
      )
      .max(
        MISESTIMATE_FACTOR_BOUNDS.max,
        `The misestimate factor must be at most ${MISESTIMATE_FACTOR_BOUNDS.max.toLocaleString('en-US')}×`,
      ),
  })
  .strict();
export type PlanDiagnosticSettings = z.infer<typeof PlanDiagnosticSettingsSchema>;

/** The thresholds as first installed: 1,000 rows, 10×. */
export function defaultPlanDiagnosticSettings(): PlanDiagnosticSettings {
  return { fullScanRows: 1000, misestimateFactor: 10 };
}

/** The bounds of the screens' read limit, in seconds. */
export const SCREEN_READ_SECONDS_BOUNDS = { min: 2, max: 3_600 } as const;

/**
 * How long a screen's read of a server (the schema browser, Tuning, processlist, replication,
 * ALTER progress) may go unanswered before its connection is given up and the screen says the
 * server does not answer. A server with a very large data dictionary (MariaDB reading hundreds of
 * thousands of tables' definitions) may need longer than the default.
 */
export const ScreenReadSettingsSchema = z
  .object({
    timeoutSeconds: wholeNumberIn(
      'The time a screen waits for the server',
      SCREEN_READ_SECONDS_BOUNDS,
      'seconds',
    ),
  })
  .strict();
export type ScreenReadSettings = z.infer<typeof ScreenReadSettingsSchema>;

/** As first installed: 30 seconds. */
export function defaultScreenReadSettings(): ScreenReadSettings {
  return { timeoutSeconds: 30 };
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
  /** The plan diagnostics thresholds (defaults when never saved). */
  'settings.plan': { params: z.object({}).strict(), result: PlanDiagnosticSettingsSchema },
  /** Saves the plan diagnostics thresholds; plans explained from then on use them. */
  'settings.savePlan': {
    params: PlanDiagnosticSettingsSchema,
    result: PlanDiagnosticSettingsSchema,
  },
  /** How long screens wait for a server's answer (defaults when never saved). */
  'settings.screenReads': { params: z.object({}).strict(), result: ScreenReadSettingsSchema },
  /** Saves it; every screen's next read uses it. */
  'settings.saveScreenReads': {
    params: ScreenReadSettingsSchema,
    result: ScreenReadSettingsSchema,
  },
} as const;
