import { memo, type ReactNode } from 'react';
import { formatDuration } from '../../shared/format/duration';
import type {
  BlockingInterval,
  BlockingTimeline as Timeline,
  UnknownGap,
} from '../../shared/processlist/blocking-timeline';
import { clockTime } from '../ui/clock-time';
import { TIMELINE_WIDTH as WIDTH, timelineLayout, type TimelineLayout } from './timeline-layout';

const LANE_HEIGHT = 12;

function intervalTitle(i: BlockingInterval): string {
  const lasted = formatDuration(i.to - i.from);
  const kinds = i.kinds.map((k) => (k === 'row' ? 'row lock' : 'metadata lock')).join(', ');
  const from = clockTime(new Date(i.from));
  if (i.end === 'open') {
    return `#${i.waiter} waits for #${i.blocker} since ${from} (${lasted}, ${kinds})`;
  }
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

/** One lane's track with the unknown stretches over it; bars go on top. */
function Track({ layout, children }: { layout: TimelineLayout; children?: ReactNode }) {
  return (
    <>
      <rect className="pl-timeline-track" x={0} y={0} width={WIDTH} height={LANE_HEIGHT} />
      {layout.gaps.map(({ x, width, gap }) => (
        <rect
          key={`g${gap.from}`}
          className="pl-timeline-unknown"
          x={x}
          width={width}
          y={0}
          height={LANE_HEIGHT}
        >
          <title>{gapTitle(gap)}</title>
        </rect>
      ))}
      {children}
    </>
  );
}

/**
 * Who blocked whom over the last 15 minutes (or since the tab opened), one lane per pair, the
 * longest first; stretches without a good poll are shaded as unknown, never drawn as "nothing".
 */
export const BlockingTimeline = memo(function BlockingTimeline({
  timeline,
  onPick,
}: {
  timeline: Timeline;
  /** Selects a session by id (a click on a lane's label). */
  onPick: (id: number) => void;
}) {
  const layout = timelineLayout(timeline);
  if (!layout) return null;
  if (layout.lanes.length === 0 && layout.gaps.length === 0) {
    return (
      <p className="pl-muted pl-timeline-none" data-testid="pl-timeline">
        No blocking seen in the last {layout.words}.
      </p>
    );
  }
  return (
    <figure className="pl-timeline" data-testid="pl-timeline">
      <figcaption>
        Blocking over the last {layout.words}
        {layout.gaps.length > 0 && (
          <span className="pl-muted">
            {' '}
            · <span className="pl-timeline-key" /> unknown (no good poll)
          </span>
        )}
      </figcaption>
      <ul>
        {layout.lanes.map((lane) => (
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
              <Track layout={layout}>
                {lane.bars.map(({ x, width, interval }) => (
                  <rect
                    key={interval.from}
                    className="pl-timeline-bar"
                    x={x}
                    width={width}
                    y={1}
                    height={LANE_HEIGHT - 2}
                    data-end={interval.end}
                  >
                    <title>{intervalTitle(interval)}</title>
                  </rect>
                ))}
              </Track>
            </svg>
            <span className="pl-timeline-total num">{formatDuration(lane.totalMs)}</span>
          </li>
        ))}
        {layout.lanes.length === 0 && (
          <li className="pl-timeline-lane">
            <span className="pl-timeline-label pl-muted">No blocking seen</span>
            <svg viewBox={`0 0 ${WIDTH} ${LANE_HEIGHT}`} preserveAspectRatio="none" aria-hidden>
              <Track layout={layout} />
            </svg>
            <span />
          </li>
        )}
      </ul>
      <div className="pl-timeline-axis pl-muted">
        <span>{clockTime(new Date(layout.from))}</span>
        {layout.more > 0 && (
          <span>
            and {layout.more} more pair{layout.more === 1 ? '' : 's'}
          </span>
        )}
        <span>{clockTime(new Date(layout.to))}</span>
      </div>
    </figure>
  );
});
