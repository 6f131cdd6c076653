import type { Promotion } from '../../shared/replication/promotion';

/** The promotion verdict as the node details show it: its kind and its one line. */
export interface PromotionText {
  kind: 'yes' | 'behind' | 'no' | 'unknown';
  text: string;
}

/**
 * Whether a replica could replace its source for its siblings, in one line: yes; only once it
 * has caught up (what it lacks, its sources have: lag); no (it lacks what they will never send,
 * or purged what a sibling would need); or unknown when no sibling could be read. Siblings that
 * could not be read are named, so a "yes" is not taken to cover them.
 */
export function promotionText(promotion: Promotion): PromotionText {
  const { canPromote, peers, missing, behind, purgedButNeeded, unreadPeers } = promotion;
  const unread =
    unreadPeers.length === 0
      ? ''
      : ` Not compared with ${unreadPeers.join(', ')}, which could not be read.`;
  if (peers.length === 0) {
    return {
      kind: 'unknown',
      text: `? Cannot tell whether it can replace its source: its other replica${unreadPeers.length === 1 ? '' : 's'} ${unreadPeers.join(', ')} could not be read.`,
    };
  }
  if (canPromote) {
    return {
      kind: 'yes',
      text: `✔ Can replace its source for ${peers.join(', ')}: it lacks nothing they have and keeps what they would need.${unread}`,
    };
  }
  if (missing.length === 0 && purgedButNeeded.length === 0) {
    return {
      kind: 'behind',
      text: `◷ Can replace its source once it has caught up: it ${behind
        .map((m) => `lacks ${m.gtids} that ${m.peer} has`)
        .join('; ')}, which its source has too (lag, not divergence).${unread}`,
    };
  }
  return {
    kind: 'no',
    text: `✖ Cannot replace its source yet: ${[
      ...missing.map((m) => `lacks ${m.gtids} that ${m.peer} has`),
      ...purgedButNeeded.map((m) => `purged ${m.gtids} that ${m.peer} would need`),
      ...behind.map((m) => `is behind ${m.peer} by ${m.gtids}`),
    ].join('; ')}.${unread}`,
  };
}
