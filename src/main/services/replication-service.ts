import { ApiError } from '../../shared/api/errors';
import {
  ErrantFixResultSchema,
  ReplicationStatusSchema,
  type HostCredential,
  type replicationContract,
} from '../../shared/api/replication';
import { nodeProblems } from '../../shared/replication/node-health';
import { ReplicationTopologySchema } from '../../shared/replication/topology-model';
import type { CallContext, Handlers } from '../backend/handlers';
import { errorToApi } from '../db/error-to-api';
import type { ConnectionStore } from '../store/connection-store';
import { discoverTopology, type Discovery } from './replication/discover-topology';
import {
  errantContents,
  planErrantFix,
  RESET_ALTERNATIVE,
  runErrantFix,
  samePlan,
} from './replication/errant-fix';
import { hostLinker, sessionLink } from './replication/node-links';
import { readNode } from './replication/read-node';
import { readReplicationSettings } from './replication/read-replication-settings';
import { adviseReplicationSettings } from '../../shared/replication/settings-advice';
import { recheckGap } from '../../shared/replication/recheck-gap';
import { defaultScreenReadTimeout, type ScreenReadTimeout } from './screen-read-timeout';
import type { SessionRegistry } from './session-registry';

type ReplicationMethods = keyof typeof replicationContract;

/**
 * Replication status of a session's server, the topology around it with errant transactions,
 * and the guided fix. Reads happen on the session's side connection and on connections of
 * its own to the other servers, closed when each call ends.
 */
export function replicationService(
  store: ConnectionStore,
  sessions: SessionRegistry,
  /** How long a read of one server may go unanswered before its connection is given up. */
  screenReadTimeout: ScreenReadTimeout = defaultScreenReadTimeout,
): Handlers<ReplicationMethods> {
  // Per saved connection, the servers its discoveries reached (bounded by MAX_TOPOLOGY_NODES
  // per discovery): with a source down, its other replicas are found again this way.
  const remembered = new Map<string, Map<string, { host: string; port: number }>>();
  async function discover(
    sessionId: string,
    ctx: CallContext,
    credentials: readonly HostCredential[] = [],
  ): Promise<Discovery> {
    const owner = sessions.owned(sessionId, ctx.peerId);
    const saved = store.get(owner.connectionId);
    const endpoint = saved.endpoint;
    // One limit for the whole discovery, as the setting stood when it began.
    const readTimeoutMs = screenReadTimeout();
    const start =
      endpoint.kind === 'tcp'
        ? { host: endpoint.host, port: endpoint.port }
        : { host: `socket ${endpoint.path}`, port: 0 };
    const linkTo = hostLinker({
      base: saved,
      baseSecrets: store.secretsOf(saved.id),
      saved: store.list(),
      secretsOf: (id) => store.secretsOf(id),
      logins: new Map(credentials.map((c) => [`${c.host}:${c.port}`.toLowerCase(), c])),
      readTimeoutMs,
    });
    const discovery = await discoverTopology(
      { ...start, link: sessionLink(owner.session, readTimeoutMs) },
      linkTo,
      [...(remembered.get(saved.id)?.values() ?? [])],
    );
    const seen = new Map(remembered.get(saved.id) ?? []);
    for (const n of discovery.topology.nodes) {
      if (n.reachable && n.port > 0) seen.set(n.id, { host: n.host, port: n.port });
    }
    remembered.set(saved.id, seen);
    return discovery;
  }

  return {
    'replication.status': async ({ sessionId }, ctx) => {
      const { session } = sessions.owned(sessionId, ctx.peerId);
      const state = await session
        .withSideConnection(readNode, { timeoutMs: screenReadTimeout() })
        .catch((e: unknown) => {
          throw errorToApi(e);
        });
      const { problems, health } = nodeProblems({
        error: null,
        server: state.server,
        channels: state.channels,
        errant: null,
      });
      return ReplicationStatusSchema.parse({
        server: state.server,
        channels: state.channels,
        problems,
        health,
        connectedReplicas: state.dumpClients.length,
        readAt: Date.now(),
      });
    },

    'replication.settings': async ({ sessionId }, ctx) => {
      const { session } = sessions.owned(sessionId, ctx.peerId);
      const settings = await session
        .withSideConnection(readReplicationSettings, { timeoutMs: screenReadTimeout() })
        .catch((e: unknown) => {
          throw errorToApi(e);
        });
      return { settings, advice: adviseReplicationSettings(settings), readAt: Date.now() };
    },

    'replication.topology': async ({ sessionId, credentials }, ctx) => {
      const discovery = await discover(sessionId, ctx, credentials);
      try {
        return ReplicationTopologySchema.parse(discovery.topology);
      } finally {
        await discovery.close();
      }
    },

    'replication.errantFix': async ({ sessionId, credentials, nodeId, run, plan }, ctx) => {
      const owner = sessions.owned(sessionId, ctx.peerId);
      const connection = store.get(owner.connectionId);
      if (run && connection.readOnly) {
        throw new ApiError({
          code: 'INVALID_REQUEST',
          message: `“${connection.name}” is read-only, and the fix writes empty transactions on other servers. Use a connection that is not marked read-only to run it; the preview shows the exact SQL to run yourself.`,
        });
      }
      if (run && !plan) {
        throw new ApiError({
          code: 'INVALID_REQUEST',
          message: 'Running the fix needs the plan that was previewed and confirmed.',
          field: 'plan',
        });
      }
      const discovery = await discover(sessionId, ctx, credentials);
      try {
        const computed = planErrantFix(discovery, nodeId);
        const base = {
          nodeId,
          errant: computed.errant,
          targets: computed.targets,
          resetAlternative: RESET_ALTERNATIVE,
        };
        if (!run) {
          return ErrantFixResultSchema.parse({
            ...base,
            contents: await errantContents(discovery, nodeId),
            ran: false,
            outcomes: [],
            errantAfter: null,
            notRechecked: null,
          });
        }
        if (!samePlan(computed.targets, plan!)) {
          throw new ApiError({
            code: 'INVALID_REQUEST',
            message:
              'The errant transactions or the servers changed since the preview, so the confirmed SQL is no longer the right one. Preview the fix again.',
          });
        }
        const outcomes = await runErrantFix(discovery, computed.targets);
        // Detect again, from scratch, to show what is left.
        const after = await discover(sessionId, ctx, credentials);
        const again = after.topology.nodes.find((n) => n.id === nodeId);
        await after.close();
        return ErrantFixResultSchema.parse({
          ...base,
          contents: null,
          ran: true,
          outcomes,
          errantAfter: again?.errant?.gtids ?? '',
          notRechecked: recheckGap(nodeId, again),
        });
      } finally {
        await discovery.close();
      }
    },
  };
}
