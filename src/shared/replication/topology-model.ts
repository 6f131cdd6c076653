import { z } from 'zod';
import { ApiErrorShapeSchema } from '../api/errors';
import { ServerFlavorSchema } from '../server/flavor';
import { ErrantFindingSchema } from './errant-finding';
import { PromotionSchema } from './promotion';
import { ReplicationChannelSchema } from './replication-channel';
import { ReplicationProblemSchema } from './replication-problem';
import { SeveritySchema } from '../severity';

/** What a reachable server said about itself. */
export const NodeServerSchema = z.object({
  flavor: ServerFlavorSchema,
  versionText: z.string(),
  serverId: z.number().int().nonnegative(),
  /** MySQL @@server_uuid; null on MariaDB. */
  serverUuid: z.string().nullable(),
  hostname: z.string(),
  readOnly: z.boolean(),
  superReadOnly: z.boolean(),
  /** MySQL @@GLOBAL.gtid_executed / MariaDB @@gtid_binlog_pos, as the server printed it. */
  gtidExecuted: z.string(),
  /** MySQL @@GLOBAL.gtid_purged; '' on MariaDB. */
  gtidPurged: z.string(),
});
export type NodeServer = z.infer<typeof NodeServerSchema>;

/**
 * One server of a replication topology. `id` is `host:port` as first reached; the same server
 * reached under another name (`localhost` and `127.0.0.1`) is one node with `aliases`.
 */
export const TopologyNodeSchema = z.object({
  id: z.string(),
  host: z.string(),
  port: z.number().int().nonnegative(),
  aliases: z.array(z.string()),
  /** The server the session is on. */
  start: z.boolean(),
  /** Read or not: an unreachable node has `error` and nothing else. */
  reachable: z.boolean(),
  error: ApiErrorShapeSchema.nullable(),
  server: NodeServerSchema.nullable(),
  /** Its replication channels (it is a replica of each channel's source). */
  channels: z.array(ReplicationChannelSchema),
  /** Node ids of its sources, one per channel whose source is known ('' unresolved). */
  sourceIds: z.array(z.string()),
  /** Node ids of the replicas that said they replicate from it. */
  replicaIds: z.array(z.string()),
  /** Clients running a binlog dump that match no known replica (no report_host set). */
  unlistedReplicaHosts: z.array(z.string()),
  /** Worst lag over its channels, seconds; null when not a replica or unknown. */
  lagSeconds: z.number().nonnegative().nullable(),
  errant: ErrantFindingSchema.nullable(),
  /**
   * Why a replica's errant transactions could not be checked (its source is down and no other
   * server holds what it sent, a read failed, ...); null when checked or not a replica. An
   * unchecked replica is never shown as having "no errant transactions".
   */
  errantUnchecked: z.string().nullable(),
  /** MySQL replicas with sibling replicas: could it replace its source for them? */
  promotion: PromotionSchema.nullable(),
  problems: z.array(ReplicationProblemSchema),
  health: SeveritySchema,
});
export type TopologyNode = z.infer<typeof TopologyNodeSchema>;

/** A replication topology discovered from one server. */
export const ReplicationTopologySchema = z.object({
  nodes: z.array(TopologyNodeSchema),
  /** Node id of the server the discovery started from. */
  startId: z.string(),
  /** True when discovery stopped at the node limit. */
  truncated: z.boolean(),
  /** When it was read (ms since the epoch, backend clock). */
  readAt: z.number(),
});
export type ReplicationTopology = z.infer<typeof ReplicationTopologySchema>;
