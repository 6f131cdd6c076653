import type { MariadbGtid } from './mariadb-gtid-list';
import { positionsByDomain } from './mariadb-positions';

/** A transaction a replica wrote itself in a domain it replicates. */
export interface LocalWriteInReplicatedDomain {
  /** The replica's own GTID (its server_id), from its binlog state or position. */
  gtid: MariadbGtid;
  /** Where replication stands in that domain (`gtid_slave_pos`). */
  replicated: MariadbGtid;
  /**
   * `ahead`: a higher sequence number than replication reached, so the next transaction from
   * the source with that number clashes (and stops replication under gtid_strict_mode);
   * `same-seq-no`: the source's transaction already took the same number, so the histories
   * differ silently.
   */
  kind: 'ahead' | 'same-seq-no';
}

/**
 * A replica's own writes that sit ahead of replication in a replicated domain: items of its
 * `gtid_binlog_state` (or `gtid_binlog_pos`) with its own `server_id`, in a domain that
 * `gtid_slave_pos` has, at or past the replicated sequence number. Domains the replica alone
 * writes to (absent from gtid_slave_pos) are its own business and not reported.
 */
export function localWritesInReplicatedDomains(
  binlogState: readonly MariadbGtid[],
  slavePos: readonly MariadbGtid[],
  serverId: number,
): LocalWriteInReplicatedDomain[] {
  const replicated = positionsByDomain(slavePos);
  const found: LocalWriteInReplicatedDomain[] = [];
  for (const gtid of binlogState) {
    if (gtid.serverId !== serverId) continue;
    const position = replicated.get(gtid.domainId);
    if (!position || gtid.seqNo < position.seqNo) continue;
    if (gtid.seqNo > position.seqNo) found.push({ gtid, replicated: position, kind: 'ahead' });
    else if (position.serverId !== serverId) {
      found.push({ gtid, replicated: position, kind: 'same-seq-no' });
    }
  }
  return found;
}
