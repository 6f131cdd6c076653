import { memo } from 'react';
import { scaleLinear } from 'd3-scale';
import { area, line } from 'd3-shape';
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
  // Zero sits on the axis (one baseline) and the top keeps a margin, so a count that never
  // changed reads as a level, not as a line stuck to the top edge.
  const y = scaleLinear()
    .domain([0, max])
    .range([HEIGHT - 1, 6]);
  const drawn = points as CountPoint[];
  const path = line<CountPoint>()
    .x((p) => x(p.t))
    .y((p) => y(p[series]))(drawn);
  const fill = area<CountPoint>()
    .x((p) => x(p.t))
    .y0(HEIGHT - 1)
    .y1((p) => y(p[series]))(drawn);
  const last = points[points.length - 1];
  const current = last?.[series] ?? 0;
  // One poll is no series: say so instead of drawing a dot.
  const collecting = points.length < 2;
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
        aria-label={
          collecting
            ? `${label}: collecting, now ${current}`
            : `${label} over the last ${span.words}, now ${current}, at most ${max}`
        }
        data-points={points.length}
      >
        <title>
          {collecting ? 'Collecting: a line needs two polls' : `Over the last ${span.words}`}
        </title>
        <line x1={0} x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="pl-chart-axis" />
        {collecting ? (
          <text
            x={WIDTH / 2}
            y={HEIGHT / 2 + 4}
            textAnchor="middle"
            className="pl-chart-collecting"
          >
            collecting…
          </text>
        ) : (
          <>
            {fill && <path d={fill} className="pl-chart-area" />}
            {path && <path d={path} className="pl-chart-line" />}
            {last && <circle cx={x(last.t)} cy={y(current)} r={2} className="pl-chart-now" />}
          </>
        )}
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
