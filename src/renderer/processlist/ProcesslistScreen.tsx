import { useCallback, useLayoutEffect, useMemo, useState } from 'react';
import { DEFAULT_THRESHOLDS } from '../../shared/processlist/attention';
import { blockingModel } from '../../shared/processlist/blocking-chains';
import type { ProcessFilter } from '../../shared/processlist/filters';
import { tickedForKill, type KillMode } from '../../shared/processlist/kill-plan';
import type { ProcesslistSnapshot } from '../../shared/processlist/snapshot';
import type { ToolScreenProps } from '../app/tool-screen';
import { Notice } from '../ui/Notice';
import { BlockingTimeline } from './BlockingTimeline';
import { clockTime } from '../ui/clock-time';
import { FilterTools } from './FilterTools';
import { loadFilter, saveFilter } from './filter-store';
import { NoSessions } from './NoSessions';
import { PollNotices } from './PollNotices';
import type { ColumnKey, SortDirection, TableRow } from './process-columns';
import { ProcessDetails } from './ProcessDetails';
import { ProcesslistToolbar, type Pace } from './ProcesslistToolbar';
import { ProcessTable } from './ProcessTable';
import { SNAPSHOT_SHOWN_MARK } from './snapshot-mark';
import { StagesNotice } from './StagesNotice';
import { shownTableRows, tableRows } from './table-rows';
import { TickedKill } from './TickedKill';
import { useAfterPaint } from './use-after-paint';
import { useProcessActions } from './use-process-actions';
import { useProcesslistPolling } from './use-processlist-polling';
import { useStableCallback } from './use-stable-callback';
import './processlist.css';

const NO_BLOCKING = blockingModel([]);
const NO_ROWS: ProcesslistSnapshot['rows'] = [];

/**
 * The live processlist of one server, on the tab's own session: who runs what, who blocks whom,
 * and KILL / EXPLAIN one click away, each through the confirmation or the plan screen.
 */
