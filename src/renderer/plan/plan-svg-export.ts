import type { PlanLayout } from './plan-layout';

/**
 * The diagram as a standalone SVG document, for export: the whole plan in its viewBox (not the
 * part zoomed to), with its look inlined, since the app's stylesheet does not travel with it.
 */
export function planSvgText(svg: SVGSVGElement, bounds: PlanLayout['bounds']): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const { minX, maxX, minY, maxY } = bounds;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('viewBox', `${minX - 20} ${minY - 20} ${maxX - minX + 40} ${maxY - minY + 40}`);
  copy.setAttribute('width', String(maxX - minX + 40));
  copy.setAttribute('height', String(maxY - minY + 40));
  copy.querySelector('g')?.removeAttribute('transform');
  const style = document.createElementNS('http://www.w3.org/2000/svg', 'style');
  style.textContent = EXPORT_STYLE;
  copy.insertBefore(style, copy.firstChild);
  return new XMLSerializer().serializeToString(copy);
}

/** The diagram's look inside an exported SVG file, where the app's stylesheet is absent. */
const EXPORT_STYLE = `
.plan-box { fill: #fff; stroke: #8c959f; stroke-width: 1.2; }
.access-bad .plan-box { stroke: #5a6472; stroke-width: 2; }
.access-good .plan-box { stroke: #0969da; }
.node-sev-info .plan-box { stroke: #0969da; }
.node-sev-warning .plan-box { stroke: #9a6700; stroke-width: 2; fill: #fff5d6; }
.node-sev-danger .plan-box { stroke: #c4261d; stroke-width: 2; fill: #fdecea; }
.plan-badge.sev-danger { fill: #c4261d; }
.plan-badge.sev-warning { fill: #9a6700; }
.plan-badge.sev-info { fill: #0969da; }
.plan-hot-label { fill: #e16f24; font-weight: 700; }
.hottest .plan-box { stroke-width: 3.5; }
.never .plan-box { stroke-dasharray: 5 4; }
.plan-heat { fill: #e16f24; }
.plan-link { fill: none; stroke: #8c959f; }
.plan-link.never { stroke-dasharray: 5 4; }
text { font: 12px ui-monospace, monospace; fill: #1c2128; }
.plan-title { font-weight: 600; }
.plan-access, .plan-figures, .plan-estimate, .plan-folded { fill: #5a6472; }
`;
