import { flextree, type FlexNode } from 'd3-flextree';
import { createNode, type PlanNode } from '../../shared/explain/plan-model';
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
  /** Set on the box that stands for a folded run of siblings: whose, and how many it hides. */
  run?: { parentId: number; hidden: number };
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

/**
 * A node with more inputs than RUN_LIMIT (a union of hundreds of selects, an Append of
 * hundreds of branches) shows its first RUN_HEAD and one box for the rest until that run is
 * opened: hundreds of similar siblings side by side help nobody and cost the browser dearly.
 */
export const RUN_LIMIT = 24;
export const RUN_HEAD = 12;

/** The id of the box standing for `parentId`'s folded run (negative: never a node's id). */
export function runBoxId(parentId: number): number {
  return -1 - parentId;
}

/** The children drawn under `node`: all of them, or a run's head and a box for the rest. */
export function visibleChildren(node: PlanNode, openRuns: ReadonlySet<number>): PlanNode[] {
  const children = node.children;
  if (children.length <= RUN_LIMIT || openRuns.has(node.id)) return children;
  const rest = children.slice(RUN_HEAD);
  const kind = rest[0]!.kind;
  const alike = rest.every((c) => c.kind === kind && c.label === rest[0]!.label);
  const box = createNode(
    'other',
    `+ ${rest.length} more inputs${alike ? ` like "${rest[0]!.label}"` : ''}`,
  );
  box.id = runBoxId(node.id);
  return [...children.slice(0, RUN_HEAD), box];
}

/** The drawn width of a line of a node box, in pixels; `bold` for the title line. */
export type TextWidth = (text: string, bold: boolean) => number;

/** Widths from a typical monospace advance, where no text can be measured (tests, workers). */
export const estimateTextWidth: TextWidth = (text) => text.length * CHAR_WIDTH;

/**
 * A node box's size from its text lines as `textWidth` measures them (in the app: measured
 * off-screen on a canvas in the diagram's own font, see measure-text.ts).
 */
export function nodeSize(
  node: PlanNode,
  textWidth: TextWidth = estimateTextWidth,
): { width: number; height: number } {
  const lines = nodeLines(node);
  // The three spaces leave room for the kind glyph before the title and a badge after it.
  const widest = Math.max(
    textWidth(`${lines.title}   `, true),
    lines.access ? textWidth(lines.access, false) : 0,
    lines.figures ? textWidth(lines.figures, false) : 0,
  );
  const lineCount = 1 + (lines.access ? 1 : 0) + (lines.figures ? 1 : 0);
  return {
    width: Math.min(MAX_WIDTH, Math.max(120, Math.ceil(widest) + 2 * PADDING_X)),
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
export function layoutPlan(
  root: PlanNode,
  collapsed: ReadonlySet<number>,
  openRuns: ReadonlySet<number> = new Set(),
  textWidth: TextWidth = estimateTextWidth,
): PlanLayout {
  // Each box's size once: the layout asks for it again and again.
  const sizes = new Map<PlanNode, { width: number; height: number }>();
  const sizeOf = (node: PlanNode) => {
    let size = sizes.get(node);
    if (!size) sizes.set(node, (size = nodeSize(node, textWidth)));
    return size;
  };
  const layout = flextree<PlanNode>()
    .nodeSize((n) => {
      const s = sizeOf(n.data);
      return [s.width + GAP_X, s.height + GAP_Y];
    })
    .spacing(0);
  const hierarchy = layout.hierarchy(root, (n) =>
    n.id < 0 || collapsed.has(n.id) ? undefined : visibleChildren(n, openRuns),
  );
  const laid = layout(hierarchy);
  const placed = new Map<FlexNode<PlanNode>, PlacedNode>();
  const nodes: PlacedNode[] = [];
  const bounds = { minX: Infinity, maxX: -Infinity, minY: Infinity, maxY: -Infinity };
  for (const d of laid.descendants()) {
    const size = sizeOf(d.data);
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
    if (d.data.id < 0 && d.parent) {
      const parent = d.parent.data;
      p.run = { parentId: parent.id, hidden: parent.children.length - RUN_HEAD };
    }
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
  const closed: ReadonlySet<number> = new Set();
  let visible = 1;
  let frontier = [root];
  while (frontier.length > 0) {
    const next: PlanNode[] = [];
    for (const n of frontier) {
      if (n.children.length === 0) continue;
      const children = visibleChildren(n, closed);
      if (visible + children.length > cap) {
        folded.add(n.id);
        continue;
      }
      visible += children.length;
      for (const c of children) if (c.id >= 0) next.push(c);
    }
    frontier = next;
  }
  return folded;
}
