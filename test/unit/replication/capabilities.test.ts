import { describe, expect, it } from 'vitest';
import { capabilitiesFor, detectFlavor } from '../../../src/shared/server';

const caps = (version: string) => {
  const d = detectFlavor(version, '')!;
  return capabilitiesFor(d.flavor, d.version);
};

describe('replication capabilities', () => {
  it('MySQL 9.7: SHOW REPLICA STATUS, SHOW REPLICAS, commit timestamps', () => {
    const c = caps('9.7.4-2');
    expect([
      c.replicaStatements,
      c.showReplicas,
      c.replicationTransactionTimestamps,
      c.allSlavesStatus,
    ]).toEqual([true, true, true, false]);
  });

  it('MySQL 8.0.21: old statements, commit timestamps; 5.7: neither', () => {
    const c = caps('8.0.21');
    expect([c.replicaStatements, c.showReplicas, c.replicationTransactionTimestamps]).toEqual([
      false,
      false,
      true,
    ]);
    expect(caps('5.7.44-log').replicationTransactionTimestamps).toBe(false);
  });

  it('MariaDB 10.11: SHOW ALL SLAVES STATUS, SHOW SLAVE HOSTS, no commit timestamps', () => {
    const c = caps('10.11.19-MariaDB-0+deb12u1-log');
    expect([c.allSlavesStatus, c.showReplicas, c.replicationTransactionTimestamps]).toEqual([
      true,
      false,
      false,
    ]);
  });
});
