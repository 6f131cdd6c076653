import { previousBound } from './bound';
import type { GtidSet } from './gtid-set';
import { countGtids } from './gtid-set-algebra';

/** The statements that give a server an empty transaction for each GTID of a set. */
export interface EmptyTransactionPlan {
  /** How many GTIDs the plan injects. */
  transactions: number;
  /**
   * Statements to run in order on one session, without trailing semicolons:
   * `SET GTID_NEXT='uuid[:tag]:n'`, `BEGIN`, `COMMIT` per GTID, then
   * `SET GTID_NEXT='AUTOMATIC'`. Empty when the set is.
   */
  statements: string[];
  /** The same as a script: one line per GTID, then `SET GTID_NEXT='AUTOMATIC';`. */
  script: string;
}

/** The default for `maxTransactions`. */
export const DEFAULT_MAX_INJECTED_TRANSACTIONS = 10_000;

/** Raised instead of expanding a set into more statements than allowed. */
export class FixPlanTooLargeError extends Error {
  constructor(
    readonly transactions: bigint,
    readonly limit: number,
  ) {
    super(
      `The set holds ${transactions} transactions; a plan injects at most ${limit} empty ` +
        'transactions (raise the limit to go further).',
    );
    this.name = 'FixPlanTooLargeError';
  }
}

/**
 * The classic fix for errant transactions: run this plan on the source (and any replica that
 * lacks them) so that every server "has" those GTIDs, as empty transactions. Throws
 * `FixPlanTooLargeError` when the set holds more than `maxTransactions` GTIDs.
 */
export function emptyTransactionFixPlan(
  gtids: GtidSet,
  options: { maxTransactions?: number } = {},
): EmptyTransactionPlan {
  const limit = options.maxTransactions ?? DEFAULT_MAX_INJECTED_TRANSACTIONS;
  const total = countGtids(gtids);
  if (total > BigInt(limit)) throw new FixPlanTooLargeError(total, limit);
  const statements: string[] = [];
  const lines: string[] = [];
  for (const entry of gtids.entries) {
    // A tag that held non-ASCII bytes is stored by MySQL as bytes 0xFF, which no UTF-8
    // statement can name.
    if (entry.tag.includes('\ufffd')) {
      throw new Error(`cannot write a statement for the tag of ${entry.uuid}: it is not ASCII`);
    }
    const prefix = entry.tag === '' ? entry.uuid : `${entry.uuid}:${entry.tag}`;
    for (let i = 0; i < entry.intervals.length; i += 2) {
      const last = BigInt(previousBound(entry.intervals[i + 1]!));
      for (let n = BigInt(entry.intervals[i]!); n <= last; n++) {
        const set = `SET GTID_NEXT='${prefix}:${n}'`;
        statements.push(set, 'BEGIN', 'COMMIT');
        lines.push(`${set}; BEGIN; COMMIT;`);
      }
    }
  }
  if (statements.length > 0) {
    statements.push("SET GTID_NEXT='AUTOMATIC'");
    lines.push("SET GTID_NEXT='AUTOMATIC';");
  }
  return {
    transactions: Number(total),
    statements,
    script: lines.length > 0 ? `${lines.join('\n')}\n` : '',
  };
}
