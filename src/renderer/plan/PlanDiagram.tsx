import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef } from 'react';
import type { Diagnostic } from '../../shared/explain/diagnose-plan';
import type { PlanNode } from '../../shared/explain/plan-model';
import type { ShownTable } from '../../shared/explain/shown-tables';
import { accessQuality } from './access-quality';
import type { PlanHeat } from './plan-heat';
import { layoutPlan } from './plan-layout';
import { LightNode, RunBox } from './PlanFoldBoxes';
import { PlanMinimap, type PlanMinimapHandle } from './PlanMinimap';
import { PlanNodeBox } from './PlanNodeBox';
import { planSvgText } from './plan-svg-export';
import { canvasTextWidth } from './measure-text';
import { usePlanZoom } from './use-plan-zoom';
import { severityRank } from '../../shared/severity';
import { Notice } from '../ui/Notice';
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
    /** Real table and alias of nodes the plan names by alias only (see shownTables). */
    shown?: ReadonlyMap<number, ShownTable>;
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
    shown = NO_SHOWN,
  },
  ref,
) {
  const svgRef = useRef<SVGSVGElement>(null);
  const groupRef = useRef<SVGGElement>(null);
  const minimapRef = useRef<PlanMinimapHandle>(null);
  const centeredSeq = useRef<number | null>(null);
  const zoomer = usePlanZoom(svgRef, groupRef, minimapRef);
  const textWidth = useMemo(() => canvasTextWidth() ?? undefined, []);
  const layout = useMemo(
    () =>
      layoutPlan(
        root,
        collapsed,
        openRuns,
        textWidth,
        (node) =>
          node.id === heat.hottestId
            ? `hottest: ${Math.round((heat.share.get(node.id) ?? 0) * 100)}%`
            : null,
        shown,
      ),
    [root, collapsed, openRuns, textWidth, heat, shown],
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

  const fit = () => zoomer.fit(layout.bounds);

  // Fit when a new plan arrives (not when a node is collapsed: the view should stay put).
  const fitRef = useLatest(fit);
  useEffect(() => {
    fitRef.current();
  }, [root, fitRef]);

  // Bring a searched node into view once its fold is open (the layout has it), readable.
  const centerRef = useLatest(zoomer);
  useEffect(() => {
    if (!focus || centeredSeq.current === focus.seq) return;
    const placed = layout.nodes.find((p) => p.node.id === focus.id);
    if (!placed) return;
    centeredSeq.current = focus.seq;
    const z = centerRef.current;
    z.centerOn(placed.x + placed.width / 2, placed.y + placed.height / 2, Math.max(z.scale(), 0.8));
  }, [focus, layout, centerRef]);

  useImperativeHandle(ref, () => ({
    fit,
    svgText: () => (svgRef.current ? planSvgText(svgRef.current, layout.bounds) : ''),
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
          {layout.links.map((l) => {
            const x1 = l.from.x + l.from.width / 2;
            const y1 = l.from.y + l.from.height;
            const x2 = l.to.x + l.to.width / 2;
            const y2 = l.to.y;
            if (light) {
              const key = `${l.from.node.id}-${l.to.node.id}`;
              return <path key={key} className="plan-link" d={`M${x1},${y1}L${x2},${y2}`} />;
            }
            // As thick as the rows flowing along it (log scale); dashed when never executed.
            const rows = l.to.node.actual?.totalRows ?? l.to.node.rows ?? 1;
            const my = (y1 + y2) / 2;
            return (
              <path
                key={`${l.from.node.id}-${l.to.node.id}`}
                className={`plan-link${l.to.node.actual && !l.to.node.actual.executed ? ' never' : ''}`}
                d={`M${x1},${y1} C${x1},${my} ${x2},${my} ${x2},${y2}`}
                strokeWidth={1 + (6 * Math.log10(1 + rows)) / Math.log10(1 + maxRows)}
              />
            );
          })}
          {layout.nodes.map((p) => {
            const id = p.node.id;
            if (p.run)
              return (
                <RunBox key={id} placed={p} matches={foldMatches.get(id)} onOpenRun={onOpenRun} />
              );
            const shared = {
              placed: p,
              selected: id === selectedId,
              match: matches.has(id),
              current: id === focus?.id,
              onSelect,
              onToggle,
            };
            return light ? (
              <LightNode key={id} {...shared} quality={accessQuality(p.node)} />
            ) : (
              <PlanNodeBox
                key={id}
                {...shared}
                share={heat.share.get(id) ?? 0}
                hottest={id === heat.hottestId}
                diag={worst.get(id)}
                hiddenMatches={foldMatches.get(id)}
              />
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
          onNavigate={(x, y) => zoomer.centerOn(x, y)}
        />
      )}
    </div>
  );
});

const NO_MATCHES: ReadonlySet<number> = new Set();
const NO_FOLD_MATCHES: ReadonlyMap<number, number> = new Map();
const NO_SHOWN: ReadonlyMap<number, ShownTable> = new Map();
