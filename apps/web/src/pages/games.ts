// Games: the archive folder's games (GGF, SGF, tournament CSVs, self-play files) filtered by
// player, result and opening; a game replayed move by move with the arrow keys (Home/End for the
// ends); an evaluation graph computed by a chosen build; each position's canonical key and the
// build's book moves for it. Files the server could not read are listed with their error.
import { BLACK, PASS, Position, canonicalKey, go, keyToHex, parseBoard, squareName } from '@sente/core';
import { buildInfo, currentConfig, engine, getJson } from '../api.js';
import { othelloBoard } from '../board.js';
import { lineChart } from '../chart.js';
import { clear, h, signed } from '../dom.js';
import { goBoardSvg } from '../goboard.js';
import type { BookMoveMsg } from '../protocol.js';
import { buildSelect, cellsOf, errorBox, label, numberInput } from './common.js';

interface FileEntry { name: string; kind: string; games: number; error?: string }
interface GameRow { id: string; file: string; kind: string; black: string; white: string; result: string; blackScore: number | null; transcript: string; plies: number }
interface Listing { files: FileEntry[]; total: number; games: GameRow[] }
type GameData =
  | { id: string; kind: 'othello'; board: string; moves: number[]; tags: Record<string, string> }
  | { id: string; kind: 'go'; size: number; komi: number; moves: number[]; setupBlack: number[]; setupWhite: number[]; tags: Record<string, string> };

