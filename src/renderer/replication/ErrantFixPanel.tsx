import { useState } from 'react';
import type { SavedConnection } from '../../shared/api/connection';
import type { ApiErrorShape } from '../../shared/api/errors';
import type { ErrantFixResult, HostCredential } from '../../shared/api/replication';
import type { TopologyNode } from '../../shared/replication/topology-model';
import { api } from '../app/api';
import type { ConfirmRequest } from '../app/ConfirmDialog';
import { ErrorNotice, errorShapeOf } from '../app/ErrorNotice';
import { Notice } from '../ui/Notice';
import { ErrantContentsList } from './ErrantContentsList';

/**
 * The guided fix for one node's errant transactions: the exact SQL per server first, then,
 * after the one confirmation dialog, the run and the re-check. RESET is explained, never run.
 */
export function ErrantFixPanel({
  node,
  context,
  onFixed,
  onClose,
}: {
  node: TopologyNode;
  context: {
    sessionId: string;
    connection: SavedConnection;
    confirm: (request: ConfirmRequest) => Promise<boolean>;
    /** Logins given for servers that refused the session's. */
    credentials: HostCredential[];
  };
  onFixed: () => void;
  onClose: () => void;
}) {
  const { sessionId, connection, confirm, credentials } = context;
  const [preview, setPreview] = useState<ErrantFixResult | null>(null);
  const [result, setResult] = useState<ErrantFixResult | null>(null);
  const [busy, setBusy] = useState<'preview' | 'run' | null>(null);
  const [error, setError] = useState<ApiErrorShape | null>(null);
  const errant = node.errant;

  const loadPreview = async () => {
    setBusy('preview');
    setError(null);
    setResult(null);
    try {
      setPreview(
        await api.call('replication.errantFix', {
          sessionId,
          credentials,
          nodeId: node.id,
          run: false,
        }),
      );
    } catch (e) {
      setError(errorShapeOf(e));
    } finally {
      setBusy(null);
    }
  };

  const runFix = async (plan: ErrantFixResult) => {
    const transactions = plan.targets.reduce((n, t) => n + t.transactions, 0);
    const ok = await confirm({
      title: `Inject ${transactions} empty transaction${transactions === 1 ? '' : 's'} on ${plan.targets.length} server${plan.targets.length === 1 ? '' : 's'}?`,
      consequence: `Each server below gets an empty transaction for every errant GTID of ${node.id}, so that none of them will ever need ${node.id}'s own. No row changes on them, and ${node.id} is not touched: whatever its errant transactions wrote stays on ${node.id} only. Errant detection runs again afterwards.`,
      detail: plan.targets.map((t) => `-- on ${t.nodeId}\n${t.script}`).join('\n'),
      connectionName: connection.name,
      color: connection.color,
      typedConfirmation: connection.production,
      confirmLabel: 'Run the fix',
    });
    if (!ok) return;
    setBusy('run');
    setError(null);
    try {
      const done = await api.call('replication.errantFix', {
        sessionId,
        credentials,
        nodeId: node.id,
        run: true,
        plan: plan.targets,
      });
      setResult(done);
      onFixed();
    } catch (e) {
      setError(errorShapeOf(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section
      className={`rp-fix${result?.errantAfter === '' && result.notRechecked === null ? ' rp-fix-done' : ''}`}
      aria-label={`Fix errant transactions of ${node.id}`}
    >
      <header className="rp-section-head">
        <h3>Errant transactions on {node.id}</h3>
        <button type="button" className="btn-small" onClick={onClose}>
          Close
        </button>
      </header>
      {errant && (
        <>
          <p className="mono rp-gtids" data-errant-set>
            {errant.gtids}
          </p>
          {errant.method !== 'mariadb-local' && (
            <p className="rp-muted">
              Found by{' '}
              {errant.method === 'source'
                ? `comparing with its source ${errant.comparedWith.join(', ')}`
                : `the seed method (its source is down): compared with ${errant.comparedWith.join(', ')}`}
              .
              {errant.purged !== '' && (
                <>
                  {' '}
                  <strong className="rp-danger-text">
                    Purged from its binary logs: {errant.purged}
                  </strong>
                </>
              )}
            </p>
          )}
          <p>{errant.consequence}</p>
          {errant.method !== 'mariadb-local' && (
            <p className="rp-muted" data-errant-data-note>
              The fix below reconciles GTIDs, not data: whatever these transactions wrote stays on{' '}
              {node.id} alone, and the other servers never get it. If a change belongs everywhere,
              redo it on the source; if not, undo it here. Data drift (below) compares a
              table&apos;s rows between the source and a replica.
            </p>
          )}
        </>
      )}
      {errant?.method === 'mariadb-local' ? (
        <Notice severity="info">
          MariaDB has no empty-transaction fix: redo the write on the source (so it replicates with
          the source&apos;s GTID), or give local writes their own <code>gtid_domain_id</code>.
        </Notice>
      ) : (
        !preview && (
          <button
            type="button"
            className="btn-primary"
            disabled={busy !== null}
            onClick={() => void loadPreview()}
          >
            {busy === 'preview' ? 'Preparing…' : 'Preview the fix'}
          </button>
        )
      )}
      {error && <ErrorNotice error={error} title="The fix could not be prepared or run" />}
      {preview && !result && (
        <div className="rp-fix-plan">
          {preview.contents && <ErrantContentsList contents={preview.contents} nodeId={node.id} />}
          {preview.targets.length === 0 ? (
            <p className="empty-state">
              Every other server already has these GTIDs: nothing to inject.
            </p>
          ) : (
            preview.targets.map((t) => (
              <div key={t.nodeId} className="rp-fix-target" data-fix-target={t.nodeId}>
                <h4>
                  On <span className="mono">{t.nodeId}</span>{' '}
                  <span className="rp-muted num">
                    ({t.transactions} empty transaction{t.transactions === 1 ? '' : 's'})
                  </span>
                </h4>
                <pre className="confirm-detail rp-fix-sql">{t.script}</pre>
              </div>
            ))
          )}
          {preview.targets.length > 0 && (
            <div className="rp-fix-actions">
              <button
                type="button"
                className="btn-danger"
                disabled={busy !== null || connection.readOnly}
                onClick={() => void runFix(preview)}
              >
                {busy === 'run' ? 'Running…' : 'Run the fix…'}
              </button>
              <button
                type="button"
                className="btn-small"
                onClick={() =>
                  void navigator.clipboard?.writeText(
                    preview.targets.map((t) => `-- on ${t.nodeId}\n${t.script}`).join('\n'),
                  )
                }
              >
                Copy SQL
              </button>
              {connection.readOnly && (
                <span className="rp-muted">
                  “{connection.name}” is read-only: the fix writes, so it cannot run from here. Copy
                  the SQL, or use a connection that is not read-only.
                </span>
              )}
            </div>
          )}
          <details className="rp-reset">
            <summary>The other way: RESET on the replica (explained, never done for you)</summary>
            <p>{preview.resetAlternative}</p>
          </details>
        </div>
      )}
      {result && (
        <div className="rp-fix-result">
          {result.outcomes.map((o) =>
            o.ok ? (
              <p key={o.nodeId}>✔ {o.nodeId}: done</p>
            ) : (
              <ErrorNotice
                key={o.nodeId}
                error={o.error ?? { code: 'INTERNAL', message: 'failed' }}
                title={`${o.nodeId} failed at: ${o.failedStatement ?? '(connecting)'}`}
              />
            ),
          )}
          {result.notRechecked !== null ? (
            <Notice severity="warning" data={{ 'data-recheck': 'not-checked' }}>
              Not detected again: {result.notRechecked} Whether errant transactions are left on{' '}
              {node.id} is not known; discover the topology again once it can be checked.
            </Notice>
          ) : result.errantAfter === '' ? (
            <Notice severity="ok" data={{ 'data-recheck': 'clean' }}>
              Detected again: no errant transactions left on {node.id}.
            </Notice>
          ) : (
            <Notice severity="warning" data={{ 'data-recheck': 'remaining' }}>
              Detected again: still errant on {node.id}:{' '}
              <span className="mono">{result.errantAfter}</span>
            </Notice>
          )}
        </div>
      )}
    </section>
  );
}
