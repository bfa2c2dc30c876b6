// Go: a game against sente's MCTS player (or two humans, or two engines) on 9x9 or smaller, with
// captures, ko by core's rules, pass, undo, and area scoring with komi when both sides pass. The
// finished game is saved to the archive as SGF.
import { go } from '@sente/core';
import { currentConfig, engine, getJson } from '../api.js';
import { clear, h } from '../dom.js';
import { goBoardSvg } from '../goboard.js';
import { label, numberInput } from './common.js';

export function goPage(root: HTMLElement): () => void {
  const players = (id: string, value: string): HTMLSelectElement => {
    const sel = h('select', { id }, h('option', { value: 'human' }, 'you'), h('option', { value: 'engine' }, 'sente MCTS'));
    sel.value = value;
    return sel;
  };
  const blackSel = players('go-black', 'human');
  const whiteSel = players('go-white', 'engine');
  const sizeSel = h('select', { id: 'go-size' }, ...[9, 7, 5].map((n) => h('option', { value: n }, `${n}x${n}`)));
  const playouts = numberInput('go-playouts', 300, 10, 100000);
  const newBtn = h('button', { id: 'go-new' }, 'New game');
  const passBtn = h('button', { id: 'go-pass' }, 'Pass');
  const undoBtn = h('button', { id: 'go-undo' }, 'Undo');
  const status = h('p', { id: 'go-status', 'aria-live': 'polite' });
  const prisoners = h('p', { id: 'go-prisoners' });
  const movesBox = h('p', { id: 'go-moves', class: 'transcript' });
  const saved = h('p', { id: 'go-saved' });
  const boardBox = h('div', { class: 'board-box' });
  const page = h('section', { id: 'go', 'data-state': 'idle' },
    h('h2', {}, 'Play Go'),
    h('div', { class: 'controls' }, label('Black', blackSel), label('White', whiteSel), label('size', sizeSel), label('playouts', playouts), newBtn, passBtn, undoBtn),
    h('div', { class: 'split' }, boardBox, h('div', { class: 'side' }, status, prisoners, movesBox, saved)));
  root.append(page);

  const komi = go.AREA_KOMI;
  let board = new go.GoBoard(9);
  let moves: number[] = [];
  let generation = 0;
  let alive = true;
  const isHuman = (c: number): boolean => (c === go.BLACK ? blackSel.value : whiteSel.value) === 'human';
  const colorName = (c: number): string => (c === go.BLACK ? 'Black' : 'White');

  function rebuild(list: number[]): void {
    board = new go.GoBoard(Number(sizeSel.value));
    for (const m of list) (m === go.PASS ? board.pass() : board.play(m));
    moves = list;
  }

  function over(): boolean {
    const n = moves.length;
    return n >= 2 && moves[n - 1] === go.PASS && moves[n - 2] === go.PASS;
  }

  function render(): void {
    const last = moves.length > 0 && moves[moves.length - 1] !== go.PASS ? moves[moves.length - 1] : undefined;
    clear(boardBox);
    boardBox.append(goBoardSvg(board, last, onPoint));
    prisoners.textContent = `prisoners: black took ${board.captures[go.BLACK]}, white took ${board.captures[go.WHITE]} · komi ${komi}`;
    page.dataset.captures = String(board.captures[go.BLACK] + board.captures[go.WHITE]);
    movesBox.textContent = moves.map((m) => go.gtpVertex(board.size, m)).join(' ') || '(no moves yet)';
    page.dataset.moves = String(moves.length);
  }

  function play(p: number): boolean {
    if (p === go.PASS) board.pass();
    else if (!board.play(p)) return false;
    moves = [...moves, p];
    return true;
  }

  function onPoint(p: number): void {
    if (page.dataset.state !== 'waiting' || !isHuman(board.toMove)) return;
    if (!board.isLegal(p, board.toMove)) {
      status.textContent = `${go.gtpVertex(board.size, p)} is not legal (${board.illegalReason(p, board.toMove)})`;
      return;
    }
    play(p);
    void advance();
  }

  async function advance(): Promise<void> {
    const gen = generation;
    while (alive && gen === generation) {
      if (over()) return finish();
      if (isHuman(board.toMove)) {
        page.dataset.state = 'waiting';
        status.textContent = `${colorName(board.toMove)} to move`;
        render();
        return;
      }
      page.dataset.state = 'thinking';
      status.textContent = `sente (${colorName(board.toMove).toLowerCase()}) is thinking...`;
      render();
      let r: { move: number; winrate: number; playouts: number };
      try {
        r = await engine.request({ type: 'goMove', size: board.size, komi, moves, playouts: Number(playouts.value), seed: 1 });
      } catch (e) {
        if (gen !== generation) return;
        page.dataset.state = 'error';
        status.textContent = `engine error: ${(e as Error).message}`;
        return;
      }
      if (gen !== generation || !alive) return;
      const move = r.move < go.PASS ? go.PASS : r.move; // resignation is off; anything else passes
      if (!play(move)) {
        page.dataset.state = 'error';
        status.textContent = `engine answered an illegal move ${go.gtpVertex(board.size, move)}`;
        return;
      }
      page.dataset.lastEngineMove = go.gtpVertex(board.size, move);
    }
  }

  async function finish(): Promise<void> {
    const score = go.areaScore(board, komi);
    const result = score.margin > 0 ? `B+${score.margin}` : `W+${-score.margin}`;
    page.dataset.state = 'over';
    page.dataset.result = result;
    status.textContent = `Game over (both passed): black ${score.black}, white ${score.white} + komi ${komi}: ${result}`;
    render();
    const sgf = go.writeSgf({
      size: board.size, komi, playerBlack: isHuman(go.BLACK) ? 'human' : 'sente', playerWhite: isHuman(go.WHITE) ? 'human' : 'sente', result,
      setupBlack: [], setupWhite: [], moves: moves.map((point, i) => ({ color: i % 2 === 0 ? go.BLACK : go.WHITE, point })),
    });
    if (currentConfig().mode === 'server' && currentConfig().archive) {
      try {
        const r = await getJson<{ file: string }>('api/games', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game: 'go', sgf }) });
        saved.textContent = `saved to the archive as ${r.file}`;
        saved.dataset.file = r.file;
      } catch (e) {
        saved.textContent = `not saved: ${(e as Error).message}`;
      }
    }
  }

  newBtn.addEventListener('click', () => { generation++; rebuild([]); clear(saved); void advance(); });
  passBtn.addEventListener('click', () => {
    if (page.dataset.state !== 'waiting' || !isHuman(board.toMove)) return;
    play(go.PASS);
    void advance();
  });
  undoBtn.addEventListener('click', () => {
    generation++;
    const list = moves.slice();
    do list.pop(); while (list.length > 0 && !isHumanAfter(list));
    rebuild(list);
    clear(saved);
    void advance();
  });
  const isHumanAfter = (list: number[]): boolean => isHuman(list.length % 2 === 0 ? go.BLACK : go.WHITE);
  for (const sel of [blackSel, whiteSel]) sel.addEventListener('change', () => { if (page.dataset.state === 'waiting') { generation++; void advance(); } });
  rebuild([]);
  void advance();
  return () => { alive = false; generation++; };
}
