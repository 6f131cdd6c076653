import { startTransition, useEffect, useState } from 'react';

/**
 * `value`, taken up only after the frame that showed it elsewhere was painted, and at a low
 * priority: for panes that may lag a frame behind (counts, charts) so that the frame showing the
 * new table has none of their work. Like `useDeferredValue`, but it never renders before paint.
 */
export function useAfterPaint<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // rAF runs just before the frame is painted; the task after it, once it is.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown(value)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [value]);
  return shown;
}
