// Analyse: paste a transcript, a board string with the side to move, or an OBF line; the chosen
// build scores every legal move (exactly when few empties remain) and shows its principal
// variation. An OBF line's listed scores are shown beside the engine's.
import { BLACK, PASS, squareName } from '@sente/core';
import { engine } from '../api.js';
import { othelloBoard } from '../board.js';
import { clear, h, signed } from '../dom.js';
import type { MoveScoreMsg, ThinkMsg } from '../protocol.js';
import { buildSelect, cellsOf, errorBox, label, numberInput, parsePositionText } from './common.js';

export function analysePage(root: HTMLElement): () => void {
  const input = h('textarea', { id: 'analyse-input', rows: 3, cols: 70, placeholder: 'f5d6c3d3c4 · or 64 cells + X/O · or an OBF line (… X; F5:+18;)' });
  const build = buildSelect('analyse-build');
  const depth = numberInput('analyse-depth', 6, 1, 20);
  const exact = numberInput('analyse-exact', 18, 0, 24);
  const go = h('button', { id: 'analyse-go' }, 'Analyse');
  const out = h('div', { id: 'analyse-out' });
  const page = h('section', { id: 'analyse', 'data-state': 'idle' },
    h('h2', {}, 'Analyse a position'),
    input,
    h('div', { class: 'controls' }, label('build', build), label('depth', depth), label('exact from', exact), go),
    out);
  root.append(page);
  let generation = 0;

  async function run(): Promise<void> {
    const gen = ++generation;
    clear(out);
    const parsed = parsePositionText(input.value);
    if (typeof parsed === 'string') {
      out.append(errorBox(parsed));
      page.dataset.state = 'error';
      return;
    }
    const pos = parsed.position;
    if (!pos.isGameOver() && pos.mustPass()) pos.makePass();
    const board = `${cellsOf(pos)} ${pos.side === BLACK ? 'X' : 'O'}`;
    const empties = pos.emptyCount();
    out.append(h('div', { class: 'split' }, h('div', { class: 'board-box' }, othelloBoard({ cells: cellsOf(pos), legal: pos.legalMoveList(), last: parsed.moves.at(-1) })),
      h('div', { class: 'side' }, h('p', {}, `${parsed.kind}; ${pos.side === BLACK ? 'black' : 'white'} to move; ${empties} empties; discs ${pos.blackCount()}-${pos.whiteCount()}`), h('p', { id: 'analyse-board', class: 'mono' }, board))));
    if (pos.isGameOver()) {
      out.append(h('p', { id: 'analyse-result' }, `the game is over: ${signed(pos.finalScore())} for the side to move`));
      page.dataset.state = 'done';
      return;
    }
    page.dataset.state = 'thinking';
    const status = h('p', { class: 'muted' }, 'thinking...');
    out.append(status);
    try {
      const id = await engine.load(build.value);
      const exactFrom = Number(exact.value);
      const scores = await engine.request<MoveScoreMsg[]>({ type: 'analyze', build: id, board, depth: Number(depth.value), exactFrom });
      const best = await engine.request<ThinkMsg>({ type: 'think', build: id, board, depth: Number(depth.value), exactFrom });
      if (gen !== generation) return;
      status.remove();
      const solved = empties <= exactFrom;
      out.append(h('p', { id: 'analyse-pv' }, `${solved ? 'exact solve' : `depth ${best.depth}`}: best ${squareName(best.move)} ${signed(best.score)}${best.exact ? ' (exact)' : ''}; principal variation ${best.pv.map((m) => (m === PASS ? 'pass' : squareName(m))).join(' ')} · ${best.nodes} nodes, ${best.ms} ms`));
      const listed = new Map(parsed.listed.map((m) => [m.square, m.score]));
      const table = h('table', { id: 'analyse-moves' }, h('tr', {}, h('th', {}, 'move'), h('th', {}, 'score'), h('th', {}, 'exact'), parsed.listed.length ? h('th', {}, 'listed') : null));
      for (const m of scores) {
        const l = listed.get(m.move);
        table.append(h('tr', { 'data-move': squareName(m.move) }, h('td', {}, squareName(m.move)), h('td', {}, signed(m.score)), h('td', {}, m.exact ? 'yes' : ''), parsed.listed.length ? h('td', { class: l !== undefined && m.exact && l !== m.score ? 'error' : '' }, l === undefined ? '' : signed(l)) : null));
      }
      out.append(table);
      page.dataset.state = 'done';
    } catch (e) {
      if (gen !== generation) return;
      status.remove();
      out.append(errorBox((e as Error).message));
      page.dataset.state = 'error';
    }
  }

  go.addEventListener('click', () => void run());
  const q = new URLSearchParams(location.hash.split('?')[1] ?? '').get('position');
  if (q) {
    input.value = q;
    void run();
  }
  return () => { generation++; };
}
