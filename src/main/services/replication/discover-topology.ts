import type { ApiErrorShape } from '../../../shared/api/errors';
import type { ErrantFinding } from '../../../shared/replication/errant-finding';
import { nodeProblems } from '../../../shared/replication/node-health';
import type { Promotion } from '../../../shared/replication/promotion';
import { unlistedReplicaHosts } from '../../../shared/replication/unlisted-replicas';
import type { ReplicationTopology, TopologyNode } from '../../../shared/replication/topology-model';
import type { ServerInfo } from '../../../shared/server/server-info';
import { errorToApi } from '../../db/error-to-api';
import type { ReferenceNode } from '../../../shared/replication/errant-references';
import { detectErrant } from './detect-errant';
import { lastSeenLinks, type LastSeen, type LastSeenLinks } from './last-seen-links';
import type { NodeLink } from './node-links';
import { checkPromotions } from './promotion-sets';
import { readNode, type NodeState } from './read-node';

/** Discovery stops after this many servers (a topology bigger than this is drawn in part). */
export const MAX_TOPOLOGY_NODES = 40;

/** A server met during discovery, with the link kept open for errant checks and the fix. */
export interface DiscoveredNode {
  id: string;
  host: string;
  port: number;
  aliases: string[];
  start: boolean;
  link: NodeLink;
  /** Null when it could not be read (see `error`). */
  state: NodeState | null;
  info: ServerInfo | null;
  error: ApiErrorShape | null;
}

/** A discovery's result: the model for screens, and the open links for follow-up work. */
export interface Discovery {
  topology: ReplicationTopology;
  nodes: Map<string, DiscoveredNode>;
  /** Resolves `host:port` (any alias) to a node id. */
  resolve(host: string, port: number): string | null;
  /** Who replicates from whom (read now, or last seen for a server that is down). */
  graph: ReadonlyMap<string, ReferenceNode>;
  close(): Promise<void>;
}

/**
 * Walks the topology from the start server: each server's sources (replica status) and
 * replicas (SHOW REPLICAS / SHOW SLAVE HOSTS), breadth first. The same server reached under two
 * names (same server_uuid, or on MariaDB the same server_id) is one node. A server that cannot
 * be reached becomes a node with its error, tied to the sources it was last seen replicating
 * from (`memory`), which are then walked too. Then errant transactions are detected per replica.
 */
