import { useState } from 'react';
import type { FullStatement } from '../../shared/api/processlist';
import type { ApiErrorShape } from '../../shared/api/errors';
import { formatCount, formatExactCount } from '../../shared/format/count';
import { formatDuration } from '../../shared/format/duration';
import type { BlockingModel } from '../../shared/processlist/blocking-chains';
import type { KillMode } from '../../shared/processlist/kill-plan';
import type { LockWait } from '../../shared/processlist/lock-wait';
import type { ServerRun } from '../../shared/server/server-run';
import { api } from '../app/api';
import { ErrorNotice, errorShapeOf } from '../app/ErrorNotice';
import { formatBytes } from '../grid/cell-text';
import type { TableRow } from './process-columns';
import { BlockerStory } from './BlockerStory';
import { KillButtons } from './KillButtons';
import { SeverityIcon } from '../ui/SeverityIcon';

function lockText(w: LockWait): string {
  const object = [w.schema, w.object].filter(Boolean).join('.');
  const index = w.index ? ` (${w.index})` : '';
  const kind = w.kind === 'row' ? 'row lock' : 'metadata lock';
  const how = w.granted ? `held ${w.blockingMode ?? ''}` : `queued ${w.blockingMode ?? ''} ahead`;
  return `${kind} ${w.waitingMode ?? ''} on ${object}${index}, ${how}`.replace(/\s+/g, ' ');
}

