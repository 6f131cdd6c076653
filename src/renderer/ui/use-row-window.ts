import { useEffect, useState } from 'react';
import { rowWindow, scrollTopToShow } from './row-window';

/** What useRowWindow gives a list: its scroller's ref and scroll handler, the rows to draw. */
export interface RowWindow {
  /** Called with the element that scrolls the rows (its `ref`). */
  attach: (el: HTMLDivElement | null) => void;
  onScroll: (e: React.UIEvent<HTMLDivElement>) => void;
  /** The rows `[start, end)` in view (and a few more); all of them when not windowed. */
  start: number;
  end: number;
  /** Scrolls the least that shows row `index` wholly (a windowed list draws it then). */
  show: (index: number) => void;
}

/**
 * Draws only the rows in view of a long list of `count` rows of `rowHeight` px, once `windowed`:
 * follows its scroller's scroll position and height (resizes included).
 */
export function useRowWindow(count: number, rowHeight: number, windowed: boolean): RowWindow {
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const [view, setView] = useState({ top: 0, height: 600 });
  useEffect(() => {
    if (!scroller || !windowed) return;
    // The observer reports the size once at the start, then on each resize.
    const observer = new ResizeObserver(() =>
      setView({ top: scroller.scrollTop, height: scroller.clientHeight }),
    );
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [scroller, windowed]);
  const { start, end } = windowed
    ? rowWindow(count, view.top, view.height, rowHeight)
    : { start: 0, end: count };
  return {
    attach: setScroller,
    onScroll: (e) => {
      const el = e.currentTarget;
      setView({ top: el.scrollTop, height: el.clientHeight });
    },
    start,
    end,
    show: (index) => {
      if (!scroller) return;
      const top = scrollTopToShow(index, scroller.scrollTop, scroller.clientHeight, rowHeight);
      scroller.scrollTo({ top });
      setView({ top, height: scroller.clientHeight });
    },
  };
}
