import { describe, expect, it } from 'vitest';
import { withHeartbeatLag } from '../../../src/shared/replication/heartbeat-lag';
import { channelFromStatusRow } from '../../../src/shared/replication/status-columns';
import { withTrueLag } from '../../../src/shared/replication/true-lag';
import { MARIADB_1011_ALL_SLAVES_STATUS, MYSQL_97_REPLICA_STATUS } from './captured-status-rows';

const mariadb = (row: Record<string, unknown> = {}) =>
  channelFromStatusRow({ ...MARIADB_1011_ALL_SLAVES_STATUS, ...row });

describe('withHeartbeatLag', () => {
  it('replaces Seconds_Behind_Master with the heartbeat’s age, less SQL_Delay', () => {
    expect(withHeartbeatLag(mariadb(), 42.5).lag).toEqual({
      seconds: 42.5,
      source: 'heartbeat',
      secondsBehind: 0,
    });
    expect(withHeartbeatLag(mariadb({ SQL_Delay: 40 }), 42.5).lag.seconds).toBe(2.5);
    expect(withHeartbeatLag(mariadb({ SQL_Delay: 60 }), 42.5).lag.seconds).toBe(0);
  });

  it('leaves the channel alone without a row, with the receiver stopped, or with commit timestamps', () => {
    const c = mariadb();
    expect(withHeartbeatLag(c, null)).toBe(c);
    const stopped = mariadb({ Slave_IO_Running: 'No', Seconds_Behind_Master: null });
    expect(withHeartbeatLag(stopped, 3)).toBe(stopped);
    const measured = withTrueLag(channelFromStatusRow(MYSQL_97_REPLICA_STATUS), {
      channel: '',
      now: 100,
      queueingOriginalCommit: null,
      lastQueuedTransaction: '',
      lastQueuedOriginalCommit: null,
      workers: [],
    });
    expect(withHeartbeatLag(measured, 30)).toBe(measured);
  });
});
