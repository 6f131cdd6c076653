import type { GtidSet } from './gtid-set';
import { gtidIntersection, gtidSubtract } from './gtid-set-algebra';

/** The server considered for promotion to source. */
export interface PromotionCandidate {
  name: string;
  /** `@@GLOBAL.gtid_executed`. */
  executed: GtidSet;
  /** `@@GLOBAL.gtid_purged`. */
  purged: GtidSet;
}

/** A server that would replicate from the candidate after the promotion. */
export interface PromotionPeer {
  name: string;
  /** `@@GLOBAL.gtid_executed`. */
  executed: GtidSet;
}

/** One peer's problem with the candidate, with the transactions concerned. */
export interface PromotionIssue {
  peer: string;
  gtids: GtidSet;
}

export interface PromotionCheck {
  /** True when both lists below are empty. */
  canPromote: boolean;
  /** Transactions a peer has and the candidate lacks: they would be lost or diverge. */
  missing: PromotionIssue[];
  /**
   * Transactions a peer lacks and would have to fetch from the candidate, which has purged
   * them from its binary logs: that peer could not replicate from it.
   */
  purgedButNeeded: PromotionIssue[];
}

/**
 * Whether `candidate` can become the source of `peers` by GTID auto-positioning: it must lack
 * nothing any peer has, and still hold in its binary logs everything a peer would need from it.
 */
export function checkPromotion(
  candidate: PromotionCandidate,
  peers: readonly PromotionPeer[],
): PromotionCheck {
  const missing: PromotionIssue[] = [];
  const purgedButNeeded: PromotionIssue[] = [];
  for (const peer of peers) {
    const lacking = gtidSubtract(peer.executed, candidate.executed);
    if (!lacking.isEmpty) missing.push({ peer: peer.name, gtids: lacking });
    const needed = gtidSubtract(candidate.executed, peer.executed);
    const gone = gtidIntersection(needed, candidate.purged);
    if (!gone.isEmpty) purgedButNeeded.push({ peer: peer.name, gtids: gone });
  }
  return {
    canPromote: missing.length === 0 && purgedButNeeded.length === 0,
    missing,
    purgedButNeeded,
  };
}
