// Go: a game against sente's MCTS player (or two humans, or two engines) on 9x9 or smaller, with
// captures, ko by core's rules, pass, undo, and area scoring with komi when both sides pass. The
// finished game is saved to the archive as SGF. The engine plays a number of playouts, for a time
// per move, or on a game clock (the tournament's time controls, as on the Othello page): both
// clocks count down, the engine's budget is goMoveTimeBudget's (the GTP engine's share), and a side out of time loses
// (RE B+T / W+T, TM and OT in the SGF).
import { go } from '@sente/core';
import { go as goSearch } from '@sente/search';
import { formatTimeControl } from '@sente/selfplay/clock';
import { formatDuration } from '@sente/selfplay/duration';
import { currentConfig, engine, getJson } from '../api.js';
import { clear, h } from '../dom.js';
import { goBoardSvg } from '../goboard.js';
import { label, numberInput } from './common.js';
import { chargeTurn, chosenLimit as limitOf, clockText, humanOutOfTime, type Limit as PageLimit } from './clock.js';

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
  const limit = h('select', { id: 'go-limit' }, h('option', { value: 'playouts' }, 'playouts'), h('option', { value: 'move' }, 'time per move'), h('option', { value: 'clock' }, 'game clock'));
  const moveTime = h('input', { id: 'go-move-time', type: 'text', value: '1s', size: 6 });
  const tcInput = h('input', { id: 'go-time-control', type: 'text', value: '1m+1s', size: 8 });
  const clocks = h('p', { id: 'go-clocks' });
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
    h('div', { class: 'controls' }, label('Black', blackSel), label('White', whiteSel), label('size', sizeSel), label('engine', limit), label('playouts', playouts), label('per move', moveTime), label('clock', tcInput), newBtn, passBtn, undoBtn),
    h('div', { class: 'split' }, boardBox, h('div', { class: 'side' }, status, clocks, prisoners, movesBox, saved)));
  root.append(page);

  const komi = go.AREA_KOMI;
  let board = new go.GoBoard(9);
  let moves: number[] = [];
  let generation = 0;
  let alive = true;
  const isHuman = (c: number): boolean => (c === go.BLACK ? blackSel.value : whiteSel.value) === 'human';
  const colorName = (c: number): string => (c === go.BLACK ? 'Black' : 'White');
  // The engine's limit for the game in progress, fixed when it starts; clock index 0 is black.
  type Limit = PageLimit<'playouts'>;
  let game: Limit = { kind: 'playouts' };
  let lostOnTime: { color: number; reason: string } | null = null;
  let turnStart = performance.now();
  const running = (): boolean => page.dataset.state === 'waiting' || page.dataset.state === 'thinking';

  function chosenLimit(): Limit | string {
    return limitOf('playouts', limit.value, moveTime.value, 60_000, tcInput.value);
  }

  function renderClocks(): void {
    if (game.kind !== 'clock') { clocks.textContent = game.kind === 'move' ? `engine: ${formatDuration(game.ms)} a move` : ''; return; }
    const spent = (c: number): number => (running() && board.toMove === c ? performance.now() - turnStart : 0);
    const left = [go.BLACK, go.WHITE].map((c) => game.kind === 'clock' ? game.clock.remainingMs(c - 1) - spent(c) : 0);
    clocks.dataset.black = String(Math.round(left[0]));
    clocks.dataset.white = String(Math.round(left[1]));
    clocks.textContent = `clock ${formatTimeControl(game.tc)}, left: black ${clockText(left[0])}, white ${clockText(left[1])}`;
  }

  /** Charges the turn's time to the side to move (a pass too: in Go it is a move); false when it lost on time. */
  function charge(move: number): boolean {
    const now = performance.now();
    const spent = now - turnStart;
    turnStart = now;
    const c = board.toMove;
    const lost = chargeTurn(game, c - 1, spent, colorName(c).toLowerCase(), go.gtpVertex(board.size, move));
    if (lost === null) return true;
    lostOnTime = { color: c, reason: lost };
    return false;
  }

  const ticker = setInterval(() => {
    if (!running()) return;
    const lost = page.dataset.state === 'waiting' && isHuman(board.toMove) ? humanOutOfTime(game, board.toMove - 1, turnStart, colorName(board.toMove).toLowerCase()) : null;
    if (lost) {
      turnStart = performance.now();
      generation++;
      lostOnTime = { color: board.toMove, reason: lost };
      void finish();
      return;
    }
    renderClocks();
  }, 100);

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
    renderClocks();
  }

  function play(p: number): boolean {
    if (p !== go.PASS && !board.isLegal(p, board.toMove)) return false;
    if (!charge(p)) return false;
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
    if (!play(p)) { generation++; void finish(); return; }
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
      let r: { move: number; winrate: number; playouts: number; queuedMs?: number };
      try {
        let timeMs: number | undefined;
        if (game.kind === 'move') timeMs = game.ms;
        else if (game.kind === 'clock') timeMs = goSearch.goMoveTimeBudget({ remainingMs: game.clock.remainingMs(board.toMove - 1) - (performance.now() - turnStart), incrementMs: game.tc.incrementMs }, board.emptyCount);
        if (timeMs === undefined) delete page.dataset.budget;
        else page.dataset.budget = String(Math.round(timeMs));
        r = await engine.request(timeMs === undefined
          ? { type: 'goMove', size: board.size, komi, moves, playouts: Number(playouts.value), seed: 1 }
          : { type: 'goMove', size: board.size, komi, moves, timeMs, seed: 1 });
      } catch (e) {
        if (gen !== generation) return;
        page.dataset.state = 'error';
        status.textContent = `engine error: ${(e as Error).message}`;
        return;
      }
      if (gen !== generation || !alive) return;
      const move = r.move < go.PASS ? go.PASS : r.move; // resignation is off; anything else passes
      // Time waiting in the worker behind other requests is not the engine's.
      turnStart += Math.min(r.queuedMs ?? 0, performance.now() - turnStart);
      if (move !== go.PASS && !board.isLegal(move, board.toMove)) {
        page.dataset.state = 'error';
        status.textContent = `engine answered an illegal move ${go.gtpVertex(board.size, move)}`;
        return;
      }
      if (!play(move)) return finish();
      page.dataset.lastEngineMove = go.gtpVertex(board.size, move);
    }
  }

  async function finish(): Promise<void> {
    const timeLoss = lostOnTime;
    const score = go.areaScore(board, komi);
    const result = timeLoss ? `${timeLoss.color === go.BLACK ? 'W' : 'B'}+T` : score.margin > 0 ? `B+${score.margin}` : `W+${-score.margin}`;
    page.dataset.state = 'over';
    page.dataset.result = result;
    page.dataset.reason = timeLoss ? 'time' : 'normal';
    status.textContent = timeLoss
      ? `Game over: ${colorName(timeLoss.color)} lost on time: ${result}`
      : `Game over (both passed): black ${score.black}, white ${score.white} + komi ${komi}: ${result}`;
    render();
    const sgf = go.writeSgf({
      size: board.size, komi, playerBlack: isHuman(go.BLACK) ? 'human' : 'sente', playerWhite: isHuman(go.WHITE) ? 'human' : 'sente', result,
      setupBlack: [], setupWhite: [], moves: moves.map((point, i) => ({ color: i % 2 === 0 ? go.BLACK : go.WHITE, point })),
      ...(timeLoss ? { comment: timeLoss.reason } : {}),
      ...(game.kind === 'clock' ? { mainTime: game.tc.baseMs / 1000, overtime: `${game.tc.moves > 0 ? `${game.tc.baseMs / 1000}s for every ${game.tc.moves} moves` : ''}${game.tc.incrementMs > 0 ? `${game.tc.moves > 0 ? ', ' : ''}${game.tc.incrementMs / 1000}s Fischer` : ''}` } : {}),
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

  newBtn.addEventListener('click', () => {
    generation++;
    const chosen = chosenLimit();
    if (typeof chosen === 'string') { page.dataset.state = 'error'; status.textContent = chosen; return; }
    game = chosen;
    lostOnTime = null;
    delete page.dataset.reason;
    rebuild([]);
    clear(saved);
    turnStart = performance.now();
    void advance();
  });
  passBtn.addEventListener('click', () => {
    if (page.dataset.state !== 'waiting' || !isHuman(board.toMove)) return;
    if (!play(go.PASS)) { generation++; void finish(); return; }
    void advance();
  });
  // Undo takes moves back, not time: the clocks keep what was spent.
  undoBtn.addEventListener('click', () => {
    if (lostOnTime) return;
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
  return () => { alive = false; generation++; clearInterval(ticker); };
}
