import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { highestLagText, LAG_WINDOW_MS, type LagPoint } from './lag-history';

const WIDTH = 280;
const HEIGHT = 64;
const PAD = { left: 4, right: 4, top: 6, bottom: 6 };

/** Lag over the last minutes as a small line; gaps where the lag was unknown. */
export function LagChart({ points, now }: { points: readonly LagPoint[]; now: number }) {
  const known = points.filter((p) => p.seconds !== null).map((p) => p.seconds!);
  const highest = Math.max(0, ...known);
  // At least a second of scale, so that noise around 0 stays flat.
  const max = Math.max(1, highest);
  const x = scaleLinear()
    .domain([now - LAG_WINDOW_MS, now])
    .range([PAD.left, WIDTH - PAD.right]);
  const y = scaleLinear()
    .domain([0, max])
    .range([HEIGHT - PAD.bottom, PAD.top]);
  const path =
    line<LagPoint>()
      .defined((p) => p.seconds !== null)
      .x((p) => x(p.at))
      .y((p) => y(p.seconds ?? 0))([...points]) ?? '';
  const last = points[points.length - 1];
  return (
    <figure className="rp-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-label={`Lag over the last 10 minutes, at most ${highestLagText(points)}`}
      >
        <line className="rp-chart-base" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} />
        <path className="rp-chart-line" d={path} />
        {last && last.seconds !== null && (
          <circle className="rp-chart-dot" cx={x(last.at)} cy={y(last.seconds)} r={2.5} />
        )}
      </svg>
      <figcaption className="rp-chart-caption">
        <span>10 min ago</span>
        <span className="num">max {highestLagText(points)}</span>
        <span>now</span>
      </figcaption>
    </figure>
  );
}
