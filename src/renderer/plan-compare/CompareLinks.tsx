import { useEffect, useRef, useState, type RefObject } from 'react';
import type { DiffPair } from '../../shared/explain/plan-diff';
import type { NodeListHandle } from './CompareNodeList';
import { linkLines, type LinkLine, type RowPlace, type Span } from './link-lines';

const WIDTH = 36;

/** The rows a list draws now, where they are beside the gutter, and its view's span. */
function placesOf(list: HTMLElement, gutterTop: number): { rows: RowPlace[]; span: Span } {
  const view = list.getBoundingClientRect();
  const rows: RowPlace[] = [];
  for (const li of list.querySelectorAll<HTMLElement>('li[data-pair]')) {
    const r = li.getBoundingClientRect();
    rows.push({
      pair: Number(li.dataset.pair),
      y: r.top + r.height / 2 - gutterTop,
      inView: r.bottom > view.top && r.top < view.bottom,
    });
  }
  return { rows, span: [view.top - gutterTop, view.bottom - gutterTop] };
}

/**
 * The gutter between the two columns: a line from each node to its counterpart for the rows in
 * view (the selected and hovered pair's always), coloured by how the pair fared. Redrawn as
 * either column scrolls; only the rows drawn are measured, so a big plan costs no more.
 */
export function CompareLinks({
  before,
  after,
  pairs,
  selectedPair,
  hoveredPair,
}: {
  before: RefObject<NodeListHandle | null>;
  after: RefObject<NodeListHandle | null>;
  pairs: readonly DiffPair[];
  selectedPair: number | null;
  hoveredPair: number | null;
}) {
  const svgRef = useRef<SVGSVGElement>(null);
  const [lines, setLines] = useState<LinkLine[]>([]);

  useEffect(() => {
    const left = before.current?.element();
    const right = after.current?.element();
    const svg = svgRef.current;
    if (!left || !right || !svg) return;
    const keep = new Set([selectedPair, hoveredPair].filter((p): p is number => p !== null));
    let frame = 0;
    const measure = () => {
      frame = 0;
      const top = svg.getBoundingClientRect().top;
      const l = placesOf(left, top);
      const r = placesOf(right, top);
      setLines(linkLines(l.rows, r.rows, keep, l.span, r.span));
    };
    // After the lists drew the rows the scroll brought into view.
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    schedule();
    left.addEventListener('scroll', schedule, { passive: true });
    right.addEventListener('scroll', schedule, { passive: true });
    const resized = new ResizeObserver(schedule);
    resized.observe(left);
    resized.observe(right);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      left.removeEventListener('scroll', schedule);
      right.removeEventListener('scroll', schedule);
      resized.disconnect();
    };
  }, [before, after, pairs, selectedPair, hoveredPair]);

  return (
    <svg ref={svgRef} className="cmp-links" width={WIDTH} aria-hidden="true">
      {lines.map(({ pair, y1, y2 }) => {
        const p = pairs[pair];
        const on = pair === selectedPair || pair === hoveredPair;
        const mid = WIDTH / 2;
        return (
          <path
            key={pair}
            d={`M0,${y1} C${mid},${y1} ${mid},${y2} ${WIDTH},${y2}`}
            className={`cmp-link cmp-link-${p?.status ?? 'same'}${p?.moved ? ' cmp-link-moved' : ''}${on ? ' cmp-link-on' : ''}`}
          />
        );
      })}
    </svg>
  );
}
