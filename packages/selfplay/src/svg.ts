// Hand-written SVG charts for the improve report (no plotting dependency): line charts with
// optional 95% error bars, nice axis ticks and a legend, composed side by side in one file.

export interface Series {
  readonly name: string;
  readonly points: readonly (readonly [number, number])[];
  /** Per point: [low, high] drawn as an error bar. */
  readonly errors?: readonly (readonly [number, number])[];
  readonly dashed?: boolean;
  readonly color?: string;
}

export interface Chart {
  readonly title: string;
  readonly xLabel: string;
  readonly yLabel: string;
  readonly series: readonly Series[];
}

const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f'];

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** About `count` round tick values covering [lo, hi]. */
export function ticks(lo: number, hi: number, count = 5): number[] {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((k) => k * mag).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(Number(v.toFixed(10)));
  return out;
}

function fmt(v: number): string {
  return Math.abs(v) >= 100 || Number.isInteger(v) ? String(Math.round(v)) : v.toFixed(Math.abs(v) < 1 ? 2 : 1);
}

/** One chart as an SVG group of size w x h at (x, y). */
export function chartGroup(chart: Chart, x: number, y: number, w: number, h: number): string {
  const left = 55, right = 15, top = 30, bottom = 45;
  const pw = w - left - right, ph = h - top - bottom;
  const xs: number[] = [], ys: number[] = [];
  chart.series.forEach((s) => s.points.forEach(([px, py], i) => {
    xs.push(px);
    if (Number.isFinite(py)) ys.push(py);
    const e = s.errors?.[i];
    if (e) for (const v of e) if (Number.isFinite(v)) ys.push(v);
  }));
  let x0 = xs.length ? Math.min(...xs) : 0, x1 = xs.length ? Math.max(...xs) : 1;
  let y0 = ys.length ? Math.min(...ys) : 0, y1 = ys.length ? Math.max(...ys) : 1;
  if (x1 === x0) { x0 -= 1; x1 += 1; }
  if (y1 === y0) { y0 -= 1; y1 += 1; }
  const pad = (y1 - y0) * 0.08;
  y0 -= pad; y1 += pad;
  const sx = (v: number): number => x + left + ((v - x0) / (x1 - x0)) * pw;
  const sy = (v: number): number => y + top + ph - ((Math.min(y1, Math.max(y0, v)) - y0) / (y1 - y0)) * ph;
  const out: string[] = [];
  out.push(`<text x="${x + w / 2}" y="${y + 18}" text-anchor="middle" font-size="14" font-weight="bold">${esc(chart.title)}</text>`);
  out.push(`<rect x="${x + left}" y="${y + top}" width="${pw}" height="${ph}" fill="none" stroke="#888"/>`);
  for (const t of ticks(y0, y1)) {
    out.push(`<line x1="${x + left}" x2="${x + left + pw}" y1="${sy(t)}" y2="${sy(t)}" stroke="#eee"/>`);
    out.push(`<text x="${x + left - 5}" y="${sy(t) + 4}" text-anchor="end" font-size="11">${fmt(t)}</text>`);
  }
  for (const t of ticks(x0, x1, Math.min(8, Math.max(1, Math.round(x1 - x0))))) {
    out.push(`<text x="${sx(t)}" y="${y + top + ph + 15}" text-anchor="middle" font-size="11">${fmt(t)}</text>`);
  }
  out.push(`<text x="${x + left + pw / 2}" y="${y + h - 8}" text-anchor="middle" font-size="12">${esc(chart.xLabel)}</text>`);
  out.push(`<text transform="translate(${x + 14},${y + top + ph / 2}) rotate(-90)" text-anchor="middle" font-size="12">${esc(chart.yLabel)}</text>`);
  const legendWidth = Math.max(0, ...chart.series.map((s) => s.name.length)) * 6.5 + 36;
  const legend: string[] = [];
  if (chart.series.length) legend.push(`<rect x="${x + left + 3}" y="${y + top + 2}" width="${legendWidth}" height="${chart.series.length * 15 + 4}" fill="white" fill-opacity="0.85" stroke="#ccc"/>`);
  chart.series.forEach((s, k) => {
    const color = s.color ?? COLORS[k % COLORS.length];
    const pts = s.points.filter(([, py]) => Number.isFinite(py));
    if (pts.length > 1) {
      out.push(`<polyline fill="none" stroke="${color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="5,4"' : ''} points="${pts.map(([px, py]) => `${sx(px).toFixed(1)},${sy(py).toFixed(1)}`).join(' ')}"/>`);
    }
    s.points.forEach(([px, py], i) => {
      const e = s.errors?.[i];
      if (e && !Number.isNaN(e[0]) && !Number.isNaN(e[1])) {
        // An open end (+-inf) runs to the edge of the plot.
        out.push(`<line x1="${sx(px)}" x2="${sx(px)}" y1="${sy(e[0])}" y2="${sy(e[1])}" stroke="${color}"/>`);
      }
      if (Number.isFinite(py)) out.push(`<circle cx="${sx(px).toFixed(1)}" cy="${sy(py).toFixed(1)}" r="3" fill="${color}"/>`);
    });
    const ly = y + top + 12 + k * 15;
    legend.push(`<line x1="${x + left + 8}" x2="${x + left + 26}" y1="${ly - 4}" y2="${ly - 4}" stroke="${color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="5,4"' : ''}/>`);
    legend.push(`<text x="${x + left + 30}" y="${ly}" font-size="11">${esc(s.name)}</text>`);
  });
  return [...out, ...legend].join('\n');
}

/** Charts side by side in one SVG document. */
export function svgDocument(charts: readonly Chart[], w = 480, h = 340): string {
  const width = w * charts.length;
  const body = charts.map((c, i) => chartGroup(c, i * w, 0, w, h)).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${h}" viewBox="0 0 ${width} ${h}" font-family="sans-serif">\n<rect width="100%" height="100%" fill="white"/>\n${body}\n</svg>\n`;
}
