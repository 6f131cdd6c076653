import { memo } from 'react';
import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { HISTORY_MS, type CountPoint } from './count-history';

const WIDTH = 180;
const HEIGHT = 44;

const SERIES: Array<{ key: 'running' | 'connected' | 'blocked'; label: string }> = [
  { key: 'running', label: 'Running' },
  { key: 'connected', label: 'Connected' },
  { key: 'blocked', label: 'Blocked' },
];

/** One small line chart of a count over the last 15 minutes of polls. */
function Spark({
  points,
  series,
  label,
}: {
  points: readonly CountPoint[];
  series: (typeof SERIES)[number]['key'];
  label: string;
}) {
  const now = points[points.length - 1]?.t ?? 0;
  const x = scaleLinear()
    .domain([now - HISTORY_MS, now])
    .range([0, WIDTH]);
  const max = Math.max(1, ...points.map((p) => p[series]));
  const y = scaleLinear()
    .domain([0, max])
    .range([HEIGHT - 2, 2]);
  const path = line<CountPoint>()
    .x((p) => x(p.t))
    .y((p) => y(p[series]))(points as CountPoint[]);
  const current = points[points.length - 1]?.[series] ?? 0;
  return (
    <figure className={`pl-chart pl-chart-${series}`} data-series={series}>
      <figcaption>
        {label} <strong className="num">{current}</strong>
        <span className="pl-chart-max"> max {max}</span>
      </figcaption>
      <svg
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-label={`${label} over the last 15 minutes, now ${current}, at most ${max}`}
      >
        <line x1={0} x2={WIDTH} y1={HEIGHT - 1} y2={HEIGHT - 1} className="pl-chart-axis" />
        {path && <path d={path} className="pl-chart-line" />}
      </svg>
    </figure>
  );
}

/** Running, connected and blocked sessions over the last 15 minutes, from the polls made. */
export const CountCharts = memo(function CountCharts({
  history,
}: {
  history: readonly CountPoint[];
}) {
  return (
    <div className="pl-charts" aria-label="Sessions over the last 15 minutes">
      {SERIES.map((s) => (
        <Spark key={s.key} points={history} series={s.key} label={s.label} />
      ))}
    </div>
  );
});
