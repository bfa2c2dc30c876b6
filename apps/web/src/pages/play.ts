// Play: Othello against any build, or build against build. Legal moves are shown, the last move
// and its flips marked, undo goes back to the human's previous turn, hints show the engine's
// score for every legal move, and a finished game is saved to the archive as GGF (or offered as a
// download in the static app). The engines search to a fixed depth, for a time per move, or on a
// game clock (`minutes+increment`, the tournament's time controls): then both clocks count down,
// the engine's time manager (moveTimeBudget) sets each search's budget, and a side whose clock
// runs out loses on time (RE +-64:t in the GGF, as the tournament archives it, TI the control).
import { BLACK, PASS, Position, formatGgf, formatTranscript, squareName } from '@sente/core';
import { moveTimeBudget } from '@sente/search';
import { formatTimeControl } from '@sente/selfplay/clock';
import { formatDuration } from '@sente/selfplay/duration';
import { currentConfig, engine, getJson } from '../api.js';
import { othelloBoard } from '../board.js';
import { clear, h, signed } from '../dom.js';
import type { MoveScoreMsg, ThinkMsg } from '../protocol.js';
import { blackResult, buildSelect, cellsOf, label, numberInput, resultText } from './common.js';
import { chargeTurn, chosenLimit as limitOf, clockText, humanOutOfTime, type Limit as PageLimit } from './clock.js';

/** The longest time per move the page accepts. */
const MAX_MOVE_MS = 60_000;

const colourOf = (side: number): string => (side === BLACK ? 'black' : 'white');

