import { useEffect, useRef, useState } from 'react';
import type { AlterPreflight, AlterRunStatus } from '../../shared/api/alter';
import type { MethodResult } from '../../shared/api/contract';
import type { ApiErrorShape } from '../../shared/api/errors';
import { formatDuration } from '../../shared/format/duration';
import { qualifiedName } from '../../shared/sql/quote-identifier';
import { api } from '../app/api';
import { ErrorNotice, errorShapeOf } from '../app/ErrorNotice';
import type { ToolScreenProps } from '../app/tool-screen';
import { AlterForm } from './AlterForm';
import { AlterHistory } from './AlterHistory';
import { PreflightView } from './PreflightView';
import { asString, readUiState, writeUiState } from '../data/ui-state';
import { usePolling } from '../data/use-polling';
import { ProgressBar } from './ProgressBar';
import { RunView } from './RunView';

type External = MethodResult<'alter.external'>;
const NO_EXTERNAL: External = [];

/** The ALTER being written, per connection, in the UI state store (`draftKey`: where it was). */
const draftName = (connectionId: string) => `alter.sql.${connectionId}`;
const draftKey = (connectionId: string) => `sightline.alter.sql.${connectionId}`;

/** What the stage-instrument consent switches on, as the confirmation shows it. */
const STAGE_SQL = [
  "UPDATE performance_schema.setup_instruments SET ENABLED = 'YES', TIMED = 'YES' WHERE NAME LIKE 'stage/innodb/alter%' OR NAME LIKE 'stage/sql/%copy to tmp table%';",
  "UPDATE performance_schema.setup_consumers SET ENABLED = 'YES' WHERE NAME = 'events_stages_current';",
];

/**
 * The guided ALTER TABLE: pick a table, type or build the ALTER, check its plan and risks on
 * the live server, confirm the exact SQL, then follow the run; earlier runs below.
 */
