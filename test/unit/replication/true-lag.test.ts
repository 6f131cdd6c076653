import { describe, expect, it } from 'vitest';
import { channelFromStatusRow } from '../../../src/shared/replication/status-columns';
import { withTrueLag, type ApplierSnapshot } from '../../../src/shared/replication/true-lag';
import { MYSQL_97_REPLICA_STATUS } from './captured-status-rows';

const UUID = '13e742ee-e61a-11f1-afe1-02fc00000001';
const NOW = 1_795_400_000.5;
const channel = (row: Record<string, unknown> = {}) =>
  channelFromStatusRow({ ...MYSQL_97_REPLICA_STATUS, ...row });
const idle: ApplierSnapshot = {
  channel: '',
  now: NOW,
  queueingOriginalCommit: null,
  lastQueuedTransaction: `${UUID}:2`,
  lastQueuedOriginalCommit: NOW - 100,
  workers: [
    {
      workerId: 1,
      errorNumber: 0,
      errorMessage: '',
      errorTimestamp: '',
      applyingTransaction: '',
      applyingOriginalCommit: null,
    },
  ],
};

describe('withTrueLag', () => {
  it('is 0 when everything received is applied and nothing arrives', () => {
    expect(withTrueLag(channel(), idle).lag).toEqual({
      seconds: 0,
      source: 'commit-timestamps',
      secondsBehind: 0,
    });
  });

  it('is the age of the transaction being applied, less SQL_Delay', () => {
    const snapshot: ApplierSnapshot = {
      ...idle,
      workers: [
        {
          ...idle.workers[0]!,
          applyingTransaction: `${UUID}:3`,
          applyingOriginalCommit: NOW - 42.25,
        },
        {
          ...idle.workers[0]!,
          workerId: 2,
          applyingTransaction: `${UUID}:4`,
          applyingOriginalCommit: NOW - 12,
        },
      ],
    };
    expect(withTrueLag(channel(), snapshot).lag.seconds).toBe(42.25);
    expect(withTrueLag(channel({ SQL_Delay: 40 }), snapshot).lag.seconds).toBe(2.25);
    expect(withTrueLag(channel({ SQL_Delay: 60 }), snapshot).lag.seconds).toBe(0);
  });

  it('sees the receiver behind while Seconds_Behind_Source says 0', () => {
    const receiving = { ...idle, queueingOriginalCommit: NOW - 7.5 };
    const lag = withTrueLag(channel({ Seconds_Behind_Source: 0 }), receiving).lag;
    expect(lag).toEqual({ seconds: 7.5, source: 'commit-timestamps', secondsBehind: 0 });
  });

  it('counts a received transaction that is not applied yet', () => {
    const waiting = {
      ...idle,
      lastQueuedTransaction: `${UUID}:3`,
      lastQueuedOriginalCommit: NOW - 9,
    };
    expect(withTrueLag(channel(), waiting).lag.seconds).toBe(9);
  });

  it('is unknown while the receiver does not run', () => {
    expect(withTrueLag(channel({ Replica_IO_Running: 'No' }), idle).lag).toEqual({
      seconds: null,
      source: 'none',
      secondsBehind: 0,
    });
  });

  it('keeps Seconds_Behind when the source wrote no commit timestamps', () => {
    const old = {
      ...idle,
      workers: [
        { ...idle.workers[0]!, applyingTransaction: `${UUID}:3`, applyingOriginalCommit: null },
      ],
    };
    expect(withTrueLag(channel({ Seconds_Behind_Source: 5 }), old).lag).toEqual({
      seconds: 5,
      source: 'seconds-behind',
      secondsBehind: 5,
    });
  });

  it('lists worker errors with their numbers and text', () => {
    const failed = {
      ...idle,
      workers: [
        {
          ...idle.workers[0]!,
          errorNumber: 1062,
          errorMessage: "Worker 1 failed executing transaction 'x:5'",
          errorTimestamp: '2026-11-22 02:20:00.000000',
        },
      ],
    };
    expect(withTrueLag(channel(), failed).workerErrors).toEqual([
      {
        workerId: 1,
        number: 1062,
        message: "Worker 1 failed executing transaction 'x:5'",
        timestamp: '2026-11-22 02:20:00.000000',
      },
    ]);
  });
});
