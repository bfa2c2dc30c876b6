// The engines in a Web Worker: the same @sente/search code the CLI runs, with its evaluation
// tables fetched (from `sente serve`, or from the files of a static build) instead of read from
// disk. The page never blocks on a search; one request is served at a time, in order.
import { parseBoard, go as coreGo } from '@sente/core';
import { Book, Engine, decodeTable, go } from '@sente/search';
import type { BookMoveMsg, MoveScoreMsg, ThinkMsg, WorkerRequest } from './protocol.js';

interface Loaded { engine: Engine; book?: Book }
const engines = new Map<string, Loaded>();

async function fetchBytes(url: string): Promise<Uint8Array> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${await res.text().catch(() => '')}`.trim());
  return new Uint8Array(await res.arrayBuffer());
}

/** gzip bytes decompressed (the table files are gzip); other bytes as they are. */
async function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  if (bytes.length < 2 || bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function load(build: string, tableUrl: string, bookUrl?: string): Promise<{ build: string; book: number }> {
  let loaded = engines.get(build);
  if (!loaded) {
    const decoded = decodeTable(await gunzip(await fetchBytes(tableUrl)));
    if (!decoded.ok) throw new Error(`build ${build}: ${decoded.error}`);
    let book: Book | undefined;
    if (bookUrl) {
      const r = Book.decode(await gunzip(await fetchBytes(bookUrl)));
      if (!r.ok) throw new Error(`build ${build}: opening book: ${r.error}`);
      book = r.book;
    }
    loaded = { engine: new Engine(decoded.table, build, { ttMb: 8, book }), book };
    engines.set(build, loaded);
  }
  return { build, book: loaded.book?.size ?? 0 };
}

function engineOf(build: string): Engine {
  const e = engines.get(build);
  if (!e) throw new Error(`build ${build} is not loaded`);
  return e.engine;
}

function position(board: string) {
  const r = parseBoard(board);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** A search to `depth`, or within `timeMs` (the time manager's budget on a clock, or a time per move). */
function think(build: string, board: string, depth: number | undefined, exactFrom: number, timeMs?: number): ThinkMsg {
  const r = engineOf(build).think(position(board), { depth, exactFrom, timeMs, useBook: false });
  return { move: r.move, score: r.score, pv: r.pv, depth: r.depth, nodes: r.nodes, ms: r.ms, exact: r.exact, book: r.book ?? false };
}

function analyze(build: string, board: string, depth: number, exactFrom: number): MoveScoreMsg[] {
  const pos = position(board);
  if (pos.legalMoveList().length === 0) return [];
  return engineOf(build).analyze(pos, depth, { exactFrom, useBook: false }).map((m) => ({ move: m.move, score: m.score, exact: m.exact }));
}

/** The score of each position for black, by a search of `depth` (exact near the end). */
function evaluateGame(build: string, boards: string[], depth: number): number[] {
  const engine = engineOf(build);
  return boards.map((b) => {
    const pos = position(b);
    if (pos.isGameOver()) return pos.side === 0 ? pos.finalScore() : -pos.finalScore();
    if (pos.mustPass()) pos.makePass();
    const r = engine.think(pos, { depth, exactFrom: 12, useBook: false });
    return pos.side === 0 ? r.score : -r.score;
  });
}

function bookMoves(build: string, board: string): BookMoveMsg[] {
  const book = engines.get(build)?.book;
  if (!book) return [];
  return book.moves(position(board)).map((m) => ({ move: m.move, score: m.score }));
}

const goPlayers = new Map<string, go.MctsPlayer>();
/** A Go move by MCTS: `playouts` of them, or as many as `timeMs` allows. */
function goMove(size: number, komi: number, moves: number[], playouts: number | undefined, timeMs: number | undefined, seed: number): { move: number; winrate: number; playouts: number } {
  const board = new coreGo.GoBoard(size);
  for (const m of moves) {
    if (m === coreGo.PASS) board.pass();
    else if (!board.play(m)) throw new Error(`Go move ${m} is not legal`);
  }
  const key = `${seed}/${playouts ?? 'time'}`;
  let player = goPlayers.get(key);
  if (!player) {
    player = new go.MctsPlayer({ playouts, seed, resignThreshold: 0 });
    goPlayers.set(key, player);
  }
  const r = player.genmove(board, board.toMove, komi, timeMs);
  return { move: r.move, winrate: r.winrate, playouts: r.playouts };
}

async function handle(req: WorkerRequest): Promise<unknown> {
  switch (req.type) {
    case 'load': return load(req.build, req.tableUrl, req.bookUrl);
    case 'think': return think(req.build, req.board, req.depth, req.exactFrom, req.timeMs);
    case 'analyze': return analyze(req.build, req.board, req.depth, req.exactFrom);
    case 'evaluateGame': return evaluateGame(req.build, req.boards, req.depth);
    case 'book': return bookMoves(req.build, req.board);
    case 'goMove': return goMove(req.size, req.komi, req.moves, req.playouts, req.timeMs, req.seed);
  }
}

let queue: Promise<void> = Promise.resolve();
self.onmessage = (ev: MessageEvent<{ id: number; req: WorkerRequest }>) => {
  const { id, req } = ev.data;
  const received = performance.now();
  queue = queue.then(async () => {
    try {
      // A search also says how long it waited behind earlier requests: a game clock does not charge that.
      const queuedMs = performance.now() - received;
      const value = await handle(req);
      self.postMessage({ id, ok: true, value: req.type === 'think' || req.type === 'goMove' ? { ...(value as ThinkMsg), queuedMs } : value });
    } catch (e) {
      self.postMessage({ id, ok: false, error: (e as Error).message });
    }
  });
};
