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
  /** True when the three lists below are empty. */
  canPromote: boolean;
  /**
   * Transactions a peer has and the candidate lacks, which its sources do not have either:
   * they would be lost or diverge.
   */
  missing: PromotionIssue[];
  /**
   * Transactions a peer has and the candidate lacks that its sources have: the candidate is
   * behind (replication lag), and gets them while its sources are up.
   */
  behind: PromotionIssue[];
  /**
   * Transactions a peer lacks and would have to fetch from the candidate, which has purged
   * them from its binary logs: that peer could not replicate from it.
   */
  purgedButNeeded: PromotionIssue[];
}

/**
 * Whether `candidate` can become the source of `peers` by GTID auto-positioning: it must lack
 * nothing any peer has, and still hold in its binary logs everything a peer would need from it.
 * `sourcesExecuted`, the executed set of the candidate's sources read after the peers' sets,
 * tells lag from loss: what a peer has and the candidate lacks, which those sources have, is
 * only not applied yet. Without it every such transaction counts as missing.
 */
export function checkPromotion(
  candidate: PromotionCandidate,
  peers: readonly PromotionPeer[],
  sourcesExecuted?: GtidSet,
): PromotionCheck {
  const missing: PromotionIssue[] = [];
  const behind: PromotionIssue[] = [];
  const purgedButNeeded: PromotionIssue[] = [];
  for (const peer of peers) {
    const lacking = gtidSubtract(peer.executed, candidate.executed);
    const lost = sourcesExecuted ? gtidSubtract(lacking, sourcesExecuted) : lacking;
    const late = sourcesExecuted ? gtidIntersection(lacking, sourcesExecuted) : null;
    if (!lost.isEmpty) missing.push({ peer: peer.name, gtids: lost });
    if (late && !late.isEmpty) behind.push({ peer: peer.name, gtids: late });
    const needed = gtidSubtract(candidate.executed, peer.executed);
    const gone = gtidIntersection(needed, candidate.purged);
    if (!gone.isEmpty) purgedButNeeded.push({ peer: peer.name, gtids: gone });
  }
  return {
    canPromote: missing.length === 0 && behind.length === 0 && purgedButNeeded.length === 0,
    missing,
    behind,
    purgedButNeeded,
  };
}
