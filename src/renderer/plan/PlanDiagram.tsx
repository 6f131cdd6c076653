import { select } from 'd3-selection';
import { zoom, zoomIdentity, type ZoomBehavior } from 'd3-zoom';
import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef } from 'react';
import type { Diagnostic } from '../../shared/explain/diagnose-plan';
import type { PlanNode } from '../../shared/explain/plan-model';
import { accessQuality } from './access-quality';
import { KIND_GLYPHS, nodeLines } from './node-lines';
import type { PlanHeat } from './plan-heat';
import { layoutPlan, type PlacedNode } from './plan-layout';
import { PlanMinimap, type PlanMinimapHandle } from './PlanMinimap';
import { canvasTextWidth } from './measure-text';
import { severityRank } from '../../shared/severity';
import { Notice } from '../ui/Notice';
import { SEVERITY_ICONS } from '../ui/SeverityIcon';
import { useLatest } from '../ui/use-latest';

export interface PlanDiagramHandle {
  fit(): void;
  /** The diagram as a standalone SVG document, for export. */
  svgText(): string;
}

/**
 * Above this many boxes on screen the diagram draws each node as one box and one line of text
 * (no tooltip, figures or badges) and says so: the browser stays responsive on huge plans.
 */
export const LIGHT_DRAWING_CAP = 1500;
/** Below this many boxes the whole plan fits a glance: no minimap. */
const MINIMAP_MIN_NODES = 25;

/** A node to bring into view; `seq` changes on every request, also for the same node. */
export interface FocusRequest {
  id: number;
  seq: number;
}

/** The plan as a tree of boxes: drawn with SVG, laid out by d3-flextree, zoomed by d3-zoom. */
export const PlanDiagram = forwardRef<
  PlanDiagramHandle,
  {
    root: PlanNode;
    heat: PlanHeat;
    diagnostics: Diagnostic[];
    collapsed: ReadonlySet<number>;
    selectedId: number | null;
    onSelect: (id: number) => void;
    onToggle: (id: number) => void;
    /** Nodes a search found, and the one to bring into view. */
    matches?: ReadonlySet<number>;
    focus?: FocusRequest | null;
    /** Per fold drawn, how many matches it hides. */
    foldMatches?: ReadonlyMap<number, number>;
    /** Nodes whose long run of inputs is drawn in full (see RUN_LIMIT). */
    openRuns?: ReadonlySet<number>;
    onOpenRun?: (parentId: number) => void;
  }
