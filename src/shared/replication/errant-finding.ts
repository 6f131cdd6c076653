import { z } from 'zod';
import { classifyErrant, errantOf, seedErrantOf } from '../gtid/errant-transactions';
import { formatGtidSet } from '../gtid/format-gtid-set';
import type { GtidSet } from '../gtid/gtid-set';
import { countGtids, gtidSubtract } from '../gtid/gtid-set-algebra';
import { formatMariadbGtid, type MariadbGtid } from '../gtid/mariadb-gtid-list';
import { localWritesInReplicatedDomains } from '../gtid/mariadb-local-writes';
import { positionsByDomain } from '../gtid/mariadb-positions';

/** A MariaDB write of the replica's own in a domain it replicates (see mariadb-local-writes). */
export const MariadbLocalWriteSchema = z.object({
  /** `domain-server-seq` of the replica's own transaction. */
  gtid: z.string(),
  /** Where replication stands in that domain (gtid_slave_pos item). */
  replicated: z.string(),
  /** `binlog-state`, or `current-pos` (gtid_current_pos ahead of gtid_slave_pos). */
  foundIn: z.enum(['binlog-state', 'current-pos']),
  /**
   * Relative to gtid_slave_pos: `ahead` (the source's next number clashes), `same-seq-no` (the
   * source's transaction took the same number) or `behind` (the source's later transactions
   * were applied over it: nothing clashes, yet no other server has it).
   */
  kind: z.enum(['ahead', 'same-seq-no', 'behind']),
});
export type MariadbLocalWrite = z.infer<typeof MariadbLocalWriteSchema>;

/**
 * Errant transactions found on one replica. MySQL: `gtids` is the set (normalized text as the
 * server prints it), split into what is still in the binary logs and what is purged.
 * MariaDB: `localWrites`.
 */
export const ErrantFindingSchema = z.object({
  /** `source`: replica − source; `seed`: what no other replica has, the source being down. */
  method: z.enum(['source', 'seed', 'mariadb-local']),
  gtids: z.string(),
  /** How many transactions (a decimal string: sets can hold more than 2^53). */
  count: z.string(),
  inBinlogs: z.string(),
  purged: z.string(),
  /** The servers compared with (node ids). */
  comparedWith: z.array(z.string()),
  localWrites: z.array(MariadbLocalWriteSchema),
  /** What it means if nothing is done, in plain words. */
  consequence: z.string(),
});
export type ErrantFinding = z.infer<typeof ErrantFindingSchema>;

/**
 * Errant transactions of a replica whose source could be read: `replicaExecuted` must have
 * been read BEFORE `sourceExecuted` (the source only grows, so whatever the replica applied
 * meanwhile is in the later read and nothing is flagged by mistake). `localUuids` are
 * legitimate there (Group Replication group name, view-change UUID). Null when none.
 */
export function errantFromSource(input: {
  replicaExecuted: GtidSet;
  replicaPurged: GtidSet;
  sourceExecuted: GtidSet;
  /** The source's node id (several for a multi-source replica: pass the union's sources). */
  sourceIds: readonly string[];
  localUuids?: readonly string[];
}): ErrantFinding | null {
  const errant = errantOf(input.replicaExecuted, input.sourceExecuted, input.localUuids ?? []);
  return errant.isEmpty
    ? null
    : mysqlFinding('source', errant, input.replicaPurged, [...input.sourceIds]);
}

/**
 * Errant transactions by the seed method, for a replica whose source is down: what it executed
 * that none of `siblings` (the servers standing in for the source: its other replicas, the
 * nearest reachable servers above it) has, leaving out the source's own UUID (`Source_UUID` of
 * the replica's channel) and what the replica `received` from the down source (its channel's
 * Retrieved_Gtid_Set: whatever came from the source is not this replica's doing, even a
 * transaction that was errant on the source). Null when none.
 */
export function errantBySeed(input: {
  replicaExecuted: GtidSet;
  replicaPurged: GtidSet;
  siblings: ReadonlyArray<{ id: string; executed: GtidSet }>;
  sourceUuid: string;
  localUuids?: readonly string[];
  received?: GtidSet;
}): ErrantFinding | null {
  const unique = seedErrantOf(
    input.replicaExecuted,
    input.siblings.map((s) => s.executed),
    input.sourceUuid,
    input.localUuids ?? [],
  );
  const errant = input.received ? gtidSubtract(unique, input.received) : unique;
  return errant.isEmpty
    ? null
    : mysqlFinding(
        'seed',
        errant,
        input.replicaPurged,
        input.siblings.map((s) => s.id),
      );
}

