// 3x3 shapes for the playout policy, in the diagram format of @sente/core (X = the side to move,
// * = the move). These are the classic local answers MoGo-style playouts look for around the
// last move: hane, cuts, and edge moves. A playout move should be right for either colour's
// stones, so every shape is listed as drawn and with the colours exchanged (see
// playoutShapeText); the 3x3 table built from them is what PlayoutPolicy consults.
const SHAPES_ONE_COLOUR = `
// hane that encloses a stone
pattern hane-enclosing 10
X O X
. * .
? ? ?

// hane that leaves no cutting point
pattern hane-no-cut 10
X O .
. * .
? . ?

// bend (magari) around the other stone
pattern magari 10
X O ?
X * .
x . ?

// diagonal attachment next to a stone
pattern diagonal-attach 10
. O .
X * .
. . .

// cut where the cutting point is unprotected
pattern cut-unprotected 10
X O ?
O * o
? o ?

// cut after a peep
pattern cut-peeped 10
X O ?
O * X
? ? ?

// push through between two stones (de)
pattern push-through 10
? X ?
O * O
o o o

// cut at a knight's move
pattern cut-keima 10
O X ?
o * O
? ? ?

// on the edge: follow a crawl
pattern edge-chase 10
X . ?
O * ?
# # #

// on the edge: block a cut
pattern edge-block-cut 10
O X ?
X * O
# # #

// on the edge: block a connection underneath
pattern edge-block-connection 10
? X ?
x * O
# # #

// on the edge: descend (sagari)
pattern edge-sagari 10
? X O
x * x
# # #

// on the edge: cut
pattern edge-cut 10
? O X
X * O
# # #
`;

function swapColours(text: string): string {
  return text
    .split('\n')
    .map((line) => (line.startsWith('pattern ') ? line.replace(/^pattern (\S+)/, 'pattern $1-swapped') : line.startsWith('//') ? line : line.replace(/[XOxo]/g, (c) => ({ X: 'O', O: 'X', x: 'o', o: 'x' })[c]!)))
    .join('\n');
}

/** The playout shapes for both colour assignments, as pattern diagram text. */
export function playoutShapeText(): string {
  return SHAPES_ONE_COLOUR + '\n' + swapColours(SHAPES_ONE_COLOUR);
}
