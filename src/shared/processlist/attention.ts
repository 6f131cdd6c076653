import type { Severity } from '../severity';
import type { BlockingModel } from './blocking-chains';
import type { ProcessRow, ThreadKind } from './process-row';
import type { Transaction } from './transaction';

/** Why a row deserves a look, with how much. */
export interface Attention {
  severity: Severity;
  /** Stable reason key: `blocked`, `blocking`, `long-statement`, `long-transaction`, `idle-in-transaction`. */
  reason: string;
  /** Plain words for the row's badge and tooltip. */
  text: string;
}

/** When something is worth a highlight, in seconds. */
export interface AttentionThresholds {
  /** A statement running longer is a warning; twice as long is danger. */
  statementSeconds: number;
  /** A transaction open longer is a warning; twice as long is danger. */
  transactionSeconds: number;
  /** A session idle (Sleep) inside an open transaction for longer is a warning. */
  idleInTransactionSeconds: number;
}

export const DEFAULT_THRESHOLDS: AttentionThresholds = {
  statementSeconds: 10,
  transactionSeconds: 60,
  idleInTransactionSeconds: 10,
};

function seconds(s: number): string {
  return `${Math.round(s)} s`;
}

/**
 * How many of the sessions `id` holds up (directly or further down a chain) are replication
 * threads of this server (its applier or workers), by `kindOf`.
 */
export function replicationThreadsHeldUp(
  id: number,
  blocking: BlockingModel,
  kindOf: (id: number) => ThreadKind | undefined,
): number {
  let count = 0;
  for (const [waiter, w] of blocking.waiting)
    if (kindOf(waiter) === 'replication' && (w.blockedBy.includes(id) || w.chain.includes(id)))
      count++;
  return count;
}

/**
 * What is worth a look in one row: blocked (danger, naming the blocker and the root of its
 * chain), blocking others (warning; danger when it is the root, or holds up the replication
 * applier, which the default filter hides: the replica's lag grows while it waits), a long
 * statement, a long transaction, or a session sitting idle inside a transaction (it holds its
 * locks while nothing happens). The server's own threads run for ever by design and get no
 * time-based highlight. `kindOf` tells the kind of another session (rows by id).
 */
export function attentionFor(
  row: ProcessRow,
  transaction: Transaction | undefined,
  blocking: BlockingModel,
  thresholds: AttentionThresholds = DEFAULT_THRESHOLDS,
  kindOf: (id: number) => ThreadKind | undefined = () => undefined,
): Attention[] {
  const out: Attention[] = [];
  const waits = blocking.waiting.get(row.id);
  if (waits) {
    const first = waits.blockedBy[0]!;
    const others = waits.blockedBy.length > 1 ? ` (+${waits.blockedBy.length - 1} more)` : '';
    const root = waits.root !== first ? `; root blocker #${waits.root}` : '';
    out.push({
      severity: 'danger',
      reason: 'blocked',
      text: `Blocked by #${first}${others}${root}${waits.cycle ? ' (deadlock cycle)' : ''}`,
    });
  }
  const blocks = blocking.blocks.get(row.id);
  if (blocks) {
    const applier = replicationThreadsHeldUp(row.id, blocking, kindOf);
    const others = blocks - applier;
    out.push({
      severity: waits && applier === 0 ? 'warning' : 'danger',
      reason: 'blocking',
      text:
        applier === 0
          ? `Blocks ${blocks} session${blocks === 1 ? '' : 's'}`
          : `Blocks the replication applier${applier > 1 ? ` (${applier} threads)` : ''}${
              others > 0 ? ` and ${others} other session${others === 1 ? '' : 's'}` : ''
            }`,
    });
  }
  if (row.kind !== 'client') return out;
  const statementSeconds = row.timeMs / 1000;
  if (
    row.command !== 'Sleep' &&
    row.info !== null &&
    statementSeconds >= thresholds.statementSeconds
  ) {
    out.push({
      severity: statementSeconds >= thresholds.statementSeconds * 2 ? 'danger' : 'warning',
      reason: 'long-statement',
      text: `Statement running ${seconds(statementSeconds)}`,
    });
  }
  if (transaction) {
    if (row.command === 'Sleep' && row.timeSeconds >= thresholds.idleInTransactionSeconds) {
      out.push({
        severity: 'warning',
        reason: 'idle-in-transaction',
        text: `Idle ${seconds(row.timeSeconds)} in an open transaction`,
      });
    }
    if (transaction.ageSeconds >= thresholds.transactionSeconds) {
      out.push({
        severity:
          transaction.ageSeconds >= thresholds.transactionSeconds * 2 ? 'danger' : 'warning',
        reason: 'long-transaction',
        text: `Transaction open ${seconds(transaction.ageSeconds)}`,
      });
    }
  }
  return out;
}
