import { z } from 'zod';
import { formatGtidSet } from '../gtid/format-gtid-set';
import { requireGtidSet } from '../gtid/parse-gtid-set';
import { checkPromotion } from '../gtid/promotion-check';

const IssueSchema = z.object({ peer: z.string(), gtids: z.string() });

/** Whether a replica could replace its source for the source's other replicas. */
export const PromotionSchema = z.object({
  canPromote: z.boolean(),
  /** The other replicas of the same source (node ids). */
  peers: z.array(z.string()),
  /** Transactions a peer has that this replica lacks (they would be lost or diverge). */
  missing: z.array(IssueSchema),
  /**
   * Transactions a peer has that this replica lacks but its sources have: it is behind, not
   * diverged, and can replace its source once it has caught up.
   */
  behind: z.array(IssueSchema),
  /** Transactions a peer would need from this replica that it has purged (error 1236). */
  purgedButNeeded: z.array(IssueSchema),
  /**
   * Other replicas of the same source that could not be read (node ids): not compared, so the
   * verdict says nothing about them; with no peer read, there is no verdict (`canPromote` false,
   * no issues).
   */
  unreadPeers: z.array(z.string()),
});
export type Promotion = z.infer<typeof PromotionSchema>;

/**
 * The promotion check of a MySQL replica against its sibling replicas, from the GTID sets as
 * the servers printed them. `sourcesExecuted` (its sources' sets, read after the siblings')
 * tells lag from loss; see checkPromotion. `unreadPeers`: siblings that could not be read,
 * named so the verdict is not taken to cover them. Null without siblings.
 */
export function promotionOf(
  candidate: { id: string; executed: string; purged: string },
  peers: ReadonlyArray<{ id: string; executed: string }>,
  sourcesExecuted?: string,
  unreadPeers: readonly string[] = [],
): Promotion | null {
  if (peers.length === 0) {
    if (unreadPeers.length === 0) return null;
    return {
      canPromote: false,
      peers: [],
      missing: [],
      behind: [],
      purgedButNeeded: [],
      unreadPeers: [...unreadPeers],
    };
  }
  const check = checkPromotion(
    {
      name: candidate.id,
      executed: requireGtidSet(candidate.executed),
      purged: requireGtidSet(candidate.purged),
    },
    peers.map((p) => ({ name: p.id, executed: requireGtidSet(p.executed) })),
    sourcesExecuted === undefined ? undefined : requireGtidSet(sourcesExecuted),
  );
  const issues = (list: typeof check.missing) =>
    list.map((i) => ({ peer: i.peer, gtids: formatGtidSet(i.gtids) }));
  return {
    canPromote: check.canPromote,
    peers: peers.map((p) => p.id),
    missing: issues(check.missing),
    behind: issues(check.behind),
    purgedButNeeded: issues(check.purgedButNeeded),
    unreadPeers: [...unreadPeers],
  };
}
