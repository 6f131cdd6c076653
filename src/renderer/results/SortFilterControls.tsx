import { formatExactCount } from '../../shared/format/count';
import { SearchField } from '../ui/SearchField';
import type { SortFilter } from './use-sort-filter';

/**
 * The result toolbar's sort-and-filter part: the filter box, what the sort and filter cover
 * (said plainly: among the rows fetched) and the way back to the server's order.
 */
export function SortFilterControls({ view }: { view: SortFilter }) {
  const { fetching, fetchTarget, fetched, notes, capped, rowCount } = view.status;
  return (
    <>
      <SearchField
        className="result-filter"
        placeholder="Filter fetched rows…"
        label="Filter the rows fetched"
        value={view.filterText}
        onChange={view.setFilterText}
        clearOnEscape
      />
      <span className="result-view-note" role="status" data-testid="view-note">
        {fetching && `Fetching ${formatExactCount(fetchTarget)} rows to sort and filter…`}
        {!fetching && notes.join(', ')}
        {!fetching && notes.length > 0 && capped && (
          <>
            {' '}
            (the first {formatExactCount(fetched)} of {formatExactCount(rowCount)}: ORDER BY and
            WHERE in SQL cover them all)
          </>
        )}
      </span>
      {view.active && (
        <button type="button" className="btn-link btn-small" onClick={view.clear}>
          Clear sort and filter
        </button>
      )}
    </>
  );
}
