import type { AlterPreflight } from '../../shared/api/alter';
import { formatSeconds } from '../../shared/format/duration';
import { TableHead } from './TableHead';

/** Sessions holding or waiting for the table, with what they run. */
export function BlockerTable({
  blockers,
  onKill,
}: {
  blockers: AlterPreflight['blockers'];
  onKill?: (processId: number) => void;
}) {
  return (
    <table className="alt-table" data-testid="alter-blockers">
      <TableHead
        columns={[
          'Session',
          'User',
          'Relation',
          { label: 'Time', num: true },
          'Transaction since (server time)',
          'Statement',
          onKill !== undefined && 'Action',
        ]}
      />
      <tbody>
        {blockers.map((b) => (
          <tr key={b.processId} data-process-id={b.processId}>
            <td className="num">{b.processId}</td>
            <td>
              {b.user}@{b.host}
            </td>
            <td>
              {b.relation === 'holds'
                ? `holds ${b.lockType ?? 'a lock'}`
                : b.relation === 'waits'
                  ? `waits for ${b.lockType ?? 'the lock'}`
                  : 'open transaction (may hold it)'}
            </td>
            <td className="num">{formatSeconds(b.timeSeconds)}</td>
            <td>{b.trxStarted ?? '—'}</td>
            <td className="mono">
              {b.info ?? (b.command === 'Sleep' ? 'idle in transaction' : '—')}
            </td>
            {onKill && (
              <td>
                <button
                  type="button"
                  className="btn-small btn-danger-outline"
                  onClick={() => onKill(b.processId)}
                >
                  Kill session {b.processId}…
                </button>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
