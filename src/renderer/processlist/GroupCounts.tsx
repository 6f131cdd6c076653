import { memo, useState } from 'react';
import { GROUP_KEYS, groupCounts, type GroupKey } from '../../shared/processlist/group-counts';
import type { ProcessRow } from '../../shared/processlist/process-row';

const LABELS: Record<GroupKey, string> = {
  user: 'User',
  host: 'Host',
  schema: 'Schema',
  state: 'State',
  command: 'Command',
};

/** Sessions counted by user, host, schema, state or command; a click filters on the group. */
export const GroupCounts = memo(function GroupCounts({
  rows,
  onPick,
}: {
  rows: readonly ProcessRow[];
  onPick: (key: GroupKey, value: string) => void;
}) {
  const [key, setKey] = useState<GroupKey>('user');
  const groups = groupCounts(rows, key).slice(0, 8);
  return (
    <div className="pl-groups" aria-label="Grouped counts">
      <div className="segmented-buttons" role="group" aria-label="Count by">
        {GROUP_KEYS.map((k) => (
          <button
            key={k}
            type="button"
            className="btn-small"
            aria-pressed={k === key}
            onClick={() => setKey(k)}
          >
            {LABELS[k]}
          </button>
        ))}
      </div>
      <ul className="pl-group-list">
        {groups.map((g) => (
          <li key={g.value} data-group={g.value}>
            <button
              type="button"
              className="btn-link"
              title={`Show only ${LABELS[key].toLowerCase()} ${g.value}`}
              onClick={() => onPick(key, g.value)}
            >
              {g.value}
            </button>{' '}
            <span className="num">{g.count}</span>{' '}
            <span className="pl-group-active" title="running a statement">
              ({g.active} active)
            </span>
          </li>
        ))}
        {groups.length === 0 && <li className="pl-muted">No client sessions.</li>}
      </ul>
    </div>
  );
});
