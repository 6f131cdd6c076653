import type { MariadbGtid } from './mariadb-gtid-list';

/**
 * The position in each domain: the last item listed for it. For `gtid_binlog_pos`,
 * `gtid_slave_pos` and `gtid_current_pos` that is the only one; `gtid_binlog_state` lists one
 * item per server and domain, the most recent of the domain last (MariaDB 10.11 prints
 * `0-2-3,0-1-3` when server 2 wrote 0-2-3 before 0-1-3 arrived, and reports 0-1-3 as the
 * binlog position).
 */
export function positionsByDomain(gtids: readonly MariadbGtid[]): Map<number, MariadbGtid> {
  const byDomain = new Map<number, MariadbGtid>();
  for (const gtid of gtids) byDomain.set(gtid.domainId, gtid);
  return byDomain;
}

/**
 * How two positions relate in one domain. Within a domain MariaDB orders transactions by
 * sequence number, so a higher one is ahead; the same number from different servers means
 * the histories diverged.
 */
export type DomainRelation = 'equal' | 'a-ahead' | 'b-ahead' | 'diverged' | 'only-a' | 'only-b';

export interface DomainComparison {
  domainId: number;
  a: MariadbGtid | null;
  b: MariadbGtid | null;
  relation: DomainRelation;
}

/** Compares two GTID positions domain by domain, in ascending domain order. */
export function compareMariadbPositions(
  a: readonly MariadbGtid[],
  b: readonly MariadbGtid[],
): DomainComparison[] {
  const left = positionsByDomain(a);
  const right = positionsByDomain(b);
  const domains = [...new Set([...left.keys(), ...right.keys()])].sort((x, y) => x - y);
  return domains.map((domainId) => {
    const x = left.get(domainId) ?? null;
    const y = right.get(domainId) ?? null;
    return { domainId, a: x, b: y, relation: relationOf(x, y) };
  });
}

function relationOf(a: MariadbGtid | null, b: MariadbGtid | null): DomainRelation {
  if (!a) return 'only-b';
  if (!b) return 'only-a';
  if (a.seqNo > b.seqNo) return 'a-ahead';
  if (a.seqNo < b.seqNo) return 'b-ahead';
  return a.serverId === b.serverId ? 'equal' : 'diverged';
}
