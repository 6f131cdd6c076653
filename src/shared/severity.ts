import { z } from 'zod';

/**
 * The app's one severity scale (UX.md), least severe first: plan findings, processlist
 * attention, replication health, ALTER risks and lint findings all speak it, so a colour and an
 * icon mean the same thing on every screen.
 */
export const SEVERITIES = ['ok', 'info', 'warning', 'danger'] as const;
export const SeveritySchema = z.enum(SEVERITIES);
export type Severity = z.infer<typeof SeveritySchema>;

/** The scale without `ok`: what a finding (a risk, a lint result, a plan diagnostic) can be. */
export const FINDING_SEVERITIES = ['info', 'warning', 'danger'] as const;
export const FindingSeveritySchema = z.enum(FINDING_SEVERITIES);
export type FindingSeverity = z.infer<typeof FindingSeveritySchema>;

/** Where a severity sits on the scale: higher is worse (`ok` is 0). */
export function severityRank(severity: Severity): number {
  return SEVERITIES.indexOf(severity);
}

/** The worst of `severities` ('ok' when there are none). */
export function worst(severities: Iterable<Severity>): Severity {
  let result: Severity = 'ok';
  for (const s of severities) if (severityRank(s) > severityRank(result)) result = s;
  return result;
}

/** The worst severity among items that carry one ('ok' when there are none). */
export function worstOf(items: readonly { severity: Severity }[]): Severity {
  return worst(items.map((i) => i.severity));
}

/** Items worst first; the order among equals is kept. */
export function worstFirst<T extends { severity: Severity }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => severityRank(b.severity) - severityRank(a.severity));
}
