// Builds: the registry (shipped and user builds), ranked by Elo, with the test-set error and
// lineage; the test-set error and Elo over the builds in order of creation, Elo with its interval
// where the build's notes record one; each build's training curve
// (its training.csv: train and validation RMS per epoch, and the validation RMS of each phase
// when the CSV has it), and two builds' evaluations compared on one position.
import { BLACK, squareName } from '@sente/core';
import { byRank, phaseOf } from '@sente/search';
import { currentConfig, engine, getJson, type BuildInfo } from '../api.js';
import { lineChart } from '../chart.js';
import { clear, h, signed } from '../dom.js';
import type { MoveScoreMsg } from '../protocol.js';
import { buildSelect, cellsOf, errorBox, label, numberInput, parsePositionText } from './common.js';

interface TrainingRow { epoch: number; train: number; validation: number; phases?: (number | null)[] }

/** `phase 3: 45-41 empties`: the empties a phase of `phases` covers (phaseOf's split). */
function phaseName(phase: number, phases: number): string {
  const empties: number[] = [];
  for (let e = 60; e >= 0; e--) if (phaseOf(e, phases) === phase) empties.push(e);
  return `p${phase}: ${empties.length > 1 ? `${empties[0]}-${empties[empties.length - 1]}` : empties[0]} empties`;
}

export function buildsPage(root: HTMLElement): () => void {
  const c = currentConfig();
  const page = h('section', { id: 'builds', 'data-state': 'idle' }, h('h2', {}, 'Builds'));
  root.append(page);
  const ranked = [...c.builds].sort(byRank);
  const table = h('table', { id: 'build-table' }, h('tr', {}, ...['build', 'origin', 'Elo', 'interval', 'test MAE', 'valid RMS', 'games', 'positions', 'created', 'lineage'].map((t) => h('th', {}, t))));
  for (const b of ranked) {
    table.append(h('tr', { 'data-build': b.id, title: b.notes },
      h('td', {}, `${b.id === c.strongest ? '* ' : ''}${b.id}`), h('td', {}, b.origin),
      h('td', {}, b.elo === null ? '-' : signed(Math.round(b.elo))),
      h('td', {}, b.eloLow !== null && b.eloHigh !== null ? `[${signed(Math.round(b.eloLow))}, ${signed(Math.round(b.eloHigh))}]` : '-'),
      h('td', { class: 'test-mae' }, b.testSetMae === null ? '-' : b.testSetMae.toFixed(3)),
      h('td', {}, b.validationError === null ? '-' : b.validationError.toFixed(2)),
      h('td', {}, b.games), h('td', {}, b.positions), h('td', {}, b.created.slice(0, 16).replace('T', ' ')),
      h('td', {}, b.lineage.slice(1).join(' < ') || '-')));
  }
  page.append(table);

  const rated = [...c.builds].filter((b) => b.elo !== null).sort((a, b) => a.created.localeCompare(b.created));
  const eloBox = h('div', { id: 'elo-chart' });
  eloBox.append(rated.length
    ? lineChart([{ name: 'Elo vs bootstrap', points: rated.map((b, i) => ({ x: i, y: b.elo!, low: b.eloLow ?? undefined, high: b.eloHigh ?? undefined, label: `${b.id}: ${signed(Math.round(b.elo!))}` })) }],
      { title: 'Elo over the builds, in order of creation (95% interval where measured)', xLabel: 'build', yLabel: 'Elo', yZero: true, xTicks: rated.map((b, i) => ({ x: i, label: b.id })) })
    : h('p', {}, 'no build has an Elo yet'));
  page.append(h('h3', {}, 'Elo'), eloBox);

  // The test-set error is one fixed set for every build, so builds compare on it; each build's
  // validation RMS is measured on its own held-out games and does not (it stays in the table).
  const measured = [...c.builds].filter((b) => b.testSetMae !== null).sort((a, b) => a.created.localeCompare(b.created));
  const errBox = h('div', { id: 'test-error-chart' });
  errBox.append(measured.length
    ? lineChart([{ name: 'test-set MAE (discs)', points: measured.map((b, i) => ({ x: i, y: b.testSetMae!, label: `${b.id}: ${b.testSetMae!.toFixed(3)}` })) }],
      { title: 'Test-set error (mean absolute, discs) over the builds, in order of creation', xLabel: 'build', yLabel: 'MAE', xTicks: measured.map((b, i) => ({ x: i, label: b.id })), height: 200 })
    : h('p', {}, 'no build has a test-set error yet'));
  page.append(h('h3', {}, 'Test-set error'), errBox);

  const curves = h('div', { id: 'training-curves' });
  page.append(h('h3', {}, 'Training curves'), curves);
  void drawCurves(c.builds.filter((b) => b.hasTraining), curves).then(() => { page.dataset.state = 'drawn'; });

  const a = buildSelect('compare-a', c.builds[0]?.id);
  const b = buildSelect('compare-b');
  const pos = h('input', { id: 'compare-position', size: 60, placeholder: 'transcript or board string (empty: the start)' });
  const depth = numberInput('compare-depth', 1, 1, 12);
  const btn = h('button', { id: 'compare-go' }, 'Compare');
  const out = h('div', { id: 'compare-out' });
  page.append(h('h3', {}, 'Compare two builds on a position'), h('div', { class: 'controls' }, label('A', a), label('B', b), pos, label('depth', depth), btn), out);
  btn.addEventListener('click', async () => {
    clear(out);
    const parsed = parsePositionText(pos.value);
    if (typeof parsed === 'string') { out.append(errorBox(parsed)); return; }
    const p = parsed.position;
    if (!p.isGameOver() && p.mustPass()) p.makePass();
    if (p.isGameOver()) { out.append(errorBox('the game is over in this position')); return; }
    const board = `${cellsOf(p)} ${p.side === BLACK ? 'X' : 'O'}`;
    try {
      const ids = [await engine.load(a.value), await engine.load(b.value)];
      const [sa, sb] = await Promise.all(ids.map((id) => engine.request<MoveScoreMsg[]>({ type: 'analyze', build: id, board, depth: Number(depth.value), exactFrom: 0 })));
      const mb = new Map(sb.map((m) => [m.move, m.score]));
      const t = h('table', { id: 'compare-table' }, h('tr', {}, h('th', {}, 'move'), h('th', {}, ids[0]), h('th', {}, ids[1]), h('th', {}, 'B - A')));
      for (const m of sa) {
        const other = mb.get(m.move)!;
        t.append(h('tr', { 'data-move': squareName(m.move) }, h('td', {}, squareName(m.move)), h('td', {}, signed(m.score)), h('td', {}, signed(other)), h('td', {}, signed(other - m.score))));
      }
      out.append(h('p', {}, `${p.side === BLACK ? 'black' : 'white'} to move, depth ${depth.value}, scores in discs for the side to move`), t);
    } catch (e) {
      out.append(errorBox((e as Error).message));
    }
  });
  return () => {};
}

