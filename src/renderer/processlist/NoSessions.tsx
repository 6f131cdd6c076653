import {
  DEFAULT_FILTER,
  type FilterPart,
  type ProcessFilter,
} from '../../shared/processlist/filters';

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

/** The table's place when no row is shown: which filter hid how many, and a way back to all. */
export function NoSessions({
  hiddenBy,
  hiddenTotal,
  onFilter,
}: {
  hiddenBy: Partial<Record<FilterPart, number>>;
  hiddenTotal: number;
  onFilter: (f: ProcessFilter) => void;
}) {
  return (
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
            onClick={() => onFilter({ ...DEFAULT_FILTER, hideSleeping: false, hideSystem: false })}
          >
            Show all sessions
          </button>
        </>
      ) : (
        'The server reports no sessions.'
      )}
    </div>
  );
}