>(function PlanDiagram(
  {
    root,
    heat,
    diagnostics,
    collapsed,
    selectedId,
    onSelect,
    onToggle,
    matches = NO_MATCHES,
    focus = null,
    foldMatches = NO_FOLD_MATCHES,
    openRuns = NO_MATCHES,
    onOpenRun = () => {},
  },
  ref,
) {
  const svgRef = useRef<SVGSVGElement>(null);
  const groupRef = useRef<SVGGElement>(null);
  const zoomRef = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);
  const minimapRef = useRef<PlanMinimapHandle>(null);
  const transformRef = useRef({ x: 0, y: 0, k: 1 });
  const centeredSeq = useRef<number | null>(null);
  const textWidth = useMemo(() => canvasTextWidth() ?? undefined, []);
  const layout = useMemo(
    () => layoutPlan(root, collapsed, openRuns, textWidth),
    [root, collapsed, openRuns, textWidth],
  );
  const light = layout.nodes.length > LIGHT_DRAWING_CAP;
  const worst = useMemo(() => {
    const m = new Map<number, Diagnostic>();
    for (const d of diagnostics) {
      const have = m.get(d.nodeId);
      if (!have || severityRank(d.severity) > severityRank(have.severity)) m.set(d.nodeId, d);
    }
    return m;
  }, [diagnostics]);
  const maxRows = useMemo(() => {
    let max = 1;
    for (const n of layout.nodes) max = Math.max(max, n.node.actual?.totalRows ?? n.node.rows ?? 1);
    return max;
  }, [layout]);

  /** Moves the view so the layout point (x, y) is in the middle, at scale `k`. */
  const centerOn = (x: number, y: number, k = transformRef.current.k) => {
    const svg = svgRef.current;
    const z = zoomRef.current;
    if (!svg || !z) return;
    const w = svg.clientWidth || 800;
    const h = svg.clientHeight || 600;
    select(svg).call(z.transform, zoomIdentity.translate(w / 2 - x * k, h / 2 - y * k).scale(k));
  };

  const fit = () => {
    const svg = svgRef.current;
    const z = zoomRef.current;
    if (!svg || !z) return;
    const { minX, maxX, minY, maxY } = layout.bounds;
    const w = svg.clientWidth || 800;
    const h = svg.clientHeight || 600;
    const scale = Math.min(1.2, 0.95 * Math.min(w / (maxX - minX + 40), h / (maxY - minY + 40)));
    const t = zoomIdentity
      .translate(w / 2 - ((minX + maxX) / 2) * scale, 20 - minY * scale)
      .scale(scale);
    select(svg).call(z.transform, t);
  };

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const z = zoom<SVGSVGElement, unknown>()
      .scaleExtent([0.05, 3])
      .on('zoom', (event: { transform: { x: number; y: number; k: number } }) => {
        const t = event.transform;
        groupRef.current?.setAttribute('transform', t.toString());
        transformRef.current = { x: t.x, y: t.y, k: t.k };
        minimapRef.current?.setView({
          x: t.x,
          y: t.y,
          k: t.k,
          width: svg.clientWidth,
          height: svg.clientHeight,
        });
      });
    zoomRef.current = z;
    select(svg).call(z).on('dblclick.zoom', null);
    return () => {
      select(svg).on('.zoom', null);
    };
  }, []);

  // Fit when a new plan arrives (not when a node is collapsed: the view should stay put).
  const fitRef = useLatest(fit);
  useEffect(() => {
    fitRef.current();
  }, [root, fitRef]);

  // Bring a searched node into view once its fold is open (the layout has it), readable.
  useEffect(() => {
    if (!focus || centeredSeq.current === focus.seq) return;
    const placed = layout.nodes.find((p) => p.node.id === focus.id);
    if (!placed) return;
    centeredSeq.current = focus.seq;
    centerOn(
      placed.x + placed.width / 2,
      placed.y + placed.height / 2,
      Math.max(transformRef.current.k, 0.8),
    );
  }, [focus, layout]);

  useImperativeHandle(ref, () => ({
    fit,
    svgText() {
      const svg = svgRef.current;
      if (!svg) return '';
      const copy = svg.cloneNode(true) as SVGSVGElement;
      const { minX, maxX, minY, maxY } = layout.bounds;
      copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
      copy.setAttribute(
        'viewBox',
        `${minX - 20} ${minY - 20} ${maxX - minX + 40} ${maxY - minY + 40}`,
      );
      copy.setAttribute('width', String(maxX - minX + 40));
      copy.setAttribute('height', String(maxY - minY + 40));
      copy.querySelector('g')?.removeAttribute('transform');
      const style = document.createElementNS('http://www.w3.org/2000/svg', 'style');
      style.textContent = EXPORT_STYLE;
      copy.insertBefore(style, copy.firstChild);
      return new XMLSerializer().serializeToString(copy);
    },
  }));

  return (
    <div className="plan-diagram-wrap">
      <svg
        ref={svgRef}
        className="plan-diagram"
        role="group"
        aria-label="Plan diagram"
        data-testid="plan-diagram"
      >
        <g ref={groupRef}>
          {light &&
            layout.links.map((l) => (
              <path
                key={`${l.from.node.id}-${l.to.node.id}`}
                className="plan-link"
                d={`M${l.from.x + l.from.width / 2},${l.from.y + l.from.height}L${l.to.x + l.to.width / 2},${l.to.y}`}
              />
            ))}
          {light &&
            layout.nodes.map((p) =>
              p.run ? (
                <RunBox
                  key={p.node.id}
                  placed={p}
                  matches={foldMatches.get(p.node.id)}
                  onOpenRun={onOpenRun}
                />
              ) : (
                <LightNode
                  key={p.node.id}
                  placed={p}
                  quality={accessQuality(p.node)}
                  selected={p.node.id === selectedId}
                  match={matches.has(p.node.id)}
                  current={p.node.id === focus?.id}
                  onSelect={onSelect}
                  onToggle={onToggle}
                />
              ),
            )}
          {!light &&
            layout.links.map((l) => {
              const rows = l.to.node.actual?.totalRows ?? l.to.node.rows ?? 1;
              const width = 1 + (6 * Math.log10(1 + rows)) / Math.log10(1 + maxRows);
              const x1 = l.from.x + l.from.width / 2;
              const y1 = l.from.y + l.from.height;
              const x2 = l.to.x + l.to.width / 2;
              const y2 = l.to.y;
              const my = (y1 + y2) / 2;
              return (
                <path
                  key={`${l.from.node.id}-${l.to.node.id}`}
                  className={`plan-link${l.to.node.actual && !l.to.node.actual.executed ? ' never' : ''}`}
                  d={`M${x1},${y1} C${x1},${my} ${x2},${my} ${x2},${y2}`}
                  strokeWidth={width}
                />
              );
            })}
          {!light &&
            layout.nodes.map((p) => {
              if (p.run)
                return (
                  <RunBox
                    key={p.node.id}
                    placed={p}
                    matches={foldMatches.get(p.node.id)}
                    onOpenRun={onOpenRun}
                  />
                );
              const n = p.node;
              const lines = nodeLines(n);
              const share = heat.share.get(n.id) ?? 0;
              const quality = accessQuality(n);
              const diag = worst.get(n.id);
              const never = n.actual !== undefined && !n.actual.executed;
              const classes = [
                'plan-node',
                `kind-${n.kind}`,
                `access-${quality}`,
                n.id === heat.hottestId ? 'hottest' : '',
                n.id === selectedId ? 'selected' : '',
                never ? 'never' : '',
                matches.has(n.id) ? 'match' : '',
                n.id === focus?.id ? 'match-current' : '',
              ].join(' ');
              const hiddenMatches = foldMatches.get(n.id);
              return (
                <g
                  key={n.id}
                  className={classes}
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
                    {[
                      lines.title,
                      lines.access,
                      lines.figures,
                      diag ? `${diag.severity}: ${diag.title}` : null,
                    ]
                      .filter(Boolean)
                      .join('\n')}
                  </title>
                  <rect className="plan-box" width={p.width} height={p.height} rx={6} />
                  <rect
                    className="plan-heat"
                    width={Math.max(0, p.width * share)}
                    height={4}
                    rx={2}
                  />
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
                    <text
                      x={p.width - 8}
                      y={20}
                      textAnchor="end"
                      className={`plan-badge sev-${diag.severity}`}
                    >
                      {SEVERITY_ICONS[diag.severity]}
                    </text>
                  )}
                  {n.id === heat.hottestId && (
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
                      {hiddenMatches
                        ? ` · ${hiddenMatches} ${hiddenMatches === 1 ? 'match' : 'matches'}`
                        : ''}
                    </text>
                  )}
                </g>
              );
            })}
        </g>
      </svg>
      {light && (
        <Notice severity="info" className="plan-light-notice" testId="plan-light-notice">
          Lighter drawing: {layout.nodes.length.toLocaleString('en-US')} boxes are on screen (over{' '}
          {LIGHT_DRAWING_CAP.toLocaleString('en-US')}), so each shows its title only. Fold subtrees,
          or click a box for every field.
        </Notice>
      )}
      {layout.nodes.length >= MINIMAP_MIN_NODES && (
        <PlanMinimap
          ref={minimapRef}
          layout={layout}
          matches={matches}
          onNavigate={(x, y) => centerOn(x, y)}
        />
      )}
    </div>
  );
});

