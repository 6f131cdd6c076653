import { useLayoutEffect, useRef } from 'react';

/**
 * A ref that always holds the value of the latest render, for listeners and timers set up once
 * that must call the newest callback. It is updated after the render commits (not during it, so
 * a render React throws away never leaks into it), before any effect or event sees it.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
