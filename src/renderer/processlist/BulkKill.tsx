import { memo, useState } from 'react';
import { groupCounts } from '../../shared/processlist/group-counts';
import { selectForKill, type KillMode } from '../../shared/processlist/kill-plan';
import type { ProcessRow } from '../../shared/processlist/process-row';

/** "Every query of user X running over N s": picks sessions, then KILLs them through the confirmation. */
export const BulkKill = memo(function BulkKill({
  rows,
  onKill,
}: {
  rows: readonly ProcessRow[];
  onKill: (mode: KillMode, ids: number[]) => void;
}) {
  const [mode, setMode] = useState<KillMode>('query');
  const [user, setUser] = useState('');
  const [minSeconds, setMinSeconds] = useState(60);
  const users = groupCounts(
    rows.filter((r) => r.kind === 'client' && !r.self),
    'user',
  ).map((g) => g.value);
  const ids = selectForKill(rows, {
    ...(user ? { user } : {}),
    minSeconds,
    runningOnly: mode === 'query',
  });
  return (
    <form
      className="pl-bulk"
      aria-label="Kill many"
      onSubmit={(e) => {
        e.preventDefault();
        if (ids.length > 0) onKill(mode, ids);
      }}
    >
      <span>Kill</span>
      <select
        aria-label="Kill what"
        value={mode}
        onChange={(e) => setMode(e.target.value as KillMode)}
      >
        <option value="query">every query</option>
        <option value="connection">every connection</option>
      </select>
      <span>of</span>
      <select aria-label="Of user" value={user} onChange={(e) => setUser(e.target.value)}>
        <option value="">any user</option>
        {users.map((u) => (
          <option key={u} value={u}>
            user {u}
          </option>
        ))}
      </select>
      <span>{mode === 'query' ? 'running' : 'in its command'} over</span>
      <input
        type="number"
        min={0}
        className="input-narrow"
        aria-label="Over seconds"
        value={minSeconds}
        onChange={(e) => setMinSeconds(Math.max(0, Number(e.target.value) || 0))}
      />
      <span>s</span>
      <button type="submit" className="btn-danger-outline btn-small" disabled={ids.length === 0}>
        Preview KILL ({ids.length})
      </button>
    </form>
  );
});
