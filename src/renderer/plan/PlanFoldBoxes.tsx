import clsx from 'clsx';
import { KIND_GLYPHS } from './node-lines';
import type { PlacedNode } from './plan-layout';

/* The diagram's two plain boxes: a folded run of siblings, and a node of the lighter drawing. */

/** The box standing for a folded run of similar siblings; a click draws them all. */
export function RunBox({
  placed: p,
  matches,
  onOpenRun,
}: {
  placed: PlacedNode;
  matches: number | undefined;
  onOpenRun: (parentId: number) => void;
}) {
  const run = p.run!;
  const open = () => onOpenRun(run.parentId);
  return (
    <g
      className={`plan-node plan-run${matches ? ' match' : ''}`}
      transform={`translate(${p.x},${p.y})`}
      data-run-of={run.parentId}
      role="button"
      tabIndex={0}
      aria-label={`${p.node.label}: show them`}
      onClick={open}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') open();
      }}
    >
      <title>{`${run.hidden} more inputs folded: click to draw them all`}</title>
      <rect className="plan-box" width={p.width} height={p.height} rx={6} />
      <text x={10} y={22} className="plan-title">
        ⋯ {run.hidden} more inputs
      </text>
      <text x={10} y={38} className="plan-folded">
        {matches ? `${matches} ${matches === 1 ? 'match' : 'matches'} · ` : ''}click to show
      </text>
    </g>
  );
}

/** A node of the lighter drawing: its box and title, still clickable and foldable. */
export function LightNode({
  placed: p,
  quality,
  selected,
  match,
  current,
  onSelect,
  onToggle,
}: {
  placed: PlacedNode;
  quality: string;
  selected: boolean;
  match: boolean;
  current: boolean;
  onSelect: (id: number) => void;
  onToggle: (id: number) => void;
}) {
  const n = p.node;
  return (
    <g
      className={clsx('plan-node plan-node-light', `access-${quality}`, {
        selected,
        match,
        'match-current': current,
      })}
      transform={`translate(${p.x},${p.y})`}
      data-node-id={n.id}
      onClick={() => onSelect(n.id)}
      onDoubleClick={() => n.children.length > 0 && onToggle(n.id)}
    >
      <rect className="plan-box" width={p.width} height={p.height} rx={6} />
      <text x={10} y={22} className="plan-title">
        {KIND_GLYPHS[n.kind]} {p.lines.title}
        {p.collapsed ? `  (+${p.hiddenDescendants})` : ''}
      </text>
    </g>
  );
}