export async function discoverTopology(
  start: { host: string; port: number; link: NodeLink },
  linkTo: (host: string, port: number) => NodeLink,
  remembered: ReadonlyArray<{ host: string; port: number }> = [],
  memory: LastSeenLinks = lastSeenLinks,
): Promise<Discovery> {
  const nodes = new Map<string, DiscoveredNode>();
  const aliasOf = new Map<string, string>();
  const byIdentity = new Map<string, string>();
  const allLinks: NodeLink[] = [];
  const rememberedIds: string[] = [];
  const keyOf = (host: string, port: number) => `${host}:${port}`.toLowerCase();
  const scope = keyOf(start.host, start.port);
  const lastSeen = memory.of(scope);
  const queue: Array<{
    host: string;
    port: number;
    link: NodeLink;
    start: boolean;
    remembered?: boolean;
  }> = [{ ...start, start: true }];
  const queued = new Set([keyOf(start.host, start.port)]);
  let truncated = false;
  // Servers met in an earlier discovery from this connection come last: they are how the
  // other replicas of a source that went down are still found.
  let rememberedQueued = false;
  const queueRemembered = () => {
    rememberedQueued = true;
    for (const r of remembered) {
      const k = keyOf(r.host, r.port);
      if (queued.has(k)) continue;
      queued.add(k);
      queue.push({ ...r, link: linkTo(r.host, r.port), start: false, remembered: true });
    }
  };

  // One level at a time: the servers of a level are read in parallel (an unreachable one costs
  // a connect timeout, not one per server), then taken in order.
  while (queue.length > 0 || !rememberedQueued) {
    if (queue.length === 0) {
      queueRemembered();
      continue;
    }
    if (nodes.size >= MAX_TOPOLOGY_NODES) {
      truncated = true;
      break;
    }
    const level = queue.splice(0, MAX_TOPOLOGY_NODES - nodes.size);
    allLinks.push(...level.map((l) => l.link));
    const reads = await Promise.all(
      level.map((next) =>
        next.link
          .run(async (conn, server) => ({ state: await readNode(conn, server), info: server }))
          .then(
            (read) => ({ ...read, error: null }),
            (e: unknown) => ({ state: null, info: null, error: errorToApi(e).toShape() }),
          ),
      ),
    );
    for (const [index, next] of level.entries()) {
      const { state, info, error } = reads[index]!;
      const key = keyOf(next.host, next.port);
      const identity = state
        ? state.server.serverUuid !== null
          ? `uuid:${state.server.serverUuid}`
          : `server-id:${state.server.serverId}`
        : null;
      const known = identity === null ? undefined : byIdentity.get(identity);
      if (known !== undefined) {
        nodes.get(known)!.aliases.push(key);
        aliasOf.set(key, known);
        continue;
      }
      if (identity !== null) byIdentity.set(identity, key);
      aliasOf.set(key, key);
      if (next.remembered) rememberedIds.push(key);
      nodes.set(key, {
        id: key,
        host: next.host,
        port: next.port,
        aliases: [],
        start: next.start,
        link: next.link,
        state,
        info,
        error,
      });
      // A server that is down: where it was last seen replicating from.
      const neighbours = state
        ? [
            ...state.channels.map((c) => ({ host: c.sourceHost, port: c.sourcePort })),
            ...state.replicas,
          ]
        : (lastSeen.get(key)?.sources ?? []);
      for (const n of neighbours) {
        const k = keyOf(n.host, n.port);
        if (n.host === '' || n.port <= 0 || queued.has(k)) continue;
        queued.add(k);
        queue.push({ host: n.host, port: n.port, link: linkTo(n.host, n.port), start: false });
      }
    }
  }
  // Links queued but never read (truncated) must not stay open.
  for (const q of queue) await q.link.close();

  const resolve = (host: string, port: number) => aliasOf.get(keyOf(host, port)) ?? null;
  // A server that is down: the sources it was last seen replicating from; never seen up, the
  // servers that list it (SHOW REPLICAS / SHOW SLAVE HOSTS, which can lag behind a change of
  // source, so only as a last resort).
  const sourcesOf = (n: DiscoveredNode): string[] => {
    if (n.state) return n.state.channels.map((c) => resolve(c.sourceHost, c.sourcePort) ?? '');
    const seen = lastSeen.get(n.id);
    if (seen)
      return seen.sources.map((s) => resolve(s.host, s.port) ?? '').filter((id) => id !== '');
    return [...nodes.values()]
      .filter((o) => (o.state?.replicas ?? []).some((r) => resolve(r.host, r.port) === n.id))
      .map((o) => o.id);
  };
  // A remembered server belongs only while it is tied to the start, through replication links
  // read now or a down server's last-seen ones (e.g. a sibling under a source that is down);
  // one that left the topology is dropped.
  const tied = new Set<string>();
  const startId = [...nodes.values()].find((n) => n.start)?.id;
  const walk = startId === undefined ? [] : [startId];
  while (walk.length > 0) {
    const id = walk.pop()!;
    if (tied.has(id)) continue;
    tied.add(id);
    for (const n of nodes.values()) {
      const listed = (nodes.get(id)?.state?.replicas ?? []).some(
        (r) => resolve(r.host, r.port) === n.id,
      );
      if (listed || sourcesOf(n).includes(id) || sourcesOf(nodes.get(id)!).includes(n.id)) {
        walk.push(n.id);
      }
    }
  }
  for (const id of rememberedIds) {
    if (tied.has(id)) continue;
    nodes.delete(id);
    for (const [alias, target] of aliasOf) if (target === id) aliasOf.delete(alias);
  }
  const graph = new Map<string, ReferenceNode>(
    [...nodes.values()].map((n) => [
      n.id,
      {
        id: n.id,
        reachable: n.state !== null,
        sourceIds: sourcesOf(n),
        uuid: n.state ? n.state.server.serverUuid : (lastSeen.get(n.id)?.uuid ?? null),
      },
    ]),
  );
  const errant = await detectErrant(nodes, resolve, graph);
  const promotions = await checkPromotions(nodes, (n) => graph.get(n.id)!.sourceIds);
  memory.record(scope, seenNow(nodes, resolve));
  const topology: ReplicationTopology = {
    nodes: [...nodes.values()].map((n) =>
      topologyNode(
        n,
        nodes,
        resolve,
        graph,
        errant.found.get(n.id) ?? null,
        errant.unchecked.get(n.id) ?? null,
        promotions.get(n.id) ?? null,
      ),
    ),
    startId: [...nodes.values()].find((n) => n.start)?.id ?? keyOf(start.host, start.port),
    truncated,
    readAt: Date.now(),
  };
  return {
    topology,
    nodes,
    resolve,
    graph,
    close: async () => {
      await Promise.all(allLinks.map((l) => l.close().catch(() => undefined)));
    },
  };
}