export function AlterScreen({ connection, sessionId, server, active, confirm }: ToolScreenProps) {
  const [schemas, setSchemas] = useState<string[]>([]);
  const [schema, setSchema] = useState('');
  const [tables, setTables] = useState<string[]>([]);
  /** The table picked last: it stays picked after a run, for the next ALTER on it. */
  const [table, setTable] = useState('');
  const [sql, setSql] = useState(
    () => readUiState(draftName(connection.id), asString, draftKey(connection.id)) ?? '',
  );
  const [preflight, setPreflight] = useState<AlterPreflight | null>(null);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<{ title: string; error: ApiErrorShape } | null>(null);
  const [useProposed, setUseProposed] = useState(true);
  const [lockWait, setLockWait] = useState(10);
  const [consent, setConsent] = useState(false);
  const [run, setRun] = useState<AlterRunStatus | null>(null);
  const [historyTick, setHistoryTick] = useState(0);
  const latest = useRef(new Map<string, AlterRunStatus>());

  useEffect(() => {
    writeUiState(draftName(connection.id), sql === '' ? undefined : sql);
  }, [connection.id, sql]);

  useEffect(() => {
    api
      .call('schema.schemas', { sessionId })
      .then((list) => setSchemas(list.filter((s) => !s.system).map((s) => s.name)))
      .catch((e: unknown) =>
        setError({ title: 'Could not list the schemas', error: errorShapeOf(e) }),
      );
  }, [sessionId]);

  useEffect(() => {
    if (!schema) return;
    api
      .call('schema.objects', { sessionId, schema })
      .then((o) => setTables(o.tables.map((t) => t.name)))
      .catch((e: unknown) =>
        setError({ title: `Could not list the tables of ${schema}`, error: errorShapeOf(e) }),
      );
  }, [sessionId, schema]);

  useEffect(
    () =>
      api.on('alter.update', (s) => {
        latest.current.set(s.runId, s);
        setRun((prev) => (prev && prev.runId === s.runId ? s : prev));
        if (s.endedAt !== null) setHistoryTick((t) => t + 1);
      }),
    [],
  );

  // ALTERs other sessions run, with the same progress view (slower while the tab is hidden);
  // a failed read keeps the last list and is retried with backoff.
  const external =
    usePolling(() => api.call('alter.external', { sessionId }), {
      key: sessionId,
      intervalMs: active ? 3000 : 15000,
    }).data ?? NO_EXTERNAL;

  const pickTable = (picked: string) => {
    setTable(picked);
    setSql(`ALTER TABLE ${qualifiedName(schema, picked)} `);
    setPreflight(null);
  };

  const addClause = (clause: string) => {
    setSql((s) => {
      const text = s.trim();
      if (text === '') return clause;
      return /^ALTER\s+TABLE\s+\S+$/i.test(text) ? `${text} ${clause}` : `${text}, ${clause}`;
    });
    setPreflight(null);
  };

  const check = async () => {
    setChecking(true);
    setError(null);
    try {
      setPreflight(await api.call('alter.preflight', { sessionId, sql: sql.trim() }));
      setUseProposed(true);
    } catch (e) {
      setPreflight(null);
      setError({ title: 'Could not plan this ALTER', error: errorShapeOf(e) });
    } finally {
      setChecking(false);
    }
  };

  const statement = preflight ? (useProposed ? preflight.plan.proposedSql : preflight.sql) : '';
  const wantsStages = preflight?.stageInstrumentsOff === true && consent;

  const start = async () => {
    if (!preflight) return;
    const plan = preflight.plan;
    const detail = [
      `SET SESSION lock_wait_timeout = ${lockWait};`,
      ...(wantsStages ? STAGE_SQL : []),
      `${statement};`,
      ...(wantsStages
        ? ['-- afterwards the previous instrument and consumer settings are restored']
        : []),
    ].join('\n');
    const ok = await confirm({
      title: `Run this ALTER on ${connection.name}?`,
      consequence: `${plan.summary} ${
        preflight.estimateSeconds
          ? `Estimated ${formatDuration(preflight.estimateSeconds * 1000)}. `
          : ''
      }It waits at most ${lockWait} s for the table's metadata lock.`,
      detail,
      connectionName: connection.name,
      color: connection.color,
      typedConfirmation: connection.production,
      confirmLabel: 'Run ALTER',
    });
    if (!ok) return;
    let confirmedReadOnly = false;
    if (connection.readOnly) {
      confirmedReadOnly = await confirm({
        title: `“${connection.name}” is read-only`,
        consequence:
          'This connection is marked read-only, and an ALTER changes the table. Run it anyway?',
        detail: `${statement};`,
        connectionName: connection.name,
        color: connection.color,
        typedConfirmation: connection.production,
        confirmLabel: 'Run on a read-only connection',
      });
      if (!confirmedReadOnly) return;
    }
    setError(null);
    try {
      const started = await api.call('alter.run', {
        sessionId,
        sql: statement,
        lockWaitTimeoutSeconds: lockWait,
        enableStageInstruments: wantsStages,
        confirmedReadOnly,
      });
      setRun(latest.current.get(started.runId) ?? started);
    } catch (e) {
      setError({ title: 'Could not start the ALTER', error: errorShapeOf(e) });
    }
  };

  const running = run !== null && run.endedAt === null;

  return (
    <div className="alt-screen" data-testid="alter-screen">
      <section className="alt-section" aria-labelledby="alt-statement-title">
        <h3 id="alt-statement-title">
          ALTER TABLE on {connection.name} <span className="hint">({server.versionText})</span>
        </h3>
        <div className="alt-pick">
          <label className="field">
            <span>Schema</span>
            <select value={schema} onChange={(e) => setSchema(e.target.value)} aria-label="Schema">
              <option value="">Choose…</option>
              {schemas.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>Table</span>
            <select
              value={tables.includes(table) ? table : ''}
              onChange={(e) => e.target.value && pickTable(e.target.value)}
              aria-label="Table"
              disabled={!schema}
            >
              <option value="">{schema ? 'Choose…' : 'Pick a schema first'}</option>
              {tables.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </select>
          </label>
        </div>
        <label className="field alt-sql-field">
          <span>Statement</span>
          <textarea
            value={sql}
            onChange={(e) => {
              setSql(e.target.value);
              setPreflight(null);
            }}
            rows={4}
            spellCheck={false}
            placeholder="ALTER TABLE shop.orders ADD COLUMN note VARCHAR(200) NULL"
            aria-label="ALTER statement"
          />
        </label>
        <AlterForm onAdd={addClause} />
        <div className="alt-actions">
          <button
            type="button"
            className="btn-primary"
            disabled={checking || sql.trim() === '' || running}
            onClick={() => void check()}
          >
            {checking ? 'Checking…' : 'Check plan and risks'}
          </button>
          <span className="hint">
            Reads the table, its locks and the server’s settings; changes nothing.
          </span>
        </div>
        {error && <ErrorNotice title={error.title} error={error.error} />}
      </section>

      {!preflight && !run && !error && (
        <p className="empty-state" data-testid="alter-empty">
          Pick a table and type an ALTER (or build one above), then check it: Sightline shows how
          the server will run each change (instant, in place, rebuild or copy), what could go wrong
          on this server right now, and the clause that makes the server refuse rather than silently
          copy.
        </p>
      )}

      {preflight && <PreflightView preflight={preflight} />}

      {preflight && (
        <section className="alt-section" aria-labelledby="alt-runopts-title">
          <h3 id="alt-runopts-title">Run</h3>
          <div className="alt-run-options">
            <label className="check">
              <input
                type="radio"
                name="alt-which"
                checked={useProposed}
                onChange={() => setUseProposed(true)}
              />{' '}
              The proposed statement{preflight.plan.clause ? ` (${preflight.plan.clause})` : ''}
            </label>
            <label className="check">
              <input
                type="radio"
                name="alt-which"
                checked={!useProposed}
                onChange={() => setUseProposed(false)}
              />{' '}
              The statement as written
            </label>
            <label className="field inline-field">
              <span>lock_wait_timeout (s)</span>
              <input
                type="number"
                min={1}
                max={31536000}
                className="input-narrow num"
                value={lockWait}
                onChange={(e) => setLockWait(Math.max(1, Math.trunc(Number(e.target.value) || 1)))}
              />
            </label>
            {preflight.stageInstrumentsOff && (
              <label className="check" data-testid="alter-stage-consent">
                <input
                  type="checkbox"
                  checked={consent}
                  onChange={(e) => setConsent(e.target.checked)}
                />{' '}
                Switch on performance_schema’s ALTER stage instruments for progress and an ETA
                (server-wide; the previous settings are put back when the ALTER ends). Without it:
                elapsed time only.
              </label>
            )}
          </div>
          <button
            type="button"
            className="btn-danger"
            disabled={running}
            onClick={() => void start()}
          >
            Run ALTER…
          </button>
        </section>
      )}

      {run && <RunView status={run} connection={connection} confirm={confirm} />}

      {external.length > 0 && (
        <section className="alt-section" aria-labelledby="alt-external-title">
          <h3 id="alt-external-title">ALTERs other sessions are running</h3>
          {external.map((x) => (
            <div key={x.processId} className="alt-external">
              <div>
                <span className="num">#{x.processId}</span> {x.user}:{' '}
                <span className="mono">{x.sql}</span>{' '}
                <span className="hint">
                  {x.state ?? ''} · {formatDuration(x.timeSeconds * 1000)}
                </span>
              </div>
              <ProgressBar
                percent={x.progress?.percent ?? null}
                label={`Progress of session ${x.processId}`}
              />
            </div>
          ))}
        </section>
      )}

      <section className="alt-section" aria-labelledby="alt-history-title">
        <h3 id="alt-history-title">History</h3>
        <AlterHistory connectionId={connection.id} refresh={historyTick} />
      </section>
    </div>
  );
}
