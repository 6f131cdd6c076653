import { useEffect, useState } from 'react';
import type { SavedConnection } from '../../../shared/api/connection';
import type { DriftTableResult } from '../../../shared/api/drift';
import { parseTableList } from '../../../shared/drift/table-list';
import { api } from '../../app/api';
import type { ConfirmRequest } from '../../app/ConfirmDialog';
import { ErrorNotice, errorShapeOf } from '../../app/ErrorNotice';
import { Field } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { DriftProgress } from './DriftProgress';
import { DriftTableCard, type FixOutcome } from './DriftTableCard';
import { useDriftRun } from './use-drift-run';
import './drift.css';

/**
 * Data drift: tables compared between this server and a replica of it (a saved connection),
 * row by row at one GTID point per table, with the statements that would repair the replica.
 */
export function DriftSection({
  sessionId,
  connection,
  confirm,
}: {
  sessionId: string;
  connection: SavedConnection;
  confirm: (request: ConfirmRequest) => Promise<boolean>;
}) {
  const [connections, setConnections] = useState<SavedConnection[]>([]);
  const [replicaId, setReplicaId] = useState('');
  const [tablesText, setTablesText] = useState('');
  const [chunkRows, setChunkRows] = useState(1000);
  const [maxLag, setMaxLag] = useState(10);
  const [maxThreads, setMaxThreads] = useState(50);
  const [consent, setConsent] = useState(false);
  const { run, error, starting, start, cancel } = useDriftRun(sessionId);

  useEffect(() => {
    api.call('connections.list', {}).then(
      (list) => setConnections(list.filter((c) => c.id !== connection.id)),
      () => setConnections([]),
    );
  }, [connection.id]);

  const parsed = parseTableList(tablesText);
  const replica = connections.find((c) => c.id === replicaId) ?? null;
  const running = run?.state === 'running';
  const canStart =
    replica !== null && parsed.tables.length > 0 && parsed.errors.length === 0 && consent;

  const fix = async (result: DriftTableResult, onSent: () => void): Promise<FixOutcome | null> => {
    if (!run) return null;
    const target = connections.find((c) => c.id === run.replicaConnectionId);
    const sql = result.fix.join(';\n');
    const ok = await confirm({
      title: `Repair ${result.schema}.${result.table} on ${run.replicaName}?`,
      consequence: `These statements change rows on the replica ${run.replicaName} so that they equal the source's as read at the comparison's point. They run with sql_log_bin = 0: not logged, so they create no errant transaction, and the replica's own replicas do not get them. The source is not touched.`,
      // Each statement ended, so the text runs as shown when copied into a client.
      detail: `${sql};`,
      connectionName: run.replicaName,
      color: target?.color ?? 'gray',
      typedConfirmation: target?.production ?? false,
      confirmLabel: 'Run on the replica',
    });
    if (!ok) return null;
    onSent();
    try {
      return await api.call('drift.fix', {
        runId: run.runId,
        schema: result.schema,
        table: result.table,
        confirmSql: sql,
      });
    } catch (e) {
      return { refused: errorShapeOf(e) };
    }
  };

  const cancelFix = async (result: DriftTableResult): Promise<string | null> => {
    if (!run) return null;
    try {
      const r = await api.call('drift.cancelFix', {
        runId: run.runId,
        schema: result.schema,
        table: result.table,
      });
      return r.cancelled ? null : 'The fix had already ended.';
    } catch (e) {
      return errorShapeOf(e).message;
    }
  };

  return (
    <section className="rp-section drift" aria-label="Data drift">
      <h3>Data drift</h3>
      <p className="rp-muted">
        Compare tables between this server and a replica of it, row by row, both read at one GTID
        point. Nothing is written: the fix for each table is shown, and only run on the replica when
        you confirm it.
      </p>
      <div className="drift-form">
        <Field label="Replica" className="drift-replica">
          {(control) => (
            <select {...control} value={replicaId} onChange={(e) => setReplicaId(e.target.value)}>
              <option value="">Pick the replica’s saved connection…</option>
              {connections.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="Tables (schema.table, one per line)"
          className="drift-tables"
          error={
            parsed.errors.length > 0
              ? parsed.errors.map((e) => `Line ${e.line}: “${e.text}” is ${e.why}.`).join(' ')
              : undefined
          }
        >
          {(control) => (
            <textarea
              {...control}
              className="mono"
              rows={3}
              placeholder={'shop.orders\nshop.order_items'}
              value={tablesText}
              onChange={(e) => setTablesText(e.target.value)}
            />
          )}
        </Field>
        <NumberField
          label="Rows per chunk"
          min={100}
          max={100_000}
          value={chunkRows}
          onChange={setChunkRows}
        />
        <NumberField
          label="Pause while the replica lags more than (s)"
          min={1}
          max={3600}
          value={maxLag}
          onChange={setMaxLag}
        />
        <NumberField
          label="…or while this server runs more statements than"
          min={1}
          max={10_000}
          value={maxThreads}
          onChange={setMaxThreads}
        />
      </div>
      <label className="drift-consent">
        <input type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
        For each table, hold the replica’s applier for a moment (usually milliseconds; its lag grows
        meanwhile) and lock the table on this server for reading while its point is read.
        {replica?.production ? ' The replica is marked production.' : ''}
      </label>
      <div className="drift-actions">
        <button
          type="button"
          className="btn-primary btn-small"
          disabled={!canStart || running || starting}
          onClick={() =>
            void start({
              replicaConnectionId: replicaId,
              tables: parsed.tables,
              chunkRows: Math.min(100_000, Math.max(100, Math.round(chunkRows) || 1000)),
              maxReplicaLagSeconds: Math.min(3600, Math.max(1, Math.round(maxLag) || 10)),
              maxThreadsRunning: Math.min(10_000, Math.max(1, Math.round(maxThreads) || 50)),
            })
          }
        >
          {starting ? 'Starting…' : 'Compare'}
        </button>
      </div>
      {error && <ErrorNotice error={error} title="The comparison could not start" />}
      {run && running && <DriftProgress run={run} onCancel={() => void cancel()} />}
      {run && run.state === 'error' && run.error && (
        <ErrorNotice error={run.error} title="The comparison stopped" />
      )}
      {run && run.state === 'cancelled' && (
        <Notice severity="info" role="status">
          {run.error?.message ?? 'Comparison cancelled.'} The tables done so far are below.
        </Notice>
      )}
      {run && run.results.length > 0 && (
        <ul className="drift-results">
          {run.results.map((r, i) => (
            <DriftTableCard
              key={`${run.runId}:${i}`}
              result={r}
              replicaName={run.replicaName}
              onFix={fix}
              onCancelFix={cancelFix}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A whole-number setting of the comparison, kept within its bounds when sent. */
function NumberField({
  label,
  min,
  max,
  value,
  onChange,
}: {
  label: string;
  min: number;
  max: number;
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <Field label={label} className="drift-number">
      {(control) => (
        <input
          {...control}
          type="number"
          min={min}
          max={max}
          value={value}
          onChange={(e) => onChange(Number(e.target.value))}
        />
      )}
    </Field>
  );
}
