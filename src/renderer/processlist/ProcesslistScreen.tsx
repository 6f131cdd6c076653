import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ApiErrorShape } from '../../shared/api/errors';
import { DEFAULT_THRESHOLDS } from '../../shared/processlist/attention';
import { blockingModel } from '../../shared/processlist/blocking-chains';
import {
  DEFAULT_FILTER,
  type FilterPart,
  type ProcessFilter,
} from '../../shared/processlist/filters';
import type { GroupKey } from '../../shared/processlist/group-counts';
import { tickedForKill, type KillMode } from '../../shared/processlist/kill-plan';
import {
  ENABLE_STAGES_CONSUMER,
  STAGES_CONSUMER_NOTICE,
} from '../../shared/processlist/processlist-source';
import type { ProcesslistSnapshot } from '../../shared/processlist/snapshot';
import { api } from '../app/api';
import { ErrorNotice, errorShapeOf } from '../app/ErrorNotice';
import type { ToolScreenProps } from '../app/tool-screen';
import { BulkKill } from './BulkKill';
import { clockTime } from './clock';
import { CountCharts } from './CountCharts';
import { FilterBar } from './FilterBar';
import {
  loadFilter,
  loadPresets,
  loadStagesNoticeHidden,
  saveFilter,
  savePresets,
  saveStagesNoticeHidden,
  type FilterPreset,
} from './filter-store';
import { GroupCounts } from './GroupCounts';
import { killWithConfirmation } from './kill-flow';
import type { ServerRun } from '../../shared/server/server-run';
import { describeOutcomes } from './kill-outcomes';
import type { ColumnKey, SortDirection, TableRow } from './process-columns';
import { ProcessDetails } from './ProcessDetails';
import { ProcessTable } from './ProcessTable';
import { shownTableRows, tableRows } from './table-rows';
import { TickedKill } from './TickedKill';
import { SNAPSHOT_SHOWN_MARK } from './snapshot-mark';
import { useAfterPaint } from './use-after-paint';
import { loadProcesslistToolsFolded, saveProcesslistToolsFolded } from '../app/layout-store';
import { describeFilter } from '../../shared/processlist/filter-summary';
import { useProcesslistPolling } from './use-processlist-polling';
import { Notice } from '../ui/Notice';

const INTERVALS = [500, 1000, 2000, 5000, 10_000, 30_000, 60_000];

const FILTER_NAMES: Record<FilterPart, string> = {
  hideSleeping: 'Hide sleeping',
  hideSystem: 'Hide system threads',
  user: 'User',
  host: 'Host',
  schema: 'Schema',
  command: 'Command',
  state: 'State',
  minSeconds: 'Min time',
  text: 'Statement',
};

const NO_BLOCKING = blockingModel([]);
const NO_ROWS: ProcesslistSnapshot['rows'] = [];

/** A callback that keeps its identity across renders and always runs the latest `fn`. */
function useStableCallback<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}

/**
 * The live processlist of one server, on the tab's own session: who runs what, who blocks whom,
 * and KILL / EXPLAIN one click away, each through the confirmation or the plan screen.
 */
/** How long a KILL that went as asked stays said. */
const KILL_MESSAGE_MS = 8000;