const NO_MATCHES: ReadonlySet<number> = new Set();
const NO_FOLD_MATCHES: ReadonlyMap<number, number> = new Map();

/** The box standing for a folded run of similar siblings; a click draws them all. */
function RunBox({
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
function LightNode({
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
  const classes = [
    'plan-node',
    'plan-node-light',
    `access-${quality}`,
    selected ? 'selected' : '',
    match ? 'match' : '',
    current ? 'match-current' : '',
  ].join(' ');
  return (
    <g
      className={classes}
      transform={`translate(${p.x},${p.y})`}
      data-node-id={n.id}
      onClick={() => onSelect(n.id)}
      onDoubleClick={() => n.children.length > 0 && onToggle(n.id)}
    >
      <rect className="plan-box" width={p.width} height={p.height} rx={6} />
      <text x={10} y={22} className="plan-title">
        {KIND_GLYPHS[n.kind]} {nodeLines(n).title}
        {p.collapsed ? `  (+${p.hiddenDescendants})` : ''}
      </text>
    </g>
  );
}

/** The diagram's look inside an exported SVG file, where the app's stylesheet is absent. */
const EXPORT_STYLE = `
.plan-box { fill: #fff; stroke: #8c959f; stroke-width: 1.2; }
.access-bad .plan-box { stroke: #c4261d; stroke-width: 2; }
.access-fair .plan-box { stroke: #9a6700; }
.access-good .plan-box { stroke: #0969da; }
.hottest .plan-box { stroke-width: 3.5; }
.never .plan-box { stroke-dasharray: 5 4; }
.plan-heat { fill: #e16f24; }
.plan-link { fill: none; stroke: #8c959f; }
.plan-link.never { stroke-dasharray: 5 4; }
text { font: 12px ui-monospace, monospace; fill: #1c2128; }
.plan-title { font-weight: 600; }
.plan-access, .plan-figures, .plan-folded { fill: #5a6472; }
`;
