// Line charts as hand-drawn SVG: one or more series of (x, y) points, optional vertical error bars
// (Elo intervals), axes with a few ticks, and a clickable x (the evaluation graph of a game).
import { s } from './dom.js';

export interface Series {
  readonly name: string;
  readonly points: readonly { x: number; y: number; low?: number; high?: number; label?: string }[];
  readonly cls?: string;
}

export interface ChartOptions {
  readonly width?: number;
  readonly height?: number;
  readonly title?: string;
  readonly yLabel?: string;
  readonly xLabel?: string;
  /** Always include this y (e.g. 0 for an evaluation graph). */
  readonly yZero?: boolean;
  readonly marker?: number;
  /** Named x ticks instead of numbers (e.g. build ids). */
  readonly xTicks?: readonly { x: number; label: string }[];
  readonly onPick?: (x: number) => void;
  /** Room for each series' name in the legend (px, default 140); names wrap to more rows above the plot. */
  readonly legendWidth?: number;
}

function ticks(lo: number, hi: number, count = 5): number[] {
  const span = hi - lo || 1;
  const raw = span / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((m) => m >= raw) ?? raw;
  const out: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) out.push(Number(v.toFixed(10)));
  return out;
}

export function lineChart(series: readonly Series[], o: ChartOptions = {}): SVGElement {
  const W = o.width ?? 560;
  const L = 48, R = 12, B = 34;
  // The legend: as many names a row as fit, more rows pushing the plot down (and the chart taller).
  const legendWidth = o.legendWidth ?? 140;
  const perRow = Math.max(1, Math.floor((W - L - R - 8) / legendWidth));
  const legendRows = Math.max(1, Math.ceil(series.length / perRow));
  const H = (o.height ?? 240) + 14 * (legendRows - 1);
  const T = (o.title ? 24 : 10) + 14 * (legendRows - 1);
  const all = series.flatMap((sr) => sr.points);
  const xs = all.map((p) => p.x);
  const ys = all.flatMap((p) => [p.y, p.low ?? p.y, p.high ?? p.y]).filter(Number.isFinite);
  if (o.yZero) ys.push(0);
  let x0 = Math.min(...xs), x1 = Math.max(...xs);
  let y0 = Math.min(...ys), y1 = Math.max(...ys);
  if (!Number.isFinite(x0)) { x0 = 0; x1 = 1; }
  if (!Number.isFinite(y0)) { y0 = 0; y1 = 1; }
  if (x0 === x1) { x0 -= 1; x1 += 1; }
  if (y0 === y1) { y0 -= 1; y1 += 1; }
  const px = (x: number): number => L + ((x - x0) / (x1 - x0)) * (W - L - R);
  const py = (y: number): number => T + (1 - (y - y0) / (y1 - y0)) * (H - T - B);
  const svg = s('svg', { class: 'chart', viewBox: `0 0 ${W} ${H}`, width: W, height: H, 'data-series': series.length, 'data-points': all.length });
  if (o.title) svg.append(s('text', { x: W / 2, y: 16, class: 'chart-title' }, o.title));
  for (const t of ticks(y0, y1)) {
    svg.append(s('line', { x1: L, x2: W - R, y1: py(t), y2: py(t), class: t === 0 ? 'axis zero' : 'gridline' }));
    svg.append(s('text', { x: L - 6, y: py(t) + 4, class: 'tick y' }, t));
  }
  for (const t of o.xTicks ?? ticks(x0, x1, 8).map((x) => ({ x, label: String(x) }))) svg.append(s('text', { x: px(t.x), y: H - B + 16, class: 'tick x' }, t.label));
  if (o.xLabel) svg.append(s('text', { x: (L + W - R) / 2, y: H - 4, class: 'axis-label' }, o.xLabel));
  if (o.yLabel) svg.append(s('text', { x: 12, y: T + (H - T - B) / 2, class: 'axis-label', transform: `rotate(-90 12 ${T + (H - T - B) / 2})` }, o.yLabel));
  series.forEach((sr, i) => {
    const cls = sr.cls ?? `series-${i}`;
    const pts = sr.points.filter((p) => Number.isFinite(p.y));
    if (pts.length > 1) svg.append(s('polyline', { points: pts.map((p) => `${px(p.x)},${py(p.y)}`).join(' '), class: `line ${cls}`, 'data-name': sr.name }));
    for (const p of pts) {
      if (p.low !== undefined && p.high !== undefined && Number.isFinite(p.low) && Number.isFinite(p.high)) {
        svg.append(s('line', { x1: px(p.x), x2: px(p.x), y1: py(p.low), y2: py(p.high), class: `errbar ${cls}` }));
      }
      const dot = s('circle', { cx: px(p.x), cy: py(p.y), r: 3, class: `point ${cls}` });
      if (p.label) dot.append(s('title', {}, p.label));
      svg.append(dot);
    }
    svg.append(s('text', { x: L + 8 + (i % perRow) * legendWidth, y: T + 12 - 14 * (legendRows - 1 - Math.floor(i / perRow)), class: `legend ${cls}` }, sr.name));
  });
  if (o.marker !== undefined) svg.append(s('line', { x1: px(o.marker), x2: px(o.marker), y1: T, y2: H - B, class: 'marker' }));
  if (o.onPick) {
    const pick = o.onPick;
    svg.addEventListener('click', (ev) => {
      const r = svg.getBoundingClientRect();
      const x = x0 + ((((ev as MouseEvent).clientX - r.left) * (W / r.width) - L) / (W - L - R)) * (x1 - x0);
      pick(Math.round(x));
    });
  }
  return svg;
}
