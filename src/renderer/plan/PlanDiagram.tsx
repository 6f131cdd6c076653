import { select } from 'd3-selection';
import { zoom, zoomIdentity, type ZoomBehavior } from 'd3-zoom';
import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef } from 'react';
import type { Diagnostic } from '../../shared/explain/diagnose-plan';
import type { PlanNode } from '../../shared/explain/plan-model';
import { accessQuality } from './access-quality';
import { KIND_GLYPHS, nodeLines } from './node-lines';
import type { PlanHeat } from './plan-heat';
import { layoutPlan } from './plan-layout';

export interface PlanDiagramHandle {
  fit(): void;
  /** The diagram as a standalone SVG document, for export. */
  svgText(): string;
}

const SEVERITY_ORDER = { critical: 0, warning: 1, info: 2 } as const;

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
  }
>(function PlanDiagram(
  { root, heat, diagnostics, collapsed, selectedId, onSelect, onToggle },
  ref,
) {
  const svgRef = useRef<SVGSVGElement>(null);
  const groupRef = useRef<SVGGElement>(null);
  const zoomRef = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);
  const layout = useMemo(() => layoutPlan(root, collapsed), [root, collapsed]);
  const worst = useMemo(() => {
    const m = new Map<number, Diagnostic>();
    for (const d of diagnostics) {
      const have = m.get(d.nodeId);
      if (!have || SEVERITY_ORDER[d.severity] < SEVERITY_ORDER[have.severity]) m.set(d.nodeId, d);
    }
    return m;
  }, [diagnostics]);
  const maxRows = useMemo(
    () => Math.max(1, ...layout.nodes.map((n) => n.node.actual?.totalRows ?? n.node.rows ?? 1)),
    [layout],
  );

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
      .on('zoom', (event: { transform: { toString(): string } }) => {
        groupRef.current?.setAttribute('transform', event.transform.toString());
      });
    zoomRef.current = z;
    select(svg).call(z).on('dblclick.zoom', null);
    return () => {
      select(svg).on('.zoom', null);
    };
  }, []);

  // Fit when a new plan arrives (not when a node is collapsed: the view should stay put).
  useEffect(() => {
    fit();
  }, [root]);

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
    <svg
      ref={svgRef}
      className="plan-diagram"
      role="group"
      aria-label="Plan diagram"
      data-testid="plan-diagram"
    >
      <g ref={groupRef}>
        {layout.links.map((l) => {
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
        {layout.nodes.map((p) => {
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
          ].join(' ');
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
                <text
                  x={p.width - 8}
                  y={20}
                  textAnchor="end"
                  className={`plan-badge sev-${diag.severity}`}
                >
                  {diag.severity === 'critical' ? '✖' : diag.severity === 'warning' ? '⚠' : 'ℹ'}
                </text>
              )}
              {n.id === heat.hottestId && (
                <text x={p.width - 8} y={p.height - 8} textAnchor="end" className="plan-hot-label">
                  hottest {Math.round(share * 100)}%
                </text>
              )}
              {p.collapsed && (
                <text x={p.width / 2} y={p.height + 14} textAnchor="middle" className="plan-folded">
                  + {p.hiddenDescendants} hidden
                </text>
              )}
            </g>
          );
        })}
      </g>
    </svg>
  );
});

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
