import type { PlanRecord } from '../api/tuning';
import { formatMs } from '../explain/format-plan-figures';
import { planFlips, recordFingerprint, type PlanFlip } from './plan-flips';
import { statementHistories, type StatementIdentity } from './statement-identity';

/** The average latency of a statement while one plan was in use, from counter differences. */
export interface PlanLatency {
  /** Milliseconds per call; null when the records do not tell (see planLatency). */
  avgMs: number | null;
  /** Calls counted between the records used; 0 when none. */
  calls: number;
}

/** A statement's latest plan flip, with the average latency under the plan before and after. */
export interface StatementFlip {
  identity: StatementIdentity;
  flip: PlanFlip;
  before: PlanLatency;
  after: PlanLatency;
}

const NOT_KNOWN: PlanLatency = { avgMs: null, calls: 0 };

/**
 * The average latency over records made while one plan was in use: from the first to the last
 * record with counters. Null when fewer than two have counters, no call ran between them, or
 * the counters went back (digest table truncated, row evicted, server restarted).
 */
export function planLatency(run: readonly PlanRecord[]): PlanLatency {
  const counted = run.filter((r) => r.counters !== undefined);
  if (counted.length < 2) return NOT_KNOWN;
  const first = counted[0]!.counters!;
  const last = counted[counted.length - 1]!.counters!;
  const calls = last.calls - first.calls;
  const latency = last.totalLatencyMs - first.totalLatencyMs;
  if (calls <= 0 || latency < 0) return NOT_KNOWN;
  return { avgMs: latency / calls, calls };
}

/**
 * The runs of records on either side of a flip: the records of its connection in time order
 * with the old fingerprint that end at `flip.before`, and those with the new one that start at
 * `flip.after`. The interval between the two runs is left out: the plan changed somewhere in
 * it, so its calls belong to neither plan.
 */
export function flipRuns(
  records: readonly PlanRecord[],
  flip: PlanFlip,
): { before: PlanRecord[]; after: PlanRecord[] } {
  const list = records
    .filter((r) => r.connectionId === flip.connectionId)
    .map((record) => ({ record, fingerprint: recordFingerprint(record) }))
    .filter((r) => r.fingerprint !== undefined)
    .sort((a, b) => a.record.recordedAt.localeCompare(b.record.recordedAt));
  const at = list.findIndex((r) => r.record === flip.after);
  if (at < 0) return { before: [], after: [] };
  const before: PlanRecord[] = [];
  for (let i = at - 1; i >= 0 && list[i]!.fingerprint === flip.fingerprints.before; i--) {
    before.unshift(list[i]!.record);
  }
  const after: PlanRecord[] = [];
  for (let i = at; i < list.length && list[i]!.fingerprint === flip.fingerprints.after; i++) {
    after.push(list[i]!.record);
  }
  return { before, after };
}

/**
 * Each statement's latest plan flip in `records` (one connection's or several), with the
 * average latency under the old and the new plan. Newest flip first.
 */
export function statementFlips(records: readonly PlanRecord[]): StatementFlip[] {
  const out: StatementFlip[] = [];
  for (const history of statementHistories(records)) {
    const [latest] = planFlips(history.records);
    if (!latest) continue;
    const runs = flipRuns(history.records, latest);
    out.push({
      identity: history.identity,
      flip: latest,
      before: planLatency(runs.before),
      after: planLatency(runs.after),
    });
  }
  return out.sort((a, b) => b.flip.at.localeCompare(a.flip.at));
}

/** `14:02 UTC` from an ISO time. */
function utcMinute(iso: string): string {
  return `${iso.slice(11, 16)} UTC`;
}

/** An average, or "—" when it is not known. */
function avg(latency: PlanLatency): string {
  return latency.avgMs === null ? '—' : formatMs(latency.avgMs);
}

/**
 * The flag's words: "plan changed 14:02 UTC, avg latency 3.1 ms → 48 ms", from when the new
 * plan was first kept and the latency under each plan.
 */
export function flipSummary(at: string, before: PlanLatency, after: PlanLatency): string {
  return `plan changed ${utcMinute(at)}, avg latency ${avg(before)} → ${avg(after)}`;
}
