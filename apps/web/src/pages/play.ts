// Play: Othello against any build, or build against build. Legal moves are shown, the last move
// and its flips marked, undo goes back to the human's previous turn, hints show the engine's
// score for every legal move, each side's thinking time is clocked, and a finished game is saved
// to the archive as GGF (or offered as a download in the static app).
import { BLACK, PASS, Position, formatGgf, formatTranscript, squareName } from '@sente/core';
import { currentConfig, engine, getJson } from '../api.js';
import { othelloBoard } from '../board.js';
import { clear, h, signed } from '../dom.js';
import type { MoveScoreMsg, ThinkMsg } from '../protocol.js';
import { blackResult, buildSelect, cellsOf, label, numberInput, resultText } from './common.js';

export function playPage(root: HTMLElement): () => void {
  const human = [{ value: 'human', label: 'you' }, ...(currentConfig().gtp ?? []).map((g) => ({ value: `gtp:${g}`, label: `${g} (GTP program)` }))];
  const blackSel = buildSelect('black-player', 'human', human);
  const whiteSel = buildSelect('white-player', undefined, human);
  const depth = numberInput('depth', 4, 1, 20);
  const exact = numberInput('exact-from', 14, 0, 24);
  const hints = h('input', { id: 'hints', type: 'checkbox' });
  const newBtn = h('button', { id: 'new-game' }, 'New game');
  const undoBtn = h('button', { id: 'undo' }, 'Undo');
  const status = h('p', { id: 'status', 'aria-live': 'polite' });
  const boardBox = h('div', { class: 'board-box' });
  const movesBox = h('p', { id: 'moves', class: 'transcript' });
  const clocks = h('p', { id: 'clocks' });
  const saved = h('p', { id: 'saved' });
  const info = h('p', { id: 'engine-info', class: 'muted' });
  const page = h('section', { id: 'play', 'data-state': 'idle' },
    h('h2', {}, 'Play Othello'),
    h('div', { class: 'controls' }, label('Black', blackSel), label('White', whiteSel), label('depth', depth), label('exact from', exact), h('label', {}, hints, ' hints'), newBtn, undoBtn),
    h('div', { class: 'split' }, boardBox, h('div', { class: 'side' }, status, clocks, movesBox, info, saved)));
  root.append(page);

  let pos = Position.initial();
  let moves: number[] = [];          // squares and PASS, in order
  let flipped: number[] = [];
  let generation = 0;                // bumps on new game / undo: late engine answers are dropped
  let hintScores: MoveScoreMsg[] | null = null;
  const clock = [0, 0];
  let turnStart = performance.now();
  let alive = true;

  const playerOf = (side: number): string => (side === BLACK ? blackSel.value : whiteSel.value);
  const isHuman = (side: number): boolean => playerOf(side) === 'human';
  const gtpOf = (side: number): string | null => (playerOf(side).startsWith('gtp:') ? playerOf(side).slice(4) : null);

  function render(): void {
    const legal = pos.isGameOver() || !isHuman(pos.side) ? [] : pos.legalMoveList();
    const hintMap = new Map<number, string>();
    let best: number | undefined;
    if (hintScores && hints.checked) {
      for (const m of hintScores) hintMap.set(m.move, signed(m.score));
      best = hintScores[0]?.move;
    }
    clear(boardBox);
    boardBox.append(othelloBoard({ cells: cellsOf(pos), legal, last: lastSquare(), flipped, hints: hintMap, best }, onSquare));
    movesBox.textContent = formatTranscript(moves.filter((m) => m !== PASS)) || '(no moves yet)';
    page.dataset.transcript = movesBox.textContent;
    clocks.textContent = `clock: black ${(clock[0] / 1000).toFixed(1)} s, white ${(clock[1] / 1000).toFixed(1)} s · discs ${pos.blackCount()}-${pos.whiteCount()}`;
    undoBtn.disabled = moves.length === 0;
  }

  function lastSquare(): number | undefined {
    for (let i = moves.length - 1; i >= 0; i--) if (moves[i] !== PASS) return moves[i];
    return undefined;
  }

  function charge(): void {
    const now = performance.now();
    clock[pos.side] += now - turnStart;
    turnStart = now;
  }

  function apply(square: number): void {
    charge();
    const before = cellsOf(pos);
    if (square === PASS) pos.makePass();
    else pos.makeMove(square);
    const after = cellsOf(pos);
    flipped = [];
    if (square !== PASS) for (let i = 0; i < 64; i++) if (i !== square && before[i] !== '-' && before[i] !== after[i]) flipped.push(i);
    moves.push(square);
    hintScores = null;
  }

  function onSquare(square: number): void {
    if (page.dataset.state !== 'waiting' || !isHuman(pos.side) || !pos.isLegal(square)) return;
    apply(square);
    void advance();
  }

  /** Passes forced moves, lets engines move, and stops at a human's turn or the end. */
  async function advance(): Promise<void> {
    const gen = generation;
    while (alive && gen === generation) {
      if (pos.isGameOver()) return finish();
      if (pos.mustPass()) {
        status.textContent = `${pos.side === BLACK ? 'Black' : 'White'} has no move and passes`;
        apply(PASS);
        continue;
      }
      if (isHuman(pos.side)) {
        page.dataset.state = 'waiting';
        status.textContent = `${pos.side === BLACK ? 'Black' : 'White'} to move: click a square with a dot`;
        render();
        if (hints.checked) await showHints(gen);
        return;
      }
      page.dataset.state = 'thinking';
      status.textContent = `${playerOf(pos.side)} (${pos.side === BLACK ? 'black' : 'white'}) is thinking...`;
      render();
      let r: ThinkMsg;
      try {
        const program = gtpOf(pos.side);
        if (program !== null) {
          const t0 = performance.now();
          const answer = await getJson<{ move: number }>('api/gtp/genmove', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ engine: program, moves }) });
          r = { move: answer.move, score: NaN, pv: [answer.move], depth: 0, nodes: 0, ms: Math.round(performance.now() - t0), exact: false, book: false };
        } else {
          const id = await engine.load(playerOf(pos.side));
          r = await engine.request<ThinkMsg>({ type: 'think', build: id, board: `${cellsOf(pos)} ${pos.side === BLACK ? 'X' : 'O'}`, depth: Number(depth.value), exactFrom: Number(exact.value) });
        }
      } catch (e) {
        if (gen !== generation) return;
        page.dataset.state = 'error';
        status.textContent = `engine error: ${(e as Error).message}`;
        return;
      }
      if (gen !== generation || !alive) return;
      info.textContent = Number.isNaN(r.score)
        ? `${playerOf(pos.side)}: ${squareName(r.move)} in ${r.ms} ms`
        : `${playerOf(pos.side)}: ${squareName(r.move)} ${signed(r.score)}${r.exact ? ' (exact)' : ''}, depth ${r.depth}, ${r.nodes} nodes, ${r.ms} ms; pv ${r.pv.map((m) => (m === PASS ? 'pass' : squareName(m))).join(' ')}`;
      if (!pos.isLegal(r.move)) {
        page.dataset.state = 'error';
        status.textContent = `engine answered an illegal move ${r.move}`;
        return;
      }
      apply(r.move);
    }
  }

  async function showHints(gen: number): Promise<void> {
    const opponent = playerOf(pos.side === BLACK ? 1 : 0);
    const build = opponent === 'human' || opponent.startsWith('gtp:') ? currentConfig().strongest : opponent;
    try {
      const id = await engine.load(build);
      const scores = await engine.request<MoveScoreMsg[]>({ type: 'analyze', build: id, board: `${cellsOf(pos)} ${pos.side === BLACK ? 'X' : 'O'}`, depth: Number(depth.value), exactFrom: Number(exact.value) });
      if (gen !== generation) return;
      hintScores = scores;
      render();
    } catch (e) {
      info.textContent = `hints: ${(e as Error).message}`;
    }
  }

  async function finish(): Promise<void> {
    charge();
    const score = blackResult(pos);
    page.dataset.state = 'over';
    page.dataset.result = String(score);
    status.textContent = `Game over: ${pos.blackCount()}-${pos.whiteCount()}, ${resultText(score)} (${signed(score)})`;
    render();
    const name = (side: number): string => (isHuman(side) ? 'human' : gtpOf(side) ?? `sente-${playerOf(side)}`);
    const ggf = formatGgf({ moves, black: name(BLACK), white: name(1), place: 'sente serve', date: new Date().toISOString(), result: score, time: `depth ${depth.value}` });
    if (currentConfig().mode === 'server' && currentConfig().archive) {
      try {
        const r = await getJson<{ file: string }>('api/games', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game: 'othello', ggf }) });
        saved.textContent = `saved to the archive as ${r.file}`;
        saved.dataset.file = r.file;
      } catch (e) {
        saved.textContent = `not saved: ${(e as Error).message}`;
      }
    } else {
      clear(saved);
      saved.append(h('a', { href: URL.createObjectURL(new Blob([ggf + '\n'], { type: 'text/plain' })), download: 'sente-game.ggf' }, 'download the game (GGF)'));
    }
  }

  function newGame(): void {
    generation++;
    pos = Position.initial();
    moves = [];
    flipped = [];
    hintScores = null;
    clock[0] = clock[1] = 0;
    turnStart = performance.now();
    clear(saved);
    delete page.dataset.result;
    void advance();
  }

  function undo(): void {
    if (moves.length === 0) return;
    generation++;
    // Back to the last position where a human was to move (dropping engine replies and passes).
    const replay = moves.slice();
    do {
      replay.pop();
      const p = Position.initial();
      for (const m of replay) (m === PASS ? p.makePass() : p.makeMove(m));
      pos = p;
    } while (replay.length > 0 && (!isHuman(pos.side) || pos.mustPass()));
    moves = replay;
    flipped = [];
    hintScores = null;
    turnStart = performance.now();
    clear(saved);
    delete page.dataset.result;
    void advance();
  }

  newBtn.addEventListener('click', newGame);
  undoBtn.addEventListener('click', undo);
  hints.addEventListener('change', () => {
    render();
    if (hints.checked && page.dataset.state === 'waiting') void showHints(generation);
  });
  newGame();
  return () => { alive = false; generation++; };
}
