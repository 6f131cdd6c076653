import { z } from 'zod';

/** The app's severity scale (UX.md): the same colours and icons everywhere. */
export const SEVERITIES = ['ok', 'info', 'warning', 'danger'] as const;
export const SeveritySchema = z.enum(SEVERITIES);
export type Severity = z.infer<typeof SeveritySchema>;

/** One thing worth a DBA's attention about a replica, worst first when listed. */
export const ReplicationProblemSchema = z.object({
  severity: SeveritySchema,
  /** Stable key for screens and tests: `io-error`, `sql-stopped`, `lag`, `errant`, ... */
  code: z.string(),
  /** The channel it concerns ('' for the default one); null for the server as a whole. */
  channel: z.string().nullable(),
  /** One line: what is wrong. */
  title: z.string(),
  /** The server's words and what to do next. */
  detail: z.string(),
});
export type ReplicationProblem = z.infer<typeof ReplicationProblemSchema>;

/** Higher is worse. */
export function severityRank(severity: Severity): number {
  return SEVERITIES.indexOf(severity);
}

/** The worst severity among `problems` ('ok' when none). */
export function worstSeverity(problems: readonly { severity: Severity }[]): Severity {
  let worst: Severity = 'ok';
  for (const p of problems) if (severityRank(p.severity) > severityRank(worst)) worst = p.severity;
  return worst;
}

/** Problems worst first; the order among equals is kept. */
export function sortProblems<T extends { severity: Severity }>(problems: readonly T[]): T[] {
  return [...problems].sort((a, b) => severityRank(b.severity) - severityRank(a.severity));
}
