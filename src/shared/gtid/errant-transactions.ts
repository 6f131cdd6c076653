import { filterGtidSet, type GtidSet } from './gtid-set';
import { gtidIntersection, gtidSubtract, gtidUnion } from './gtid-set-algebra';
import { requireServerUuid } from './server-uuid';

/**
 * Errant transactions of a replica: what it executed that its source never did
 * (`replicaExecuted − sourceExecuted`), leaving out UUIDs known to be legitimate there
 * (`localUuids`, e.g. a former source's, or the replica's own when local writes are expected).
 * Pass each server's `@@GLOBAL.gtid_executed`.
 */
export function errantOf(
  replicaExecuted: GtidSet,
  sourceExecuted: GtidSet,
  localUuids: Iterable<string> = [],
): GtidSet {
  return withoutUuids(gtidSubtract(replicaExecuted, sourceExecuted), localUuids);
}

/**
 * Errant transactions when the source is down (the "seed" method): what this replica
 * executed that none of the other replicas has, except transactions of the source's own UUID,
 * which only mean this replica got further in the source's stream than the others.
 */
export function seedErrantOf(
  replicaExecuted: GtidSet,
  otherReplicasExecuted: readonly GtidSet[],
  sourceUuid: string,
  localUuids: Iterable<string> = [],
): GtidSet {
  let others: GtidSet | null = null;
  for (const executed of otherReplicasExecuted)
    others = others ? gtidUnion(others, executed) : executed;
  const unique = others ? gtidSubtract(replicaExecuted, others) : replicaExecuted;
  return withoutUuids(unique, [sourceUuid, ...localUuids]);
}

/** Errant transactions split by whether the replica still has them in its binary logs. */
export interface ErrantClassification {
  /**
   * Still in the binary logs: a replica of this server would receive and apply them (for
   * example after a failover to it).
   */
  inBinlogs: GtidSet;
  /**
   * Purged: a replica of this server that lacks them cannot be served any more (MySQL stops
   * it with "source has purged binary logs containing GTIDs that the replica requires").
   */
  purged: GtidSet;
}

/** Splits errant transactions using the replica's `@@GLOBAL.gtid_purged`. */
export function classifyErrant(errant: GtidSet, gtidPurged: GtidSet): ErrantClassification {
  return {
    inBinlogs: gtidSubtract(errant, gtidPurged),
    purged: gtidIntersection(errant, gtidPurged),
  };
}

function withoutUuids(set: GtidSet, uuids: Iterable<string>): GtidSet {
  const excluded = new Set([...uuids].map(requireServerUuid));
  return excluded.size === 0 ? set : filterGtidSet(set, (entry) => !excluded.has(entry.uuid));
}
