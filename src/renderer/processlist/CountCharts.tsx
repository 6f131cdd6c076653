import { memo } from 'react';
import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { chartSpan, spanWords, type CountPoint } from './count-history';

const WIDTH = 180;
const HEIGHT = 44;

const SERIES: Array<{ key: 'running' | 'connected' | 'blocked'; label: string }> = [
  { key: 'running', label: 'Running' },
  { key: 'connected', label: 'Connected' },
  { key: 'blocked', label: 'Blocked' },
];

/** One small line chart of a count over the polls of the last 15 minutes (or since the first). */
function Spark({
  points,
  series,
  label,
  span,
}: {
  points: readonly CountPoint[];
  series: (typeof SERIES)[number]['key'];
  label: string;
  /** The time the x axis covers, and those words (`2 min 10 s`). */
  span: { from: number; to: number; words: string };
}) {
  const x = scaleLinear()
    .domain([span.from, span.to])
    .range([1, WIDTH - 3]);
  const max = Math.max(1, ...points.map((p) => p[series]));
  const y = scaleLinear()
    .domain([0, max])
    .range([HEIGHT - 2, 2]);
  const path = line<CountPoint>()
    .x((p) => x(p.t))
    .y((p) => y(p[series]))(points as CountPoint[]);
  const last = points[points.length - 1];
  const current = last?.[series] ?? 0;
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
        aria-label={`${label} over the last ${span.words}, now ${current}, at most ${max}`}
      >
        <title>{`Over the last ${span.words}`}</title>
        <line x1={0} x2={WIDTH} y1={HEIGHT - 1} y2={HEIGHT - 1} className="pl-chart-axis" />
        {path && <path d={path} className="pl-chart-line" />}
        {/* The latest count, visible even while it is the only one. */}
        {last && <circle cx={x(last.t)} cy={y(current)} r={2} className="pl-chart-now" />}
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
  const { from, to } = chartSpan(history);
  const span = { from, to, words: spanWords(to - from) };
  return (
    <div className="pl-charts" aria-label={`Sessions over the last ${span.words}`}>
      {SERIES.map((s) => (
        <Spark key={s.key} points={history} series={s.key} label={s.label} span={span} />
      ))}
    </div>
  );
});
