import { describe, expect, it } from 'vitest';
import { requireGtidSet } from '../../../src/shared/gtid';
import { requireMariadbGtidList } from '../../../src/shared/gtid/mariadb-gtid-list';
import {
  errantBySeed,
  errantFromSource,
  mariadbErrant,
} from '../../../src/shared/replication/errant-finding';

const SOURCE = '3e11fa47-71ca-11e1-9e33-c80aa9429562';
const R1 = '8a94f357-aab4-11df-86ab-c80aa9429562';
const set = requireGtidSet;
const list = requireMariadbGtidList;

describe('errant findings', () => {
  it('from the source: the set, its count, and what is purged', () => {
    const f = errantFromSource({
      replicaExecuted: set(`${SOURCE}:1-10,${R1}:1-3:ops:1`),
      replicaPurged: set(`${R1}:1-2`),
      sourceExecuted: set(`${SOURCE}:1-12`),
      sourceIds: ['127.0.0.1:3306'],
    });
    expect(f).toMatchObject({
      method: 'source',
      gtids: `${R1}:1-3:ops:1`,
      count: '4',
      inBinlogs: `${R1}:3:ops:1`,
      purged: `${R1}:1-2`,
      comparedWith: ['127.0.0.1:3306'],
    });
    expect(f!.consequence).toContain('error 1236');
    expect(
      errantFromSource({
        replicaExecuted: set(`${SOURCE}:1-10`),
        replicaPurged: set(''),
        sourceExecuted: set(`${SOURCE}:1-12`),
        sourceIds: ['s'],
      }),
    ).toBeNull();
  });

  it('by the seed method: the source UUID is not errant, own writes are', () => {
    const f = errantBySeed({
      replicaExecuted: set(`${SOURCE}:1-11,${R1}:1`),
      replicaPurged: set(''),
      siblings: [{ id: 'r2', executed: set(`${SOURCE}:1-10`) }],
      sourceUuid: SOURCE,
    });
    expect(f).toMatchObject({
      method: 'seed',
      gtids: `${R1}:1`,
      count: '1',
      purged: '',
      comparedWith: ['r2'],
    });
    expect(f!.consequence).not.toContain('1236');
  });

  it('by the seed method: what the replica received from the down source is not its own errant', () => {
    // Behind a stopped middle server (B), compared with the top (A): X:25 came down
    // from B (errant there, not here); Y:38 was executed on this replica alone.
    const X = 'c699eaff-1c42-7918-bf78-38db07352da6';
    const Y = '5e3fdc68-062b-beef-ebc0-5546eff7304d';
    const input = {
      replicaExecuted: set(`${SOURCE}:1-10,${R1}:1-2,${X}:25,${Y}:38`),
      replicaPurged: set(`${Y}:38`),
      siblings: [{ id: 'a', executed: set(`${SOURCE}:1-10`) }],
      sourceUuid: R1,
    };
    // Without the channel's Retrieved_Gtid_Set, X:25 was blamed on this replica.
    expect(errantBySeed(input)?.gtids).toBe(`${Y}:38,\n${X}:25`);
    expect(
      errantBySeed({ ...input, received: set(`${SOURCE}:5-10,${R1}:1-2,${X}:25`) }),
    ).toMatchObject({ gtids: `${Y}:38`, purged: `${Y}:38`, comparedWith: ['a'] });
  });

  it('MariaDB: own writes ahead of gtid_slave_pos in a replicated domain', () => {
    const f = mariadbErrant({
      serverId: 2,
      binlogState: list('0-1-2,0-2-3'),
      currentPos: list('0-2-3'),
      slavePos: list('0-1-2'),
    });
    expect(f).toMatchObject({
      method: 'mariadb-local',
      gtids: '0-2-3',
      count: '1',
      localWrites: [{ gtid: '0-2-3', replicated: '0-1-2', foundIn: 'binlog-state', kind: 'ahead' }],
    });
    expect(f!.consequence).toContain('1950');
    expect(f!.consequence).toContain('1955');
    // A domain only the replica writes to is its own business.
    expect(
      mariadbErrant({
        serverId: 2,
        binlogState: list('0-1-2,5-2-7'),
        currentPos: list('0-1-2,5-2-7'),
        slavePos: list('0-1-2'),
      }),
    ).toBeNull();
  });

  it('MariaDB: an own write the source’s later transactions were applied over, against the source’s binlog state', () => {
    // Replica 3 wrote 0-3-2; then the source's 0-1-2 and 0-1-3 arrived and were applied over
    // it. Its own position alone no longer shows it (the miss this reproduces)...
    const replica = {
      serverId: 3,
      binlogState: list('0-3-2,0-1-3'),
      currentPos: list('0-1-3'),
      slavePos: list('0-1-3'),
    };
    expect(mariadbErrant(replica)).toBeNull();
    // ...but the source never logged anything of server 3 in domain 0.
    const f = mariadbErrant({ ...replica, sourceBinlogStates: [list('0-2-1,0-1-3')] });
    expect(f).toMatchObject({
      gtids: '0-3-2',
      localWrites: [
        { gtid: '0-3-2', replicated: '0-1-3', foundIn: 'binlog-state', kind: 'behind' },
      ],
    });
  });

  it('MariaDB: a co-master’s own writes that its peer logged are not errant', () => {
    const ownAhead = {
      serverId: 1,
      binlogState: list('0-2-4,0-1-5'),
      currentPos: list('0-1-5'),
      slavePos: list('0-2-4'),
    };
    // Ahead of what it replicated from its peer, which is what the position test alone sees.
    expect(mariadbErrant(ownAhead)?.gtids).toBe('0-1-5');
    expect(mariadbErrant({ ...ownAhead, sourceBinlogStates: [list('0-1-5,0-2-4')] })).toBeNull();
    // Not yet logged by the peer (read after the replica): errant.
    expect(
      mariadbErrant({ ...ownAhead, sourceBinlogStates: [list('0-1-3,0-2-4')] })?.localWrites,
    ).toEqual([{ gtid: '0-1-5', replicated: '0-2-4', foundIn: 'binlog-state', kind: 'ahead' }]);
  });
});
