import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  type PointerEvent,
} from 'react';
import { accessQuality } from './access-quality';
import type { PlanLayout } from './plan-layout';
import { useLatest } from '../ui/use-latest';

/** What the main view shows: d3-zoom's transform and the view's size in pixels. */
export interface MinimapView {
  x: number;
  y: number;
  k: number;
  width: number;
  height: number;
}

export interface PlanMinimapHandle {
  /** Moves the viewport rectangle; called on every zoom/pan, so it touches no React state. */
  setView(view: MinimapView): void;
}

const MAX_WIDTH = 220;
const MAX_HEIGHT = 160;
const MIN_SIDE = 60;
const PAD = 6;

/**
 * The minimap's size (the plan's shape within bounds: wide plans get a wide strip) and how the
 * layout fits it: layout point → minimap point and back.
 */
function fitOf(layout: PlanLayout) {
  const { minX, maxX, minY, maxY } = layout.bounds;
  const w = maxX - minX || 1;
  const h = maxY - minY || 1;
  const width = Math.max(MIN_SIDE, Math.min(MAX_WIDTH, (MAX_HEIGHT * w) / h));
  const height = Math.max(MIN_SIDE, Math.min(MAX_HEIGHT, (MAX_WIDTH * h) / w));
  const scale = Math.min((width - 2 * PAD) / w, (height - 2 * PAD) / h);
  const offsetX = PAD + (width - 2 * PAD - w * scale) / 2 - minX * scale;
  const offsetY = PAD + (height - 2 * PAD - h * scale) / 2 - minY * scale;
  return { width, height, scale, offsetX, offsetY };
}

/**
 * An overview of the whole laid-out plan with the part on screen framed; click or drag in it to
 * move there. Drawn on a canvas (one rectangle per node, no DOM per node), so it stays light
 * for plans of tens of thousands of nodes.
 */
export const PlanMinimap = forwardRef<
  PlanMinimapHandle,
  {
    layout: PlanLayout;
    matches: ReadonlySet<number>;
    /** Centre the main view on this layout point. */
    onNavigate: (x: number, y: number) => void;
  }
>(function PlanMinimap({ layout, matches, onNavigate }, ref) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const fit = useMemo(() => fitOf(layout), [layout]);
  const fitRef = useLatest(fit);
  const lastView = useRef<MinimapView | null>(null);

  const placeFrame = useCallback(
    (view: MinimapView) => {
      lastView.current = view;
      const frame = frameRef.current;
      if (!frame) return;
      const { scale, offsetX, offsetY } = fitRef.current;
      // The layout region on screen in minimap pixels (the minimap's overflow clips it).
      const left = (-view.x / view.k) * scale + offsetX;
      const top = (-view.y / view.k) * scale + offsetY;
      const right = ((view.width - view.x) / view.k) * scale + offsetX;
      const bottom = ((view.height - view.y) / view.k) * scale + offsetY;
      frame.style.transform = `translate(${left}px, ${top}px)`;
      frame.style.width = `${Math.max(2, right - left)}px`;
      frame.style.height = `${Math.max(2, bottom - top)}px`;
    },
    [fitRef],
  );

  useImperativeHandle(ref, () => ({ setView: placeFrame }));

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(fit.width * ratio);
    canvas.height = Math.round(fit.height * ratio);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, fit.width, fit.height);
    const css = getComputedStyle(canvas);
    const colour = (name: string, fallback: string) =>
      css.getPropertyValue(name).trim() || fallback;
    const plain = colour('--text-muted', '#5a6472');
    const bad = colour('--danger', '#c4261d');
    const match = colour('--accent', '#1f6feb');
    const { scale, offsetX, offsetY } = fit;
    // One path per colour: three fills for the whole plan instead of one per node.
    const paths = { plain: new Path2D(), bad: new Path2D(), match: new Path2D() };
    for (const p of layout.nodes) {
      const which = matches.has(p.node.id)
        ? 'match'
        : accessQuality(p.node) === 'bad'
          ? 'bad'
          : 'plain';
      paths[which].rect(
        p.x * scale + offsetX,
        p.y * scale + offsetY,
        Math.max(1, p.width * scale),
        Math.max(1, p.height * scale),
      );
    }
    ctx.globalAlpha = 0.55;
    ctx.fillStyle = plain;
    ctx.fill(paths.plain);
    ctx.globalAlpha = 0.9;
    ctx.fillStyle = bad;
    ctx.fill(paths.bad);
    ctx.globalAlpha = 1;
    ctx.fillStyle = match;
    ctx.fill(paths.match);
    if (lastView.current) placeFrame(lastView.current);
  }, [layout, matches, fit, placeFrame]);

  const navigate = (e: PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const { scale, offsetX, offsetY } = fitRef.current;
    onNavigate((e.clientX - box.left - offsetX) / scale, (e.clientY - box.top - offsetY) / scale);
  };

  return (
    <div
      className="planmap"
      data-testid="plan-minimap"
      role="img"
      aria-label={`Overview of the whole plan (${layout.nodes.length} nodes drawn); click or drag to move there`}
      style={{ width: fit.width, height: fit.height }}
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        navigate(e);
      }}
      onPointerMove={(e) => {
        if (e.buttons & 1) navigate(e);
      }}
    >
      <canvas ref={canvasRef} style={{ width: fit.width, height: fit.height }} />
      <div ref={frameRef} className="planmap-frame" />
    </div>
  );
});
