import { describe, expect, it } from 'vitest';
import {
  compareMariadbPositions,
  formatMariadbGtid,
  localWritesInReplicatedDomains,
  requireMariadbGtidList,
} from '../../../src/shared/gtid';
import { queryRow, withConnection } from '../../servers/connect';
import { useTopology } from '../../servers/dedicated-servers';
import type { RunningServer } from '../../servers/instance';
import { waitForCatchUp } from '../../servers/replication';

// MariaDB GTID positions as a real MariaDB 10.11 source and replica report them, after the
// replica wrote locally in the replicated domain 0.

const topology = useTopology('mariadb', 1);

const positionsOf = (server: RunningServer) =>
  withConnection(server, async (c) => {
    const row = await queryRow(
      c,
      `SELECT @@server_id AS serverId, @@GLOBAL.gtid_binlog_pos AS binlogPos,
              @@GLOBAL.gtid_binlog_state AS binlogState, @@GLOBAL.gtid_slave_pos AS slavePos,
              @@GLOBAL.gtid_current_pos AS currentPos`,
    );
    return {
      serverId: Number(row.serverId),
      binlogPos: requireMariadbGtidList(String(row.binlogPos)),
      binlogState: requireMariadbGtidList(String(row.binlogState)),
      slavePos: requireMariadbGtidList(String(row.slavePos)),
      currentPos: requireMariadbGtidList(String(row.currentPos)),
    };
  });

describe('MariaDB positions on a real topology', () => {
  it("flags the replica's local write in a replicated domain, before and after the source moves on", async () => {
    const {
      source,
      replicas: [replica],
    } = topology();
    await withConnection(replica!, (c) => c.query('CREATE DATABASE local_write'));
    const replicaNow = await positionsOf(replica!);
    const sourceNow = await positionsOf(source);

    const local = localWritesInReplicatedDomains(
      replicaNow.binlogState,
      replicaNow.slavePos,
      replicaNow.serverId,
    );
    expect(local.map((l) => [formatMariadbGtid(l.gtid), l.kind])).toEqual([['0-2-3', 'ahead']]);
    expect(
      compareMariadbPositions(replicaNow.binlogPos, sourceNow.binlogPos).map((d) => [
        d.domainId,
        d.relation,
      ]),
    ).toEqual([[0, 'a-ahead']]);
    expect(compareMariadbPositions(replicaNow.currentPos, replicaNow.slavePos)[0]!.relation).toBe(
      'a-ahead',
    );

    // The source's next transaction takes number 3 too, and the replica applies it.
    await withConnection(source, (c) => c.query('CREATE DATABASE from_source'));
    await waitForCatchUp(source, replica!);
    const replicaLater = await positionsOf(replica!);
    expect(
      localWritesInReplicatedDomains(
        replicaLater.binlogState,
        replicaLater.slavePos,
        replicaLater.serverId,
      ).map((l) => [formatMariadbGtid(l.gtid), formatMariadbGtid(l.replicated), l.kind]),
    ).toEqual([['0-2-3', '0-1-3', 'same-seq-no']]);
    expect(
      compareMariadbPositions(replicaLater.binlogPos, (await positionsOf(source)).binlogPos)[0]!
        .relation,
    ).toBe('equal');
  });
});
