import { useEffect, useRef, useState } from 'react';
import type { AlterRunStatus } from '../../shared/api/alter';
import type { ApiErrorShape } from '../../shared/api/errors';
import { api } from '../app/api';
import { ErrorNotice, errorShapeOf } from '../app/ErrorNotice';
import type { ToolScreenProps } from '../app/tool-screen';
import { ProgressBar } from './ProgressBar';
import { BlockerTable } from './BlockerTable';
import {
  runFigures,
  stageWords,
  staleProgressNotice,
  stateSeverity,
  stateWords,
} from './run-figures';
import { SeverityIcon } from '../ui/SeverityIcon';
import { Notice } from '../ui/Notice';

/**
 * One ALTER run: the bar, stage, work done, rate, ETA and elapsed time; the metadata-lock wait
 * with the sessions in the way; cancel; and the outcome (table unchanged or not).
 */
export function RunView({
  status,
  connection,
  confirm,
}: {
  status: AlterRunStatus;
  connection: ToolScreenProps['connection'];
  confirm: ToolScreenProps['confirm'];
}) {
  const [now, setNow] = useState(() => Date.now());
  const [error, setError] = useState<{ title: string; error: ApiErrorShape } | null>(null);
  const running = status.endedAt === null;
  const box = useRef<HTMLElement>(null);
  // A new run comes into view: it is what the user just confirmed.
  // Braces: newer browsers return a promise from scrollIntoView, which is no effect cleanup.
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest' });
  }, [status.runId]);
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [running]);
  const f = runFigures(status, now);
  // A finished run with no progress figures (an instant change): elapsed time is all there is.
  const noFigures = !running && status.stages.length === 0 && f.rate === '—' && f.eta === '—';
  // The outcome says how it ended ("Done in 35 ms"): the head does not say it again.
  const outcomeShown = status.outcome !== null && status.outcome !== undefined && !running;
  const severity = stateSeverity(status.state, status.applied);
  const stale = staleProgressNotice(status, now);

  const cancel = async () => {
    const ok = await confirm({
      title: `Cancel the ALTER on ${connection.name}?`,
      consequence:
        'The server stops the ALTER and rolls it back; a rebuild throws away the work done so far. Undoing a big copy can take a while.',
      detail: `KILL QUERY ${status.processId ?? '?'};`,
      connectionName: connection.name,
      color: connection.color,
      typedConfirmation: connection.production,
      confirmLabel: 'Cancel the ALTER',
    });
    if (!ok) return;
    try {
      await api.call('alter.cancel', { runId: status.runId });
    } catch (e) {
      setError({ title: 'Could not cancel the ALTER', error: errorShapeOf(e) });
    }
  };

  const kill = async (processId: number) => {
    const b = status.blockers.find((x) => x.processId === processId);
    const ok = await confirm({
      title: `Kill session ${processId} on ${connection.name}?`,
      consequence: `Ends session ${processId} (${b?.user ?? '?'}@${b?.host ?? '?'}) and rolls back its open transaction${b?.trxStarted ? ` (open since ${b.trxStarted})` : ''}; its application gets an error. Then the ALTER can take the lock.`,
      detail: `KILL ${processId};`,
      connectionName: connection.name,
      color: connection.color,
      typedConfirmation: connection.production,
      confirmLabel: `Kill session ${processId}`,
    });
    if (!ok) return;
    try {
      await api.call('alter.killBlocker', { runId: status.runId, processId });
    } catch (e) {
      setError({ title: `Could not kill session ${processId}`, error: errorShapeOf(e) });
    }
  };

  const verify = async () => {
    try {
      await api.call('alter.verify', { runId: status.runId });
    } catch (e) {
      setError({ title: 'Could not check the table yet', error: errorShapeOf(e) });
    }
  };

  return (
    <section
      ref={box}
      className="alt-run"
      aria-label="ALTER run"
      data-testid="alter-run"
      data-state={status.state}
    >
      <div className="alt-run-head">
        <span className={`alt-state alt-state-${severity}`} hidden={outcomeShown}>
          <SeverityIcon severity={severity} /> {stateWords(status.state, status.applied)}
        </span>
        <span className="mono alt-run-sql" title={status.sql}>
          {status.sql}
        </span>
        {running && (
          <button type="button" className="btn-danger-outline" onClick={() => void cancel()}>
            Cancel…
          </button>
        )}
      </div>
      {stale && (
        <Notice severity="warning" role="status" testId="alter-progress-stale" title={stale.title}>
          {stale.detail}
        </Notice>
      )}
      <ProgressBar
        percent={status.state === 'done' ? 100 : (status.progress?.percent ?? null)}
        label={`ALTER progress of ${status.schema}.${status.table}`}
      />
      <p className="alt-stage" data-testid="alter-stage" hidden={noFigures}>
        {running ? (
          <>
            <span className="hint">Stage</span>{' '}
            {(status.progress?.stage && (
              <span title={status.progress.stage}>{stageWords(status.progress.stage)}</span>
            )) ||
              (status.state === 'waiting-lock'
                ? 'waiting for the metadata lock'
                : status.progressSource === 'none'
                  ? 'no progress figures from this server: elapsed time only'
                  : 'starting')}
          </>
        ) : (
          <>
            <span className="hint">Stages seen</span>{' '}
            {status.stages.length > 0 ? (
              <span title={status.stages.join(' → ')}>
                {status.stages.map(stageWords).join(' → ')}
              </span>
            ) : (
              'none reported'
            )}
          </>
        )}
      </p>
      <dl className="alt-figures" data-testid="alter-figures">
        {!noFigures && (
          <>
            <dt>Progress</dt>
            <dd className="num" data-testid="alter-percent">
              {status.state === 'done' ? '100.0 %' : f.percent}
            </dd>
            <dt>Work</dt>
            <dd className="num">{running ? f.work : '—'}</dd>
            <dt>Rate</dt>
            <dd className="num">{f.rate}</dd>
            <dt>ETA</dt>
            <dd className="num" data-testid="alter-eta">
              {f.eta}
            </dd>
          </>
        )}
        <dt>Elapsed</dt>
        <dd className="num">{f.elapsed}</dd>
      </dl>
      {status.state === 'waiting-lock' && (
        <Notice
          severity="warning"
          testId="alter-mdl-wait"
          title="Waiting for the table’s metadata lock"
        >
          Every query on {status.table} now queues behind this ALTER until these sessions end (or
          lock_wait_timeout runs out):
          <BlockerTable blockers={status.blockers} onKill={(id) => void kill(id)} />
        </Notice>
      )}
      {status.outcome && !running && (
        <Notice
          severity={severity}
          role="status"
          testId="alter-outcome"
          meta={
            status.error && (
              <>
                {status.error.code}
                {status.error.serverCode !== undefined &&
                  ` · Server error ${status.error.serverCode}`}
              </>
            )
          }
          actions={
            status.state === 'unknown' && (
              <button type="button" className="btn-small" onClick={() => void verify()}>
                Check the table again
              </button>
            )
          }
        >
          {status.outcome}
        </Notice>
      )}
      {error && <ErrorNotice title={error.title} error={error.error} />}
    </section>
  );
}
