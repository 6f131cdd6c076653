import clsx from 'clsx';
import type { Diagnostic } from '../../shared/explain/diagnose-plan';
import { accessQuality } from './access-quality';
import { KIND_GLYPHS, nodeLines } from './node-lines';
import type { PlacedNode } from './plan-layout';
import { SEVERITY_ICONS } from '../ui/SeverityIcon';

/**
 * One node of the full drawing: its box (edge by access quality, heat bar on top), title, access
 * and figures lines, the worst finding's icon, "hottest" above, and what a fold hides below.
 * Click selects, double-click (or Space) folds, Enter selects.
 */
export function PlanNodeBox({
  placed: p,
  share,
  hottest,
  diag,
  selected,
  match,
  current,
  hiddenMatches,
  onSelect,
  onToggle,
}: {
  placed: PlacedNode;
  /** This node's share of the plan's heat, 0-1. */
  share: number;
  hottest: boolean;
  /** The worst finding on this node. */
  diag: Diagnostic | undefined;
  selected: boolean;
  match: boolean;
  current: boolean;
  /** How many search matches its fold hides. */
  hiddenMatches: number | undefined;
  onSelect: (id: number) => void;
  onToggle: (id: number) => void;
}) {
  const n = p.node;
  const lines = nodeLines(n);
  const never = n.actual !== undefined && !n.actual.executed;
  return (
    <g
      className={clsx('plan-node', `kind-${n.kind}`, `access-${accessQuality(n)}`, {
        hottest,
        selected,
        never,
        match,
        'match-current': current,
      })}
      transform={`translate(${p.x},${p.y})`}
      data-node-id={n.id}
      role="button"
      tabIndex={0}
      aria-label={`${n.kind} ${lines.title}${lines.access ? `, ${lines.access}` : ''}${diag ? `, ${diag.severity}: ${diag.title}` : ''}`}
      onClick={() => onSelect(n.id)}
      onDoubleClick={() => n.children.length > 0 && onToggle(n.id)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onSelect(n.id);
        if (e.key === ' ' && n.children.length > 0) onToggle(n.id);
      }}
    >
      <title>
        {[lines.title, lines.access, lines.figures, diag ? `${diag.severity}: ${diag.title}` : null]
          .filter(Boolean)
          .join('\n')}
      </title>
      <rect className="plan-box" width={p.width} height={p.height} rx={6} />
      <rect className="plan-heat" width={Math.max(0, p.width * share)} height={4} rx={2} />
      <text x={10} y={22} className="plan-title">
        <tspan className="plan-glyph">{KIND_GLYPHS[n.kind]}</tspan> {lines.title}
      </text>
      {lines.access && (
        <text x={10} y={38} className="plan-access">
          {lines.access}
        </text>
      )}
      {lines.figures && (
        <text x={10} y={lines.access ? 54 : 38} className="plan-figures">
          {lines.figures}
        </text>
      )}
      {diag && (
        <text x={p.width - 8} y={20} textAnchor="end" className={`plan-badge sev-${diag.severity}`}>
          {SEVERITY_ICONS[diag.severity]}
        </text>
      )}
      {hottest && (
        // Above the box's right corner: inside, it would cover the figures line.
        <text x={p.width - 2} y={-5} textAnchor="end" className="plan-hot-label">
          hottest {Math.round(share * 100)}%
        </text>
      )}
      {p.collapsed && (
        <text
          x={p.width / 2}
          y={p.height + 14}
          textAnchor="middle"
          className={`plan-folded${hiddenMatches ? ' plan-folded-match' : ''}`}
        >
          + {p.hiddenDescendants} hidden
          {hiddenMatches ? ` · ${hiddenMatches} ${hiddenMatches === 1 ? 'match' : 'matches'}` : ''}
        </text>
      )}
    </g>
  );
}
