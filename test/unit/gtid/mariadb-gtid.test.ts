import { describe, expect, it } from 'vitest';
import {
  compareMariadbPositions,
  formatMariadbGtidList,
  localWritesInReplicatedDomains,
  parseMariadbGtidList,
  positionsByDomain,
  requireMariadbGtidList,
} from '../../../src/shared/gtid';

const list = requireMariadbGtidList;

/**
 * Read from a MariaDB 10.11.19 source (server_id 1) and replica (server_id 2): the replica
 * wrote locally in domain 0 (replicated) and domain 7 (its own), the source in domains 0 and 3.
 */
const REAL = {
  // Right after the replica's local write 0-2-4.
  afterLocalWrite: {
    replica: {
      binlogPos: '0-2-4,3-1-1,7-2-1',
      binlogState: '0-1-3,0-2-4,3-1-1,7-2-1',
      currentPos: '0-2-4,3-1-1,7-2-1',
      slavePos: '0-1-3,3-1-1',
    },
    source: { binlogPos: '0-1-3,3-1-1' },
  },
  // The replica wrote 0-2-3 and then received the source's 0-1-3: same number, two histories.
  sameSeqNo: { binlogState: '0-2-3,0-1-3,3-1-1,7-2-1', slavePos: '0-1-3,3-1-1' },
};

describe('parseMariadbGtidList', () => {
  it('reads the lists MariaDB prints', () => {
    expect(list(REAL.afterLocalWrite.replica.binlogState)).toEqual([
      { domainId: 0, serverId: 1, seqNo: 3n },
      { domainId: 0, serverId: 2, seqNo: 4n },
      { domainId: 3, serverId: 1, seqNo: 1n },
      { domainId: 7, serverId: 2, seqNo: 1n },
    ]);
    expect(list('')).toEqual([]);
    expect(formatMariadbGtidList(list('0-1-5,1-2-3'))).toBe('0-1-5,1-2-3');
  });

  it('accepts what MariaDB 10.11 accepted for gtid_slave_pos', () => {
    for (const text of [' 0-1-5', '0- 1-5', '0-+1-5', '0-1-5, 1-2-3', '00-01-05', '0-1-0']) {
      expect(parseMariadbGtidList(text).ok, text).toBe(true);
    }
    expect(list('4294967295-4294967295-18446744073709551615')).toEqual([
      { domainId: 4294967295, serverId: 4294967295, seqNo: 18446744073709551615n },
    ]);
  });

  it('refuses what MariaDB 10.11 refused ("Could not parse GTID list")', () => {
    for (const text of [
      ' ',
      '0-1-5 ',
      '0 -1-5',
      '0-1-5 ,1-2-3',
      '0-1-5,',
      ',0-1-5',
      '1-1-1,,2-2-2',
      '0-1',
      '-0-1-5',
      '0-1--5',
      'a-1-1',
      '0x1-1-1',
      '4294967296-1-1',
      '0-4294967296-1',
      '0-1-18446744073709551616',
    ]) {
      expect(parseMariadbGtidList(text).ok, text).toBe(false);
    }
    expect(parseMariadbGtidList('0-1-5 ')).toEqual({
      ok: false,
      error: 'not a MariaDB GTID list: expected "," at position 5 of "0-1-5 "',
    });
  });

  it('quotes only the neighbourhood of the fault in a long list', () => {
    // 500 domains, cut short after the last item's server id, as a cut SHOW VARIABLES value.
    const items = Array.from({ length: 500 }, (_, i) => `${i + 1}-1-${i + 7}`);
    const text = items.join(',').slice(0, -4);
    const result = parseMariadbGtidList(text);
    expect(result).toEqual({
      ok: false,
      error: `not a MariaDB GTID list: expected "-" at position ${text.length} of ${text.length} characters, near "...${text.slice(-30)}"`,
    });
  });
});

describe('positionsByDomain', () => {
  it('takes the last item of each domain, as gtid_binlog_pos does', () => {
    const byDomain = positionsByDomain(list(REAL.sameSeqNo.binlogState));
    expect(formatMariadbGtidList([...byDomain.values()])).toBe('0-1-3,3-1-1,7-2-1');
  });
});

describe('compareMariadbPositions', () => {
  it('compares domain by domain', () => {
    const comparison = compareMariadbPositions(
      list(REAL.afterLocalWrite.replica.binlogPos),
      list(REAL.afterLocalWrite.source.binlogPos),
    );
    expect(comparison.map((c) => [c.domainId, c.relation])).toEqual([
      [0, 'a-ahead'],
      [3, 'equal'],
      [7, 'only-a'],
    ]);
    expect(compareMariadbPositions(list('0-1-3'), list('0-1-5,2-1-1'))).toEqual([
      {
        domainId: 0,
        a: { domainId: 0, serverId: 1, seqNo: 3n },
        b: { domainId: 0, serverId: 1, seqNo: 5n },
        relation: 'b-ahead',
      },
      { domainId: 2, a: null, b: { domainId: 2, serverId: 1, seqNo: 1n }, relation: 'only-b' },
    ]);
  });

  it('calls the same number from two servers diverged', () => {
    expect(compareMariadbPositions(list('0-2-3'), list('0-1-3'))[0]!.relation).toBe('diverged');
  });
});

describe('localWritesInReplicatedDomains', () => {
  it("flags the replica's own write ahead of replication in a replicated domain", () => {
    const { replica } = REAL.afterLocalWrite;
    expect(
      localWritesInReplicatedDomains(list(replica.binlogState), list(replica.slavePos), 2),
    ).toEqual([
      {
        gtid: { domainId: 0, serverId: 2, seqNo: 4n },
        replicated: { domainId: 0, serverId: 1, seqNo: 3n },
        kind: 'ahead',
      },
    ]);
    // gtid_binlog_pos shows it too.
    expect(
      localWritesInReplicatedDomains(list(replica.binlogPos), list(replica.slavePos), 2),
    ).toHaveLength(1);
  });

  it('flags a local write that took the number the source used', () => {
    expect(
      localWritesInReplicatedDomains(
        list(REAL.sameSeqNo.binlogState),
        list(REAL.sameSeqNo.slavePos),
        2,
      ),
    ).toEqual([
      {
        gtid: { domainId: 0, serverId: 2, seqNo: 3n },
        replicated: { domainId: 0, serverId: 1, seqNo: 3n },
        kind: 'same-seq-no',
      },
    ]);
  });

  it('ignores domains only the replica writes to, and other servers', () => {
    expect(localWritesInReplicatedDomains(list('7-2-9,0-1-5'), list('0-1-3'), 2)).toEqual([]);
  });
});
