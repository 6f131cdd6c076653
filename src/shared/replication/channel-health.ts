import type { ReplicationChannel } from './replication-channel';
import type { ReplicationProblem } from './replication-problem';
import { formatSeconds } from '../format/duration';
import { worstFirst } from '../severity';
import type { ServerFlavor } from '../server/flavor';

/** Lag from which a channel is a warning, then a danger (seconds). */
export const LAG_WARNING_SECONDS = 30;
export const LAG_DANGER_SECONDS = 300;

/**
 * What is wrong with one channel, worst first: thread errors with the server's number and text
 * (danger when the thread stopped on it), stopped or reconnecting threads, applier worker
 * errors, lag past LAG_WARNING_SECONDS / LAG_DANGER_SECONDS; then facts worth knowing (no GTID
 * auto-positioning, unencrypted, delayed on purpose), with the statements of the replica's
 * flavor (both when it is not known).
 */
export function channelProblems(
  channel: ReplicationChannel,
  flavor: ServerFlavor | null = null,
): ReplicationProblem[] {
  const problems: ReplicationProblem[] = [];
  const add = (p: Omit<ReplicationProblem, 'channel'>) =>
    problems.push({ ...p, channel: channel.name });
  const { ioError, sqlError } = channel;

  if (ioError) {
    const stopped = channel.ioState !== 'running';
    add({
      severity: stopped ? 'danger' : 'warning',
      code: 'io-error',
      title: `Receiver (IO thread) error ${ioError.number}${stopped ? '' : ' (earlier; it runs again)'}`,
      detail: `${ioError.message} Check the source ${channel.sourceHost}:${channel.sourcePort} is up, reachable and that the replication user can log in; START REPLICA retries.`,
    });
  } else if (channel.ioState === 'stopped') {
    add({
      severity: 'warning',
      code: 'io-stopped',
      title: 'Receiver (IO thread) stopped',
      detail:
        'Nothing is received from the source: someone ran STOP REPLICA (IO_THREAD). START REPLICA resumes.',
    });
  } else if (channel.ioState === 'connecting') {
    add({
      severity: 'warning',
      code: 'io-connecting',
      title: 'Receiver (IO thread) connecting',
      detail: `Still trying to reach ${channel.sourceHost}:${channel.sourcePort}: ${channel.ioActivity || 'no state reported'}.`,
    });
  }

  if (sqlError) {
    const stopped = channel.sqlState !== 'running';
    add({
      severity: stopped ? 'danger' : 'warning',
      code: 'sql-error',
      title: `Applier (SQL thread) error ${sqlError.number}${stopped ? '' : ' (earlier; it runs again)'}`,
      detail: `${sqlError.message} Find why the replica differs from the source before skipping anything; the data may have diverged.`,
    });
  } else if (channel.sqlState === 'stopped') {
    add({
      severity: 'warning',
      code: 'sql-stopped',
      title: 'Applier (SQL thread) stopped',
      detail:
        'Received transactions are not applied: someone ran STOP REPLICA (SQL_THREAD). START REPLICA resumes.',
    });
  }
  // Worker errors repeat the SQL thread's error in MySQL; list only those that add to it.
  for (const w of channel.workerErrors) {
    if (sqlError && w.number === sqlError.number && sqlError.message.includes(w.message)) continue;
    add({
      severity: channel.sqlState === 'running' ? 'warning' : 'danger',
      code: 'worker-error',
      title: `Applier worker ${w.workerId} error ${w.number}`,
      detail: w.message,
    });
  }

  const lag = channel.lag.seconds;
  if (lag !== null && lag >= LAG_WARNING_SECONDS) {
    add({
      severity: lag >= LAG_DANGER_SECONDS ? 'danger' : 'warning',
      code: 'lag',
      title: `Behind the source by ${formatSeconds(Math.round(lag))}`,
      detail:
        channel.lag.source === 'commit-timestamps'
          ? 'Measured from the original commit time of the oldest transaction not yet applied (SQL_Delay subtracted).'
          : 'As Seconds_Behind_Source reports it.',
    });
  }

  if (!channel.autoPosition) {
    add({
      severity: 'info',
      code: 'no-auto-position',
      title: 'Not positioned by GTID',
      detail: `The replica follows binary log file and position: a failover must compute positions by hand. ${byFlavor(
        flavor,
        'CHANGE REPLICATION SOURCE TO SOURCE_AUTO_POSITION = 1',
        'CHANGE MASTER TO MASTER_USE_GTID = slave_pos',
      )} (replication stopped) positions it by GTID.`,
    });
  }
  if (!channel.ssl) {
    add({
      severity: 'info',
      code: 'no-ssl',
      title: 'Replication traffic is not encrypted',
      detail: `The channel does not use TLS: ${byFlavor(
        flavor,
        'CHANGE REPLICATION SOURCE TO SOURCE_SSL = 1',
        'CHANGE MASTER TO MASTER_SSL = 1',
      )} (replication stopped) turns it on.`,
    });
  }
  if (channel.delaySeconds > 0) {
    add({
      severity: 'info',
      code: 'delayed',
      title: `Delayed replica: ${formatSeconds(channel.delaySeconds)} on purpose`,
      detail: 'SQL_Delay holds each transaction back; the lag shown has it subtracted.',
    });
  }
  return worstFirst(problems);
}

/** The statement of the flavor, or both named when the flavor is not known. */
function byFlavor(flavor: ServerFlavor | null, mysql: string, mariadb: string): string {
  if (flavor === 'mariadb') return mariadb;
  if (flavor === null) return `MySQL: ${mysql}; MariaDB: ${mariadb}`;
  return mysql;
}
