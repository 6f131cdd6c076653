import { flextree, type FlexNode } from 'd3-flextree';
import type { PlanNode } from '../../shared/explain/plan-model';
import { nodeLines } from './node-lines';

export interface PlacedNode {
  node: PlanNode;
  x: number;
  y: number;
  width: number;
  height: number;
  depth: number;
  /** True when the node's children are hidden (collapsed by the user or folded for size). */
  collapsed: boolean;
  hiddenDescendants: number;
}

export interface PlacedLink {
  from: PlacedNode;
  to: PlacedNode;
}

export interface PlanLayout {
  nodes: PlacedNode[];
  links: PlacedLink[];
  bounds: { minX: number; maxX: number; minY: number; maxY: number };
}

const CHAR_WIDTH = 7.2;
const LINE_HEIGHT = 16;
const PADDING_X = 12;
const PADDING_Y = 10;
const GAP_Y = 34;
const GAP_X = 18;
const MAX_WIDTH = 300;

/** A node box's size from its text, without measuring the DOM (fast for thousands of nodes). */
export function nodeSize(node: PlanNode): { width: number; height: number } {
  const lines = nodeLines(node);
  const texts = [`${lines.title}   `, lines.access ?? '', lines.figures];
  const longest = Math.max(...texts.map((t) => t.length));
  const lineCount = 1 + (lines.access ? 1 : 0) + (lines.figures ? 1 : 0);
  return {
    width: Math.min(MAX_WIDTH, Math.max(120, longest * CHAR_WIDTH + 2 * PADDING_X)),
    height: lineCount * LINE_HEIGHT + 2 * PADDING_Y,
  };
}

function countDescendants(node: PlanNode): number {
  let n = 0;
  for (const c of node.children) n += 1 + countDescendants(c);
  return n;
}

/**
 * Lays the plan out top-down with variable-size boxes (d3-flextree), the root at the top and
 * inputs below, skipping the subtrees of collapsed nodes.
 */
export function layoutPlan(root: PlanNode, collapsed: ReadonlySet<number>): PlanLayout {
  const layout = flextree<PlanNode>()
    .nodeSize((n) => {
      const s = nodeSize(n.data);
      return [s.width + GAP_X, s.height + GAP_Y];
    })
    .spacing(0);
  const hierarchy = layout.hierarchy(root, (n) => (collapsed.has(n.id) ? undefined : n.children));
  const laid = layout(hierarchy);
  const placed = new Map<FlexNode<PlanNode>, PlacedNode>();
  const nodes: PlacedNode[] = [];
  const bounds = { minX: Infinity, maxX: -Infinity, minY: Infinity, maxY: -Infinity };
  for (const d of laid.descendants()) {
    const size = nodeSize(d.data);
    const isCollapsed = collapsed.has(d.data.id) && d.data.children.length > 0;
    const p: PlacedNode = {
      node: d.data,
      x: d.x - size.width / 2,
      y: d.y,
      width: size.width,
      height: size.height,
      depth: d.depth,
      collapsed: isCollapsed,
      hiddenDescendants: isCollapsed ? countDescendants(d.data) : 0,
    };
    placed.set(d, p);
    nodes.push(p);
    bounds.minX = Math.min(bounds.minX, p.x);
    bounds.maxX = Math.max(bounds.maxX, p.x + p.width);
    bounds.minY = Math.min(bounds.minY, p.y);
    bounds.maxY = Math.max(bounds.maxY, p.y + p.height);
  }
  const links = laid
    .links()
    .map((l) => ({ from: placed.get(l.source)!, to: placed.get(l.target)! }));
  return { nodes, links, bounds };
}

/**
 * Nodes to fold so a huge plan stays responsive: the plan opens breadth-first from the root and
 * any node whose inputs would take the visible count past `cap` is folded (it shows how many
 * nodes it hides and opens on a click).
 */
export function autoFold(root: PlanNode, cap: number): Set<number> {
  const folded = new Set<number>();
  let visible = 1;
  let frontier = [root];
  while (frontier.length > 0) {
    const next: PlanNode[] = [];
    for (const n of frontier) {
      if (n.children.length === 0) continue;
      if (visible + n.children.length > cap) {
        folded.add(n.id);
        continue;
      }
      visible += n.children.length;
      next.push(...n.children);
    }
    frontier = next;
  }
  return folded;
}