export function playPage(root: HTMLElement): () => void {
  const human = [{ value: 'human', label: 'you' }, ...(currentConfig().gtp ?? []).map((g) => ({ value: `gtp:${g}`, label: `${g} (GTP program)` }))];
  const blackSel = buildSelect('black-player', 'human', human);
  const whiteSel = buildSelect('white-player', undefined, human);
  const limit = h('select', { id: 'limit' }, h('option', { value: 'depth' }, 'fixed depth'), h('option', { value: 'move' }, 'time per move'), h('option', { value: 'clock' }, 'game clock'));
  const depth = numberInput('depth', 4, 1, 20);
  const moveTime = h('input', { id: 'move-time', type: 'text', value: '1s', size: 6, title: 'a duration: 100ms, 0.5s, 2s (a bare number is seconds)' });
  const tcInput = h('input', { id: 'time-control', type: 'text', value: '1m+1s', size: 8, title: 'time[+increment] for the game, e.g. 1m+1s, 30s, 5m+2s; or moves/time[+increment]' });
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
    h('div', { class: 'controls' }, label('Black', blackSel), label('White', whiteSel), label('engines', limit), label('depth', depth), label('per move', moveTime), label('clock', tcInput), label('exact from', exact), h('label', {}, hints, ' hints'), newBtn, undoBtn),
    h('div', { class: 'split' }, boardBox, h('div', { class: 'side' }, status, clocks, movesBox, info, saved)));
  root.append(page);

  let pos = Position.initial();
  let moves: number[] = [];          // squares and PASS, in order
  let flipped: number[] = [];
  let generation = 0;                // bumps on new game / undo: late engine answers are dropped
  let hintScores: MoveScoreMsg[] | null = null;
  const clock = [0, 0];               // each side's thinking time so far (ms), without a game clock
  let turnStart = performance.now();
  let alive = true;
  // The limits of the game in progress, fixed when it starts.
  type Limit = PageLimit<'depth'>;
  let game: Limit = { kind: 'depth' };
  let lostOnTime: { side: number; reason: string } | null = null;

  /** The limits chosen in the controls, or a message saying what is wrong with them. */
  function chosenLimit(): Limit | string {
    return limitOf('depth', limit.value, moveTime.value, MAX_MOVE_MS, tcInput.value);
  }

  function limitText(): string {
    if (game.kind === 'move') return `${formatDuration(game.ms)}/move`;
    if (game.kind === 'clock') return formatTimeControl(game.tc);
    return `depth ${depth.value}`;
  }

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
    renderClocks();
    undoBtn.disabled = moves.length === 0 || lostOnTime !== null;
  }

  const running = (): boolean => page.dataset.state === 'waiting' || page.dataset.state === 'thinking';

  /** Both clocks: time left on a game clock (the side to move's counting down), else time used. */
  function renderClocks(): void {
    const now = performance.now();
    const shown = [0, 1].map((side) => {
      const spent = running() && side === pos.side ? now - turnStart : 0;
      return game.kind === 'clock' ? game.clock.remainingMs(side) - spent : clock[side] + spent;
    });
    clocks.dataset.black = String(Math.round(shown[0]));
    clocks.dataset.white = String(Math.round(shown[1]));
    clocks.dataset.mode = game.kind === 'clock' ? 'left' : 'used';
    const text = (side: number): string => (game.kind === 'clock' ? clockText(shown[side]) : `${(shown[side] / 1000).toFixed(1)} s`);
    clocks.textContent = `${game.kind === 'clock' ? `clock ${formatTimeControl(game.tc)}, left` : 'time used'}: black ${text(BLACK)}, white ${text(1)} · discs ${pos.blackCount()}-${pos.whiteCount()}`;
  }

  /** Every tenth of a second: the clocks redrawn, and a human whose clock has run out loses on time. */
  const ticker = setInterval(() => {
    if (!running()) return;
    const lost = page.dataset.state === 'waiting' && isHuman(pos.side) ? humanOutOfTime(game, pos.side, turnStart, colourOf(pos.side)) : null;
    if (lost) {
      turnStart = performance.now();
      generation++;
      lostOnTime = { side: pos.side, reason: lost };
      void finish();
      return;
    }
    renderClocks();
  }, 100);

  function lastSquare(): number | undefined {
    for (let i = moves.length - 1; i >= 0; i--) if (moves[i] !== PASS) return moves[i];
    return undefined;
  }

  /** Charges the time since the turn began to the side to move; false when it has lost on time. */
  function charge(square: number): boolean {
    const now = performance.now();
    const spent = now - turnStart;
    turnStart = now;
    if (game.kind !== 'clock') {
      clock[pos.side] += spent;
      return true;
    }
    // A pass is the referee's and costs nothing (as in the tournament); a move gets the increment.
    if (square === PASS) return true;
    const lost = chargeTurn(game, pos.side, spent, colourOf(pos.side), squareName(square));
    if (lost === null) return true;
    lostOnTime = { side: pos.side, reason: lost };
    return false;
  }

  /** Plays `square` for the side to move; false (nothing played) when its clock ran out first. */
  function apply(square: number): boolean {
    if (!charge(square)) return false;
    const before = cellsOf(pos);
    if (square === PASS) pos.makePass();
    else pos.makeMove(square);
    const after = cellsOf(pos);
    flipped = [];
    if (square !== PASS) for (let i = 0; i < 64; i++) if (i !== square && before[i] !== '-' && before[i] !== after[i]) flipped.push(i);
    moves.push(square);
    hintScores = null;
    return true;
  }

  function onSquare(square: number): void {
    if (page.dataset.state !== 'waiting' || !isHuman(pos.side) || !pos.isLegal(square)) return;
    if (!apply(square)) {
      generation++;
      void finish();
      return;
    }
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
      let budget: number | undefined;
      try {
        const program = gtpOf(pos.side);
        if (program !== null) {
          const t0 = performance.now();
          const answer = await getJson<{ move: number }>('api/gtp/genmove', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ engine: program, moves }) });
          r = { move: answer.move, score: NaN, pv: [answer.move], depth: 0, nodes: 0, ms: Math.round(performance.now() - t0), exact: false, book: false };
        } else {
          const id = await engine.load(playerOf(pos.side));
          // Loading a build (fetching its table) is not thinking: the turn starts when it is ready.
          if (gen !== generation || !alive) return;
          turnStart = performance.now();
          const board = `${cellsOf(pos)} ${pos.side === BLACK ? 'X' : 'O'}`;
          let timeMs: number | undefined;
          if (game.kind === 'move') timeMs = game.ms;
          else if (game.kind === 'clock') {
            const view = game.clock.view(pos.side);
            timeMs = moveTimeBudget({ remainingMs: view.remainingMs, incrementMs: view.tc.incrementMs, movesToGo: view.movesToGo }, pos.emptyCount());
          }
          budget = timeMs;
          if (timeMs === undefined) delete page.dataset.budget;
          else page.dataset.budget = String(timeMs);
          r = await engine.request<ThinkMsg>(timeMs === undefined
            ? { type: 'think', build: id, board, depth: Number(depth.value), exactFrom: Number(exact.value) }
            : { type: 'think', build: id, board, timeMs, exactFrom: Number(exact.value) });
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
        : `${playerOf(pos.side)}: ${squareName(r.move)} ${signed(r.score)}${r.exact ? ' (exact)' : ''}, depth ${r.depth}, ${r.nodes} nodes, ${Math.round(r.ms)} ms${budget === undefined ? '' : ` of ${budget} ms`}; pv ${r.pv.map((m) => (m === PASS ? 'pass' : squareName(m))).join(' ')}`;
      if (!pos.isLegal(r.move)) {
        page.dataset.state = 'error';
        status.textContent = `engine answered an illegal move ${r.move}`;
        return;
      }
      // Time spent waiting in the worker behind other requests (a hint still being computed) is not the engine's.
      turnStart += Math.min(r.queuedMs ?? 0, performance.now() - turnStart);
      if (!apply(r.move)) return finish();
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
    const timeLoss = lostOnTime;
    // A forfeit on time is +-64 for the other side, as the tournament's referee scores it.
    const score = timeLoss ? (timeLoss.side === BLACK ? -64 : 64) : blackResult(pos);
    page.dataset.state = 'over';
    page.dataset.result = String(score);
    page.dataset.reason = timeLoss ? 'time' : 'normal';
    status.textContent = timeLoss
      ? `Game over: ${timeLoss.side === BLACK ? 'Black' : 'White'} lost on time, ${resultText(score)} (${signed(score)}) on time`
      : `Game over: ${pos.blackCount()}-${pos.whiteCount()}, ${resultText(score)} (${signed(score)})`;
    render();
    const name = (side: number): string => (isHuman(side) ? 'human' : gtpOf(side) ?? `sente-${playerOf(side)}`);
    const ggf = formatGgf({
      moves, black: name(BLACK), white: name(1), place: 'sente serve', date: new Date().toISOString(),
      result: timeLoss ? `${score > 0 ? '+' : ''}${score}:t` : score, time: limitText(), tags: timeLoss ? { RS: timeLoss.reason } : undefined,
    });
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
    const chosen = chosenLimit();
    if (typeof chosen === 'string') {
      page.dataset.state = 'error';
      status.textContent = chosen;
      return;
    }
    game = chosen;
    lostOnTime = null;
    pos = Position.initial();
    moves = [];
    flipped = [];
    hintScores = null;
    clock[0] = clock[1] = 0;
    turnStart = performance.now();
    clear(saved);
    delete page.dataset.result;
    delete page.dataset.reason;
    void advance();
  }

  // Undo takes moves back, not time: the clocks keep what was spent.
  function undo(): void {
    if (moves.length === 0 || lostOnTime) return;
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
  return () => { alive = false; generation++; clearInterval(ticker); };
}
