// Following a tournament as it runs: the results CSV and its `<csv>.settings.json` are polled
// (a stat every half second; fs.watch is unreliable on network folders, which a queue-distributed
// run may write to), and when either changes the state is recomputed from the files alone and
// pushed to every subscriber as a server-sent event. Nothing here talks to the tournament, so a
// local run, a resumed one and one whose games come from a job queue all look the same.
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { formatTranscript } from '@sente/core';
import {
  PairedSprt, eloEstimate, halfPoints, liveEventsPath, pairOf, readTournamentResults, standings, tournamentSettingsPath,
  type GameResult, type SprtTest,
} from '@sente/selfplay';

export interface WatchStanding {
  name: string; games: number; wins: number; draws: number; losses: number; score: number;
  /** Elo and its 95% interval; null where unbounded (a player who won or lost every game). */
  elo: number | null; low: number | null; high: number | null; meanDiscs: number;
}

export interface WatchState {
  file: string;
  error?: string;
  done: number;
  total: number | null;
  players: string[];
  standings: WatchStanding[];
  sprt: { llr: number; lower: number; upper: number; decision: string | null; pairs: number } | null;
  recent: { key: number; black: string; white: string; blackScore: number; transcript: string; reason: string }[];
  /** Games in progress (from `<csv>.events.jsonl`, written by `sente tournament --events`), latest first. */
  inProgress: LiveGame[];
  /** The first player's Elo (two-player matches) after each finished game, at most ~200 points. */
  history: { done: number; elo: number | null; low: number | null; high: number | null }[];
  finished: boolean;
  updated: string;
}

interface Settings {
  players?: { name?: string }[];
  games?: number;
  gauntlet?: boolean;
  sprt?: SprtTest | null;
}

/** JSON has no infinity: an unbounded Elo (or interval end) travels as null. */
export interface LiveGame { key: number; black: string; white: string; transcript: string; t: number }

/**
 * The tail of a live-events file, read incrementally: the latest moves of each game. A file that
 * shrank (a new run truncated it) is read again from the start.
 */
export class LiveEvents {
  private offset = 0;
  private partial = '';
  readonly games = new Map<number, LiveGame>();

  constructor(readonly path: string) {}

  read(): void {
    let size: number;
    try {
      size = statSync(this.path).size;
    } catch {
      return;
    }
    if (size < this.offset) {
      this.offset = 0;
      this.partial = '';
      this.games.clear();
    }
    if (size === this.offset) return;
    const fd = openSync(this.path, 'r');
    try {
      const buf = Buffer.alloc(Math.min(size - this.offset, 8 << 20));
      const n = readSync(fd, buf, 0, buf.length, this.offset);
      this.offset += n;
      const lines = (this.partial + buf.subarray(0, n).toString('utf8')).split('\n');
      this.partial = lines.pop() ?? '';
      for (const line of lines) {
        try {
          const e = JSON.parse(line) as { game?: unknown; black?: unknown; white?: unknown; moves?: unknown; t?: unknown };
          if (typeof e.game === 'number' && typeof e.moves === 'string') {
            this.games.set(e.game, { key: e.game, black: String(e.black ?? '?'), white: String(e.white ?? '?'), transcript: e.moves, t: Number(e.t) || 0 });
          }
        } catch {
          // A damaged line is skipped; the next move of that game replaces it.
        }
      }
    } finally {
      closeSync(fd);
    }
  }
}

const MAX_LIVE_BOARDS = 8;

const finite = (x: number): number | null => (Number.isFinite(x) ? x : null);

