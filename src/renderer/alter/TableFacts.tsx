import type { AlterPreflight } from '../../shared/api/alter';
import { formatCount, formatExactCount } from '../../shared/format/count';
import { formatDuration } from '../../shared/format/duration';
import { hostPort } from '../../shared/server/host-port';

function bytes(n: number | null): string {
  if (n === null) return '—';
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(1)} GiB`;
  if (n >= 1024 ** 2) return `${(n / 1024 ** 2).toFixed(1)} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${n} B`;
}

/** What the live server says about the table and around it: size, keys, load, replicas. */
export function TableFacts({ preflight }: { preflight: AlterPreflight }) {
  const { facts } = preflight;
  return (
    <section className="alt-section" aria-labelledby="alt-facts-title">
      <h3 id="alt-facts-title">The table on the server</h3>
      <dl className="alt-facts">
        <dt>Rows (estimate)</dt>
        <dd className="num" title={facts.rows === null ? undefined : formatExactCount(facts.rows)}>
          {facts.rows === null ? '—' : formatCount(facts.rows)}
        </dd>
        <dt>Data / indexes</dt>
        <dd className="num">
          {bytes(facts.dataBytes)} / {bytes(facts.indexBytes)}
        </dd>
        <dt>Engine, row format</dt>
        <dd>
          {facts.engine ?? '—'}, {facts.rowFormat ?? '—'}
        </dd>
        <dt>Primary key</dt>
        <dd>{facts.hasPrimaryKey ? 'yes' : 'none (⚠ online tools need one)'}</dd>
        <dt>Indexes</dt>
        <dd>
          {facts.indexes.map((i) => `${i.name} (${i.columns.join(', ')})`).join('; ') || 'none'}
        </dd>
        <dt>Foreign keys</dt>
        <dd>
          {facts.foreignKeysOut.length} out, {facts.foreignKeysIn.length} in
        </dd>
        <dt>Triggers, partitions</dt>
        <dd className="num">
          {facts.triggers.length}, {facts.partitions}
        </dd>
        {facts.rowVersions !== null && (
          <>
            <dt>Instant row versions used</dt>
            <dd className="num">{facts.rowVersions}</dd>
          </>
        )}
        <dt>Estimated duration</dt>
        <dd>
          <span className="num">
            {preflight.estimateSeconds === null
              ? '—'
              : formatDuration(preflight.estimateSeconds * 1000)}
          </span>{' '}
          <span className="hint">({preflight.estimateBasis})</span>
        </dd>
        <dt>Free space needed</dt>
        <dd className="num">{bytes(preflight.spaceNeededBytes)}</dd>
        <dt>innodb_online_alter_log_max_size</dt>
        <dd className="num">{bytes(preflight.onlineAlterLogMaxBytes)}</dd>
        <dt>Writes to the table</dt>
        <dd className="num">
          {preflight.writeRowsPerSecond === null
            ? 'not measured'
            : `${preflight.writeRowsPerSecond.toFixed(1)} rows/s`}
        </dd>
        <dt>Replicas</dt>
        <dd>
          {preflight.replicas.length === 0
            ? 'none registered'
            : preflight.replicas
                .map((r) => `${hostPort(r.host, r.port)} (id ${r.serverId})`)
                .join(', ')}
          {preflight.ownReplicaLagSeconds !== null &&
            ` · this server lags its source by ${preflight.ownReplicaLagSeconds} s`}
        </dd>
      </dl>
    </section>
  );
}
