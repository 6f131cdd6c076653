/** A server as errant detection sees the topology: who it replicates from, whether it answered. */
export interface ReferenceNode {
  id: string;
  reachable: boolean;
  /**
   * The servers it replicates from: read now when reachable, as last seen when not (empty when
   * never seen up).
   */
  sourceIds: readonly string[];
  /** MySQL server_uuid (read now, or as last seen); null when unknown or MariaDB. */
  uuid: string | null;
}

/** What to compare a replica with when its source cannot be read. */
export interface DownSourceReferences {
  /**
   * Reachable servers holding what the replica may legitimately have received: the nearest
   * reachable servers above the down source (they have everything it took from them), and the
   * other replicas of the down source (and of any down server above it). Never the replica
   * itself nor a server below it (which may hold its errant transactions).
   */
  referenceIds: string[];
  /**
   * Server UUIDs of the down source and of the down servers between it and the references:
   * their own writes reached the replica legitimately and no reachable server need have them.
   */
  legitimateUuids: string[];
}

/**
 * The servers and UUIDs that stand in for an unreachable source `downId` of `replicaId`.
 * Walks up from the down source through servers that are down too (by their last-seen
 * sources) to the first reachable ones, so a replica of a replica whose middle server is
 * stopped is still compared with the top. Empty `referenceIds` means there is nothing to
 * compare with: no claim can be made.
 */
export function downSourceReferences(
  nodes: ReadonlyMap<string, ReferenceNode>,
  replicaId: string,
  downId: string,
): DownSourceReferences {
  const below = downstreamOf(nodes, replicaId);
  const usable = (id: string) => id !== replicaId && !below.has(id) && nodes.get(id)?.reachable;
  const references = new Set<string>();
  const legitimate = new Set<string>();
  const downChain = new Set<string>();
  const queue = [downId];
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (downChain.has(id) || id === replicaId || below.has(id)) continue;
    const node = nodes.get(id);
    if (node?.reachable) {
      references.add(id);
      continue;
    }
    downChain.add(id);
    if (node?.uuid) legitimate.add(node.uuid);
    for (const s of node?.sourceIds ?? []) queue.push(s);
  }
  // The other replicas of each down server got the same stream, possibly further.
  for (const n of nodes.values()) {
    if (usable(n.id) && n.sourceIds.some((s) => downChain.has(s))) references.add(n.id);
  }
  return { referenceIds: [...references].sort(), legitimateUuids: [...legitimate].sort() };
}

/**
 * Whether `id` replicates from a server that replicates, directly or through others, from it:
 * a co-master, or any server in a replication cycle. Its own writes reach its sources by
 * replication, so its own transactions that a source lacks are in flight, not errant.
 */
export function feedsItsSources(nodes: ReadonlyMap<string, ReferenceNode>, id: string): boolean {
  const below = downstreamOf(nodes, id);
  return (nodes.get(id)?.sourceIds ?? []).some((s) => below.has(s));
}

/** Every server that replicates, directly or through others, from `id` (not `id` itself). */
export function downstreamOf(nodes: ReadonlyMap<string, ReferenceNode>, id: string): Set<string> {
  const found = new Set<string>();
  const queue = [id];
  while (queue.length > 0) {
    const current = queue.shift()!;
    for (const n of nodes.values()) {
      if (n.id !== id && !found.has(n.id) && n.sourceIds.includes(current)) {
        found.add(n.id);
        queue.push(n.id);
      }
    }
  }
  return found;
}