/** One session in detail: figures, transaction, who blocks it, its statement and the actions. */
export function ProcessDetails({
  item,
  blocking,
  waits,
  sessionId,
  serverRun,
  onClose,
  onKill,
  onExplain,
  canAnalyze,
  onOpenInEditor,
}: {
  item: TableRow;
  blocking: BlockingModel;
  waits: readonly LockWait[];
  sessionId: string;
  /** The run of the snapshot shown: what is read about the session must be of that run. */
  serverRun: ServerRun;
  onClose: () => void;
  onKill: (mode: KillMode, ids: number[]) => void;
  /** `analyze`: SHOW ANALYZE, the plan with what was measured so far (MariaDB 10.9+). */
  onExplain: (id: number, analyze: boolean) => void;
  /** The server has SHOW ANALYZE (capability `showAnalyze`). */
  canAnalyze: boolean;
  onOpenInEditor: (sql: string) => void;
}) {
  const { row, transaction } = item;
  const [full, setFull] = useState<FullStatement | null>(null);
  const [error, setError] = useState<ApiErrorShape | null>(null);
  const chain = blocking.waiting.get(row.id);
  const blocks = blocking.blocks.get(row.id);
  const myWaits = waits.filter((w) => w.waitingId === row.id);

  const loadFull = async (): Promise<FullStatement | null> => {
    try {
      const f = await api.call('processlist.statement', { sessionId, id: row.id });
      setFull(f);
      return f;
    } catch (e) {
      setError(errorShapeOf(e));
      return null;
    }
  };

  return (
    <aside className="pl-details" aria-label={`Session ${row.id}`} data-testid="pl-details">
      <header className="pl-details-header">
        <h2>
          Session #{row.id}{' '}
          <span className="pl-muted">
            {row.user}@{row.host}
          </span>
        </h2>
        <button type="button" className="tab-close" aria-label="Close details" onClick={onClose}>
          ×
        </button>
      </header>
      {item.severity !== 'ok' && (
        <p className={`pl-attention pl-sev-text-${item.severity}`}>
          <SeverityIcon severity={item.severity} /> {item.attention}
        </p>
      )}
      {chain && (
        <div className="pl-chain" data-testid="pl-chain">
          <strong>Waits for</strong>
          <ol>
            <li>
              #{row.id} waits for {chain.blockedBy.map((b) => `#${b}`).join(', ')}
              {myWaits.map((w) => (
                <div key={`${w.kind}${w.blockingId}`} className="pl-muted">
                  #{w.blockingId}: {lockText(w)}
                </div>
              ))}
            </li>
            {chain.chain.map((id, i) => (
              <li key={id}>
                #{id}
                {i === chain.chain.length - 1
                  ? chain.cycle
                    ? ' — deadlock cycle'
                    : ' — root blocker (waits for nobody)'
                  : ` waits for #${chain.chain[i + 1]}`}
              </li>
            ))}
          </ol>
        </div>
      )}
      {blocks !== undefined && (
        <p className="pl-muted">
          Holds up {blocks} session{blocks === 1 ? '' : 's'}.
        </p>
      )}
      {blocks !== undefined && (
        <BlockerStory
          sessionId={sessionId}
          id={row.id}
          serverRun={serverRun}
          onOpenInEditor={onOpenInEditor}
        />
      )}
      <dl className="facts pl-facts">
        <dt>Command</dt>
        <dd>{row.command}</dd>
        <dt>State</dt>
        <dd>{row.state ?? '—'}</dd>
        <dt>Schema</dt>
        <dd>{row.db ?? '—'}</dd>
        <dt>Time</dt>
        <dd className="num" title={`${formatExactCount(Math.round(row.timeMs))} ms`}>
          {formatDuration(row.timeMs)}
        </dd>
        {row.rowsExamined !== null && (
          <>
            <dt>Rows examined / sent</dt>
            <dd className="num">
              {formatCount(row.rowsExamined)} /{' '}
              {row.rowsSent === null ? '—' : formatCount(row.rowsSent)}
            </dd>
          </>
        )}
        {row.lockMs !== null && (
          <>
            <dt>Lock time</dt>
            <dd className="num">{formatDuration(row.lockMs)}</dd>
          </>
        )}
        {row.tmpTables !== null && (
          <>
            <dt>Temporary tables</dt>
            <dd className="num">
              {row.tmpTables} ({row.tmpDiskTables ?? 0} on disk)
            </dd>
          </>
        )}
        {row.memoryBytes !== null && (
          <>
            <dt>Memory</dt>
            <dd className="num" title={`${formatExactCount(row.memoryBytes)} bytes`}>
              {formatBytes(row.memoryBytes)}
              {row.memoryPeakBytes !== null && ` (at most ${formatBytes(row.memoryPeakBytes)})`}
            </dd>
          </>
        )}
        {row.progress !== null && (
          <>
            <dt>Progress</dt>
            <dd className="num">
              {row.progress.toFixed(1)} %
              {row.stage ? ` (stage ${row.stage.current} of ${row.stage.max})` : ''}
              {row.progressStage ? ` (${row.progressStage})` : ''}
            </dd>
          </>
        )}
        {transaction && (
          <>
            <dt>Transaction</dt>
            <dd>
              {transaction.state}, open {formatDuration(transaction.ageSeconds * 1000)},{' '}
              {transaction.isolation ?? ''}; rows locked {transaction.rowsLocked ?? '—'}, modified{' '}
              {transaction.rowsModified ?? '—'}
            </dd>
          </>
        )}
      </dl>
      {row.info !== null && (
        <div className="pl-statement">
          <pre className="mono" data-testid="pl-statement">
            {full?.text ?? row.info}
          </pre>
          <div className="pl-muted">
            {formatExactCount(full?.length ?? row.infoLength)} characters
            {(full?.binary ?? row.infoBinary) && ' · binary bytes shown as \\xNN'}
            {!full && row.infoLength > (row.info?.length ?? 0) && (
              <>
                {' '}
                · preview{' '}
                <button type="button" className="btn-link" onClick={() => void loadFull()}>
                  Full statement
                </button>
              </>
            )}
          </div>
        </div>
      )}
      {error && <ErrorNotice error={error} title="Could not read the statement" />}
      <div className="pl-actions">
        <button
          type="button"
          disabled={row.info === null}
          onClick={async () => {
            const f = full ?? (await loadFull());
            if (f?.text) onOpenInEditor(f.text);
          }}
        >
          Open in editor
        </button>
        <button type="button" disabled={row.info === null} onClick={() => onExplain(row.id, false)}>
          Explain
        </button>
        {canAnalyze && (
          <button
            type="button"
            disabled={row.info === null}
            title="SHOW ANALYZE: the plan with the rows and time measured so far; the statement runs on undisturbed"
            onClick={() => onExplain(row.id, true)}
          >
            Analyze running statement
          </button>
        )}
        <KillButtons
          ids={[row.id]}
          onKill={onKill}
          disabled={row.self}
          label={(mode) => (mode === 'query' ? 'Kill query…' : 'Kill connection…')}
        />
      </div>
    </aside>
  );
}
