import { go as rules } from '@sente/core';
import { go as s } from '@sente/search';
const b = rules.parseFigure(['+++++++++', '+++++++++', '++++*++++', '+++*O*+++', '+++*O*+++', '+++++++++', '+++++++++', '+++++++++', '+++++++++'].join('\n')).value;
for (const [priors, seed, playouts] of [[true, 1, 300], [true, 2, 300], [true, 3, 300], [true, 3, 1000], [true, 3, 3000]]) {
  const p = new s.MctsPlayer({ playouts, seed, priors });
  const r = p.genmove(b, rules.BLACK, 7.5);
  const ch = p.rootChildren().sort((a, b) => b.visits - a.visits).slice(0, 5);
  console.log(priors, seed, playouts, rules.figurePointName(9, r.move), ch.map((c) => `${rules.figurePointName(9, c.move)} ${c.visits} ${(c.wins / c.visits).toFixed(2)}`).join(' | '));
}
