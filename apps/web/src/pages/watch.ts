// Watch: a tournament as it runs. The server follows the results CSV and its settings file (so a
// local run and a queue-distributed one look the same) and pushes the state by server-sent
// events: progress, standings with Elo and 95% intervals, the SPRT's LLR and bounds, and the
// latest finished games, the last one on a board.
import { Position, parseTranscript } from '@sente/core';
import { currentConfig, getJson } from '../api.js';
import { othelloBoard } from '../board.js';
import { lineChart } from '../chart.js';
import { clear, h, signed } from '../dom.js';
import { cellsOf, errorBox, resultText } from './common.js';

interface WatchState {
  file: string;
  error?: string;
  done: number;
  total: number | null;
  players: string[];
  standings: { name: string; games: number; wins: number; draws: number; losses: number; score: number; elo: number | null; low: number | null; high: number | null; meanDiscs: number }[];
  sprt: { llr: number; lower: number; upper: number; decision: string | null; pairs: number } | null;
  recent: { key: number; black: string; white: string; blackScore: number; transcript: string; reason: string }[];
  inProgress: { key: number; black: string; white: string; transcript: string }[];
  history: { done: number; elo: number | null; low: number | null; high: number | null }[];
  finished: boolean;
  updated: string;
}

export function watchPage(root: HTMLElement): () => void {
  const page = h('section', { id: 'watch', 'data-state': 'idle' }, h('h2', {}, 'Watch a tournament'));
  root.append(page);
  if (currentConfig().mode !== 'server' || !currentConfig().archive) {
    page.append(h('p', {}, 'Watching needs `sente serve --archive DIR` with the tournament CSV in that folder.'));
    return () => {};
  }
  const select = h('select', { id: 'watch-file' });
  const out = h('div', { id: 'watch-out' });
  page.append(h('div', { class: 'controls' }, h('label', {}, 'tournament ', select)), out);
  let source: EventSource | null = null;

  async function files(): Promise<void> {
    const r = await getJson<{ files: { name: string; kind: string }[] }>('api/archive?limit=0');
    const names = r.files.filter((f) => f.kind === 'tournament').map((f) => f.name);
    const wanted = new URLSearchParams(location.hash.split('?')[1] ?? '').get('file');
    clear(select);
    for (const n of names) select.append(h('option', { value: n }, n));
    if (wanted && !names.includes(wanted)) select.append(h('option', { value: wanted }, wanted));
    if (wanted) select.value = wanted;
    if (select.value) follow(select.value);
    else out.append(h('p', {}, 'no tournament CSV in the archive yet'));
  }

  function follow(file: string): void {
    source?.close();
    clear(out);
    out.append(h('p', { class: 'muted' }, `connecting to ${file}...`));
    source = new EventSource(`api/watch?file=${encodeURIComponent(file)}`);
    source.addEventListener('state', (ev) => render(JSON.parse((ev as MessageEvent<string>).data) as WatchState));
    source.onerror = () => { page.dataset.connection = 'lost'; };
    source.onopen = () => { page.dataset.connection = 'open'; };
  }

  function render(st: WatchState): void {
    clear(out);
    page.dataset.done = String(st.done);
    page.dataset.state = st.finished ? 'finished' : 'running';
    if (st.error) out.append(errorBox(st.error));
    out.append(h('p', { id: 'watch-progress' }, `${st.done}${st.total !== null ? ` of ${st.total}` : ''} games${st.finished ? ' (finished)' : ''} · updated ${st.updated.slice(11, 19)}`));
    if (st.total) out.append(h('progress', { max: st.total, value: st.done }));
    const table = h('table', { id: 'standings' }, h('tr', {}, ...['player', 'games', 'W', 'D', 'L', 'score', 'Elo', '95%', 'discs'].map((t) => h('th', {}, t))));
    for (const s of st.standings) {
      table.append(h('tr', { 'data-player': s.name }, h('td', {}, s.name), h('td', {}, s.games), h('td', {}, s.wins), h('td', {}, s.draws), h('td', {}, s.losses),
        h('td', {}, `${(s.score * 100).toFixed(1)}%`), h('td', {}, fmt(s.elo, s.score >= 0.5)), h('td', {}, `[${fmt(s.low, false)}, ${fmt(s.high, true)}]`), h('td', {}, signed(s.meanDiscs, 1))));
    }
    out.append(table);
    if (st.sprt) {
      out.append(h('p', { id: 'watch-sprt' }, `SPRT: LLR ${signed(st.sprt.llr, 2)} in [${signed(st.sprt.lower, 2)}, ${signed(st.sprt.upper, 2)}] after ${st.sprt.pairs} pairs${st.sprt.decision ? ` — ${st.sprt.decision === 'H1' ? 'accepted H1 (stronger)' : 'accepted H0 (not stronger)'}` : ''}`));
    }
    if (st.history.length > 1 && st.players.length === 2) {
      out.append(lineChart([{ name: `${st.players[0]} vs ${st.players[1]}`, points: st.history.filter((p) => p.elo !== null).map((p) => ({ x: p.done, y: p.elo!, low: p.low ?? undefined, high: p.high ?? undefined })) }], { title: 'Elo of the first player as games finish (95% interval)', xLabel: 'games', yLabel: 'Elo', yZero: true, height: 200 }));
    }
    if (st.inProgress.length > 0) {
      const boards = h('div', { id: 'live-games', class: 'live' });
      for (const g of st.inProgress) {
        const r = parseTranscript(g.transcript);
        if (!r.ok) continue;
        const box = h('figure', { class: 'live-game', 'data-game': g.key, 'data-plies': r.value.moves.length },
          othelloBoard({ cells: cellsOf(r.value.position), last: r.value.moves.at(-1) }),
          h('figcaption', {}, `#${g.key} ${g.black} - ${g.white}, move ${r.value.moves.length} (${r.value.position.blackCount()}-${r.value.position.whiteCount()})`));
        boards.append(box);
      }
      out.append(h('h3', {}, 'games in progress'), boards);
    }
    const last = st.recent[0];
    if (last) {
      const r = parseTranscript(last.transcript);
      const pos = r.ok ? r.value.position : Position.initial();
      out.append(h('div', { class: 'split' }, h('div', { class: 'board-box' }, othelloBoard({ cells: cellsOf(pos), last: r.ok ? r.value.moves.at(-1) : undefined })),
        h('div', { class: 'side' }, h('h3', {}, 'latest games'), h('ol', { id: 'recent-games' }, ...st.recent.map((g) => h('li', {}, `#${g.key} ${g.black} - ${g.white}: ${resultText(g.blackScore)}${g.reason !== 'normal' ? ` (${g.reason})` : ''}`))))));
    }
  }

  select.addEventListener('change', () => follow(select.value));
  void files().catch((e: Error) => out.append(errorBox(e.message)));
  return () => source?.close();
}

/** An Elo value; null is unbounded, upwards or downwards as `up` says. */
function fmt(x: number | null, up: boolean): string {
  return x === null ? (up ? '+inf' : '-inf') : signed(Math.round(x));
}
