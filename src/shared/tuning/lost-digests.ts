// Statements the server summarised under no digest of their own: once its digest table is full
// (performance_schema_digests_size), each statement of a new shape is counted in the row without
// a digest, and in the status counter Performance_schema_digest_lost. That counter runs from the
// server's start: a TRUNCATE of the table empties the table but not the counter, so what it says
// must be counted over the same span as the figures it stands beside.
import { formatExactCount } from '../format/count';

/**
 * How many statements lost their digest between two reads of Performance_schema_digest_lost
 * (`atStart`, `now`). A counter lower than at the start means the server restarted in between:
 * all it counts now happened in the window. Null when either read is unknown.
 */
export function lostDigestsBetween(atStart: number | null, now: number | null): number | null {
  if (atStart === null || now === null) return null;
  return now >= atStart ? now - atStart : now;
}

/** What a top-statements answer knows of lost digests (see TopStatements in the API). */
export interface LostDigests {
  /** Lost over the span of the figures: the window, or since the server started. */
  lost: number | null;
  /** Lost since the server started (the counter itself). */
  sinceStart: number | null;
  /** Whether the figures are a window between two snapshots (not since the server started). */
  window: boolean;
}

/** What to say about lost digests, or null when none were lost. */
export function lostDigestsNote(
  digests: LostDigests,
): { severity: 'warning' | 'info'; text: string } | null {
  const { lost, sinceStart, window } = digests;
  if (lost !== null && lost > 0) {
    const span = window ? 'in this window' : 'since the server started';
    return {
      severity: 'warning',
      text: `${formatExactCount(lost)} ${lost === 1 ? 'statement' : 'statements'} ${span} got no digest of their own: the digest table was full (performance_schema_digests_size). They are counted together in the row without a digest, “(other statements)”, so the figures of their own statements miss them.`,
    };
  }
  if (window && lost === 0 && sinceStart !== null && sinceStart > 0) {
    return {
      severity: 'info',
      text: `None of this window’s statements lost their digest, but the digest table was full at some time before: ${formatExactCount(sinceStart)} ${sinceStart === 1 ? 'statement' : 'statements'} since the server started got none (performance_schema_digests_size).`,
    };
  }
  return null;
}
