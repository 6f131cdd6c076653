import type { AlterPreflight } from '../../shared/api/alter';
import type { AlterAlgorithm, AlterLock } from '../../shared/alter/alter-rules';
import { formatExactCount, formatCount } from '../../shared/format/count';
import { formatDuration, formatSeconds } from '../../shared/format/duration';
import { LintFindings } from './LintFindings';
import { SeverityIcon } from '../ui/SeverityIcon';
import { Notice } from '../ui/Notice';

const ALGORITHM_LABEL: Record<AlterAlgorithm, string> = {
  instant: 'INSTANT',
  inplace: 'INPLACE, no rebuild',
  'inplace-rebuild': 'INPLACE, rebuild',
  copy: 'COPY',
};
const ALGORITHM_SEVERITY = {
  instant: 'ok',
  inplace: 'info',
  'inplace-rebuild': 'warning',
  copy: 'danger',
} as const;
const LOCK_SEVERITY = { none: 'ok', shared: 'warning', exclusive: 'danger' } as const;

export function AlgorithmBadge({ algorithm }: { algorithm: AlterAlgorithm }) {
  const severity = ALGORITHM_SEVERITY[algorithm];
  return (
    <span className={`alt-badge alt-badge-${severity}`} data-algorithm={algorithm}>
      <SeverityIcon severity={severity} /> {ALGORITHM_LABEL[algorithm]}
    </span>
  );
}

export function LockBadge({ lock }: { lock: AlterLock }) {
  const severity = LOCK_SEVERITY[lock];
  return (
    <span className={`alt-badge alt-badge-${severity}`} data-lock={lock}>
      <SeverityIcon severity={severity} /> LOCK {lock.toUpperCase()}
    </span>
  );
}

/** The rules cannot tell: said in words, not as the worst-case badges it is planned with. */
export function UnknownBadge() {
  return (
    <span className="alt-badge alt-badge-danger" data-algorithm="unknown">
      <SeverityIcon severity="danger" /> UNKNOWN: test with ALGORITHM=INSTANT first
    </span>
  );
}

