import { hierarchy, tree } from 'd3-hierarchy';
import { linkVertical } from 'd3-shape';
import { useMemo } from 'react';
import { formatDuration } from '../../shared/format/duration';
import type { TopologyNode } from '../../shared/replication/topology-model';
import { topologyTree, type TopologyTreeNode } from '../../shared/replication/topology-tree';
import { SEVERITY_ICONS } from '../ui/SeverityIcon';
import { textMeasure } from '../ui/text-measure';
import { BOX_MIN_W, fitTopologyBoxes, type BoxText, type BoxTextWidths } from './topology-box-text';

const BOX_H = 78;
const GAP_X = 28;
const GAP_Y = 56;

interface Point {
  x: number;
  y: number;
}

interface Placed {
  node: TopologyNode;
  /** Its texts, cut to the box where too long. */
  text: BoxText;
  x: number;
  y: number;
}

/**
 * The widths of the diagram's texts in the fonts replication.css gives them (titles in the
 * theme's monospace, lines in the page's font); null without a canvas, where boxes keep their
 * narrowest width.
 */
function boxTextWidths(): BoxTextWidths | null {
  if (typeof document === 'undefined' || !document.body) return null;
  const mono =
    getComputedStyle(document.documentElement).getPropertyValue('--mono').trim() || 'monospace';
  const sans = getComputedStyle(document.body).fontFamily || 'sans-serif';
  return {
    title: textMeasure(`600 12px ${mono}`),
    line: textMeasure(`11px ${sans}`),
    strong: textMeasure(`600 11px ${sans}`),
  };
}

/** The role line of a node: source, replica (with lag), not replicating or unreachable. */
function roleLine(n: TopologyNode): string {
  if (!n.reachable) return `unreachable · ${n.error?.code ?? ''}`;
  const flavor = n.server?.flavor === 'mariadb' ? 'MariaDB' : 'MySQL';
  const version = (n.server?.versionText ?? '').split('-')[0];
  if (n.channels.length === 0) {
    const isSource = n.replicaIds.length > 0 || n.unlistedReplicaHosts.length > 0;
    return `${flavor} ${version} · ${isSource ? 'source' : 'not replicating'}`;
  }
  const lag = n.lagSeconds === null ? 'lag unknown' : `lag ${formatDuration(n.lagSeconds * 1000)}`;
  return `${flavor} ${version} · ${lag}`;
}

function errantLine(n: TopologyNode): string {
  if (!n.errant) {
    if (n.errantUnchecked) return 'errant transactions not checked';
    return n.reachable ? 'no errant transactions' : '';
  }
  if (n.errant.method === 'mariadb-local') return `⚠ local write ${n.errant.gtids}`;
  return `⚠ errant: ${n.errant.count} transaction${n.errant.count === '1' ? '' : 's'}`;
}

/**
 * The topology as a tree of boxes (d3-hierarchy layout): sources above their replicas, each box
 * coloured by health with its icon, lag and errant state; a click selects a node.
 */
export function TopologyDiagram({
  nodes,
  selectedId,
  onSelect,
}: {
  nodes: readonly TopologyNode[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const widths = useMemo(() => boxTextWidths(), []);
  const { placed, links, width, height, boxW } = useMemo(() => {
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const texts = new Map<string, BoxText>();
    const wanted = nodes.map((n) => ({
      title: n.id,
      marker: n.start ? ' ●' : '',
      role: roleLine(n),
      errant: errantLine(n),
      errantStrong: n.errant !== null,
    }));
    const fitted = widths ? fitTopologyBoxes(wanted, widths) : { width: BOX_MIN_W, boxes: wanted };
    nodes.forEach((n, i) => texts.set(n.id, fitted.boxes[i]!));
    const boxW = fitted.width;
    const forest = topologyTree(nodes);
    const root = hierarchy<TopologyTreeNode>({ id: '', children: forest });
    tree<TopologyTreeNode>().nodeSize([boxW + GAP_X, BOX_H + GAP_Y])(root);
    const all = root.descendants().filter((d) => d.depth > 0);
    const minX = Math.min(...all.map((d) => d.x ?? 0));
    const placed: Placed[] = all.map((d) => ({
      node: byId.get(d.data.id)!,
      text: texts.get(d.data.id)!,
      x: (d.x ?? 0) - minX + 8,
      y: (d.y ?? 0) - (BOX_H + GAP_Y) + 8,
    }));
    const at = new Map(placed.map((p) => [p.node.id, p]));
    const links = all
      .filter((d) => d.depth > 1 && d.parent)
      .map((d) => ({ from: at.get(d.parent!.data.id)!, to: at.get(d.data.id)! }));
    const width = Math.max(...placed.map((p) => p.x)) + boxW + 16;
    const height = Math.max(...placed.map((p) => p.y)) + BOX_H + 16;
    return { placed, links, width, height, boxW };
  }, [nodes, widths]);
  const link = linkVertical<{ source: Point; target: Point }, Point>()
    .x((p) => p.x)
    .y((p) => p.y);

  return (
    <svg
      className="rp-topology"
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="group"
      aria-label="Replication topology"
    >
      {links.map((l) => (
        <path
          key={`${l.from.node.id}>${l.to.node.id}`}
          className="rp-link"
          d={
            link({
              source: { x: l.from.x + boxW / 2, y: l.from.y + BOX_H },
              target: { x: l.to.x + boxW / 2, y: l.to.y },
            }) ?? ''
          }
        />
      ))}
      {placed.map(({ node, text, x, y }) => (
        <g
          key={node.id}
          className={`rp-node rp-node-${node.health}${node.id === selectedId ? ' selected' : ''}`}
          transform={`translate(${x},${y})`}
          role="button"
          tabIndex={0}
          aria-label={`${node.id}: ${node.health}${node.errant ? ', errant transactions' : ''}`}
          data-node-id={node.id}
          data-health={node.health}
          data-errant={node.errant ? node.errant.gtids : ''}
          onClick={() => onSelect(node.id)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') onSelect(node.id);
          }}
        >
          <rect className="rp-box" width={boxW} height={BOX_H} rx={6} />
          <text className="rp-node-icon" x={10} y={22}>
            {SEVERITY_ICONS[node.health]}
          </text>
          <text className="rp-node-title" x={28} y={22}>
            {text.title + text.marker}
            {node.start && <title>The server this screen is open on</title>}
          </text>
          <text className="rp-node-line" x={10} y={44}>
            {text.role}
          </text>
          <text className={`rp-node-line${node.errant ? ' rp-node-errant' : ''}`} x={10} y={64}>
            {text.errant}
          </text>
          <title>
            {[
              node.id,
              ...node.aliases,
              roleLine(node),
              ...node.problems.map((p) => `${p.severity}: ${p.title}`),
            ].join('\n')}
          </title>
        </g>
      ))}
    </svg>
  );
}
