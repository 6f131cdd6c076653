import { useCallback, useLayoutEffect, useRef } from 'react';

/** A callback that keeps its identity across renders and always runs the latest `fn`. */
export function useStableCallback<A extends unknown[]>(
  fn: (...args: A) => void,
): (...args: A) => void {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