export function gamesPage(root: HTMLElement): () => void {
  const page = h('section', { id: 'games', 'data-state': 'idle' }, h('h2', {}, 'Games'));
  root.append(page);
  if (currentConfig().mode !== 'server' || !currentConfig().archive) {
    page.append(h('p', {}, 'The games archive needs `sente serve --archive DIR`; the static app has no archive.'));
    return () => {};
  }
  const player = h('input', { id: 'filter-player', placeholder: 'player' });
  const result = h('select', { id: 'filter-result' }, h('option', { value: '' }, 'any result'), h('option', { value: 'black' }, 'black won'), h('option', { value: 'white' }, 'white won'), h('option', { value: 'draw' }, 'draw'));
  const opening = h('input', { id: 'filter-opening', placeholder: 'opening (f5d6...)' });
  const filesBox = h('div', { id: 'archive-files' });
  const list = h('div', { id: 'game-list' });
  const viewer = h('div', { id: 'game-view' });
  page.append(h('div', { class: 'controls' }, player, result, opening), filesBox, list, viewer);
  let timer = 0;
  let keyHandler: ((e: KeyboardEvent) => void) | null = null;

  async function refresh(): Promise<void> {
    const q = new URLSearchParams({ player: player.value, result: result.value, opening: opening.value, limit: '200' });
    try {
      const r = await getJson<Listing>(`api/archive?${q}`);
      clear(filesBox);
      const bad = r.files.filter((f) => f.error);
      filesBox.append(h('p', { class: 'muted' }, `${r.files.length} files, ${r.total} games match`));
      if (bad.length) filesBox.append(h('ul', { id: 'archive-errors' }, ...bad.map((f) => h('li', { class: 'error', 'data-file': f.name }, `${f.name}: ${f.error}`))));
      clear(list);
      const table = h('table', { class: 'games' }, h('tr', {}, ...['file', 'black', 'white', 'result', 'opening', 'moves'].map((t) => h('th', {}, t))));
      for (const g of r.games) {
        const row = h('tr', { class: 'game-row', 'data-id': g.id, tabindex: 0 }, h('td', {}, g.file), h('td', {}, g.black), h('td', {}, g.white), h('td', {}, g.result), h('td', { class: 'mono' }, g.transcript.slice(0, 12)), h('td', {}, g.plies));
        row.addEventListener('click', () => void open(g.id));
        row.addEventListener('keydown', (e) => { if (e.key === 'Enter') void open(g.id); });
        table.append(row);
      }
      list.append(table);
      page.dataset.state = 'listed';
    } catch (e) {
      clear(list);
      list.append(errorBox((e as Error).message));
    }
  }

  async function open(id: string): Promise<void> {
    clear(viewer);
    let game: GameData;
    try {
      game = await getJson<GameData>(`api/archive/game?id=${encodeURIComponent(id)}`);
    } catch (e) {
      viewer.append(errorBox((e as Error).message));
      return;
    }
    if (keyHandler) document.removeEventListener('keydown', keyHandler);
    if (game.kind === 'go') showGo(game);
    else showOthello(game);
  }

  function showOthello(game: Extract<GameData, { kind: 'othello' }>): void {
    const start = parseBoard(game.board);
    if (!start.ok) { viewer.append(errorBox(start.error.message)); return; }
    // Every position of the game, replayed by our rules.
    const positions: Position[] = [start.value.clone()];
    const p = start.value.clone();
    for (const m of game.moves) {
      if (m === PASS) p.makePass();
      else p.makeMove(m);
      positions.push(p.clone());
    }
    let ply = 0;
    let evals: number[] | null = null;
    const boardBox = h('div', { class: 'board-box' });
    const info = h('div', { id: 'replay-info' });
    const bookBox = h('div', { id: 'book-moves' });
    const chartBox = h('div', { id: 'eval-graph' });
    const evalBuild = buildSelect('eval-build');
    const evalDepth = numberInput('eval-depth', 2, 1, 12);
    const evalBtn = h('button', { id: 'eval-go' }, 'Evaluation graph');
    const nav = h('div', { class: 'controls' }, h('button', { id: 'replay-start' }, '|<'), h('button', { id: 'replay-prev' }, '<'), h('button', { id: 'replay-next' }, '>'), h('button', { id: 'replay-end' }, '>|'), label('build', evalBuild), label('depth', evalDepth), evalBtn);
    viewer.append(h('h3', {}, `${game.tags.PB ?? '?'} (black) vs ${game.tags.PW ?? '?'} (white), ${game.tags.RE ?? ''}`), nav, h('div', { class: 'split' }, boardBox, h('div', { class: 'side' }, info, bookBox)), chartBox);
    viewer.dataset.plies = String(game.moves.length);

    function draw(): void {
      const pos = positions[ply];
      const prev = ply > 0 ? positions[ply - 1] : null;
      const last = ply > 0 && game.moves[ply - 1] !== PASS ? game.moves[ply - 1] : undefined;
      const flipped: number[] = [];
      if (prev && last !== undefined) {
        const a = cellsOf(prev), b = cellsOf(pos);
        for (let i = 0; i < 64; i++) if (i !== last && a[i] !== '-' && a[i] !== b[i]) flipped.push(i);
      }
      clear(boardBox);
      boardBox.append(othelloBoard({ cells: cellsOf(pos), last, flipped }));
      const key = canonicalKey(pos.bb[0], pos.bb[1], pos.bb[2], pos.bb[3]);
      clear(info);
      info.append(
        h('p', { id: 'replay-ply' }, `move ${ply} of ${game.moves.length}${ply > 0 ? `: ${game.moves[ply - 1] === PASS ? 'pass' : squareName(game.moves[ply - 1])}` : ''}`),
        h('p', {}, `${pos.side === BLACK ? 'black' : 'white'} to move · discs ${pos.blackCount()}-${pos.whiteCount()}${evals ? ` · eval ${signed(evals[ply])} for black` : ''}`),
        h('p', { class: 'mono', id: 'canonical-key' }, `canonical key ${keyToHex(key)} (symmetry ${key.transform})`));
      viewer.dataset.ply = String(ply);
      if (evals) drawChart();
      void showBook(pos);
    }

    async function showBook(pos: Position): Promise<void> {
      clear(bookBox);
      const b = buildInfo(evalBuild.value);
      if (!b.hasBook) { bookBox.append(h('p', { class: 'muted' }, `${b.id} has no opening book`)); return; }
      const at = ply;
      try {
        const id = await engine.load(b.id);
        const moves = await engine.request<BookMoveMsg[]>({ type: 'book', build: id, board: `${cellsOf(pos)} ${pos.side === BLACK ? 'X' : 'O'}` });
        if (at !== ply) return;
        bookBox.append(h('p', {}, moves.length ? `book (${b.id}): ${moves.map((m) => `${squareName(m.move)} ${signed(m.score)}`).join(', ')}` : `not in ${b.id}'s book`));
      } catch (e) {
        bookBox.append(errorBox((e as Error).message));
      }
    }

    function drawChart(): void {
      clear(chartBox);
      chartBox.append(lineChart([{ name: `${evalBuild.value} depth ${evalDepth.value} (black's view)`, points: evals!.map((y, x) => ({ x, y })) }], { title: 'evaluation graph', xLabel: 'move', yLabel: 'discs', yZero: true, marker: ply, onPick: (x) => go2(x) }));
    }

    const go2 = (n: number): void => { ply = Math.max(0, Math.min(game.moves.length, n)); draw(); };
    nav.querySelector('#replay-start')!.addEventListener('click', () => go2(0));
    nav.querySelector('#replay-prev')!.addEventListener('click', () => go2(ply - 1));
    nav.querySelector('#replay-next')!.addEventListener('click', () => go2(ply + 1));
    nav.querySelector('#replay-end')!.addEventListener('click', () => go2(game.moves.length));
    evalBtn.addEventListener('click', async () => {
      chartBox.textContent = 'evaluating...';
      try {
        const id = await engine.load(evalBuild.value);
        evals = await engine.request<number[]>({ type: 'evaluateGame', build: id, boards: positions.map((q) => `${cellsOf(q)} ${q.side === BLACK ? 'X' : 'O'}`), depth: Number(evalDepth.value) });
        draw();
      } catch (e) {
        clear(chartBox);
        chartBox.append(errorBox((e as Error).message));
      }
    });
    keyHandler = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement).closest('input, textarea, select')) return;
      if (e.key === 'ArrowRight') go2(ply + 1);
      else if (e.key === 'ArrowLeft') go2(ply - 1);
      else if (e.key === 'Home') go2(0);
      else if (e.key === 'End') go2(game.moves.length);
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', keyHandler);
    draw();
  }

  function showGo(game: Extract<GameData, { kind: 'go' }>): void {
    let ply = 0;
    const boardBox = h('div', { class: 'board-box' });
    const info = h('p', { id: 'replay-ply' });
    viewer.append(h('h3', {}, `${game.tags.PB ?? '?'} (black) vs ${game.tags.PW ?? '?'} (white), ${game.tags.RE ?? ''}`), h('div', { class: 'split' }, boardBox, h('div', { class: 'side' }, info)));
    viewer.dataset.plies = String(game.moves.length);
    const draw = (): void => {
      const b = new go.GoBoard(game.size);
      for (const p of game.setupBlack) b.setStone(p, go.BLACK);
      for (const p of game.setupWhite) b.setStone(p, go.WHITE);
      for (let i = 0; i < ply; i++) (game.moves[i] === go.PASS ? b.pass() : b.play(game.moves[i]));
      clear(boardBox);
      const last = ply > 0 && game.moves[ply - 1] !== go.PASS ? game.moves[ply - 1] : undefined;
      boardBox.append(goBoardSvg(b, last));
      info.textContent = `move ${ply} of ${game.moves.length}${ply > 0 ? `: ${go.gtpVertex(game.size, game.moves[ply - 1])}` : ''} · prisoners ${b.captures[go.BLACK]}-${b.captures[go.WHITE]}`;
      viewer.dataset.ply = String(ply);
    };
    keyHandler = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement).closest('input, textarea, select')) return;
      if (e.key === 'ArrowRight') ply = Math.min(game.moves.length, ply + 1);
      else if (e.key === 'ArrowLeft') ply = Math.max(0, ply - 1);
      else if (e.key === 'Home') ply = 0;
      else if (e.key === 'End') ply = game.moves.length;
      else return;
      e.preventDefault();
      draw();
    };
    document.addEventListener('keydown', keyHandler);
    draw();
  }

  for (const el of [player, opening]) el.addEventListener('input', () => { clearTimeout(timer); timer = window.setTimeout(() => void refresh(), 200); });
  result.addEventListener('change', () => void refresh());
  void refresh();
  return () => { if (keyHandler) document.removeEventListener('keydown', keyHandler); clearTimeout(timer); };
}
