import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiErrorShape } from '../../shared/api/errors';
import type { TopStatements as TopStatementsResult } from '../../shared/api/tuning';
import { formatExactCount } from '../../shared/format/count';
import { api } from '../app/api';
import { ErrorNotice, errorShapeOf } from '../app/ErrorNotice';
import type { ToolScreenProps } from '../app/tool-screen';
import { usePolling } from '../data/use-polling';
import { Notice } from '../ui/Notice';
import { OwnStatementsSwitch } from './OwnStatementsSwitch';
import { SchemaSelect } from './SchemaSelect';
import { StatementDetail } from './StatementDetail';
import { StatementTable, statementKey } from './StatementTable';
import { TopStatementsNotices } from './TopStatementsNotices';
import { usePlanFlips } from './use-plan-flips';

/** How often the screen refreshes itself while shown: each refresh is a snapshot kept for windows. */
const POLL_MS = 15_000;

/** The windows a user can pick; `last` ones count from the snapshots the screen's polls kept. */
const WINDOWS = [
  { mode: 'since-start', label: 'Since server start', seconds: null },
  { mode: 'since-snapshot', label: 'Since a snapshot', seconds: null },
  { mode: 'last-5m', label: 'Last 5 min', seconds: 300 },
  { mode: 'last-10m', label: 'Last 10 min', seconds: 600 },
  { mode: 'last-1h', label: 'Last 1 h', seconds: 3600 },
] as const;
type WindowMode = (typeof WINDOWS)[number]['mode'];

/** `11:32:05 UTC` from the server's ISO time. */
const utcTime = (iso: string) => `${iso.slice(11, 19)} UTC`;

/**
 * The digest summary: sortable, filtered by schema, since the server started, since a snapshot
 * or over the last minutes. It refreshes itself while shown, and each refresh is a snapshot the
 * backend keeps (thinned, an hour back) for the "last N minutes" windows.
 */
