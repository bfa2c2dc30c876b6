// The Othello board as SVG: discs, the legal moves as dots (or the engine's score for each when
// hints are on), the last move marked, the discs it flipped animated. Each square is a <g> with
// data-square="f5", so tests and keyboard users can address it.
import { squareName } from '@sente/core';
import { s } from './dom.js';

export interface OthelloView {
  /** 64 cells, a1 first: 'X' black, 'O' white, '-' empty. */
  readonly cells: string;
  readonly legal?: readonly number[];
  readonly last?: number;
  readonly flipped?: readonly number[];
  readonly hints?: ReadonlyMap<number, string>;
  readonly best?: number;
}

const CELL = 50;
const MARGIN = 20;

export function othelloBoard(view: OthelloView, onClick?: (square: number) => void): SVGElement {
  const size = CELL * 8 + MARGIN * 2;
  const svg = s('svg', { class: 'board othello', viewBox: `0 0 ${size} ${size}`, width: size, height: size, role: 'grid', 'aria-label': 'Othello board' });
  svg.append(s('rect', { x: MARGIN, y: MARGIN, width: CELL * 8, height: CELL * 8, class: 'felt' }));
  for (let i = 0; i < 8; i++) {
    svg.append(s('text', { x: MARGIN + CELL * i + CELL / 2, y: 14, class: 'coord' }, 'abcdefgh'[i]));
    svg.append(s('text', { x: 8, y: MARGIN + CELL * i + CELL / 2 + 4, class: 'coord' }, i + 1));
  }
  const legal = new Set(view.legal ?? []);
  const flipped = new Set(view.flipped ?? []);
  for (let sq = 0; sq < 64; sq++) {
    const x = MARGIN + (sq % 8) * CELL;
    const y = MARGIN + Math.floor(sq / 8) * CELL;
    const c = view.cells[sq];
    const g = s('g', { 'data-square': squareName(sq), class: `sq${legal.has(sq) ? ' legal' : ''}${c !== '-' ? ' full' : ''}` });
    g.append(s('rect', { x, y, width: CELL, height: CELL, class: 'cell' }));
    if (c === 'X' || c === 'O') {
      g.append(s('circle', { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL * 0.42, class: `disc ${c === 'X' ? 'black' : 'white'}${flipped.has(sq) ? ' flipped' : ''}`, 'data-disc': c }));
    } else if (legal.has(sq)) {
      const hint = view.hints?.get(sq);
      if (hint !== undefined) g.append(s('text', { x: x + CELL / 2, y: y + CELL / 2 + 5, class: `hint${view.best === sq ? ' best' : ''}` }, hint));
      else g.append(s('circle', { cx: x + CELL / 2, cy: y + CELL / 2, r: 5, class: 'dot' }));
    }
    if (view.last === sq) g.append(s('circle', { cx: x + CELL / 2, cy: y + CELL / 2, r: 4, class: 'last' }));
    if (onClick) g.addEventListener('click', () => onClick(sq));
    svg.append(g);
  }
  return svg;
}
