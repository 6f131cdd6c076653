import { useMemo } from 'react';
import type { Plan } from '../../shared/explain/plan-model';
import {
  TRADITIONAL_COLUMNS,
  traditionalRows,
  type TraditionalColumn,
} from '../../shared/explain/traditional-table';

const NUMERIC: ReadonlySet<TraditionalColumn> = new Set(['id', 'key_len', 'rows', 'filtered']);

/**
 * The plan as the classic tabular EXPLAIN, derived from the model; a click on a row selects its
 * node. Cells the plan's format does not give stay empty.
 */
export function TraditionalTable({
  plan,
  selectedId,
  onSelect,
}: {
  plan: Plan;
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const rows = useMemo(() => traditionalRows(plan), [plan]);
  if (rows.length === 0)
    return (
      <p className="empty-state" data-testid="plan-table-empty">
        This plan reads no tables, so the classic table has no rows. The diagram and the text tree
        show its steps.
      </p>
    );
  const treeFormat = plan.dialect === 'mysql-tree' || plan.dialect === 'mysql-json-v2';
  return (
    <div className="plantab">
      <p className="hint plantab-note">
        The classic EXPLAIN table, derived from this plan.{' '}
        {treeFormat
          ? 'This format has no select ids, key lengths or partitions: those columns stay empty.'
          : 'Cells the server did not give stay empty.'}
      </p>
      <table className="plantab-table" data-testid="plan-table">
        <thead>
          <tr>
            {TRADITIONAL_COLUMNS.map((c) => (
              <th key={c} scope="col" className={NUMERIC.has(c) ? 'plantab-num' : undefined}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.nodeId}
              data-node-row={r.nodeId}
              className={r.nodeId === selectedId ? 'plantab-selected' : undefined}
              onClick={() => onSelect(r.nodeId)}
            >
              {TRADITIONAL_COLUMNS.map((c) => (
                <td key={c} className={NUMERIC.has(c) ? 'plantab-num num' : undefined}>
                  {r.cells[c]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
