import { memo } from 'react';
import { scaleLinear } from 'd3-scale';
import { formatDuration } from '../../shared/format/duration';
import {
  TIMELINE_MS,
  timelineEnd,
  timelineLanes,
  type BlockingInterval,
  type BlockingTimeline as Timeline,
  type UnknownGap,
} from '../../shared/processlist/blocking-timeline';
import { clockTime } from './clock';
import { spanWords } from './count-history';

/** The x axis in viewBox units; bars stretch with the lane's width. */
const WIDTH = 1000;
const LANE_HEIGHT = 12;
/** Lanes drawn; the rest are counted. */
const MAX_LANES = 8;

function intervalTitle(i: BlockingInterval): string {
  const lasted = formatDuration(i.to - i.from);
  const kinds = i.kinds.map((k) => (k === 'row' ? 'row lock' : 'metadata lock')).join(', ');
  const from = clockTime(new Date(i.from));
  if (i.end === 'open')
    return `#${i.waiter} waits for #${i.blocker} since ${from} (${lasted}, ${kinds})`;
  if (i.end === 'cleared') {
    return `#${i.blocker} blocked #${i.waiter} from ${from} for ${lasted} (${kinds}); gone by ${clockTime(new Date(i.clearedAt ?? i.to))}`;
  }
  return `#${i.blocker} blocked #${i.waiter} from ${from} for at least ${lasted} (${kinds}); then polls failed, so its end is unknown`;
}

function gapTitle(g: UnknownGap): string {
  const why = g.why === 'failed' ? 'polls failed' : 'no polls (paused or hidden)';
  const to = g.to === null ? 'now' : clockTime(new Date(g.to));
  return `Unknown from ${clockTime(new Date(g.from))} to ${to}: ${why}`;
}

/**
 * Who blocked whom over the last 15 minutes (or since the tab opened), one lane per pair, the
 * longest first; stretches without a good poll are hatched as unknown, never drawn as "nothing".
 */
export const BlockingTimeline = memo(function BlockingTimeline({
  timeline,
  onPick,
}: {
  timeline: Timeline;
  /** Selects a session by id (a click on a lane's label). */
  onPick: (id: number) => void;
}) {
  const to = timelineEnd(timeline);
  if (to === null || timeline.firstPoll === null) return null;
  const lanes = timelineLanes(timeline);
  // From the first poll, or earlier where the server said a wait began before it.
  const earliest = Math.min(timeline.firstPoll, ...timeline.intervals.map((i) => i.from));
  const from = Math.max(earliest, to - TIMELINE_MS);
  const words = spanWords(Math.max(1000, to - from));
  const gaps = timeline.gaps.filter((g) => (g.to ?? to) > from);
  if (lanes.length === 0 && gaps.length === 0) {
    return (
      <p className="pl-muted pl-timeline-none" data-testid="pl-timeline">
        No blocking seen in the last {words}.
      </p>
    );
  }
  const x = scaleLinear()
    .domain([from, Math.max(to, from + 1000)])
    .range([0, WIDTH])
    .clamp(true);
  const gapRects = gaps.map((g) => (
    <rect
      key={`g${g.from}`}
      className="pl-timeline-unknown"
      x={x(g.from)}
      width={Math.max(2, x(g.to ?? to) - x(g.from))}
      y={0}
      height={LANE_HEIGHT}
    >
      <title>{gapTitle(g)}</title>
    </rect>
  ));
  const shown = lanes.slice(0, MAX_LANES);
  return (
    <figure className="pl-timeline" data-testid="pl-timeline">
      <figcaption>
        Blocking over the last {words}
        {gaps.length > 0 && (
          <span className="pl-muted">
            {' '}
            · <span className="pl-timeline-key" /> unknown (no good poll)
          </span>
        )}
      </figcaption>
      <ul>
        {shown.map((lane) => (
          <li
            key={`${lane.blocker}>${lane.waiter}`}
            className="pl-timeline-lane"
            data-pair={`${lane.blocker}>${lane.waiter}`}
          >
            <span className="pl-timeline-label">
              <button type="button" className="btn-link" onClick={() => onPick(lane.blocker)}>
                #{lane.blocker}
              </button>{' '}
              blocks{' '}
              <button type="button" className="btn-link" onClick={() => onPick(lane.waiter)}>
                #{lane.waiter}
              </button>
            </span>
            <svg
              viewBox={`0 0 ${WIDTH} ${LANE_HEIGHT}`}
              preserveAspectRatio="none"
              role="img"
              aria-label={`#${lane.blocker} blocked #${lane.waiter} for ${formatDuration(lane.totalMs)} in all`}
            >
              <rect className="pl-timeline-track" x={0} y={0} width={WIDTH} height={LANE_HEIGHT} />
              {gapRects}
              {lane.intervals.map((i) => (
                <rect
                  key={i.from}
                  className={`pl-timeline-bar pl-timeline-${i.end}`}
                  x={x(i.from)}
                  width={Math.max(3, x(i.to) - x(i.from))}
                  y={1}
                  height={LANE_HEIGHT - 2}
                  data-end={i.end}
                >
                  <title>{intervalTitle(i)}</title>
                </rect>
              ))}
            </svg>
            <span className="pl-timeline-total num">{formatDuration(lane.totalMs)}</span>
          </li>
        ))}
        {lanes.length === 0 && (
          <li className="pl-timeline-lane">
            <span className="pl-timeline-label pl-muted">No blocking seen</span>
            <svg viewBox={`0 0 ${WIDTH} ${LANE_HEIGHT}`} preserveAspectRatio="none" aria-hidden>
              <rect className="pl-timeline-track" x={0} y={0} width={WIDTH} height={LANE_HEIGHT} />
              {gapRects}
            </svg>
            <span />
          </li>
        )}
      </ul>
      <div className="pl-timeline-axis pl-muted">
        <span>{clockTime(new Date(from))}</span>
        {lanes.length > MAX_LANES && (
          <span>
            and {lanes.length - MAX_LANES} more pair{lanes.length - MAX_LANES === 1 ? '' : 's'}
          </span>
        )}
        <span>{clockTime(new Date(to))}</span>
      </div>
    </figure>
  );
});
