import { flextree, type FlexNode } from 'd3-flextree';
import { createNode, type PlanNode } from '../../shared/explain/plan-model';
import type { ShownTable } from '../../shared/explain/shown-tables';
import { KIND_GLYPHS, nodeLines, type NodeLines } from './node-lines';

export interface PlacedNode {
  node: PlanNode;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The box's text lines, each cut (with …) to fit the box; the full text is in its tooltip. */
  lines: DrawnLines;
  /** The box's lines before fitting (its hover and accessible name say them whole). */
  full: NodeLines;
  depth: number;
  /** True when the node's children are hidden (collapsed by the user or folded for size). */
  collapsed: boolean;
  hiddenDescendants: number;
  /** Set on the box that stands for a folded run of siblings: whose, and how many it hides. */
  run?: { parentId: number; hidden: number };
}

/** A box's lines as drawn: the node's, plus the "hottest" line on the hottest node. */
export interface DrawnLines extends NodeLines {
  hot: string | null;
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

/** Room kept right of the title for the finding's badge. */
const BADGE_ROOM = 18;

/** `text` as is when it fits `max` pixels, else cut at a character boundary and ended with …. */
export function fitText(text: string, max: number, bold: boolean, textWidth: TextWidth): string {
  if (textWidth(text, bold) <= max) return text;
  const chars = Array.from(text);
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (textWidth(`${chars.slice(0, mid).join('')}…`, bold) <= max) lo = mid;
    else hi = mid - 1;
  }
  return `${chars.slice(0, lo).join('')}…`;
}

/**
 * A node box's size and drawn lines from its text as `textWidth` measures it (in the app:
 * measured off-screen on a canvas in the diagram's own font, see measure-text.ts). Boxes grow
 * with their text up to MAX_WIDTH; longer lines are cut to fit, so no text leaves its box at
 * any zoom (the zoom scales box and text alike).
 */
export function nodeBox(
  node: PlanNode,
  textWidth: TextWidth = estimateTextWidth,
  hot: string | null = null,
  shown?: ShownTable,
): { width: number; height: number; lines: DrawnLines; full: NodeLines } {
  const lines = nodeLines(node, shown);
  // The title is drawn after the kind glyph and a space.
  const titlePrefix = `${KIND_GLYPHS[node.kind]} `;
  const body = [lines.access, lines.figures, lines.estimate];
  const widest = Math.max(
    textWidth(`${titlePrefix}${lines.title}`, true) + BADGE_ROOM,
    ...body.map((l) => (l ? textWidth(l, false) : 0)),
    hot ? textWidth(hot, true) : 0,
  );
  const width = Math.min(MAX_WIDTH, Math.max(120, Math.ceil(widest) + 2 * PADDING_X));
  const room = width - 2 * PADDING_X;
  const fit = (l: string | null) => (l === null ? null : fitText(l, room, false, textWidth));
  const prefixWidth = textWidth(titlePrefix, true);
  const drawn: DrawnLines = {
    title: fitText(lines.title, room - BADGE_ROOM - prefixWidth, true, textWidth),
    access: fit(lines.access),
    figures: fit(lines.figures),
    estimate: fit(lines.estimate),
    // Drawn bold, like the title.
    hot: hot === null ? null : fitText(hot, room, true, textWidth),
  };
  const lineCount = 1 + body.filter(Boolean).length + (hot ? 1 : 0);
  return { width, height: lineCount * LINE_HEIGHT + 2 * PADDING_Y, lines: drawn, full: lines };
}

/** A node box's size (see nodeBox). */
export function nodeSize(
  node: PlanNode,
  textWidth: TextWidth = estimateTextWidth,
): { width: number; height: number } {
  const { width, height } = nodeBox(node, textWidth);
  return { width, height };
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
  /** An extra line for a node (the hottest one's share), drawn last in its box. */
  hotLine: (node: PlanNode) => string | null = () => null,
  /** Real table and alias of nodes the plan names by alias only (see shownTables). */
  shown: ReadonlyMap<number, ShownTable> = new Map(),
): PlanLayout {
  // Each box's size once: the layout asks for it again and again.
  const sizes = new Map<PlanNode, ReturnType<typeof nodeBox>>();
  const sizeOf = (node: PlanNode) => {
    let size = sizes.get(node);
    if (!size)
      sizes.set(node, (size = nodeBox(node, textWidth, hotLine(node), shown.get(node.id))));
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
      lines: size.lines,
      full: size.full,
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
