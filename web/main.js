// main.js — the app shell: header, navigation between the tools, and the
// route (`#/<tool>?...`) that holds every tool's state.
import { html, render, useEffect, useState } from './deps.js';
import { readRoute, writeRoute } from './lib/route.js';
import { GAMES, gameOf } from './games.js';
import { registerOffline } from './lib/offline.js';
import { prestart } from './lib/solver.js';

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
first.tool();

function useRoute() {
  const [route, setRoute] = useState(() => readRoute());
  useEffect(() => {
    const onHash = () => setRoute(readRoute());
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);
  return [route, setRoute];
}

const loaded = new Map(); // game id -> its tool component, once imported

/** The game's tool component once its code is imported (the app fetches only the tool on screen). */
function useTool(game) {
  const [, setDone] = useState(0);
  const [failed, setFailed] = useState(null);
  useEffect(() => {
    if (loaded.has(game.id)) return undefined;
    let live = true;
    game.tool().then((Tool) => {
      loaded.set(game.id, Tool);
      if (live) setDone((n) => n + 1);
    }, (err) => { if (live) setFailed(String(err?.message ?? err)); });
    return () => { live = false; };
  }, [game.id]);
  return { Tool: loaded.get(game.id) ?? null, failed };
}

function App() {
  const [route, setRoute] = useRoute();
  const known = gameOf(route.tool);
  const tool = known ?? GAMES[0];
  const { Tool, failed } = useTool(tool);

  useEffect(() => {
    if (!known) writeRoute(tool.id, {});
    document.title = `${tool.title} — winrate`;
  }, [tool.id]);

  // replaceState fires no hashchange, so the route state is set here too.
  const setParams = (obj) => {
    writeRoute(tool.id, obj);
    setRoute(readRoute());
  };
  const params = known ? route.params : new URLSearchParams();

  return html`
    <a class="skip" href="#main" onClick=${(e) => { e.preventDefault(); document.getElementById('main')?.focus(); }}>Skip to the tool</a>
    <header class="app-header">
      <h1 class="brand"><img src="web/icon.svg" alt="" width="28" height="28" /><span>winrate</span></h1>
      <p class="tagline">Exact win probabilities for small games</p>
      <nav aria-label="Tools">
        <ul>
          ${GAMES.map((t) => html`<li><a href=${`#/${t.id}`} aria-current=${t.id === tool.id ? 'page' : undefined}>${t.title}</a></li>`)}
        </ul>
      </nav>
    </header>
    <main id="main" tabindex="-1">
      ${!known && route.tool ? html`<div class="notice" role="status">There is no tool called “${route.tool}”; showing ${tool.title}.</div>` : null}
      ${Tool ? html`<${Tool} key=${tool.id} params=${params} setParams=${setParams} />`
        : failed ? html`<div class="alert" role="alert">${tool.title} could not be loaded: ${failed}</div>`
          : html`<p class="muted loading">Loading ${tool.title}…</p>`}
    </main>
    <footer class="app-footer">
      <p>Solved exactly in your browser by C compiled to WebAssembly. Every setting is in the address bar: copy it to share.</p>
    </footer>`;
}

render(html`<${App} />`, document.getElementById('app'));
// Offline copy: installed once the page has loaded, so it never competes with the first answer.
if (document.readyState === 'complete') registerOffline();
else addEventListener('load', registerOffline, { once: true });
