import { formatCost, formatRows } from '../../shared/explain/format-plan-figures';
import type { PlanTotals } from '../../shared/explain/plan-compare';
import { Delta } from './CompareDelta';

/** The two plans' totals (cost, rows read, full scans, filesorts, temporary tables) and deltas. */
export function CompareTotals({ before, after }: { before: PlanTotals; after: PlanTotals }) {
  const line = (
    label: string,
    b: number | undefined,
    a: number | undefined,
    format: (n: number) => string,
    testId: string,
  ) => (
    <tr>
      <th scope="row">{label}</th>
      <td className="num">{b === undefined ? '—' : format(b)}</td>
      <td className="num">{a === undefined ? '—' : format(a)}</td>
      <td className="num">
        <Delta
          value={a !== undefined && b !== undefined ? a - b : undefined}
          format={format}
          testId={testId}
        />
      </td>
    </tr>
  );
  const whole = (n: number) => String(n);
  return (
    <table className="cmp-totals" aria-label="Totals">
      <thead>
        <tr>
          <th />
          <th className="num">Before</th>
          <th className="num">After</th>
          <th className="num">Change</th>
        </tr>
      </thead>
      <tbody>
        {line('Estimated cost', before.cost, after.cost, formatCost, 'cmp-cost-delta')}
        {line(
          'Rows read (estimate)',
          before.rowsRead,
          after.rowsRead,
          formatRows,
          'cmp-rows-delta',
        )}
        {line('Full scans', before.fullScans, after.fullScans, whole, 'cmp-scans-delta')}
        {line('Filesorts', before.filesorts, after.filesorts, whole, 'cmp-sorts-delta')}
        {line(
          'Temporary tables',
          before.temporaryTables,
          after.temporaryTables,
          whole,
          'cmp-tmp-delta',
        )}
      </tbody>
    </table>
  );
}
