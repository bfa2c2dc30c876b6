// `sente show <transcript|board>`: the board, side to move, legal moves and disc count.
import type { CommandModule } from 'yargs';
import { BLACK, formatBoard, renderBoard, squareName } from '@sente/core';
import { positionFromArg } from '../util.js';

interface Args { position: string }

export const showCommand: CommandModule<object, Args> = {
  command: 'show <position>',
  describe: 'Show a position given as a transcript (f5d6c3) or a board string ("<64 chars> <X|O>")',
  builder: (y) => y.positional('position', { type: 'string', demandOption: true }) as never,
  handler: (args) => {
    const { position, moves } = positionFromArg(args.position);
    const last = moves && moves.length > 0 ? moves[moves.length - 1] : undefined;
    console.log(renderBoard(position, { showMoves: true, lastMove: last }));
    console.log();
    const black = position.blackCount();
    const white = position.whiteCount();
    if (position.isGameOver()) {
      const blackScore = position.side === BLACK ? position.finalScore() : -position.finalScore();
      console.log(`game over: black ${black}, white ${white}; final score ${blackScore > 0 ? '+' : ''}${blackScore} for black`);
    } else {
      const legal = position.legalMoveList().map(squareName);
      console.log(`to move: ${position.side === BLACK ? 'black (X)' : 'white (O)'}`);
      console.log(`legal moves (${legal.length}): ${legal.join(' ')}`);
      console.log(`discs: black ${black}, white ${white}, empty ${position.emptyCount()}`);
    }
    console.log(`board: ${formatBoard(position)}`);
  },
};
