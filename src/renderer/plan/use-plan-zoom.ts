import { select } from 'd3-selection';
import { zoom, zoomIdentity, type ZoomBehavior } from 'd3-zoom';
import { useEffect, useRef, type RefObject } from 'react';
import type { PlanLayout } from './plan-layout';
import type { PlanMinimapHandle } from './PlanMinimap';

/**
 * Pan and zoom of the diagram (d3-zoom on the svg, the transform set on its group, the minimap
 * told where the view is), and the two moves the screen asks for: centre on a point, fit all.
 */
export function usePlanZoom(
  svgRef: RefObject<SVGSVGElement | null>,
  groupRef: RefObject<SVGGElement | null>,
  minimapRef: RefObject<PlanMinimapHandle | null>,
) {
  const zoomRef = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);
  const transformRef = useRef({ x: 0, y: 0, k: 1 });

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const z = zoom<SVGSVGElement, unknown>()
      .scaleExtent([0.05, 3])
      .on('zoom', (event: { transform: { x: number; y: number; k: number } }) => {
        const t = event.transform;
        groupRef.current?.setAttribute('transform', t.toString());
        transformRef.current = { x: t.x, y: t.y, k: t.k };
        minimapRef.current?.setView({
          x: t.x,
          y: t.y,
          k: t.k,
          width: svg.clientWidth,
          height: svg.clientHeight,
        });
      });
    zoomRef.current = z;
    select(svg).call(z).on('dblclick.zoom', null);
    return () => {
      select(svg).on('.zoom', null);
    };
  }, [svgRef, groupRef, minimapRef]);

  /** The svg's size, and the zoom behaviour, once both exist. */
  const view = () => {
    const svg = svgRef.current;
    const z = zoomRef.current;
    if (!svg || !z) return null;
    return { svg, z, w: svg.clientWidth || 800, h: svg.clientHeight || 600 };
  };

  return {
    /** The current zoom scale. */
    scale: () => transformRef.current.k,
    /** Moves the view so the layout point (x, y) is in the middle, at scale `k`. */
    centerOn(x: number, y: number, k = transformRef.current.k) {
      const v = view();
      if (!v) return;
      const t = zoomIdentity.translate(v.w / 2 - x * k, v.h / 2 - y * k).scale(k);
      select(v.svg).call(v.z.transform, t);
    },
    /** The whole plan in view, not larger than 1.2×, its top at the top. */
    fit(bounds: PlanLayout['bounds']) {
      const v = view();
      if (!v) return;
      const { minX, maxX, minY, maxY } = bounds;
      const scale = Math.min(
        1.2,
        0.95 * Math.min(v.w / (maxX - minX + 40), v.h / (maxY - minY + 40)),
      );
      const t = zoomIdentity
        .translate(v.w / 2 - ((minX + maxX) / 2) * scale, 20 - minY * scale)
        .scale(scale);
      select(v.svg).call(v.z.transform, t);
    },
  };
}
