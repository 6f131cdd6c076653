import { useEffect, useState, type RefObject } from 'react';

/** The element's inner size (clientWidth/clientHeight), kept current as it is resized. */
export function useElementSize(
  ref: RefObject<HTMLElement | null>,
  initial: { width: number; height: number },
): { width: number; height: number } {
  const [size, setSize] = useState(initial);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () =>
      setSize((s) =>
        s.width === el.clientWidth && s.height === el.clientHeight
          ? s
          : { width: el.clientWidth, height: el.clientHeight },
      );
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return size;
}
