import clsx from 'clsx';
import type { Diagnostic } from '../../shared/explain/diagnose-plan';
import { accessQuality } from './access-quality';
import { exactFigures } from '../../shared/explain/node-facts';
import { KIND_GLYPHS } from './node-lines';
import type { PlacedNode } from './plan-layout';
import { SEVERITY_ICONS } from '../ui/SeverityIcon';

/**
 * One node of the full drawing: its box (edge by the worst finding's severity, else by access
 * quality; heat bar on top), its lines as the layout fitted them, the worst finding's icon, and
 * what a fold hides below.
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
  const full = p.full;
  const lines = p.lines;
  const never = n.actual !== undefined && !n.actual.executed;
  const body = [
    [lines.access, 'plan-access'],
    [lines.figures, 'plan-figures'],
    [lines.estimate, 'plan-estimate'],
    [lines.hot, 'plan-hot-label'],
  ].filter((l): l is [string, string] => l[0] !== null);
  return (
    <g
      className={clsx(
        'plan-node',
        `kind-${n.kind}`,
        // The border says what the worst finding says (the badge's colour); a node without
        // findings is coloured by its access alone.
        diag ? `node-sev-${diag.severity}` : `access-${accessQuality(n)}`,
        { hottest, selected, never, match, 'match-current': current },
      )}
      transform={`translate(${p.x},${p.y})`}
      data-node-id={n.id}
      role="button"
      tabIndex={0}
      aria-label={`${n.kind} ${full.title}${full.access ? `, ${full.access}` : ''}${diag ? `, ${diag.severity}: ${diag.title}` : ''}`}
      onClick={() => onSelect(n.id)}
      onDoubleClick={() => n.children.length > 0 && onToggle(n.id)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onSelect(n.id);
        if (e.key === ' ' && n.children.length > 0) onToggle(n.id);
      }}
    >
      <title>
        {[
          full.title,
          full.access,
          full.figures,
          full.estimate,
          hottest ? `hottest: ${Math.round(share * 100)}% of the plan` : null,
          diag ? `${diag.severity}: ${diag.title}` : null,
          // The box rounds (1.8 k rows, 47.4 ms): the hover has every digit.
          ...exactFigures(n),
        ]
          .filter(Boolean)
          .join('\n')}
      </title>
      <rect className="plan-box" width={p.width} height={p.height} rx={6} />
      <rect className="plan-heat" width={Math.max(0, p.width * share)} height={4} rx={2} />
      <text x={PAD} y={22} className="plan-title">
        <tspan className="plan-glyph">{KIND_GLYPHS[n.kind]}</tspan> {lines.title}
      </text>
      {body.map(([text, className], i) => (
        <text key={className} x={PAD} y={38 + 16 * i} className={className}>
          {text}
        </text>
      ))}
      {diag && (
        <text x={p.width - 8} y={20} textAnchor="end" className={`plan-badge sev-${diag.severity}`}>
          {SEVERITY_ICONS[diag.severity]}
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

/** Left padding of a box's text (plan-layout's PADDING_X). */
const PAD = 12;
