import type { GtidSet } from '../../../shared/gtid/gtid-set';
import { gtidUnion } from '../../../shared/gtid/gtid-set-algebra';
import { requireMariadbGtidList, type MariadbGtid } from '../../../shared/gtid/mariadb-gtid-list';
import { requireGtidSet } from '../../../shared/gtid/parse-gtid-set';
import {
  errantBySeed,
  errantFromSource,
  mariadbErrant,
  type ErrantFinding,
} from '../../../shared/replication/errant-finding';
import {
  downSourceReferences,
  feedsItsSources,
  type ReferenceNode,
} from '../../../shared/replication/errant-references';
import type { DiscoveredNode } from './discover-topology';
import { readExecuted, readGtidState } from './read-gtid-state';

/**
 * Errant transactions of every replica in a discovered topology. Always the replica's own
 * variables are read again first, then the servers it is compared with (they only grow, so
 * whatever the replica applied meanwhile is in the later read and nothing is flagged by
 * mistake). Its sources when they all answer; for a source that is down, the servers standing
 * in for it (see downSourceReferences: the nearest reachable servers above it and its other
 * replicas), leaving out its own UUID. MySQL compares gtid_executed; MariaDB, the replica's own
 * writes in replicated domains against the others' gtid_binlog_state. A server in a
 * replication cycle (co-masters) is never blamed for its own writes: they are on their way to
 * its sources, and under traffic some always are. A replica that cannot be compared (nothing to
 * compare with, a read fails) gets no finding but is listed in `unchecked` with the reason, so
 * the screen never says "no errant transactions" about a replica nobody could check.
 */
export async function detectErrant(
  nodes: ReadonlyMap<string, DiscoveredNode>,
  resolve: (host: string, port: number) => string | null,
  graph: ReadonlyMap<string, ReferenceNode>,
): Promise<ErrantResults> {
  const found = new Map<string, ErrantFinding>();
  const unchecked = new Map<string, string>();
  for (const node of nodes.values()) {
    const { state, info } = node;
    if (!state || !info || state.channels.length === 0) continue;
    try {
      const outcome = state.mariadb
        ? await mariadbNodeErrant(node, nodes, resolve, graph)
        : await mysqlErrant(node, nodes, resolve, graph);
      if (outcome instanceof NotChecked) unchecked.set(node.id, outcome.reason);
      else if (outcome) found.set(node.id, outcome);
    } catch (error) {
      // A server that went away meanwhile, or a set we cannot read: no claim either way.
      const message = error instanceof Error ? error.message : String(error);
      unchecked.set(node.id, `Reading the GTID sets to compare failed: ${message}`);
    }
  }
  return { found, unchecked };
}

/** Errant findings by node id, and the replicas that could not be checked with the reason. */
export interface ErrantResults {
  found: Map<string, ErrantFinding>;
  unchecked: Map<string, string>;
}

/** A replica that could not be compared with anything, and why (in a DBA's words). */
class NotChecked {
  constructor(readonly reason: string) {}
}

/**
 * The servers a replica is compared with: its sources when all answer, else the reachable
 * ones plus the stand-ins of each source that is down. NotChecked when a down source has nobody
 * to stand in for it.
 */
function comparisonFor(
  node: DiscoveredNode,
  nodes: ReadonlyMap<string, DiscoveredNode>,
  resolve: (host: string, port: number) => string | null,
  graph: ReadonlyMap<string, ReferenceNode>,
):
  | {
      method: 'source' | 'seed';
      ids: string[];
      legitimateUuids: string[];
      /** Retrieved_Gtid_Set of the channels whose source is down. */
      received: string[];
    }
  | NotChecked {
  const channels = node.state!.channels;
  const ids = new Set<string>();
  const legitimate = new Set<string>();
  const received: string[] = [];
  let method: 'source' | 'seed' = 'source';
  for (const c of channels) {
    const id = resolve(c.sourceHost, c.sourcePort);
    if (id !== null && nodes.get(id)?.state) {
      ids.add(id);
      continue;
    }
    method = 'seed';
    if (c.sourceUuid !== null) legitimate.add(c.sourceUuid);
    received.push(c.retrievedGtids);
    const where = `${c.sourceHost}:${c.sourcePort}`;
    if (id === null) {
      return new NotChecked(
        `Its source ${where} was not reached and is not known from an earlier reading, so there is nothing to compare its transactions with.`,
      );
    }
    const stand = downSourceReferences(graph, node.id, id);
    if (stand.referenceIds.length === 0) {
      return new NotChecked(
        `Its source ${id} does not answer, and no server that answers holds what it sent (no server above it, no other replica of it): there is nothing to compare this replica's transactions with until ${id} is back.`,
      );
    }
    for (const r of stand.referenceIds) ids.add(r);
    for (const u of stand.legitimateUuids) legitimate.add(u);
  }
  return { method, ids: [...ids], legitimateUuids: [...legitimate], received };
}

