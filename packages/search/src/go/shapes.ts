// The shape database shipped with sente: well-known local shapes written as pattern diagrams
// (format in @sente/core go/patterns.ts; X = the side to move). Positive scores propose a
// candidate; negative scores mark bad shape that vetoes a move ("negative candidates", seed 000).
// Scores are rough priorities on a 0..100 scale, used as priors by the player.
export const SHAPES = `
// Hane at the head of two stones: block the other side's two-stone line.
pattern hane-head-of-two 60
. . . .
. * O .
. X O .
. X . .

// Cut: separate two diagonal stones of the other side that are not yet connected.
pattern cut 55
? O ?
X * X
? O ?

pattern crosscut 45
. O X
O * .
. X .

// Connect against a cut: own stones touching diagonally through the candidate point.
pattern connect-cut 50
? X ?
O * O
? X ?

pattern solid-connect 45
. X .
O * .
. X .

// Block a hane: the other side's stone hanes at the head of an own stone.
pattern block-hane 40
. . .
X * O
. X O

// Extend along the side from an own stone on the third line (two-space extension).
pattern extend-two-side 30
? ? ? ? ? ?
. . . . . .
X . . * . .
. . . . . .
. . . . . .
# # # # # #

// Shoulder hit / attach-and-extend: extend from a contact fight.
pattern stretch-from-atari-contact 35
. . . .
. O X *
. . . .

// Peep answered by connecting.
pattern answer-peep 50
. X .
O * X
. . .

// Eye-stealing placement: play the vital point of a three-point eye of the other side.
pattern steal-eye-three 45
O O O O O
O . * . O
? O O O ?

// Take the vital point of one's own three-point eye (make two eyes).
pattern own-eye-three 45
X X X X X
X . * . X
? X X X ?

// Hane on the edge (first line), reducing the other side's territory.
pattern edge-hane 30
? . X O ?
. * O . .
# # # # #

// Edge block: stop the other side's crawl on the second line.
pattern edge-block 35
? X O .
. * O .
# # # #

// Monkey jump (seed 000's sliding move on the first line).
pattern monkey-jump 30
? ? ? ? ?
X O O O O
X . . . .
. . . * .
# # # # #

// 3-3 invasion under the other side's 4-4 stone (seed 000's corner example).
pattern three-three 40
# . . . O
# . . * .
# . . . .
# . . . .
# # # # #

// Negative candidates (bad shape): the empty triangle, three own stones in an L around an
// empty point, with the new stone at the elbow or at an end of the L.
pattern empty-triangle -50
? ? ?
X * ?
. X ?

pattern empty-triangle-end -50
? ? ?
? * .
? X X

// Filling a true eye of one's own.
pattern fill-own-eye -90
x X x
X * X
x X x

pattern fill-own-edge-eye -90
x X x
X * X
# # #

pattern fill-own-corner-eye -90
x X #
X * #
# # #
`;
