import { z } from 'zod';
import { ErrantContentsSchema } from '../replication/errant-binlog-contents';
import { ReplicationChannelSchema } from '../replication/replication-channel';
import { ReplicationProblemSchema } from '../replication/replication-problem';
import { ReplicationSettingsSchema } from '../replication/replication-settings';
import { SettingAdviceSchema } from '../replication/settings-advice';
import { SeveritySchema } from '../severity';
import { NodeServerSchema, ReplicationTopologySchema } from '../replication/topology-model';
import { ApiErrorShapeSchema } from './errors';

const Id = z.string().min(1).max(64);
/** A topology node id: `host:port`. */
const NodeId = z.string().min(3).max(300);

/** The replication state of the session's own server. */
export const ReplicationStatusSchema = z.object({
  server: NodeServerSchema,
  /** One per channel; empty when the server is not a replica. */
  channels: z.array(ReplicationChannelSchema),
  /** Worst first, over all channels. */
  problems: z.array(ReplicationProblemSchema),
  health: SeveritySchema,
  /** Replicas connected to it now (binlog dump threads). */
  connectedReplicas: z.number().int().nonnegative(),
  /** When it was read (ms since the epoch, backend clock). */
  readAt: z.number(),
});
export type ReplicationStatus = z.infer<typeof ReplicationStatusSchema>;

/** A login for one discovered server that does not accept the session's own. */
export const HostCredentialSchema = z.object({
  host: z.string().min(1).max(255),
  port: z.number().int().min(1).max(65535),
  /** Absent: the session's user. */
  user: z.string().max(255).optional(),
  password: z.string().max(4096),
});
export type HostCredential = z.infer<typeof HostCredentialSchema>;

/** The statements that give one server the errant GTIDs as empty transactions. */
export const FixTargetSchema = z.object({
  nodeId: NodeId,
  transactions: z.number().int().nonnegative(),
  /** In order, on one connection, without semicolons. */
  statements: z.array(z.string()),
  /** The same as a script, one line per GTID. */
  script: z.string(),
});
export type FixTarget = z.infer<typeof FixTargetSchema>;

/** What happened on one target when the fix ran. */
export const FixOutcomeSchema = z.object({
  nodeId: NodeId,
  ok: z.boolean(),
  /** The statement that failed, when one did. */
  failedStatement: z.string().nullable(),
  error: ApiErrorShapeSchema.nullable(),
});
export type FixOutcome = z.infer<typeof FixOutcomeSchema>;

export const ErrantFixResultSchema = z.object({
  nodeId: NodeId,
  /** The errant set the plan is for (as the server prints it). */
  errant: z.string(),
  /** Per server, the exact SQL; servers that already have every GTID are left out. */
  targets: z.array(FixTargetSchema),
  /** Why RESET on the replica is the other way, and why it is not done for you. */
  resetAlternative: z.string(),
  /**
   * A preview's reading of what the errant transactions did, from the node's binary logs;
   * null after running, and where there is nothing to read (no errant GTIDs, MariaDB).
   */
  contents: ErrantContentsSchema.nullable(),
  /** False for a preview. */
  ran: z.boolean(),
  outcomes: z.array(FixOutcomeSchema),
  /** After running: errant transactions of the node found again (empty text when fixed). */
  errantAfter: z.string().nullable(),
  /**
   * After running: why the node could not be checked again (it no longer answers, or nothing is
   * left to compare it with); then `errantAfter` says nothing. Null when checked or not run.
   */
  notRechecked: z.string().nullable(),
});
export type ErrantFixResult = z.infer<typeof ErrantFixResultSchema>;

const Discovery = {
  sessionId: Id,
  /** Logins for servers that do not accept the session's own (kept for this call only). */
  credentials: z.array(HostCredentialSchema).max(100).optional(),
};

/** Replication status, topology and the errant-transaction fix (joined into the contract). */
export const replicationContract = {
  /** SHOW REPLICA STATUS (or its flavor's form) of the session's server, normalised. */
  'replication.status': {
    params: z.object({ sessionId: Id }),
    result: ReplicationStatusSchema,
  },
  /**
   * The settings that decide how the session's server replicates (parallel applier, binlog
   * format, durability, GTIDs, semi-sync, tables without a key, ...), each with advice citing
   * the manual, worst first. Read on the side connection; changes nothing.
   */
  'replication.settings': {
    params: z.object({ sessionId: Id }),
    result: z.object({
      settings: ReplicationSettingsSchema,
      advice: z.array(SettingAdviceSchema),
      /** When it was read (ms since the epoch, backend clock). */
      readAt: z.number(),
    }),
  },
  /**
   * Discovers the topology around the session's server (its replicas and sources,
   * recursively), logging in to each with the session's settings on another host and port (a
   * saved connection for that host:port wins), then looks for errant transactions.
   * Servers that cannot be reached are nodes with their error, not a failure.
   */
  'replication.topology': {
    params: z.object(Discovery),
    result: ReplicationTopologySchema,
  },
  /**
   * The guided fix for errant transactions of `nodeId`: without `run`, the exact SQL for each
   * other server (a preview). With `run: true` and the `plan` previewed, runs it if the plan is
   * still the same (else INVALID_REQUEST: preview again), then detects again. Refused on a
   * read-only connection.
   */
  'replication.errantFix': {
    params: z.object({
      ...Discovery,
      nodeId: NodeId,
      run: z.boolean(),
      plan: z.array(FixTargetSchema).max(100).optional(),
    }),
    result: ErrantFixResultSchema,
  },
} as const;