export function ProcesslistScreen(props: ToolScreenProps) {
  const { connection, sessionId, confirm, showPlan, openInEditor } = props;
  const [intervalMs, setIntervalMs] = useState(2000);
  const [paused, setPaused] = useState(false);
  const polling = useProcesslistPolling(sessionId, intervalMs, paused, props.active, props.lost);
  const [filter, setFilterState] = useState<ProcessFilter>(() => loadFilter(connection.id));
  const [presets, setPresetsState] = useState<FilterPreset[]>(() => loadPresets());
  /** Filters, counts and bulk KILL folded away, for more rows in view (remembered). */
  const [toolsFolded, setToolsFoldedState] = useState(loadProcesslistToolsFolded);
  const [sort, setSort] = useState<{ key: ColumnKey; dir: SortDirection }>({
    key: 'attention',
    dir: 'desc',
  });
  const [selected, setSelected] = useState<string | null>(null);
  /** Row keys ticked for a KILL of the selection; sessions that end drop out by themselves. */
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set());
  /** The snapshot the table shows while a row is inspected (null: live). */
  const [frozen, setFrozen] = useState<ProcesslistSnapshot | null>(null);
  /** The stage-progress notice was read and put away for this connection (remembered). */
  const [stagesNoticeHidden, setStagesNoticeHidden] = useState(() =>
    loadStagesNoticeHidden(connection.id),
  );
  const [message, setMessage] = useState<{ severity: 'ok' | 'warning'; text: string } | null>(null);
  const [actionError, setActionError] = useState<{ title: string; error: ApiErrorShape } | null>(
    null,
  );

  const setFilter = useCallback(
    (f: ProcessFilter) => {
      setFilterState(f);
      saveFilter(connection.id, f);
    },
    [connection.id],
  );
  const setToolsFolded = (folded: boolean) => {
    setToolsFoldedState(folded);
    saveProcesslistToolsFolded(folded);
  };
  const filterWords = useMemo(() => describeFilter(filter), [filter]);
  const toolsId = useId();
  const setPresets = useCallback((p: FilterPreset[]) => {
    setPresetsState(p);
    savePresets(p);
  }, []);

  const shownSnapshot = frozen ?? polling.snapshot;
  // The live snapshot's blocking model was read once by the polling; a frozen one is read here.
  const blocking = useMemo(
    () => (frozen ? blockingModel(frozen.waits) : (polling.blocking ?? NO_BLOCKING)),
    [frozen, polling.blocking],
  );
  const all = useMemo(
    () =>
      shownSnapshot
        ? tableRows(shownSnapshot.rows, shownSnapshot.transactions, blocking, DEFAULT_THRESHOLDS)
        : [],
    [shownSnapshot, blocking],
  );
  // Blocked sessions and their blockers stay in view whatever the filter says about sleeping.
  const { shownRows, hiddenBy } = useMemo(
    () => shownTableRows(all, filter, blocking, sort),
    [all, filter, sort, blocking],
  );
  const selectedRow: TableRow | undefined = useMemo(
    () => (selected === null ? undefined : all.find((r) => r.key === selected)),
    [all, selected],
  );
  // The panes beside the table (counts, charts, bulk KILL) follow the polls a frame later, at a
  // lower priority: the frame that shows the new table is painted without their work.
  const panes = useAfterPaint(
    useMemo(
      () => ({ snapshot: polling.snapshot, history: polling.history }),
      [polling.snapshot, polling.history],
    ),
  );
  const paneSnapshot = panes.snapshot;
  const paneHistory = panes.history;
  const clientRows = useMemo(
    () => (paneSnapshot?.rows ?? []).filter((r) => r.kind === 'client' && !r.self),
    [paneSnapshot],
  );

  // The DOM shows the new live snapshot now (layout effects run after React's commit, before
  // paint); a user timing for the renderer benchmark, nothing else.
  useLayoutEffect(() => {
    if (polling.snapshot) performance.mark(SNAPSHOT_SHOWN_MARK);
  }, [polling.snapshot]);

  // "Killed #25." is news for a moment, not a state: it goes once read; warnings stay.
  useEffect(() => {
    if (message?.severity !== 'ok') return;
    const timer = setTimeout(() => setMessage(null), KILL_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message]);

  // A selected session that ended leaves the details open on its last state until closed; with
  // nothing selected nothing stays frozen (adjusted while rendering, not in an effect).
  if (!selected && frozen !== null) setFrozen(null);

  /** `seenIn`: the server run of the snapshot the ids were picked from. */
  const kill = async (mode: KillMode, ids: number[], seenIn: ServerRun | undefined) => {
    setMessage(null);
    setActionError(null);
    if (!seenIn) return;
    try {
      const outcomes = await killWithConfirmation(sessionId, connection, confirm, {
        mode,
        ids,
        seenIn,
      });
      if (outcomes) {
        setMessage(describeOutcomes(outcomes));
        setSelected(null);
        setTicked(new Set());
        polling.pollNow();
      }
    } catch (e) {
      setActionError({ title: 'KILL failed', error: errorShapeOf(e) });
    }
  };

  const explain = async (id: number, analyze: boolean) => {
    setActionError(null);
    try {
      const plan = await api.call('processlist.explain', { sessionId, id, analyze });
      showPlan({
        document: plan.document,
        dialect: plan.dialect,
        title: `Session #${id} on ${connection.name}${analyze ? ' (measured so far)' : ''}`,
        explainSql: plan.explainSql,
      });
    } catch (e) {
      setActionError({
        title: `Could not ${analyze ? 'analyze' : 'explain'} session #${id}`,
        error: errorShapeOf(e),
      });
    }
  };

  const tickedIds = useMemo(
    () => tickedForKill(paneSnapshot?.rows ?? [], ticked),
    [paneSnapshot, ticked],
  );
  // Stable identities, so the memoised table and panes skip renders their data did not need.
  // Each KILL names the server run of the snapshot its ids come from (the panes' for bulk and
  // ticked rows, the one shown for the inspected session), so a restart in between refuses it.
  const onKill = useStableCallback(
    (mode: KillMode, ids: number[]) => void kill(mode, ids, paneSnapshot?.serverRun),
  );
  const onKillShown = useStableCallback(
    (mode: KillMode, ids: number[]) => void kill(mode, ids, shownSnapshot?.serverRun),
  );
  const onPickGroup = useStableCallback((key: GroupKey, value: string) =>
    setFilter({ ...filter, [key]: value === '(none)' ? '' : value }),
  );
  const onClearTicked = useCallback(() => setTicked(new Set()), []);
  const onSelectRow = useStableCallback((r: TableRow) => {
    setSelected(r.key);
    setFrozen(shownSnapshot);
  });
  const onTick = useCallback(
    (key: string, on: boolean) =>
      setTicked((t) => {
        const next = new Set(t);
        if (on) next.add(key);
        else next.delete(key);
        return next;
      }),
    [],
  );
  const onSort = useCallback(
    (key: ColumnKey) =>
      setSort((s) =>
        s.key === key ? { key, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'desc' },
      ),
    [],
  );

  const hiddenTotal = Object.values(hiddenBy).reduce((a, b) => a + (b ?? 0), 0);
  const latest = polling.snapshot;

  return (
    <section className="pl-screen" aria-label="Processlist">
      <div className="pl-toolbar">
        <label className="pl-interval">
          Refresh every{' '}
          <select
            aria-label="Refresh interval"
            value={intervalMs}
            onChange={(e) => setIntervalMs(Number(e.target.value))}
          >
            {INTERVALS.map((ms) => (
              <option key={ms} value={ms}>
                {ms < 1000 ? `${ms / 1000} s` : `${ms / 1000} s`}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn-small"
          onClick={() => setPaused((p) => !p)}
          aria-pressed={paused}
        >
          {paused ? 'Resume' : 'Pause'}
        </button>
        {latest && (
          <span className="pl-muted" data-testid="pl-status">
            {latest.rows.length} session{latest.rows.length === 1 ? '' : 's'} · {latest.source} ·
            updated {clockTime(new Date(latest.takenAt))} · poll {Math.round(latest.pollMs)} ms
          </span>
        )}
        <span className="spacer" />
        <CountCharts history={paneHistory} />
      </div>
      {polling.disconnected && (
        <Notice severity="warning" testId="pl-disconnected">
          <strong>Disconnected since {clockTime(polling.disconnected.since)}</strong> — retrying
          {polling.disconnected.attempt > 0
            ? ` at ${clockTime(polling.disconnected.retryAt)} (attempt ${polling.disconnected.attempt})`
            : ''}
          ; the view resumes by itself.{' '}
          <span className="pl-muted">{polling.disconnected.error.message}</span>
        </Notice>
      )}
      {polling.error && (
        <ErrorNotice error={polling.error} title="The processlist could not be read" />
      )}
      {latest?.notices
        .filter((n) => n.key !== STAGES_CONSUMER_NOTICE)
        .map((n) => (
          <Notice key={n.key} severity="info" data={{ 'data-notice': n.key }}>
            Missing: <strong>{n.missing}</strong>. Shown instead: {n.shownInstead}
          </Notice>
        ))}
      {message && (
        <Notice severity={message.severity} role="status" testId="pl-message">
          {message.text}
        </Notice>
      )}
      {actionError && <ErrorNotice error={actionError.error} title={actionError.title} />}
      <div className="pl-fold-row">
        <button
          type="button"
          className="btn-small"
          aria-expanded={!toolsFolded}
          aria-controls={toolsId}
          title={
            toolsFolded ? 'Show the filters, counts and bulk KILL' : 'Fold them away for more rows'
          }
          onClick={() => setToolsFolded(!toolsFolded)}
        >
          {toolsFolded ? '▸' : '▾'} Filters and tools
        </button>
        {toolsFolded && (
          <span
            className="pl-muted pl-filter-summary"
            data-testid="pl-filter-summary"
            title={filterWords.join('\n')}
          >
            {filterWords.length > 0 ? `Filtered: ${filterWords.join(' · ')}` : 'No filter'}
          </span>
        )}
      </div>
      {/* Hidden, not removed, when folded: what was typed there (a preset name, a bulk KILL's
          user and seconds) is still there when unfolded. */}
      <div id={toolsId} className="pl-filter-tools" hidden={toolsFolded}>
        <FilterBar filter={filter} onChange={setFilter} presets={presets} onPresets={setPresets} />
        <div className="pl-tools">
          <GroupCounts rows={clientRows} onPick={onPickGroup} />
          <BulkKill rows={paneSnapshot?.rows ?? NO_ROWS} onKill={onKill} />
        </div>
      </div>
      {/* Ticked rows stay actionable with the tools folded: the ticks are in the table. */}
      <TickedKill ids={tickedIds} onKill={onKill} onClear={onClearTicked} />
      <div className="pl-main">
        <div className="pl-left">
          {!stagesNoticeHidden && latest?.notices.some((n) => n.key === STAGES_CONSUMER_NOTICE) && (
            <Notice severity="info" data={{ 'data-notice': STAGES_CONSUMER_NOTICE }}>
              No stage progress: MySQL reports how far an ALTER TABLE, LOAD DATA… has got (the
              Progress column) only while the performance_schema consumer events_stages_current is
              on, and it is off. To turn it on: <code>{ENABLE_STAGES_CONSUMER}</code>{' '}
              <button
                type="button"
                className="btn-link"
                onClick={() => {
                  setStagesNoticeHidden(true);
                  saveStagesNoticeHidden(connection.id);
                }}
              >
                Hide
              </button>
            </Notice>
          )}
          {frozen && (
            <Notice severity="info" role="status" icon="❄" className="pl-frozen">
              Frozen at {clockTime(new Date(frozen.takenAt))} while you inspect a session.{' '}
              <button type="button" className="btn-link" onClick={() => setSelected(null)}>
                Back to live
              </button>
            </Notice>
          )}
          {shownSnapshot && shownRows.length === 0 ? (
            <div className="empty-state pl-empty">
              {hiddenTotal > 0 ? (
                <>
                  No session matches the filters:{' '}
                  {(Object.keys(FILTER_NAMES) as FilterPart[])
                    .filter((part) => hiddenBy[part])
                    .map((part) => `${hiddenBy[part]} hidden by “${FILTER_NAMES[part]}”`)
                    .join(', ')}
                  .{' '}
                  <button
                    type="button"
                    className="btn-link"
                    onClick={() =>
                      setFilter({ ...DEFAULT_FILTER, hideSleeping: false, hideSystem: false })
                    }
                  >
                    Show all sessions
                  </button>
                </>
              ) : (
                'The server reports no sessions.'
              )}
            </div>
          ) : (
            <ProcessTable
              rows={shownRows}
              selectedKey={selected}
              onSelect={onSelectRow}
              ticked={ticked}
              onTick={onTick}
              sort={sort}
              onSort={onSort}
            />
          )}
          {shownSnapshot && hiddenTotal > 0 && shownRows.length > 0 && (
            <div className="pl-muted pl-hidden-note">
              {hiddenTotal} session{hiddenTotal === 1 ? '' : 's'} hidden by filters.
            </div>
          )}
        </div>
        {selectedRow && (
          <div className="pl-side">
            <ProcessDetails
              key={selectedRow.key}
              item={selectedRow}
              blocking={blocking}
              waits={shownSnapshot?.waits ?? []}
              sessionId={sessionId}
              onClose={() => setSelected(null)}
              onKill={onKillShown}
              onExplain={(id, analyze) => void explain(id, analyze)}
              canAnalyze={props.server.capabilities.showAnalyze}
              onOpenInEditor={openInEditor}
            />
          </div>
        )}
      </div>
    </section>
  );
}
