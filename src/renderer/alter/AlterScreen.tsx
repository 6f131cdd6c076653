// Before the components' own sheets (lint-findings.css), as it was in theme.css.
import './alter.css';
import { useEffect, useRef, useState } from 'react';
import type { AlterPreflight, AlterRunStatus } from '../../shared/api/alter';
import type { ApiErrorShape } from '../../shared/api/errors';
import { formatDuration } from '../../shared/format/duration';
import { FLAVOR_NAMES } from '../../shared/server/flavor';
import { formatVersion } from '../../shared/server/version';
import { qualifiedName } from '../../shared/sql/quote-identifier';
import { runSettingsSql } from '../../shared/alter/run-settings';
import { api } from '../app/api';
import { ErrorNotice, errorShapeOf } from '../app/ErrorNotice';
import type { ToolScreenProps } from '../app/tool-screen';
import { AlterForm } from './AlterForm';
import { AlterHistory } from './AlterHistory';
import { PreflightView } from './PreflightView';
import { asString, readUiState, writeUiState } from '../data/ui-state';
import { confirmWrite } from './confirm-write';
import { DEFAULT_RUN_CHOICE, RunOptions, type RunChoice } from './RunOptions';
import { RunView } from './RunView';
import { TablePicker, type Picked } from './TablePicker';
import { ExternalAlters } from './ExternalAlters';
import { waitSentence } from './wait-sentence';

/** What to do first, by what is there already: a table, a statement. */
function emptyStart(picked: { schema: string; table: string }, sql: string): string {
  if (picked.table === '')
    return 'Pick a table and type an ALTER (or build one above), then check it:';
  if (sql.trim() === '')
    return `Type an ALTER for ${picked.schema}.${picked.table} (or build one above), then check it:`;
  return 'Press “Check plan and risks”:';
}

/** The server as the status bar names it (MySQL 9.7.4), the full version text on hover. */
function serverWords(server: ToolScreenProps['server']): string {
  return `${FLAVOR_NAMES[server.flavor]} ${formatVersion(server.version)}`;
}

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
  /** The table picked last: it stays picked after a run, for the next ALTER on it. */
  const [picked, setPicked] = useState<Picked>({ schema: '', table: '' });
  const [sql, setSql] = useState(
    () => readUiState(draftName(connection.id), asString, draftKey(connection.id)) ?? '',
  );
  const [preflight, setPreflight] = useState<AlterPreflight | null>(null);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<{ title: string; error: ApiErrorShape } | null>(null);
  const [choice, setChoice] = useState<RunChoice>(DEFAULT_RUN_CHOICE);
  const { useProposed, lockWait, consent } = choice;
  const [run, setRun] = useState<AlterRunStatus | null>(null);
  const [historyTick, setHistoryTick] = useState(0);
  const latest = useRef(new Map<string, AlterRunStatus>());

  useEffect(() => {
    writeUiState(draftName(connection.id), sql === '' ? undefined : sql);
  }, [connection.id, sql]);

  useEffect(
    () =>
      api.on('alter.update', (s) => {
        latest.current.set(s.runId, s);
        setRun((prev) => (prev && prev.runId === s.runId ? s : prev));
        if (s.endedAt !== null) setHistoryTick((t) => t + 1);
      }),
    [],
  );

  const pick = (next: Picked) => {
    setPicked(next);
    // A table picked starts a new statement; a new schema waits for its table.
    if (next.schema !== picked.schema || next.table === '') return;
    setSql(`ALTER TABLE ${qualifiedName(next.schema, next.table)} `);
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
      setChoice((c) => ({ ...c, useProposed: true }));
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
      ...runSettingsSql(lockWait, server.capabilities).map((line) => `${line};`),
      ...(wantsStages ? STAGE_SQL : []),
      `${statement};`,
      ...(wantsStages
        ? ['-- afterwards the previous instrument and consumer settings are restored']
        : []),
    ].join('\n');
    const confirmed = await confirmWrite(
      confirm,
      connection,
      {
        title: `Run this ALTER on ${connection.name}?`,
        consequence: `${plan.summary} ${
          preflight.estimateSeconds
            ? `Estimated ${formatDuration(preflight.estimateSeconds * 1000)}. `
            : ''
        }${waitSentence(statement, server.flavor, lockWait)}`,
        detail,
        confirmLabel: 'Run ALTER',
      },
      {
        consequence:
          'This connection is marked read-only, and an ALTER changes the table. Run it anyway?',
        detail: `${statement};`,
        confirmLabel: 'Run on a read-only connection',
      },
    );
    if (!confirmed) return;
    const confirmedReadOnly = confirmed.readOnlyConfirmed;
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
  // A run that changed the table makes its preflight stale (the column it adds now exists):
  // dropped once per run, while rendering, so Run cannot repeat it unchecked.
  const [staleFor, setStaleFor] = useState<string | null>(null);
  if (run && run.endedAt !== null && run.state === 'done' && staleFor !== run.runId) {
    setStaleFor(run.runId);
    setPreflight(null);
  }
  const ranOn =
    run && run.endedAt !== null && run.state === 'done' ? `${run.schema}.${run.table}` : null;

  return (
    <div className="alt-screen" data-testid="alter-screen">
      <section className="alt-section" aria-labelledby="alt-statement-title">
        <h3 id="alt-statement-title">
          ALTER TABLE on {connection.name}{' '}
          <span className="hint" title={server.versionText}>
            ({serverWords(server)})
          </span>
        </h3>
        <TablePicker sessionId={sessionId} picked={picked} onPick={pick} />
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
          {emptyStart(picked, sql)} Sightline shows how the server will run each change (instant, in
          place, rebuild or copy), what could go wrong on this server right now, and the clause that
          makes the server refuse rather than silently copy.
        </p>
      )}
      {!preflight && ranOn !== null && !running && (
        <p className="hint" data-testid="alter-check-again">
          The ALTER ran and {ranOn} has changed: check the next statement against it before running
          it.
        </p>
      )}

      {preflight && <PreflightView preflight={preflight} />}

      {preflight && (
        <RunOptions
          preflight={preflight}
          choice={choice}
          onChoice={(patch) => setChoice((c) => ({ ...c, ...patch }))}
          onRun={running ? null : () => void start()}
        />
      )}

      {run && <RunView status={run} connection={connection} confirm={confirm} />}

      <ExternalAlters sessionId={sessionId} active={active} />

      <section className="alt-section" aria-labelledby="alt-history-title">
        <h3 id="alt-history-title">History</h3>
        <AlterHistory connectionId={connection.id} refresh={historyTick} />
      </section>
    </div>
  );
}