/** How long after a first finding the sources' sets are read again (see mysqlErrant). */
const ERRANT_CONFIRM_MS = 100;

async function mysqlErrant(
  node: DiscoveredNode,
  nodes: ReadonlyMap<string, DiscoveredNode>,
  resolve: (host: string, port: number) => string | null,
  graph: ReadonlyMap<string, ReferenceNode>,
): Promise<ErrantFinding | NotChecked | null> {
  const compared = comparisonFor(node, nodes, resolve, graph);
  if (compared instanceof NotChecked) return compared;
  const others = compared.ids
    .map((id) => nodes.get(id)!)
    .filter((n) => n.state !== null && n.state.mariadb === null);
  if (others.length === 0) {
    return new NotChecked(
      `The servers it would be compared with (${compared.ids.join(', ')}) are not MySQL servers with GTIDs.`,
    );
  }
  const executedOf = async (n: DiscoveredNode): Promise<GtidSet> =>
    requireGtidSet(await n.link.run(readExecuted));
  const purged = requireGtidSet(node.state!.server.gtidPurged);
  const ownUuid = node.state!.server.serverUuid;
  const localUuids = [
    ...node.state!.localUuids,
    ...(ownUuid !== null && feedsItsSources(graph, node.id) ? [ownUuid] : []),
  ];
  // Replica first, then the others.
  const replicaExecuted = await executedOf(node);
  const sets: Array<{ id: string; executed: GtidSet }> = [];
  for (const o of others) sets.push({ id: o.id, executed: await executedOf(o) });
  if (compared.method === 'source') {
    const fromSources = (executed: GtidSet[]) =>
      errantFromSource({
        replicaExecuted,
        replicaPurged: purged,
        sourceExecuted: executed.reduce((a, b) => gtidUnion(a, b)),
        sourceIds: sets.map((s) => s.id),
        localUuids,
      });
    const found = fromSources(sets.map((s) => s.executed));
    if (!found) return null;
    // A source adds a transaction to gtid_executed in its commit stage, after writing it to the
    // binary log its replicas read: under traffic a replica can show a transaction its source
    // does not list yet (seen in the randomized topology test). Such a transaction is in the
    // source's set moments later; an errant one never is. So a finding is read again.
    await new Promise((r) => setTimeout(r, ERRANT_CONFIRM_MS));
    const again: GtidSet[] = [];
    for (const o of others) again.push(await executedOf(o));
    return fromSources(again);
  }
  const [sourceUuid, ...moreUuids] = compared.legitimateUuids;
  if (sourceUuid === undefined) {
    return new NotChecked(
      "Its source does not answer and its server_uuid is not known (the replica's channel does not show it and it was never read up), so its own writes cannot be told from errant ones.",
    );
  }
  return errantBySeed({
    replicaExecuted,
    replicaPurged: purged,
    siblings: sets,
    sourceUuid,
    localUuids: [...localUuids, ...moreUuids],
    received: compared.received.map(requireGtidSet).reduce((x, y) => gtidUnion(x, y)),
  });
}

async function mariadbNodeErrant(
  node: DiscoveredNode,
  nodes: ReadonlyMap<string, DiscoveredNode>,
  resolve: (host: string, port: number) => string | null,
  graph: ReadonlyMap<string, ReferenceNode>,
): Promise<ErrantFinding | null> {
  // Its own writes are all it could be blamed for, and those reach its sources.
  if (feedsItsSources(graph, node.id)) return null;
  // Replica first, then the servers it is compared with.
  const own = (await node.link.run(readGtidState)).mariadb!;
  const compared = comparisonFor(node, nodes, resolve, graph);
  const states: MariadbGtid[][] = [];
  for (const id of compared instanceof NotChecked ? [] : compared.ids) {
    const other = nodes.get(id);
    if (!other?.state?.mariadb) continue;
    states.push(requireMariadbGtidList((await other.link.run(readGtidState)).mariadb!.binlogState));
  }
  return mariadbErrant({
    serverId: node.state!.server.serverId,
    binlogState: requireMariadbGtidList(own.binlogState),
    currentPos: requireMariadbGtidList(own.currentPos),
    slavePos: requireMariadbGtidList(own.slavePos),
    // Nothing to compare with: what the replica's own positions tell.
    ...(states.length > 0 ? { sourceBinlogStates: states } : {}),
  });
}
