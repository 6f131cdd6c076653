import { isGtidSubset } from '../gtid/gtid-set-algebra';
import { parseGtidSet } from '../gtid/parse-gtid-set';
import type { ReplicationChannel, WorkerError } from './replication-channel';
import { replicationErrorTime } from './error-time';

/**
 * A channel's applier and receiver as performance_schema shows them (MySQL 8.0.1+), timestamps
 * already turned into seconds since the epoch (`UNIX_TIMESTAMP(...)`, null for none/zero).
 */
export interface ApplierSnapshot {
  channel: string;
  /** The replica's clock when the rows were read (`UNIX_TIMESTAMP(NOW(6))`). */
  now: number;
  /** replication_connection_status: the transaction being received, if any. */
  queueingOriginalCommit: number | null;
  /** The last transaction fully received ('' for none) and its original commit time. */
  lastQueuedTransaction: string;
  lastQueuedOriginalCommit: number | null;
  workers: WorkerSnapshot[];
}

/** One row of replication_applier_status_by_worker. */
export interface WorkerSnapshot {
  workerId: number;
  errorNumber: number;
  errorMessage: string;
  errorTimestamp: string;
  /** The transaction being applied ('' for none) and its original commit time. */
  applyingTransaction: string;
  applyingOriginalCommit: number | null;
}

/**
 * The channel with worker errors and its true lag from commit timestamps: the age of the oldest
 * transaction being applied, else of the one being received, else of the last received one when
 * it is not applied yet, else 0 - less the configured SQL_Delay. Unlike Seconds_Behind_Source it
 * sees a receiver that is behind (the applier idles, yet a transaction is still arriving).
 * Unknown (null) while the receiver does not run: nobody knows what the source has meanwhile.
 * Without usable timestamps (a source older than 8.0.1 writes none) Seconds_Behind stays.
 */
export function withTrueLag(
  channel: ReplicationChannel,
  snapshot: ApplierSnapshot,
): ReplicationChannel {
  const workerErrors: WorkerError[] = snapshot.workers
    .filter((w) => w.errorNumber > 0)
    .map((w) => ({
      workerId: w.workerId,
      number: w.errorNumber,
      message: w.errorMessage,
      timestamp: replicationErrorTime(w.errorTimestamp),
    }));
  const age = trueAge(channel, snapshot);
  const lag =
    channel.ioState !== 'running'
      ? { ...channel.lag, seconds: null, source: 'none' as const }
      : age === null
        ? channel.lag
        : {
            ...channel.lag,
            seconds: Math.max(0, round3(age - channel.delaySeconds)),
            source: 'commit-timestamps' as const,
          };
  return { ...channel, workerErrors, lag };
}

/** Seconds since the oldest unapplied transaction was committed on its source; null if unknown. */
function trueAge(channel: ReplicationChannel, s: ApplierSnapshot): number | null {
  const applying = s.workers
    .filter((w) => w.applyingTransaction !== '')
    .map((w) => w.applyingOriginalCommit);
  if (applying.length > 0) {
    if (applying.some((t) => t === null)) return null;
    return s.now - Math.min(...(applying as number[]));
  }
  if (s.queueingOriginalCommit !== null) return s.now - s.queueingOriginalCommit;
  if (
    s.lastQueuedTransaction !== '' &&
    !isApplied(s.lastQueuedTransaction, channel.executedGtids)
  ) {
    return s.lastQueuedOriginalCommit === null ? null : s.now - s.lastQueuedOriginalCommit;
  }
  return 0;
}

function isApplied(gtid: string, executed: string): boolean {
  const one = parseGtidSet(gtid);
  const all = parseGtidSet(executed);
  return one.ok && all.ok && isGtidSubset(one.set, all.set);
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
