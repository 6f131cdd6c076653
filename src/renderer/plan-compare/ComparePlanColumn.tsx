import { formatRows } from '../../shared/explain/format-plan-figures';
import type { PlanNode } from '../../shared/explain/plan-model';
import type { PlanToShow } from '../app/tool-screen';
import { CHANGE_TEXT } from './change-text';
import type { compareRows } from './compare-rows';

/** One plan as an indented list of nodes, each marked when it changed from the other plan. */
export function ComparePlanColumn({
  heading,
  plan,
  rows,
  side,
}: {
  heading: string;
  plan: PlanToShow | null;
  root: PlanNode;
  rows: ReturnType<typeof compareRows>;
  side: 'before' | 'after';
}) {
  return (
    <div className="cmp-column" data-testid={`cmp-${side}`}>
      <h3>
        {heading}
        {plan && <span className="cmp-origin"> · {plan.title}</span>}
      </h3>
      {plan?.explainSql && <code className="cmp-sql">{plan.explainSql}</code>}
      <ol className="cmp-nodes">
        {rows.map(({ node, depth, pair }) => {
          const mine = pair?.[side];
          const changed = pair && pair.change !== 'same';
          return (
            <li
              key={node.id}
              className={`cmp-node${changed ? ` cmp-node-${pair.change}` : ''}`}
              style={{ paddingLeft: `${depth * 14 + 6}px` }}
            >
              <span className="cmp-label" title={node.label}>
                {node.label}
              </span>
              {mine?.access && (
                <span
                  className={`sev-badge ${mine.access === 'full scan' || mine.access === 'full index scan' ? 'sev-badge-danger' : 'sev-badge-info'}${pair?.accessChanged ? ' cmp-mark' : ''}`}
                >
                  {mine.access}
                  {mine.key ? ` · ${mine.key}` : ''}
                </span>
              )}
              <span className="num cmp-fig" title="estimated rows">
                {node.rows !== undefined ? `${formatRows(node.rows)} rows` : ''}
              </span>
              {changed && <span className="cmp-change-text">{CHANGE_TEXT[pair.change]}</span>}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
