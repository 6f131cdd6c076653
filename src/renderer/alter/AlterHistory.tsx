import { useEffect, useState } from 'react';
import type { AlterHistoryEntry } from '../../shared/api/alter';
import { formatDuration } from '../../shared/format/duration';
import { api } from '../app/api';
import { outcomeLine, stateSeverity } from './run-figures';
import { SeverityIcon } from '../ui/SeverityIcon';
import { TableHead } from './TableHead';

/** Earlier ALTER runs on this connection, newest first. */
export function AlterHistory({ connectionId, refresh }: { connectionId: string; refresh: number }) {
  const [entries, setEntries] = useState<AlterHistoryEntry[] | null>(null);
  useEffect(() => {
    let live = true;
    api
      .call('alter.history', { connectionId, limit: 50 })
      .then((e) => live && setEntries(e))
      .catch(() => live && setEntries([]));
    return () => {
      live = false;
    };
  }, [connectionId, refresh]);
  if (entries === null) return <p className="empty-state">Loading the history…</p>;
  if (entries.length === 0) {
    return (
      <p className="empty-state" data-testid="alter-history-empty">
        No ALTER has been run from Sightline on this connection yet: runs appear here with their
        statement, plan, times and outcome.
      </p>
    );
  }
  return (
    <table className="alt-table" data-testid="alter-history">
      <TableHead
        columns={['Started', 'Table', 'Statement', 'Plan', { label: 'Took', num: true }, 'Outcome']}
      />
      <tbody>
        {entries.map((e) => (
          <tr key={e.runId}>
            <td>{e.startedAt.replace('T', ' ').slice(0, 19)} UTC</td>
            <td>
              {e.schema}.{e.table}
            </td>
            <td className="mono alt-history-sql">{e.sql}</td>
            <td>
              {e.algorithm}, lock {e.lock}
            </td>
            <td className="num">
              {formatDuration(Date.parse(e.endedAt) - Date.parse(e.startedAt))}
            </td>
            <td>
              <SeverityIcon severity={stateSeverity(e.state, e.applied)} />{' '}
              {outcomeLine(e.state, e.applied, e.outcome)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