/** The state of the tournament recorded in `csvPath` (and its settings file), from the files alone. */
export function tournamentState(csvPath: string, name: string, live?: LiveEvents): WatchState {
  const state: WatchState = { file: name, done: 0, total: null, players: [], standings: [], sprt: null, recent: [], inProgress: [], history: [], finished: false, updated: new Date().toISOString() };
  let settings: Settings = {};
  const settingsPath = tournamentSettingsPath(csvPath);
  try {
    if (existsSync(settingsPath)) settings = JSON.parse(readFileSync(settingsPath, 'utf8')) as Settings;
  } catch (e) {
    state.error = `${name}.settings.json: ${(e as Error).message}`;
  }
  let results: GameResult[] = [];
  try {
    if (existsSync(csvPath)) results = readTournamentResults(csvPath);
  } catch (e) {
    state.error = (e as Error).message.replaceAll(csvPath, name);
  }
  const names = (settings.players ?? []).map((p) => p.name ?? '?');
  for (const r of results) for (const n of [r.black, r.white]) if (!names.includes(n)) names.push(n);
  state.players = names;
  state.done = results.length;
  const gamesPerPair = settings.games;
  if (gamesPerPair && names.length >= 2) {
    const pairings = settings.gauntlet ? names.length - 1 : (names.length * (names.length - 1)) / 2;
    state.total = pairings * gamesPerPair;
  }
  state.standings = standings(results, names).map((s) => ({
    name: s.name, games: s.elo.games, wins: s.elo.wins, draws: s.elo.draws, losses: s.elo.losses, score: s.elo.score,
    elo: finite(s.elo.elo), low: finite(s.elo.low), high: finite(s.elo.high), meanDiscs: s.meanDiscs,
  }));
  if (settings.sprt && gamesPerPair && names.length === 2) {
    const sprt = new PairedSprt(settings.sprt, Math.floor(gamesPerPair / 2));
    for (const r of results) {
      const { pair, game } = pairOf(r.key, gamesPerPair);
      sprt.add(pair, game, halfPoints(r.black === names[0] ? r.blackScore : -r.blackScore));
    }
    const s = sprt.state();
    state.sprt = { llr: s.llr, lower: s.lower, upper: s.upper, decision: s.decision, pairs: s.pairs };
  }
  if (names.length === 2) {
    let w = 0, d = 0, l = 0;
    const step = Math.max(1, Math.ceil(results.length / 200));
    results.forEach((r, i) => {
      const score = r.black === names[0] ? r.blackScore : -r.blackScore;
      if (score > 0) w++; else if (score < 0) l++; else d++;
      if ((i + 1) % step === 0 || i === results.length - 1) {
        const e = eloEstimate(w, d, l);
        state.history.push({ done: i + 1, elo: finite(e.elo), low: finite(e.low), high: finite(e.high) });
      }
    });
  }
  state.recent = results.slice(-10).reverse().map((r) => ({ key: r.key, black: r.black, white: r.white, blackScore: r.blackScore, transcript: formatTranscript(r.moves), reason: r.reason }));
  if (live) {
    live.read();
    const finished = new Set(results.map((r) => r.key));
    for (const k of finished) live.games.delete(k);
    state.inProgress = [...live.games.values()].sort((a, b) => b.t - a.t || a.key - b.key).slice(0, MAX_LIVE_BOARDS);
  }
  state.finished = (state.total !== null && state.done >= state.total) || (state.sprt?.decision ?? null) !== null;
  return state;
}

function signature(csvPath: string): string {
  const part = (p: string): string => {
    try {
      const st = statSync(p);
      return `${st.size}:${st.mtimeMs}`;
    } catch {
      return '-';
    }
  };
  return `${part(csvPath)}|${part(tournamentSettingsPath(csvPath))}|${part(liveEventsPath(csvPath))}`;
}

interface Followed {
  readonly clients: Set<ServerResponse>;
  readonly timer: NodeJS.Timeout;
  signature: string;
  last: string;
}

/** Subscribers per followed CSV, one poll timer per file however many pages watch it. */
export class WatchHub {
  private readonly followed = new Map<string, Followed>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly pollMs = 500, readonly maxClients = 64) {
    this.heartbeat = setInterval(() => {
      for (const f of this.followed.values()) for (const c of f.clients) c.write(': keep-alive\n\n');
    }, 15_000);
    this.heartbeat.unref();
  }

  clientCount(): number {
    let n = 0;
    for (const f of this.followed.values()) n += f.clients.size;
    return n;
  }

  /** Streams the state of `csvPath` to `res` until the client goes away. */
  subscribe(csvPath: string, name: string, res: ServerResponse): void {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    let f = this.followed.get(csvPath);
    if (!f) {
      const live = new LiveEvents(liveEventsPath(csvPath));
      const entry: Followed = {
        clients: new Set(),
        signature: signature(csvPath),
        last: JSON.stringify(tournamentState(csvPath, name, live)),
        timer: setInterval(() => {
          const sig = signature(csvPath);
          if (sig === entry.signature) return;
          entry.signature = sig;
          entry.last = JSON.stringify(tournamentState(csvPath, name, live));
          for (const c of entry.clients) c.write(`event: state\ndata: ${entry.last}\n\n`);
        }, this.pollMs),
      };
      entry.timer.unref();
      this.followed.set(csvPath, entry);
      f = entry;
    }
    const followed = f;
    followed.clients.add(res);
    res.write(`retry: 2000\nevent: state\ndata: ${followed.last}\n\n`);
    res.on('close', () => {
      followed.clients.delete(res);
      if (followed.clients.size === 0) {
        clearInterval(followed.timer);
        this.followed.delete(csvPath);
      }
    });
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const f of this.followed.values()) {
      clearInterval(f.timer);
      for (const c of f.clients) c.end();
    }
    this.followed.clear();
  }
}
