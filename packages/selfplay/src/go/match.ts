// Matches between Go players over GTP, refereed by sente's own board: every move an engine
// returns is checked (a bad or illegal move loses the game), the game ends on two passes, a
// resignation or a move cap, and the final position is scored by area. Both programs are also
// asked for `final_score`, and the answers are compared with ours, so a disagreement about the
// rules or about dead stones is visible in the results.
import { go as rules } from '@sente/core';
import { stringify } from 'csv-stringify/sync';
import { createPlayer, type GtpPlayer } from './engines.js';

export interface GoGameResult {
  readonly game: number;
  readonly black: string;
  readonly white: string;
  /** "B+3.5", "W+R", "B+F" (forfeit: illegal or unreadable move), "0". */
  readonly result: string;
  /** Winner: "B", "W" or "0". */
  readonly winner: 'B' | 'W' | '0';
  readonly moves: number;
  /** Our area count of the final position (null after a resignation or forfeit). */
  readonly refereeScore: string | null;
  readonly blackScore: string | null;
  readonly whiteScore: string | null;
  /** True if every final_score answer equals ours (null when not scored). */
  readonly agree: boolean | null;
  /** Why the game ended. */
  readonly end: 'passes' | 'resign' | 'forfeit' | 'move-cap';
  readonly note: string;
  readonly sgf: string;
}

export interface GoGameOptions {
  readonly size: number;
  readonly komi: number;
  /** Stop after this many moves and score the position (default 3 * size^2). */
  readonly maxMoves?: number;
  readonly onMove?: (color: number, vertex: string, moveNumber: number) => void;
}

async function must(p: GtpPlayer, command: string): Promise<void> {
  const a = await p.send(command);
  if (!a.ok) throw new Error(`${p.name} refused "${command}": ${a.text}`);
}

/** Plays one game between two players (already running). */
export async function playGoGame(black: GtpPlayer, white: GtpPlayer, options: GoGameOptions, game = 1): Promise<GoGameResult> {
  const { size, komi } = options;
  const maxMoves = options.maxMoves ?? 3 * size * size;
  for (const p of [black, white]) {
    await must(p, `boardsize ${size}`);
    await must(p, 'clear_board');
    await must(p, `komi ${komi}`);
  }
  const board = new rules.GoBoard(size);
  const moves: rules.SgfMove[] = [];
  const players = [null, black, white] as const;
  const letter = ['0', 'B', 'W'] as const;
  const name = ['', 'black', 'white'] as const;
  let end: GoGameResult['end'] = 'passes';
  let result = '';
  let winner: GoGameResult['winner'] = '0';
  let note = '';
  let color: number = rules.BLACK;
  while (!board.isGameOver()) {
    if (moves.length >= maxMoves) {
      end = 'move-cap';
      break;
    }
    const mover = players[color]!;
    const other = players[3 - color]!;
    const answer = await mover.send(`genmove ${name[color]}`);
    const text = answer.text.trim().toLowerCase();
    if (answer.ok && text === 'resign') {
      end = 'resign';
      winner = letter[3 - color];
      result = `${winner}+R`;
      break;
    }
    const v = answer.ok ? rules.parseGtpVertex(size, text) : null;
    if (!answer.ok || !v || !v.ok || !board.play(v.value, color)) {
      end = 'forfeit';
      winner = letter[3 - color];
      result = `${winner}+F`;
      note = `${mover.name} answered "genmove ${name[color]}" with "${answer.ok ? '' : '? '}${answer.text}"${v && v.ok ? ' (illegal)' : ''}`;
      break;
    }
    moves.push({ color, point: v.value });
    options.onMove?.(color, rules.gtpVertex(size, v.value), moves.length);
    const echoed = await other.send(`play ${name[color]} ${rules.gtpVertex(size, v.value)}`);
    if (!echoed.ok) {
      end = 'forfeit';
      winner = letter[color];
      result = `${winner}+F`;
      note = `${other.name} refused "play ${name[color]} ${rules.gtpVertex(size, v.value)}": ${echoed.text}`;
      break;
    }
    color = 3 - color;
  }
  let refereeScore: string | null = null;
  let blackScore: string | null = null;
  let whiteScore: string | null = null;
  let agree: boolean | null = null;
  if (end === 'passes' || end === 'move-cap') {
    const margin = rules.areaScore(board, komi).margin;
    refereeScore = rules.formatMargin(margin);
    result = refereeScore;
    winner = margin > 0 ? 'B' : margin < 0 ? 'W' : '0';
    const b = await black.send('final_score');
    const w = await white.send('final_score');
    blackScore = b.ok ? b.text : null;
    whiteScore = w.ok ? w.text : null;
    agree = [blackScore, whiteScore].every((s) => s === null || rules.parseMargin(s) === margin);
  }
  const sgf = rules.writeSgf({ size, komi, playerBlack: black.name, playerWhite: white.name, result, setupBlack: [], setupWhite: [], moves });
  return { game, black: black.name, white: white.name, result, winner, moves: moves.length, refereeScore, blackScore, whiteScore, agree, end, note, sgf };
}

export interface GoMatchOptions extends GoGameOptions {
  /** Two player descriptions (see createPlayer); the first is black in odd-numbered games. */
  readonly players: readonly [string, string];
  readonly games: number;
  readonly onGame?: (result: GoGameResult) => void;
}

export interface GoStanding {
  readonly player: string;
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
}

/** Plays `games` games alternating colours; players are started once and reused. */
export async function runGoMatch(options: GoMatchOptions): Promise<{ games: GoGameResult[]; standings: GoStanding[] }> {
  const a = createPlayer(options.players[0], 0);
  let b: GtpPlayer;
  try {
    b = createPlayer(options.players[1], 1);
  } catch (e) {
    await a.close();
    throw e;
  }
  const games: GoGameResult[] = [];
  const tally = new Map<string, { wins: number; losses: number; draws: number }>([
    [options.players[0], { wins: 0, losses: 0, draws: 0 }],
    [options.players[1], { wins: 0, losses: 0, draws: 0 }],
  ]);
  try {
    for (let g = 1; g <= options.games; g++) {
      const [black, white, blackSpec, whiteSpec] = g % 2 === 1 ? [a, b, options.players[0], options.players[1]] : [b, a, options.players[1], options.players[0]];
      const r = await playGoGame(black, white, options, g);
      const named = { ...r, black: blackSpec, white: whiteSpec };
      games.push(named);
      const tb = tally.get(blackSpec)!;
      const tw = tally.get(whiteSpec)!;
      if (r.winner === 'B') {
        tb.wins++;
        tw.losses++;
      } else if (r.winner === 'W') {
        tw.wins++;
        tb.losses++;
      } else {
        tb.draws++;
        tw.draws++;
      }
      options.onGame?.(named);
    }
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
  const standings = [...tally].map(([player, t]) => ({ player, games: t.wins + t.losses + t.draws, ...t }));
  return { games, standings };
}

/** CSV of game results (csv-stringify quotes as RFC 4180 says). */
export function goResultsCsv(games: readonly GoGameResult[]): string {
  const columns = ['game', 'black', 'white', 'result', 'winner', 'moves', 'end', 'referee_score', 'black_final_score', 'white_final_score', 'agree', 'note'];
  const rows = games.map((g) => [g.game, g.black, g.white, g.result, g.winner, g.moves, g.end, g.refereeScore, g.blackScore, g.whiteScore, g.agree === null ? '' : String(g.agree), g.note]);
  return stringify(rows, { header: true, columns });
}