function topologyNode(
  n: DiscoveredNode,
  all: Map<string, DiscoveredNode>,
  resolve: (host: string, port: number) => string | null,
  graph: ReadonlyMap<string, ReferenceNode>,
  errant: ErrantFinding | null,
  errantUnchecked: string | null,
  promotion: Promotion | null,
): TopologyNode {
  const channels = n.state?.channels ?? [];
  // A server that could not be read hangs under the sources that list it (SHOW REPLICAS) or
  // that it was last seen replicating from, so it is drawn where it belongs rather than alone.
  const sourceIds = n.state
    ? channels.map((c) => resolve(c.sourceHost, c.sourcePort) ?? '')
    : [...graph.get(n.id)!.sourceIds];
  const replicaIds = [...all.values()]
    .filter((other) => graph.get(other.id)!.sourceIds.includes(n.id))
    .map((other) => other.id);
  const unlisted = unlistedReplicaHosts(
    n.state?.dumpClients ?? [],
    replicaIds.map((replicaId) => {
      const r = all.get(replicaId)!;
      return [r.host, ...r.aliases.map((a) => a.slice(0, a.lastIndexOf(':')))];
    }),
  );
  const lags = channels.map((c) => c.lag.seconds).filter((s): s is number => s !== null);
  const server = n.state?.server ?? null;
  const { problems, health } = nodeProblems({
    error: n.error,
    server,
    channels,
    errant,
    errantUnchecked,
  });
  return {
    id: n.id,
    host: n.host,
    port: n.port,
    aliases: n.aliases,
    start: n.start,
    reachable: n.state !== null,
    error: n.error,
    server,
    channels,
    sourceIds,
    replicaIds,
    unlistedReplicaHosts: unlisted,
    lagSeconds: lags.length > 0 ? Math.max(...lags) : null,
    errant,
    errantUnchecked,
    promotion,
    problems,
    health,
  };
}

/** What each reachable server replicates from now, as the memory keeps it. */
function seenNow(
  nodes: ReadonlyMap<string, DiscoveredNode>,
  resolve: (host: string, port: number) => string | null,
): Map<string, LastSeen> {
  const seen = new Map<string, LastSeen>();
  for (const n of nodes.values()) {
    if (!n.state) continue;
    const sources = n.state.channels.map((c) => {
      const source = nodes.get(resolve(c.sourceHost, c.sourcePort) ?? '');
      return source
        ? { host: source.host, port: source.port }
        : { host: c.sourceHost, port: c.sourcePort };
    });
    seen.set(n.id, { sources, uuid: n.state.server.serverUuid });
  }
  return seen;
}
