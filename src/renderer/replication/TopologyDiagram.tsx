import { hierarchy, tree } from 'd3-hierarchy';
import { linkVertical } from 'd3-shape';
import { useMemo } from 'react';
import { formatDuration } from '../../shared/format/duration';
import type { TopologyNode } from '../../shared/replication/topology-model';
import { topologyTree, type TopologyTreeNode } from '../../shared/replication/topology-tree';
import { SEVERITY_ICONS } from '../ui/SeverityIcon';

const BOX_W = 200;
const BOX_H = 78;
const GAP_X = 28;
const GAP_Y = 56;

interface Point {
  x: number;
  y: number;
}

interface Placed {
  node: TopologyNode;
  x: number;
  y: number;
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
  if (!n.errant) return n.reachable ? 'no errant transactions' : '';
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
  const { placed, links, width, height } = useMemo(() => {
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const forest = topologyTree(nodes);
    const root = hierarchy<TopologyTreeNode>({ id: '', children: forest });
    tree<TopologyTreeNode>().nodeSize([BOX_W + GAP_X, BOX_H + GAP_Y])(root);
    const all = root.descendants().filter((d) => d.depth > 0);
    const minX = Math.min(...all.map((d) => d.x ?? 0));
    const placed: Placed[] = all.map((d) => ({
      node: byId.get(d.data.id)!,
      x: (d.x ?? 0) - minX + 8,
      y: (d.y ?? 0) - (BOX_H + GAP_Y) + 8,
    }));
    const at = new Map(placed.map((p) => [p.node.id, p]));
    const links = all
      .filter((d) => d.depth > 1 && d.parent)
      .map((d) => ({ from: at.get(d.parent!.data.id)!, to: at.get(d.data.id)! }));
    const width = Math.max(...placed.map((p) => p.x)) + BOX_W + 16;
    const height = Math.max(...placed.map((p) => p.y)) + BOX_H + 16;
    return { placed, links, width, height };
  }, [nodes]);
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
              source: { x: l.from.x + BOX_W / 2, y: l.from.y + BOX_H },
              target: { x: l.to.x + BOX_W / 2, y: l.to.y },
            }) ?? ''
          }
        />
      ))}
      {placed.map(({ node, x, y }) => (
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
          <rect className="rp-box" width={BOX_W} height={BOX_H} rx={6} />
          <text className="rp-node-icon" x={10} y={22}>
            {SEVERITY_ICONS[node.health]}
          </text>
          <text className="rp-node-title" x={28} y={22}>
            {node.id}
            {node.start ? ' ●' : ''}
            {node.start && <title>The server this screen is open on</title>}
          </text>
          <text className="rp-node-line" x={10} y={44}>
            {roleLine(node)}
          </text>
          <text className={`rp-node-line${node.errant ? ' rp-node-errant' : ''}`} x={10} y={64}>
            {errantLine(node)}
          </text>
          <title>
            {[
              node.id,
              ...node.aliases,
              ...node.problems.map((p) => `${p.severity}: ${p.title}`),
            ].join('\n')}
          </title>
        </g>
      ))}
    </svg>
  );
}