async function drawCurves(builds: BuildInfo[], box: HTMLElement): Promise<void> {
  if (builds.length === 0) { box.append(h('p', {}, 'no build has a training.csv')); return; }
  for (const b of builds) {
    try {
      const rows = await getJson<TrainingRow[]>(b.trainingUrl!);
      box.append(h('div', { class: 'curve', 'data-build': b.id }, lineChart([
        { name: 'train RMS', points: rows.map((r) => ({ x: r.epoch, y: r.train })) },
        { name: 'validation RMS', points: rows.map((r) => ({ x: r.epoch, y: r.validation })) },
      ], { title: `${b.id}: error per epoch (discs)`, xLabel: 'epoch', yLabel: 'RMS' })));
      // One validation curve per phase (newer CSVs); phases without validation positions are left out.
      const phases = rows[0]?.phases?.length ?? 0;
      const perPhase = Array.from({ length: phases }, (_, k) => ({
        name: phaseName(k, phases),
        points: rows.flatMap((r) => (r.phases?.[k] === null || r.phases?.[k] === undefined ? [] : [{ x: r.epoch, y: r.phases[k]!, label: `${phaseName(k, phases)}, epoch ${r.epoch}: ${r.phases[k]!.toFixed(2)}` }])),
      })).filter((sr) => sr.points.length > 0);
      if (perPhase.length > 0) {
        box.append(h('div', { class: 'curve phase-curve', 'data-build': b.id, 'data-phases': perPhase.length }, lineChart(perPhase,
          { title: `${b.id}: validation error per epoch of each phase (discs)`, xLabel: 'epoch', yLabel: 'RMS', legendWidth: 130 })));
      }
    } catch (e) {
      box.append(errorBox(`${b.id}: ${(e as Error).message}`));
    }
  }
}