export function ProcesslistScreen(props: ToolScreenProps) {
  const { connection, sessionId, openInEditor } = props;
  const [pace, setPace] = useState<Pace>({ intervalMs: 2000, paused: false });
  const polling = useProcesslistPolling(sessionId, pace, props.active, props.lost);
  const [filter, setFilterState] = useState<ProcessFilter>(() => loadFilter(connection.id));
  const [sort, setSort] = useState<{ key: ColumnKey; dir: SortDirection }>({
    key: 'attention',
    dir: 'desc',
  });
  const [selected, setSelected] = useState<string | null>(null);
  /** Row keys ticked for a KILL of the selection; sessions that end drop out by themselves. */
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set());
  /** The snapshot the table shows while a row is inspected (null: live). */
  const [frozen, setFrozen] = useState<ProcesslistSnapshot | null>(null);
  const actions = useProcessActions(props, () => {
    setSelected(null);
    setTicked(new Set());
    polling.pollNow();
  });

  const setFilter = useCallback(
    (f: ProcessFilter) => {
      setFilterState(f);
      saveFilter(connection.id, f);
    },
    [connection.id],
  );

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
      () => ({
        snapshot: polling.snapshot,
        history: polling.history,
        timeline: polling.timeline,
      }),
      [polling.snapshot, polling.history, polling.timeline],
    ),
  );
  const paneSnapshot = panes.snapshot;

  // The DOM shows the new live snapshot now (layout effects run after React's commit, before
  // paint); a user timing for the renderer benchmark, nothing else.
  useLayoutEffect(() => {
    if (polling.snapshot) performance.mark(SNAPSHOT_SHOWN_MARK);
  }, [polling.snapshot]);

  // A selected session that ended leaves the details open on its last state until closed; with
  // nothing selected nothing stays frozen (adjusted while rendering, not in an effect).
  if (!selected && frozen !== null) setFrozen(null);

  const tickedIds = useMemo(
    () => tickedForKill(paneSnapshot?.rows ?? [], ticked),
    [paneSnapshot, ticked],
  );
  // Stable identities, so the memoised table and panes skip renders their data did not need.
  // Each KILL names the server run of the snapshot its ids come from (the panes' for bulk and
  // ticked rows, the one shown for the inspected session), so a restart in between refuses it.
  const onKill = useStableCallback(
    (mode: KillMode, ids: number[]) => void actions.kill(mode, ids, paneSnapshot?.serverRun),
  );
  const onKillShown = useStableCallback(
    (mode: KillMode, ids: number[]) => void actions.kill(mode, ids, shownSnapshot?.serverRun),
  );
  const onClearTicked = useCallback(() => setTicked(new Set()), []);
  const onSelectRow = useStableCallback((r: TableRow) => {
    setSelected(r.key);
    setFrozen(shownSnapshot);
  });
  const onPickSession = useStableCallback((id: number) => {
    const r = all.find((t) => t.row.id === id);
    if (r) onSelectRow(r);
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

  // One object each, so the memoised table sees a change only when one of them changed.
  const stale = polling.disconnected !== null && !frozen;
  const tableView = useMemo(
    () => ({ selectedKey: selected, ticked, sort, stale }),
    [selected, ticked, sort, stale],
  );
  const tableActions = useMemo(
    () => ({ onSelect: onSelectRow, onTick, onSort }),
    [onSelectRow, onTick, onSort],
  );

  const hiddenTotal = Object.values(hiddenBy).reduce((a, b) => a + (b ?? 0), 0);
  const latest = polling.snapshot;

  return (
    <section className="pl-screen" aria-label="Processlist">
      <ProcesslistToolbar pace={pace} onPace={setPace} latest={latest} history={panes.history} />
      <PollNotices polling={polling} actions={actions} />
      <FilterTools
        filter={filter}
        onFilter={setFilter}
        rows={paneSnapshot?.rows ?? NO_ROWS}
        onKill={onKill}
      />
      {/* Ticked rows stay actionable with the tools folded: the ticks are in the table. */}
      <TickedKill ids={tickedIds} onKill={onKill} onClear={onClearTicked} />
      <div className="pl-main">
        <div className="pl-left">
          <StagesNotice connectionId={connection.id} latest={latest} />
          {frozen && (
            <Notice severity="info" role="status" icon="❄" className="pl-frozen pl-compact-notice">
              Frozen at {clockTime(new Date(frozen.takenAt))} while you inspect a session.{' '}
              <button type="button" className="btn-link" onClick={() => setSelected(null)}>
                Back to live
              </button>
            </Notice>
          )}
          {shownSnapshot && shownRows.length === 0 ? (
            <NoSessions hiddenBy={hiddenBy} hiddenTotal={hiddenTotal} onFilter={setFilter} />
          ) : (
            <ProcessTable rows={shownRows} view={tableView} actions={tableActions} />
          )}
          {shownSnapshot && hiddenTotal > 0 && shownRows.length > 0 && (
            <div className="pl-muted pl-hidden-note">
              {hiddenTotal} session{hiddenTotal === 1 ? '' : 's'} hidden by filters.
            </div>
          )}
          <BlockingTimeline timeline={panes.timeline} onPick={onPickSession} />
        </div>
        {selectedRow && (
          <div className="pl-side">
            <ProcessDetails
              key={selectedRow.key}
              item={selectedRow}
              blocking={blocking}
              waits={shownSnapshot?.waits ?? []}
              sessionId={sessionId}
              serverRun={shownSnapshot!.serverRun}
              onClose={() => setSelected(null)}
              onKill={onKillShown}
              onExplain={(id, analyze) => void actions.explain(id, analyze)}
              canAnalyze={props.server.capabilities.showAnalyze}
              onOpenInEditor={openInEditor}
            />
          </div>
        )}
      </div>
    </section>
  );
}
