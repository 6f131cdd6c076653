import type { PlanRecord } from '../api/tuning';
import { explainPlanText, planShapeFingerprint } from '../explain';

/** A statement's plan changing shape between two explains on one connection. */
export interface PlanFlip {
  connectionId: string;
  /** When the new shape was first seen (the later record's time). */
  at: string;
  before: PlanRecord;
  after: PlanRecord;
  fingerprints: { before: string; after: string };
}

/** Fingerprints worked out of older records' documents (parsing a plan is not free). */
const workedOut = new WeakMap<PlanRecord, string | null>();

/** A record's fingerprint: as kept, else worked out from its document (older records). */
export function recordFingerprint(record: PlanRecord): string | undefined {
  if (record.fingerprint !== undefined) return record.fingerprint;
  let known = workedOut.get(record);
  if (known === undefined) {
    const parsed = explainPlanText(record.document);
    known = parsed.ok ? planShapeFingerprint(parsed.report.root) : null;
    workedOut.set(record, known);
  }
  return known ?? undefined;
}

/**
 * Where a statement's plan flipped: records of one statement shape (as `plans.history` gives
 * them), per connection in time order, compared with the one before; each change of shape
 * fingerprint is a flip. Plans of different connections never compare (another server has
 * other data), nor do records whose document does not read as a plan. Newest flip first.
 */
export function planFlips(records: readonly PlanRecord[]): PlanFlip[] {
  const byConnection = new Map<string, Array<{ record: PlanRecord; fingerprint: string }>>();
  for (const record of records) {
    const fingerprint = recordFingerprint(record);
    if (fingerprint === undefined) continue;
    const list = byConnection.get(record.connectionId) ?? [];
    list.push({ record, fingerprint });
    byConnection.set(record.connectionId, list);
  }
  const flips: PlanFlip[] = [];
  for (const [connectionId, list] of byConnection) {
    list.sort((a, b) => a.record.recordedAt.localeCompare(b.record.recordedAt));
    for (let i = 1; i < list.length; i++) {
      const prev = list[i - 1]!;
      const next = list[i]!;
      if (prev.fingerprint === next.fingerprint) continue;
      flips.push({
        connectionId,
        at: next.record.recordedAt,
        before: prev.record,
        after: next.record,
        fingerprints: { before: prev.fingerprint, after: next.fingerprint },
      });
    }
  }
  return flips.sort((a, b) => b.at.localeCompare(a.at));
}
