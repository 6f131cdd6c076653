import type { GtidSet } from '../../../shared/gtid/gtid-set';
import { gtidUnion } from '../../../shared/gtid/gtid-set-algebra';
import { requireMariadbGtidList } from '../../../shared/gtid/mariadb-gtid-list';
import { requireGtidSet } from '../../../shared/gtid/parse-gtid-set';
import {
  errantBySeed,
  errantFromSource,
  mariadbErrant,
  type ErrantFinding,
} from '../../../shared/replication/errant-finding';
import type { DiscoveredNode } from './discover-topology';
import { readExecuted } from './read-gtid-state';

/**
 * Errant transactions of every replica in a discovered topology. MySQL, sources reachable: the
 * replica's gtid_executed is read again first, then its sources' (so what it applies meanwhile
 * is never mistaken for errant). A source down: the seed method against the source's other
 * replicas, leaving out the source's UUID. MariaDB: own writes in replicated domains.
 * A node that cannot be compared (no siblings, a read fails) gets no finding.
 */
export async function detectErrant(
  nodes: ReadonlyMap<string, DiscoveredNode>,
  resolve: (host: string, port: number) => string | null,
): Promise<Map<string, ErrantFinding>> {
  const found = new Map<string, ErrantFinding>();
  for (const node of nodes.values()) {
    const { state, info } = node;
    if (!state || !info || state.channels.length === 0) continue;
    try {
      const finding = state.mariadb
        ? mariadbErrant({
            serverId: state.server.serverId,
            binlogState: requireMariadbGtidList(state.mariadb.binlogState),
            currentPos: requireMariadbGtidList(state.mariadb.currentPos),
            slavePos: requireMariadbGtidList(state.mariadb.slavePos),
          })
        : await mysqlErrant(node, nodes, resolve);
      if (finding) found.set(node.id, finding);
    } catch {
      // A server that went away meanwhile, or a set we cannot read: no claim either way.
    }
  }
  return found;
}

async function mysqlErrant(
  node: DiscoveredNode,
  nodes: ReadonlyMap<string, DiscoveredNode>,
  resolve: (host: string, port: number) => string | null,
): Promise<ErrantFinding | null> {
  const channels = node.state!.channels;
  const sources = channels.map((c) => {
    const id = resolve(c.sourceHost, c.sourcePort);
    return { channel: c, node: id === null ? undefined : nodes.get(id) };
  });
  const executedOf = async (n: DiscoveredNode): Promise<GtidSet> =>
    requireGtidSet(await n.link.run(readExecuted));
  const purged = requireGtidSet(node.state!.server.gtidPurged);
  const localUuids = node.state!.localUuids;

  if (sources.every((s) => s.node?.state)) {
    // Replica first, then its sources.
    const replicaExecuted = await executedOf(node);
    let sourceExecuted: GtidSet | null = null;
    for (const s of sources) {
      const executed = await executedOf(s.node!);
      sourceExecuted = sourceExecuted ? gtidUnion(sourceExecuted, executed) : executed;
    }
    return errantFromSource({
      replicaExecuted,
      replicaPurged: purged,
      sourceExecuted: sourceExecuted!,
      sourceIds: sources.map((s) => s.node!.id),
      localUuids,
    });
  }
  const down = sources.find((s) => !s.node?.state)!;
  const sourceUuid = down.channel.sourceUuid;
  if (sourceUuid === null) return null;
  const downId = resolve(down.channel.sourceHost, down.channel.sourcePort);
  const siblings = [...nodes.values()].filter(
    (n) =>
      n !== node &&
      n.state !== null &&
      n.state.mariadb === null &&
      n.state.channels.some((c) => {
        const id = resolve(c.sourceHost, c.sourcePort);
        return downId !== null ? id === downId : c.sourceUuid === sourceUuid;
      }),
  );
  if (siblings.length === 0) return null;
  const replicaExecuted = await executedOf(node);
  const siblingSets = [];
  for (const s of siblings) siblingSets.push({ id: s.id, executed: await executedOf(s) });
  // Other channels' sources are legitimate too.
  const otherSources = sources
    .map((s) => s.channel.sourceUuid)
    .filter((u): u is string => u !== null && u !== sourceUuid);
  return errantBySeed({
    replicaExecuted,
    replicaPurged: purged,
    siblings: siblingSets,
    sourceUuid,
    localUuids: [...localUuids, ...otherSources],
  });
}
