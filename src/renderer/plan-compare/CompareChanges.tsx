import { useState } from 'react';
import { formatCost, formatRows } from '../../shared/explain/format-plan-figures';
import type { NodePair } from '../../shared/explain/plan-compare';
import { CHANGE_TEXT } from './change-text';
import { Delta } from './CompareDelta';
import { SeverityBadge } from '../ui/SeverityIcon';

/** Rows shown before "Show all": two 10,000-node plans can differ in thousands of nodes. */
const FIRST_ROWS = 200;

/** The table of what changed, node by node: access, key, rows and cost deltas, warnings. */
export function CompareChanges({ pairs }: { pairs: NodePair[] }) {
  const [all, setAll] = useState(false);
  if (pairs.length === 0) return null;
  const shown = all ? pairs : pairs.slice(0, FIRST_ROWS);
  const access = (p: NodePair, s: 'before' | 'after') => {
    const x = p[s];
    if (!x) return '—';
    return [x.access ?? x.label, x.key].filter(Boolean).join(' · ');
  };
  return (
    <>
      <table className="cmp-changes" aria-label="Node by node" data-testid="cmp-changes">
        <thead>
          <tr>
            <th>Node</th>
            <th>Change</th>
            <th>Before</th>
            <th>After</th>
            <th className="num">Rows</th>
            <th className="num">Cost</th>
            <th>Warnings</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((p) => (
            <tr key={p.matchKey} className={`cmp-row-${p.change}`}>
              <td className="mono cmp-node-key" title={(p.after ?? p.before)?.label}>
                {nodeText(p)}
              </td>
              <td className="cmp-change-kind">
                {p.change === 'changed'
                  ? [p.accessChanged && 'access', p.keyChanged && 'key', p.rowsDelta && 'rows']
                      .filter(Boolean)
                      .join(', ') || 'warnings'
                  : CHANGE_TEXT[p.change]}
              </td>
              <td className="cmp-side">{access(p, 'before')}</td>
              <td className="cmp-side">{access(p, 'after')}</td>
              <td className="num">
                <Delta value={p.rowsDelta} format={formatRows} />
              </td>
              <td className="num">
                <Delta value={p.costDelta} format={formatCost} />
              </td>
              <td>
                {p.flagsLost.map((f) => (
                  <span key={f} className="sev-badge sev-badge-ok">
                    ✓ no {f}
                  </span>
                ))}
                {p.flagsGained.map((f) => (
                  <SeverityBadge key={f} severity="warning" label={f} />
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {shown.length < pairs.length && (
        <button type="button" className="btn-small cmp-show-all" onClick={() => setAll(true)}>
          Show all {pairs.length.toLocaleString('en-US')} nodes that changed
        </button>
      )}
    </>
  );
}

/**
 * How a pair is named in the Node column: a table read by its table (`table orders`, `table o#2`
 * for the second read of o), any other step by its own words (`Filter: (o.total > 100)`), cut
 * to a cell's width; the whole label is on hover.
 */
function nodeText(p: NodePair): string {
  if (p.table !== undefined) return p.matchKey;
  const label = (p.after ?? p.before)?.label ?? p.matchKey;
  return label.length > 48 ? `${label.slice(0, 47)}…` : label;
}