export function TopStatements(props: ToolScreenProps) {
  const { sessionId, server, active } = props;
  const [schema, setSchema] = useState<string | null>(null);
  const [mode, setMode] = useState<WindowMode>('since-start');
  const [baseline, setBaseline] = useState<{ id: string; takenAt: string } | null>(null);
  const [data, setData] = useState<TopStatementsResult | null>(null);
  const [error, setError] = useState<ApiErrorShape | null>(null);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [showOwn, setShowOwn] = useState(false);
  /** Only the answer to the latest request is shown (a poll may end after a newer call). */
  const latest = useRef(0);
  const inFlight = useRef(false);

  // Plan flips are read again with each refresh of the list.
  const flips = usePlanFlips(sessionId, data?.available ? data.takenAt : null);
  const baselineId = mode === 'since-snapshot' ? (baseline?.id ?? null) : null;
  const lastSeconds = WINDOWS.find((w) => w.mode === mode)?.seconds ?? null;
  const load = useCallback(
    async (quiet = false) => {
      const request = ++latest.current;
      inFlight.current = true;
      if (!quiet) setLoading(true);
      try {
        const r = await api.call('tuning.statements', {
          sessionId,
          schema,
          baselineId,
          lastSeconds,
          showOwn,
        });
        if (request !== latest.current) return;
        setData(r);
        setError(null);
      } catch (e) {
        if (request === latest.current) setError(errorShapeOf(e));
      } finally {
        if (request === latest.current) {
          inFlight.current = false;
          setLoading(false);
        }
      }
    },
    [sessionId, schema, baselineId, lastSeconds, showOwn],
  );

  useEffect(() => {
    // A new schema filter or window reads again at once: started from a task of its own, so
    // its "loading" is not set inside this effect, and a change right after replaces it.
    const start = setTimeout(() => void load(), 0);
    return () => clearTimeout(start);
  }, [load]);

  // The refresh while shown: one read at a time, none while the page is hidden (a read made
  // meanwhile by a new filter is not doubled: `load` drops the older answer).
  usePolling(() => (inFlight.current ? Promise.resolve() : load(true)), {
    key: sessionId,
    intervalMs: POLL_MS,
    enabled: active,
    immediate: false,
  });

  const chooseWindow = (next: WindowMode) => {
    if (next === 'since-snapshot') {
      void startWindowNow();
      return;
    }
    setBaseline(null);
    setMode(next);
  };
  /**
   * Counts from a snapshot taken now (not the last refresh, which may be minutes old and would
   * count what ran since then): the list empties until something runs.
   */
  const startWindowNow = async () => {
    if (!data?.available) return;
    const request = ++latest.current;
    setLoading(true);
    try {
      const now = await api.call('tuning.statements', {
        sessionId,
        schema,
        baselineId: null,
        lastSeconds: null,
        showOwn,
      });
      if (request !== latest.current || !now.available) return;
      const from = { id: now.snapshotId, takenAt: now.takenAt };
      setBaseline(from);
      setMode('since-snapshot');
      setData({
        ...now,
        statements: [],
        omitted: 0,
        baseline: { ...from, seconds: 0, short: false },
      });
      setError(null);
    } catch (e) {
      if (request === latest.current) setError(errorShapeOf(e));
    } finally {
      if (request === latest.current) setLoading(false);
    }
  };
  const windowLabel =
    mode === 'since-start'
      ? 'Since the server started counting'
      : mode === 'since-snapshot'
        ? baseline
          ? `Window: since ${utcTime(baseline.takenAt)}`
          : 'Window: since a snapshot'
        : `Window: ${WINDOWS.find((w) => w.mode === mode)!.label.toLowerCase()}` +
          (data?.available && data.baseline ? ` (since ${utcTime(data.baseline.takenAt)})` : '');

  if (data && !data.available) {
    return (
      <Notice
        severity="warning"
        testId="tuning-unavailable"
        title={`No statement statistics on ${server.versionText}`}
      >
        <div>{data.reason}</div>
        <div>
          To enable: <code>{data.howToEnable}</code>
        </div>
      </Notice>
    );
  }
  // Until the answer for a new schema filter comes, the rows of the last answer that do not
  // belong to it are hidden at once: a list of another schema's statements is never shown as
  // this one's.
  const statements = data?.available
    ? data.statements.filter((st) => schema === null || st.schema === schema)
    : [];
  const current = statements.find((s) => statementKey(s) === selected) ?? null;

  return (
    <div className="tune-top">
      <div className="tune-toolbar">
        <SchemaSelect
          value={schema ?? ''}
          schemas={data?.available ? data.schemas : []}
          onChange={(s) => setSchema(s || null)}
          noneLabel="All schemas"
          ariaLabel="Schema filter"
        />
        <label className="inline-field">
          <span>Window</span>
          <select
            value={mode}
            onChange={(e) => chooseWindow(e.target.value as WindowMode)}
            aria-label="Time window"
            disabled={!data?.available}
          >
            {WINDOWS.map((w) => (
              <option key={w.mode} value={w.mode}>
                {w.label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn-small" disabled={loading} onClick={() => void load()}>
          Refresh
        </button>
        {data?.available && (
          <button
            type="button"
            className="btn-small"
            title="Counts from now on: refresh later to see what ran since"
            onClick={() => void startWindowNow()}
          >
            Start a window now
          </button>
        )}
        <OwnStatementsSwitch data={data} showOwn={showOwn} onChange={setShowOwn} />
        <span className="tune-window" data-testid="tune-window">
          {windowLabel}
        </span>
        {loading && <span className="hint">Loading…</span>}
      </div>
      {error && (
        <ErrorNotice
          error={error}
          title={
            data?.available
              ? `Could not read statement statistics: the list below is from ${utcTime(data.takenAt)}`
              : 'Could not read statement statistics'
          }
        />
      )}
      <TopStatementsNotices data={data} />
      <div className="tune-split">
        <div className="tune-table-wrap">
          {data?.available && statements.length === 0 ? (
            <div className="empty-state" data-testid="tune-empty">
              {mode !== 'since-start'
                ? 'Nothing ran in this window yet. Run your workload: the list refreshes by itself.'
                : schema
                  ? `No statements ran with ${schema} as the default schema. Pick “All schemas”, or USE ${schema} in the application.`
                  : 'The server has not summarised any statement yet.'}
            </div>
          ) : (
            <StatementTable
              statements={statements}
              selected={selected}
              onSelect={setSelected}
              withSchema={!schema}
              flips={flips}
              showCompare={props.showCompare}
            />
          )}
          {data?.available && data.omitted > 0 && (
            <p className="hint">
              {formatExactCount(data.omitted)} cheaper statements are not listed; filter by schema
              to see them.
            </p>
          )}
        </div>
        {current && data?.available && (
          <StatementDetail
            key={statementKey(current)}
            {...props}
            statement={current}
            sampleSource={data.sampleSource}
          />
        )}
      </div>
    </div>
  );
}
