import { formatDuration } from '../../shared/format/duration';
import type { ReplicationChannel, ThreadState } from '../../shared/replication/replication-channel';
import { SeverityBadge } from '../ui/SeverityIcon';
import { LagChart } from './LagChart';
import type { LagPoint } from './lag-history';
import { Notice } from '../ui/Notice';

const THREAD_WORDS: Record<ThreadState, string> = {
  running: 'running',
  stopped: 'stopped',
  connecting: 'connecting',
  unknown: 'unknown',
};

function ThreadBadge({ label, state }: { label: string; state: ThreadState }) {
  const severity = state === 'running' ? 'ok' : state === 'connecting' ? 'warning' : 'danger';
  return <SeverityBadge severity={severity} label={`${label} ${THREAD_WORDS[state]}`} />;
}

/** Lag as the app writes durations; what it was measured from on hover. */
function lagText(channel: ReplicationChannel): string {
  if (channel.lag.seconds === null) return 'unknown';
  return formatDuration(channel.lag.seconds * 1000);
}

const LAG_SOURCE: Record<ReplicationChannel['lag']['source'], string> = {
  'commit-timestamps': 'from performance_schema commit timestamps, SQL_Delay subtracted',
  heartbeat: 'from the pt-heartbeat table',
  'seconds-behind': 'Seconds_Behind_Source as the server reports it',
  none: 'unknown while the receiver does not run',
};

/** One replication channel: threads, errors, lag now and over time, GTID sets, settings. */
export function ChannelCard({
  channel,
  history,
  now,
}: {
  channel: ReplicationChannel;
  history: readonly LagPoint[];
  now: number;
}) {
  const errors = [
    channel.ioError && { who: 'Receiver (IO)', ...channel.ioError },
    channel.sqlError && { who: 'Applier (SQL)', ...channel.sqlError },
    ...channel.workerErrors.map((w) => ({ who: `Worker ${w.workerId}`, ...w })),
  ].filter((e) => !!e);
  return (
    <section
      className="rp-channel"
      data-channel={channel.name}
      aria-label={`Channel ${channel.name || '(default)'}`}
    >
      <header className="rp-channel-head">
        <strong>{channel.name === '' ? 'Default channel' : `Channel ${channel.name}`}</strong>
        <span className="mono">
          from {channel.sourceHost}:{channel.sourcePort}
        </span>
        <ThreadBadge label="IO" state={channel.ioState} />
        <ThreadBadge label="SQL" state={channel.sqlState} />
      </header>
      {errors.map((e) => (
        <Notice
          key={`${e.who}-${e.number}`}
          severity="danger"
          className="rp-error"
          title={`${e.who} error ${e.number}`}
          meta={e.timestamp}
        >
          <span className="rp-error-text">{e.message}</span>
        </Notice>
      ))}
      <div className="rp-channel-body">
        <div className="rp-lag">
          <div
            className="rp-lag-now num"
            title={LAG_SOURCE[channel.lag.source]}
            data-lag={channel.lag.seconds ?? ''}
          >
            {lagText(channel)}
          </div>
          <div className="rp-muted">
            lag now
            {channel.lag.secondsBehind !== null &&
              channel.lag.source === 'commit-timestamps' &&
              ` · Seconds_Behind ${channel.lag.secondsBehind} s`}
          </div>
          <LagChart points={history} now={now} />
        </div>
        <dl className="rp-facts">
          <dt>IO state</dt>
          <dd>{channel.ioActivity || '—'}</dd>
          <dt>SQL state</dt>
          <dd>{channel.sqlActivity || '—'}</dd>
          <dt>Source</dt>
          <dd className="mono">
            {channel.sourceHost}:{channel.sourcePort} · server_id {channel.sourceServerId}
            {channel.sourceUuid && ` · ${channel.sourceUuid}`}
          </dd>
          <dt>Retrieved</dt>
          <dd className="mono rp-gtids">{channel.retrievedGtids || '—'}</dd>
          <dt>Executed</dt>
          <dd className="mono rp-gtids">{channel.executedGtids || '—'}</dd>
          <dt>Auto-position</dt>
          <dd>
            {channel.autoPosition ? 'yes' : 'no'}
            {channel.usingGtid !== null && ` (Using_Gtid ${channel.usingGtid})`}
          </dd>
          <dt>Delay</dt>
          <dd className="num">
            {channel.delaySeconds === 0 ? 'none' : formatDuration(channel.delaySeconds * 1000)}
            {channel.remainingDelaySeconds !== null && ` · ${channel.remainingDelaySeconds} s left`}
          </dd>
          <dt>SSL</dt>
          <dd>
            {channel.ssl ? 'yes' : 'no'}
            {channel.ssl &&
              (channel.sslVerifyServerCert
                ? ', certificate verified'
                : ', certificate not verified')}
          </dd>
          <dt>Position</dt>
          <dd className="mono">
            read {channel.sourceLogFile}:{channel.readSourceLogPos} · executed{' '}
            {channel.relaySourceLogFile}:{channel.execSourceLogPos}
          </dd>
        </dl>
      </div>
    </section>
  );
}