function mysqlFinding(
  method: 'source' | 'seed',
  errant: GtidSet,
  purged: GtidSet,
  comparedWith: string[],
): ErrantFinding {
  const split = classifyErrant(errant, purged);
  const consequence = split.purged.isEmpty
    ? 'If this replica is promoted, these transactions replicate to every other server. Inject them as empty transactions elsewhere (the guided fix) so that nobody needs them.'
    : 'Some are purged from this replica’s binary logs: if it is promoted, every other replica stops with error 1236 (the source purged GTIDs the replica requires). Inject them as empty transactions on the other servers (the guided fix).';
  return {
    method,
    gtids: formatGtidSet(errant),
    count: countGtids(errant).toString(),
    inBinlogs: formatGtidSet(split.inBinlogs),
    purged: formatGtidSet(split.purged),
    comparedWith,
    localWrites: [],
    consequence,
  };
}

/**
 * A MariaDB replica's own writes in domains it replicates. With `sourceBinlogStates` (the
 * gtid_binlog_state of its sources, or of the servers standing in for a source that is down,
 * each read AFTER the replica's own variables): every item of the replica's gtid_binlog_state
 * with its own server_id, in a domain of its gtid_slave_pos, that no such server has logged (no
 * item of the same domain and server_id at that sequence number or later). That holds a write
 * the source's later transactions were applied over, and is silent about a co-master's own
 * writes, which its peer logs. Without them (nothing to compare with): items at or past
 * gtid_slave_pos, and a gtid_current_pos ahead of gtid_slave_pos in such a domain. Null when none.
 */
export function mariadbErrant(input: {
  serverId: number;
  binlogState: readonly MariadbGtid[];
  currentPos: readonly MariadbGtid[];
  slavePos: readonly MariadbGtid[];
  sourceBinlogStates?: ReadonlyArray<readonly MariadbGtid[]>;
}): ErrantFinding | null {
  const writes = input.sourceBinlogStates
    ? ownWritesNoSourceLogged(input, input.sourceBinlogStates)
    : ownWritesAheadOfReplication(input);
  if (writes.length === 0) return null;
  return {
    method: 'mariadb-local',
    gtids: writes.map((w) => w.gtid).join(','),
    count: String(writes.length),
    inBinlogs: '',
    purged: '',
    comparedWith: [],
    localWrites: writes,
    consequence:
      'This replica wrote in a domain it replicates. Under gtid_strict_mode, the source’s next transaction in that domain with a sequence number at or below this one stops replication with error 1950 (out-of-order GTID). Pointed at another source by gtid_current_pos, or serving others after a failover, the position asked for is missing from that server’s binlog: error 1955 (the replica diverged by extra erroneous transactions). Redo the write on the source, or give local writes their own gtid_domain_id.',
  };
}

function ownWritesNoSourceLogged(
  input: {
    serverId: number;
    binlogState: readonly MariadbGtid[];
    slavePos: readonly MariadbGtid[];
  },
  sources: ReadonlyArray<readonly MariadbGtid[]>,
): MariadbLocalWrite[] {
  const replicated = positionsByDomain(input.slavePos);
  const logged = (g: MariadbGtid) =>
    sources.some((state) =>
      state.some(
        (s) => s.domainId === g.domainId && s.serverId === g.serverId && s.seqNo >= g.seqNo,
      ),
    );
  return input.binlogState.flatMap((gtid) => {
    const position = replicated.get(gtid.domainId);
    if (gtid.serverId !== input.serverId || !position || logged(gtid)) return [];
    const kind =
      gtid.seqNo > position.seqNo
        ? ('ahead' as const)
        : gtid.seqNo === position.seqNo && position.serverId !== input.serverId
          ? ('same-seq-no' as const)
          : ('behind' as const);
    return [
      {
        gtid: formatMariadbGtid(gtid),
        replicated: formatMariadbGtid(position),
        foundIn: 'binlog-state' as const,
        kind,
      },
    ];
  });
}

function ownWritesAheadOfReplication(input: {
  serverId: number;
  binlogState: readonly MariadbGtid[];
  currentPos: readonly MariadbGtid[];
  slavePos: readonly MariadbGtid[];
}): MariadbLocalWrite[] {
  const writes: MariadbLocalWrite[] = localWritesInReplicatedDomains(
    input.binlogState,
    input.slavePos,
    input.serverId,
  ).map((w) => ({
    gtid: formatMariadbGtid(w.gtid),
    replicated: formatMariadbGtid(w.replicated),
    foundIn: 'binlog-state' as const,
    kind: w.kind,
  }));
  const replicated = positionsByDomain(input.slavePos);
  for (const current of positionsByDomain(input.currentPos).values()) {
    const position = replicated.get(current.domainId);
    if (!position || current.seqNo <= position.seqNo) continue;
    const text = formatMariadbGtid(current);
    if (writes.some((w) => w.gtid === text)) continue;
    writes.push({
      gtid: text,
      replicated: formatMariadbGtid(position),
      foundIn: 'current-pos',
      kind: 'ahead',
    });
  }
  return writes;
}
