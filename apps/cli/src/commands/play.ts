// `sente play`: a game against the engine in the terminal. Input is read line by line from stdin,
// so the same command serves a person at a keyboard and a script feeding a pipe; output is plain
// text (the board with the last move and the legal moves marked, moves in notation).
import { createInterface } from 'node:readline';
import type { CommandModule } from 'yargs';
import {
  BLACK, PASS, Position, formatBoard, formatGgf, formatTranscript, parseSquare, renderBoard, squareName,
} from '@sente/core';
import { OthelloSession, writeFileAtomic } from '@sente/search';
import { engineFromArgs, engineOptions, limitsFromArgs, type EngineArgs } from './gtp.js';
import { UsageError, positionFromArg } from '../util.js';

interface Args extends EngineArgs { color: string; start?: string }

const HELP = 'commands: a move such as f5, undo, hint, board, save <file>, quit';

function colorWord(side: number): string {
  return side === BLACK ? 'black' : 'white';
}

function signed(n: number, exact: boolean): string {
  const text = exact || Number.isInteger(n) ? String(n) : n.toFixed(2);
  return n > 0 ? `+${text}` : text;
}

/** `game`, `game.txt` or `game.ggf` -> the two file names written. */
export function saveNames(file: string): { txt: string; ggf: string } {
  const base = file.replace(/\.(txt|ggf)$/i, '');
  return { txt: `${base}.txt`, ggf: `${base}.ggf` };
}

export const playCommand: CommandModule<object, Args> = {
  command: 'play',
  describe: 'Play a game against the engine in the terminal (reads moves from stdin; scriptable)',
  builder: (y) => engineOptions(y)
    .option('color', { type: 'string', default: 'black', choices: ['black', 'white'], describe: 'your colour' })
    .option('start', { type: 'string', describe: 'start position: a transcript or "<64 chars> <X|O>"' }) as never,
  handler: async (args) => {
    const engine = engineFromArgs(args);
    const limits = limitsFromArgs(args);
    const human = args.color === 'white' ? 1 : BLACK;
    const out = (text: string) => process.stdout.write(`${text}\n`);
    // A reader that goes away (`sente play | head`) ends the session; it is not an error.
    process.stdout.on('error', () => process.exit(0));

    // The start: a set-up board, or the initial position plus an opening transcript (not undoable:
    // undo goes back to the person's last move only). The game is the session GTP and NBoard keep.
    const game = new OthelloSession();
    if (args.start !== undefined) {
      const given = positionFromArg(args.start);
      if (given.moves === null) {
        game.reset(given.position);
      } else {
        for (const m of given.moves) {
          if (game.position.mustPass()) game.play(PASS);
          game.play(m);
        }
      }
    }
    const position = game.position;
    const names = { [BLACK]: human === BLACK ? 'you' : `sente (${engine.buildId})`, 1: human === 1 ? 'you' : `sente (${engine.buildId})` };

    const show = (): void => {
      out('');
      out(renderBoard(position, { showMoves: position.side === human, lastMove: game.lastMove() }));
      const moves = formatTranscript(game.moves());
      out(`black ${position.blackCount()}, white ${position.whiteCount()}${moves ? `; moves: ${moves}` : ''}`);
      if (position.isGameOver()) {
        const forBlack = game.finalScoreForBlack();
        const winner = forBlack === 0 ? 'a draw' : `${forBlack > 0 ? 'black' : 'white'} wins by ${Math.abs(forBlack)}`;
        out(`game over: ${winner} (${signed(forBlack, true)} for black). undo, save <file> or quit`);
      } else {
        out(`${colorWord(position.side)} to move (${names[position.side as 0 | 1]}); legal: ${position.legalMoveList().map(squareName).join(' ')}`);
      }
    };
    const play = (square: number, byHuman: boolean): void => {
      game.play(square, byHuman);
    };
    /** Passes and engine moves until it is the human's turn or the game is over. */
    const advance = (): void => {
      while (!position.isGameOver()) {
        if (position.mustPass()) {
          out(`${colorWord(position.side)} (${names[position.side as 0 | 1]}) has no move and passes`);
          play(PASS, false);
          continue;
        }
        if (position.side === human) return;
        const result = engine.think(position.clone(), limits);
        out(`sente plays ${squareName(result.move)} (score ${signed(result.score, result.exact)}${result.exact ? ' exact' : ''}, depth ${result.depth}, ${(result.ms / 1000).toFixed(2)} s)`);
        play(result.move, false);
      }
    };
    const save = (file: string): void => {
      const { txt, ggf } = saveNames(file);
      const squares = game.moves();
      const start = game.start;
      const transcript = formatTranscript(squares);
      const initial = start.equals(Position.initial());
      writeFileAtomic(txt, initial ? `${transcript}\n` : `${formatBoard(start)}\n${transcript}\n`);
      writeFileAtomic(ggf, `${formatGgf({
        start, moves: squares, place: 'sente play', date: new Date().toISOString().slice(0, 10),
        black: human === BLACK ? 'human' : `sente ${engine.buildId}`, white: human === 1 ? 'human' : `sente ${engine.buildId}`,
      })}\n`);
      out(`saved ${txt} and ${ggf}`);
    };
    const undo = (): void => {
      if (!game.undoHumanMove()) out('nothing to undo');
    };

    out(`sente play: you are ${colorWord(human)} (${human === BLACK ? 'X' : 'O'}). ${HELP}`);
    advance();
    show();
    const lines = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
    for await (const raw of lines) {
      const line = raw.trim();
      if (line === '') continue;
      const [word, ...rest] = line.split(/\s+/);
      const command = word.toLowerCase();
      if (command === 'quit' || command === 'exit' || command === 'q') break;
      try {
        if (command === 'help' || command === '?') out(HELP);
        else if (command === 'board' || command === 'show') show();
        else if (command === 'save') {
          if (rest.length !== 1) throw new UsageError('usage: save <file> (writes <file>.txt and <file>.ggf)');
          save(rest[0]);
        } else if (command === 'undo') {
          undo();
          show();
        } else if (command === 'hint') {
          if (position.isGameOver() || position.side !== human) throw new UsageError('no hint: it is not your turn');
          const result = engine.think(position.clone(), limits);
          out(`hint: ${squareName(result.move)} (score ${signed(result.score, result.exact)}${result.exact ? ' exact' : ''}, depth ${result.depth}; pv ${result.pv.map(squareName).join(' ')})`);
        } else {
          if (rest.length > 0) throw new UsageError(`unknown command "${line.slice(0, 40)}". ${HELP}`);
          const sq = parseSquare(word);
          if (!sq.ok) throw new UsageError(`"${word.slice(0, 20)}" is neither a move nor a command. ${HELP}`);
          if (position.isGameOver()) throw new UsageError('the game is over: undo, save <file> or quit');
          if (sq.value === PASS || !position.isLegal(sq.value)) {
            throw new UsageError(`${squareName(sq.value)} is not legal; legal: ${position.legalMoveList().map(squareName).join(' ')}`);
          }
          play(sq.value, true);
          advance();
          show();
        }
      } catch (error) {
        // A bad line never ends the game; a failed save says why.
        out(`error: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    lines.close();
    await engine.close();
  },
};
