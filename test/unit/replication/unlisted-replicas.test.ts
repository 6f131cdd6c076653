import { describe, expect, it } from 'vitest';
import { unlistedReplicaHosts } from '../../../src/shared/replication/unlisted-replicas';

describe('unlistedReplicaHosts', () => {
  it('leaves the binlog clients no known replica accounts for, one client per replica', () => {
    expect(
      unlistedReplicaHosts(
        ['10.0.0.5', '127.0.0.1', '127.0.0.1', '10.0.0.9'],
        [['127.0.0.1'], ['db2.example', '10.0.0.5']],
      ),
    ).toEqual(['127.0.0.1', '10.0.0.9']);
    expect(unlistedReplicaHosts([], [['127.0.0.1']])).toEqual([]);
  });
});
