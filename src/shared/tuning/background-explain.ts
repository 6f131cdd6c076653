import { z } from 'zod';
import { significantTokens } from '../sql/lexer';

/**
 * The background explains of one connection's top statements, as the user set them: off until
 * turned on, and on a connection marked production only when allowed there as well.
 */
export const BackgroundExplainSettingsSchema = z.object({
  enabled: z.boolean().default(false),
  /** Minutes between runs. */
  intervalMinutes: z.number().int().min(1).max(1440).default(15),
  /** How many statements of most total latency each run explains. */
  topStatements: z.number().int().min(1).max(50).default(10),
  /** Runs on this connection even though it is marked production (asked for explicitly). */
  allowOnProduction: z.boolean().default(false),
});
export type BackgroundExplainSettings = z.infer<typeof BackgroundExplainSettingsSchema>;

/** The settings of a connection that never had any: off. */
export function defaultBackgroundExplainSettings(): BackgroundExplainSettings {
  return BackgroundExplainSettingsSchema.parse({});
}

/** Why a group of statements was not explained, and how many. */
export const SkippedStatementsSchema = z.object({
  reason: z.enum(['truncated', 'no-sample', 'not-explainable', 'may-write', 'gone']),
  count: z.number().int().nonnegative(),
});
export type SkippedStatements = z.infer<typeof SkippedStatementsSchema>;

/** What one background run did. */
export const BackgroundRunSchema = z.object({
  startedAt: z.string(),
  finishedAt: z.string(),
  /** The top statements it looked at (at most the setting's number). */
  considered: z.number().int().nonnegative(),
  /** Digest texts of the statements explained and kept. */
  explained: z.array(z.string()),
  skipped: z.array(SkippedStatementsSchema),
  /** Statements the server would not explain, with its message (the first few). */
  failed: z.array(z.object({ statement: z.string(), message: z.string() })),
  /** Why the whole run failed (the next one then waits longer); null when it ran. */
  error: z.string().nullable(),
});
export type BackgroundRun = z.infer<typeof BackgroundRunSchema>;

/** Where a Tuning screen's background explains stand. */
export const BackgroundExplainStatusSchema = z.object({
  settings: BackgroundExplainSettingsSchema,
  /**
   * off: not enabled; blocked: enabled but not allowed here (`blockedReason`); waiting: for
   * `nextRunAt`; running: a run is under way.
   */
  state: z.enum(['off', 'blocked', 'waiting', 'running']),
  blockedReason: z.string().nullable(),
  nextRunAt: z.string().nullable(),
  lastRun: BackgroundRunSchema.nullable(),
  /** Runs failed in a row: each one doubles the wait, up to MAX_BACKOFF_MS. */
  failuresInARow: z.number().int().nonnegative(),
});
export type BackgroundExplainStatus = z.infer<typeof BackgroundExplainStatusSchema>;

/** The longest wait after failed runs. */
export const MAX_BACKOFF_MS = 60 * 60 * 1000;

/**
 * The wait before the next run: the interval, doubled for each run that failed in a row (a
 * server that refuses is not asked again and again), at most an hour or the interval if longer.
 */
export function nextRunDelayMs(intervalMinutes: number, failuresInARow: number): number {
  const interval = intervalMinutes * 60_000;
  if (failuresInARow <= 0) return interval;
  const backedOff = interval * 2 ** Math.min(failuresInARow, 20);
  return Math.min(backedOff, Math.max(MAX_BACKOFF_MS, interval));
}

/**
 * Why background explains may not run on this connection now, or null when they may: they are
 * off, or the connection is marked production and they were not allowed on it.
 */
export function backgroundRefusal(
  settings: BackgroundExplainSettings,
  connection: { name: string; production: boolean },
): { state: 'off' | 'blocked'; reason: string | null } | null {
  if (!settings.enabled) return { state: 'off', reason: null };
  if (connection.production && !settings.allowOnProduction) {
    return {
      state: 'blocked',
      reason: `“${connection.name}” is marked production: background explains run there only when allowed for this connection.`,
    };
  }
  return null;
}

/** The statement kinds EXPLAIN takes (MySQL and MariaDB). */
const EXPLAINABLE = new Set([
  'select',
  'with',
  'table',
  'values',
  'insert',
  'replace',
  'update',
  'delete',
]);

/** Whether EXPLAIN takes this statement (SET, SHOW, COMMIT, CALL, EXPLAIN itself... it does not). */
export function isExplainable(sql: string): boolean {
  for (const t of significantTokens(sql)) {
    if (t.kind === 'punctuation' && sql.slice(t.start, t.end) === '(') continue;
    return t.kind === 'word' && EXPLAINABLE.has(sql.slice(t.start, t.end).toLowerCase());
  }
  return false;
}

/** What a run needs of a top statement. */
export interface Candidate {
  digest: string | null;
  sample: string | null;
  sampleTruncated: boolean;
}

/**
 * Which of a run's top statements to explain, and how many are skipped and why: an example cut
 * at performance_schema_max_sql_text_length is not the statement, a digest without an example
 * has nothing to explain, and a statement not known to only read (`onlyReads`: UPDATE, DELETE,
 * a stored function) is left to the user's click, since the server refuses to explain it inside
 * the READ ONLY transaction background explains run in. The overflow row (no digest) is not a
 * statement.
 */
export function chooseStatements<C extends Candidate>(
  top: readonly C[],
  onlyReads: (sql: string) => boolean,
): { explain: Array<C & { sample: string }>; skipped: SkippedStatements[] } {
  const explain: Array<C & { sample: string }> = [];
  const counts = {
    truncated: 0,
    'no-sample': 0,
    'not-explainable': 0,
    'may-write': 0,
    gone: 0,
  };
  for (const c of top) {
    if (c.digest === null) continue;
    if (c.sample === null || c.sample.trim() === '') counts['no-sample']++;
    else if (c.sampleTruncated) counts.truncated++;
    else if (!isExplainable(c.sample)) counts['not-explainable']++;
    else if (!onlyReads(c.sample)) counts['may-write']++;
    else explain.push(c as C & { sample: string });
  }
  const skipped = (Object.keys(counts) as Array<keyof typeof counts>)
    .filter((reason) => counts[reason] > 0)
    .map((reason) => ({ reason, count: counts[reason] }));
  return { explain, skipped };
}

const SKIP_WORDS: Record<SkippedStatements['reason'], string> = {
  truncated: 'example cut at performance_schema_max_sql_text_length',
  'no-sample': 'no example statement kept',
  'not-explainable': 'not a statement EXPLAIN takes (SET, SHOW, COMMIT…)',
  'may-write': 'may change data (explained only when you click Explain)',
  gone: 'its schema or table no longer exists',
};

/** A run's skipped counts with `count` more of `reason` (kept in the enum's order). */
export function withSkipped(
  skipped: readonly SkippedStatements[],
  reason: SkippedStatements['reason'],
  count = 1,
): SkippedStatements[] {
  const found = skipped.some((s) => s.reason === reason);
  if (found)
    return skipped.map((s) => (s.reason === reason ? { ...s, count: s.count + count } : s));
  return [...skipped, { reason, count }];
}

/** "2 skipped: 1 example cut at …; 1 no example statement kept", or null when none were. */
export function skippedSummary(skipped: readonly SkippedStatements[]): string | null {
  const total = skipped.reduce((n, s) => n + s.count, 0);
  if (total === 0) return null;
  return `${total} skipped: ${skipped.map((s) => `${s.count} ${SKIP_WORDS[s.reason]}`).join('; ')}`;
}
