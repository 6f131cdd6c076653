import { useCallback, useId, useMemo, useState } from 'react';
import { describeFilter } from '../../shared/processlist/filter-summary';
import type { ProcessFilter } from '../../shared/processlist/filters';
import type { GroupKey } from '../../shared/processlist/group-counts';
import type { KillMode } from '../../shared/processlist/kill-plan';
import type { ProcessRow } from '../../shared/processlist/process-row';
import { BulkKill } from './BulkKill';
import { FilterBar } from './FilterBar';
import {
  loadPresets,
  loadToolsOpen,
  savePresets,
  saveToolsOpen,
  type FilterPreset,
} from './filter-store';
import { GroupCounts } from './GroupCounts';
import { useStableCallback } from './use-stable-callback';

/**
 * The filters, the counts by user/host/schema and the bulk KILL, folded by default so the table
 * gets the room (unfolding is remembered); folded, one line says what the filter hides.
 */
export function FilterTools({
  filter,
  onFilter,
  rows,
  onKill,
}: {
  filter: ProcessFilter;
  onFilter: (f: ProcessFilter) => void;
  /** Every session (the panes' snapshot), for the counts and the bulk KILL. */
  rows: readonly ProcessRow[];
  onKill: (mode: KillMode, ids: number[]) => void;
}) {
  const clientRows = useMemo(() => rows.filter((r) => r.kind === 'client' && !r.self), [rows]);
  // A count picked narrows the filter to it.
  const onPickGroup = useStableCallback((key: GroupKey, value: string) =>
    onFilter({ ...filter, [key]: value === '(none)' ? '' : value }),
  );
  const [folded, setFoldedState] = useState(() => !loadToolsOpen());
  const [presets, setPresetsState] = useState<FilterPreset[]>(() => loadPresets());
  const setPresets = useCallback((p: FilterPreset[]) => {
    setPresetsState(p);
    savePresets(p);
  }, []);
  const filterWords = useMemo(() => describeFilter(filter), [filter]);
  const toolsId = useId();
  const setFolded = (next: boolean) => {
    setFoldedState(next);
    saveToolsOpen(!next);
  };

  return (
    <>
      <div className="pl-fold-row">
        <button
          type="button"
          className="btn-small"
          aria-expanded={!folded}
          aria-controls={toolsId}
          title={folded ? 'Show the filters, counts and bulk KILL' : 'Fold them away for more rows'}
          onClick={() => setFolded(!folded)}
        >
          {folded ? '▸' : '▾'} Filters and tools
        </button>
        {folded && (
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
      <div id={toolsId} className="pl-filter-tools" hidden={folded}>
        <FilterBar filter={filter} onChange={onFilter} presets={presets} onPresets={setPresets} />
        <div className="pl-tools">
          <GroupCounts rows={clientRows} onPick={onPickGroup} />
          <BulkKill rows={rows} onKill={onKill} />
        </div>
      </div>
    </>
  );
}
