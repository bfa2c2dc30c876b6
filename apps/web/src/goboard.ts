// The Go board as SVG, from a GoBoard: stones, the last move, star points. Each intersection is a
// <g data-point="C3"> (GTP vertex), clickable.
import { go } from '@sente/core';
import { s } from './dom.js';

const STEP = 40;
const MARGIN = 36;

export function goBoardSvg(board: go.GoBoard, last: number | undefined, onClick?: (point: number) => void): SVGElement {
  const n = board.size;
  const size = MARGIN * 2 + STEP * (n - 1);
  const svg = s('svg', { class: 'board goban', viewBox: `0 0 ${size} ${size}`, width: size, height: size, 'aria-label': 'Go board' });
  svg.append(s('rect', { x: 0, y: 0, width: size, height: size, class: 'wood' }));
  for (let i = 0; i < n; i++) {
    const p = MARGIN + i * STEP;
    svg.append(s('line', { x1: MARGIN, y1: p, x2: size - MARGIN, y2: p, class: 'grid' }));
    svg.append(s('line', { x1: p, y1: MARGIN, x2: p, y2: size - MARGIN, class: 'grid' }));
    svg.append(s('text', { x: p, y: 13, class: 'coord' }, 'ABCDEFGHJKLMNOPQRST'[i]));
    svg.append(s('text', { x: 10, y: p + 4, class: 'coord' }, n - i));
  }
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const p = go.pointOf(n, x, y);
      const cx = MARGIN + x * STEP;
      const cy = MARGIN + y * STEP;
      const g = s('g', { 'data-point': go.gtpVertex(n, p), class: 'pt' });
      g.append(s('rect', { x: cx - STEP / 2, y: cy - STEP / 2, width: STEP, height: STEP, class: 'hit' }));
      const c = board.color[p];
      if (c === go.BLACK || c === go.WHITE) g.append(s('circle', { cx, cy, r: STEP * 0.45, class: `stone ${c === go.BLACK ? 'black' : 'white'}`, 'data-stone': c === go.BLACK ? 'B' : 'W' }));
      if (last === p) g.append(s('circle', { cx, cy, r: 6, class: 'last' }));
      if (onClick) g.addEventListener('click', () => onClick(p));
      svg.append(g);
    }
  }
  return svg;
}
