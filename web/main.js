// main.js — starts the app: the solver's worker, the tool on screen, and the
// shell (shell.js) rendered into #app, over the prerendered view when
// web/boot.js put one there (make site).
import { html, render } from './deps.js';
import { readRoute } from './lib/route.js';
import { GAMES, gameOf } from './games.js';
import { registerOffline } from './lib/offline.js';
import { prestart, prime } from './lib/solver.js';
import { App, loadTool } from './shell.js';

/**
 * The bundle (make site, web/tools/bundle.mjs) lists each tool's chunks on
 * <html data-chunks>: preloaded together, they arrive side by side instead of
 * each import waiting for the one that names it. The sources have no list.
 */
function preloadChunks(id) {
  let chunks = [];
  try {
    chunks = JSON.parse(document.documentElement.dataset.chunks ?? '{}')[id] ?? [];
  } catch { /* no list: the imports find their way alone */ }
  document.head.append(...chunks.map((href) => Object.assign(document.createElement('link'), { rel: 'modulepreload', href })));
}

// Before the first render: the solver's worker (and its WASM) and the tool on
// screen start loading at once, side by side, instead of one after the other.
prestart();
const first = gameOf(readRoute().tool) ?? GAMES[0];
preloadChunks(first.id);
const firstTool = loadTool(first).catch(() => {}); // the shell reports a tool that cannot load (useTool)

// The prerendered answers (make site: web/tools/prerender.mjs) go into the recent answers, so the
// tools find them solved; over a prerendered view the shell renders once the tool is here, so the
// view is replaced by itself, never by "Loading…".
const app = document.getElementById('app');
const data = document.getElementById('prerendered');
if (data) {
  try {
    prime(JSON.parse(data.textContent));
  } catch { /* a damaged list: every answer is solved again */ }
}
if (app.dataset.prerendered) await firstTool;
render(html`<${App} />`, app);
document.getElementById('main')?.removeAttribute('inert'); // boot.js's, if Preact kept it

// Offline copy: installed once the page has loaded, so it never competes with the first answer.
if (document.readyState === 'complete') registerOffline();
else addEventListener('load', registerOffline, { once: true });
