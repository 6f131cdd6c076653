import { gtidUnion } from '../../../shared/gtid/gtid-set-algebra';
import { formatGtidSet } from '../../../shared/gtid/format-gtid-set';
import { requireGtidSet } from '../../../shared/gtid/parse-gtid-set';
import { promotionOf, type Promotion } from '../../../shared/replication/promotion';
import type { DiscoveredNode } from './discover-topology';
import { readExecuted } from './read-gtid-state';

/** A reachable MySQL replica and the other reachable MySQL replicas of its sources. */
interface Candidate {
  id: string;
  sourceIds: string[];
  peerIds: string[];
  /** Other replicas of its sources that could not be read (by their last-seen sources). */
  unreadIds: string[];
}

const isMysql = (n: DiscoveredNode | undefined): n is DiscoveredNode =>
  n !== undefined && n.state !== null && n.state.server.flavor !== 'mariadb';

/**
 * Who each reachable MySQL replica is checked against: the other reachable MySQL replicas of
 * any of its sources.
 */
function candidatesOf(
  nodes: ReadonlyMap<string, DiscoveredNode>,
  sourcesOf: (n: DiscoveredNode) => readonly string[],
): Candidate[] {
  const out: Candidate[] = [];
  for (const n of nodes.values()) {
    if (!isMysql(n)) continue;
    const sourceIds = sourcesOf(n).filter((id) => id !== '');
    if (sourceIds.length === 0) continue;
    const siblings = [...nodes.values()].filter(
      (o) => o.id !== n.id && sourcesOf(o).some((s) => sourceIds.includes(s)),
    );
    const peerIds = siblings.filter(isMysql).map((o) => o.id);
    const unreadIds = siblings.filter((o) => o.state === null).map((o) => o.id);
    if (peerIds.length > 0 || unreadIds.length > 0) {
      out.push({ id: n.id, sourceIds, peerIds, unreadIds });
    }
  }
  return out;
}

async function freshExecuted(
  nodes: ReadonlyMap<string, DiscoveredNode>,
  ids: Iterable<string>,
): Promise<Map<string, string>> {
  const list = [...new Set(ids)];
  const read = await Promise.all(
    list.map((id) =>
      nodes
        .get(id)!
        .link.run(readExecuted)
        .catch(() => null),
    ),
  );
  return new Map(list.flatMap((id, i) => (read[i] === null ? [] : [[id, read[i]!]])));
}

/**
 * The promotion check of every reachable MySQL replica that has siblings, from executed sets
 * read again in the order that makes it exact under traffic: all those replicas first, in
 * parallel, then all their sources. A source read after its replicas has every transaction of
 * its own they have, so what a sibling has and a candidate lacks splits into lag (the sources
 * have it: `behind`) and loss (`missing`). A source that cannot be read leaves everything
 * missing, as without the split; a replica that cannot be read again keeps the set read
 * during discovery.
 */
export async function checkPromotions(
  nodes: ReadonlyMap<string, DiscoveredNode>,
  sourcesOf: (n: DiscoveredNode) => readonly string[],
): Promise<Map<string, Promotion | null>> {
  const candidates = candidatesOf(nodes, sourcesOf);
  const replicas = await freshExecuted(
    nodes,
    candidates.flatMap((c) => [c.id, ...c.peerIds]),
  );
  const sources = await freshExecuted(
    nodes,
    candidates.flatMap((c) => c.sourceIds.filter((id) => isMysql(nodes.get(id)))),
  );
  const executedOf = (id: string) => replicas.get(id) ?? nodes.get(id)!.state!.server.gtidExecuted;
  const result = new Map<string, Promotion | null>();
  for (const c of candidates) {
    try {
      const sourceSets = c.sourceIds.map((id) => sources.get(id));
      const read = sourceSets.filter((s) => s !== undefined);
      // One source (the usual case): its text as read; several: their union.
      const sourcesExecuted =
        read.length < sourceSets.length
          ? undefined
          : read.length === 1
            ? read[0]
            : formatGtidSet(read.map((s) => requireGtidSet(s)).reduce(gtidUnion));
      result.set(
        c.id,
        promotionOf(
          {
            id: c.id,
            executed: executedOf(c.id),
            purged: nodes.get(c.id)!.state!.server.gtidPurged,
          },
          c.peerIds.map((id) => ({ id, executed: executedOf(id) })),
          sourcesExecuted,
          c.unreadIds,
        ),
      );
    } catch {
      // A set that cannot be read whole: no claim either way.
      result.set(c.id, null);
    }
  }
  return result;
}
