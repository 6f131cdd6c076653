import { formatCost, formatRows } from '../../shared/explain/format-plan-figures';
import type { PlanTotals } from '../../shared/explain/plan-compare';
import { Delta } from './CompareDelta';

/**
 * The two plans' totals (cost, rows read, full scans, filesorts, temporary tables) and deltas;
 * no cost delta when `costs` is false (the servers count cost in other units).
 */
export function CompareTotals({
  before,
  after,
  costs,
}: {
  before: PlanTotals;
  after: PlanTotals;
  costs: boolean;
}) {
  const line = (
    label: string,
    b: number | undefined,
    a: number | undefined,
    format: (n: number) => string,
    testId: string,
    comparable = true,
  ) => (
    <tr>
      <th scope="row">{label}</th>
      <td className="num">{b === undefined ? '—' : format(b)}</td>
      <td className="num">{a === undefined ? '—' : format(a)}</td>
      <td className="num">
        {comparable ? (
          <Delta
            value={a !== undefined && b !== undefined ? a - b : undefined}
            format={format}
            testId={testId}
          />
        ) : (
          <span className="cmp-delta" data-testid={testId} title="Other cost units: not compared">
            not compared
          </span>
        )}
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
        {line('Estimated cost', before.cost, after.cost, formatCost, 'cmp-cost-delta', costs)}
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