function bytes(n: number | null): string {
  if (n === null) return '—';
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(1)} GiB`;
  if (n >= 1024 ** 2) return `${(n / 1024 ** 2).toFixed(1)} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${n} B`;
}

/** The plan per operation, the risks, the proposed clause, and what the live server said. */
export function PreflightView({ preflight }: { preflight: AlterPreflight }) {
  const { plan, facts } = preflight;
  return (
    <div className="alt-preflight" data-testid="alter-preflight">
      <section className="alt-section" aria-labelledby="alt-plan-title">
        <h3 id="alt-plan-title">
          Plan for {facts.schema}.{facts.table}:{' '}
          {plan.certainty === 'unknown' ? (
            <UnknownBadge />
          ) : (
            <>
              <AlgorithmBadge algorithm={plan.algorithm} /> <LockBadge lock={plan.lock} />
            </>
          )}
        </h3>
        <p className="alt-summary">{plan.summary}</p>
        <table className="alt-table" data-testid="alter-operations">
          <thead>
            <tr>
              <th scope="col">Operation</th>
              <th scope="col">Algorithm</th>
              <th scope="col">Lock</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {plan.operations.map((p, i) => (
              <tr key={i}>
                <td className="mono">{p.operation.text}</td>
                {p.certainty === 'unknown' ? (
                  <td colSpan={2}>
                    <UnknownBadge />
                  </td>
                ) : (
                  <>
                    <td>
                      <AlgorithmBadge algorithm={p.algorithm} />
                    </td>
                    <td>
                      <LockBadge lock={p.lock} />
                    </td>
                  </>
                )}
                <td>{p.why}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="alt-section" aria-labelledby="alt-risks-title">
        <h3 id="alt-risks-title">Risks</h3>
        {preflight.risks.length === 0 ? (
          <p className="empty-state">Nothing found that would make this change risky.</p>
        ) : (
          <ul className="alt-risks" data-testid="alter-risks">
            {preflight.risks.map((r, i) => (
              <li key={i} className={`alt-risk alt-risk-${r.severity}`} data-severity={r.severity}>
                <SeverityIcon severity={r.severity} /> <span>{r.text}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <LintFindings findings={preflight.findings} />

      <section className="alt-section" aria-labelledby="alt-clause-title">
        <h3 id="alt-clause-title">Proposed statement</h3>
        {plan.clause ? (
          <p className="hint">
            With <code>{plan.clause}</code> the server refuses, instead of silently doing something
            slower, if the plan turns out wrong.
          </p>
        ) : null}
        {plan.clauseNote && <Notice severity="info">{plan.clauseNote}</Notice>}
        <pre className="alt-sql" data-testid="alter-proposed">
          {plan.proposedSql}
        </pre>
      </section>

      <section className="alt-section" aria-labelledby="alt-facts-title">
        <h3 id="alt-facts-title">The table on the server</h3>
        <dl className="alt-facts">
          <dt>Rows (estimate)</dt>
          <dd
            className="num"
            title={facts.rows === null ? undefined : formatExactCount(facts.rows)}
          >
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
              : preflight.replicas.map((r) => `${r.host}:${r.port} (id ${r.serverId})`).join(', ')}
            {preflight.ownReplicaLagSeconds !== null &&
              ` · this server lags its source by ${preflight.ownReplicaLagSeconds} s`}
          </dd>
        </dl>
      </section>

      <section className="alt-section" aria-labelledby="alt-blockers-title">
        <h3 id="alt-blockers-title">Sessions in the way</h3>
        {preflight.blockers.length === 0 ? (
          <p className="empty-state">
            No session holds the table’s metadata lock or has a transaction open on it now: the
            ALTER would not queue.
          </p>
        ) : (
          <BlockerTable blockers={preflight.blockers} />
        )}
      </section>

      {preflight.toolCommands.length > 0 && (
        <section className="alt-section" aria-labelledby="alt-tools-title">
          <h3 id="alt-tools-title">Online schema change tools (not run by Sightline)</h3>
          {preflight.toolCommands.map((t) => (
            <div key={t.tool} className="alt-tool">
              <h4>{t.tool}</h4>
              {t.blocker && (
                <Notice severity="warning" role="note">
                  {t.blocker}
                </Notice>
              )}
              {t.command !== null && (
                <pre className="alt-sql" aria-label={`${t.tool} for bash or zsh`}>
                  {t.command}
                </pre>
              )}
              {t.powershell !== null && (
                <details className="alt-powershell">
                  <summary>For PowerShell</summary>
                  <pre className="alt-sql" aria-label={`${t.tool} for PowerShell`}>
                    {t.powershell}
                  </pre>
                </details>
              )}
              <ul className="alt-notes">
                {t.notes.map((n, i) => (
                  <li key={i}>{n}</li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      )}
    </div>
  );
}

/** Sessions holding or waiting for the table, with what they run. */
export function BlockerTable({
  blockers,
  onKill,
}: {
  blockers: AlterPreflight['blockers'];
  onKill?: (processId: number) => void;
}) {
  return (
    <table className="alt-table" data-testid="alter-blockers">
      <thead>
        <tr>
          <th scope="col">Session</th>
          <th scope="col">User</th>
          <th scope="col">Relation</th>
          <th scope="col" className="num">
            Time
          </th>
          <th scope="col">Transaction since (server time)</th>
          <th scope="col">Statement</th>
          {onKill && <th scope="col">Action</th>}
        </tr>
      </thead>
      <tbody>
        {blockers.map((b) => (
          <tr key={b.processId} data-process-id={b.processId}>
            <td className="num">{b.processId}</td>
            <td>
              {b.user}@{b.host}
            </td>
            <td>
              {b.relation === 'holds'
                ? `holds ${b.lockType ?? 'a lock'}`
                : b.relation === 'waits'
                  ? `waits for ${b.lockType ?? 'the lock'}`
                  : 'open transaction (may hold it)'}
            </td>
            <td className="num">{formatSeconds(b.timeSeconds)}</td>
            <td>{b.trxStarted ?? '—'}</td>
            <td className="mono">
              {b.info ?? (b.command === 'Sleep' ? 'idle in transaction' : '—')}
            </td>
            {onKill && (
              <td>
                <button
                  type="button"
                  className="btn-small btn-danger-outline"
                  onClick={() => onKill(b.processId)}
                >
                  Kill session {b.processId}…
                </button>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
