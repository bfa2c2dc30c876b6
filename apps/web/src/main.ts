// The lab's single page: a hash router over the six pages. Each page builds its DOM into <main>
// and returns a function that stops its work (timers, event streams, late engine answers) when
// the user leaves it. `data-page` and `data-rendered` on <main> tell tests what is on screen.
import './style.css';
import { loadConfig } from './api.js';
import { h } from './dom.js';
import { analysePage } from './pages/analyse.js';
import { buildsPage } from './pages/builds.js';
import { gamesPage } from './pages/games.js';
import { goPage } from './pages/go.js';
import { playPage } from './pages/play.js';
import { watchPage } from './pages/watch.js';

const PAGES: Record<string, (root: HTMLElement) => () => void> = {
  play: playPage, go: goPage, analyse: analysePage, games: gamesPage, builds: buildsPage, watch: watchPage,
};

const app = document.getElementById('app')!;
let leave: (() => void) | null = null;

function route(): void {
  const name = (location.hash.replace(/^#\/?/, '').split('?')[0] || 'play').toLowerCase();
  const page = PAGES[name] ?? playPage;
  leave?.();
  app.replaceChildren();
  app.dataset.page = PAGES[name] ? name : 'play';
  delete app.dataset.rendered;
  for (const a of document.querySelectorAll<HTMLAnchorElement>('#nav a')) a.classList.toggle('active', a.getAttribute('href') === `#/${app.dataset.page}`);
  leave = page(app);
  app.dataset.rendered = String(performance.now());
}

loadConfig().then((c) => {
  document.getElementById('mode')!.textContent = c.mode === 'static' ? `static app ${c.version} (engines in the page, no server)` : `sente serve ${c.version}`;
  window.addEventListener('hashchange', route);
  route();
}, (e: Error) => {
  app.append(h('p', { class: 'error' }, `cannot start: ${e.message}`));
});
