import type { ReplicationChannel } from './replication-channel';

/**
 * The channel's lag from a pt-heartbeat table: the age of the source's last heartbeat row as
 * the replica sees it (`ageSeconds`, null when the source has no row), less SQL_Delay. Used
 * only where performance_schema commit timestamps are missing (MariaDB, MySQL before 8.0.1):
 * those measure each transaction and need no heartbeat writer. Unknown while the receiver
 * does not run, as with every other measure.
 */
export function withHeartbeatLag(
  channel: ReplicationChannel,
  ageSeconds: number | null,
): ReplicationChannel {
  if (
    ageSeconds === null ||
    !Number.isFinite(ageSeconds) ||
    channel.lag.source === 'commit-timestamps' ||
    channel.ioState !== 'running'
  ) {
    return channel;
  }
  const seconds = Math.max(0, Math.round((ageSeconds - channel.delaySeconds) * 1000) / 1000);
  return { ...channel, lag: { ...channel.lag, seconds, source: 'heartbeat' } };
}
