// shell.js — the app shell: header, navigation between the tools, and the
// route (`#/<tool>?...`) that holds every tool's state. main.js renders it in
// the page; make site also renders it to HTML ahead of time (web/tools/prerender.mjs).
import { html, useEffect, useRef, useState } from './deps.js';
import { readRoute, searchParams, writeRoute } from './lib/route.js';
import { onEditKey, useEdits, useEditSteps } from './lib/use-edits.js';
import { EditSteps } from './components/edit-steps.js';
import { useCopy } from './lib/use-copy.js';
import { GAMES, gameOf } from './games.js';

function useRoute() {
  const [first] = useState(() => location.hash);
  const [route, setRoute] = useState(() => readRoute(first));
  useEffect(() => {
    const onHash = () => setRoute(readRoute());
    addEventListener('hashchange', onHash);
    // Effects run after the first paint: a hash change between the first render and this line
    // reached no listener, so the address is read again (it is the only truth about the route).
    if (location.hash !== first) onHash();
    return () => removeEventListener('hashchange', onHash);
  }, []);
  return [route, setRoute];
}

const loaded = new Map(); // game id -> its tool component, once imported

/** Imports a game's tool and keeps it, so the shell renders it at once (main.js, the prerender). */
export async function loadTool(game) {
  loaded.set(game.id, await game.tool());
}

/** The game's tool component once its code is imported (the app fetches only the tool on screen). */
function useTool(game) {
  const [, setDone] = useState(0);
  const [failed, setFailed] = useState(null);
  const shown = loaded.has(game.id);
  useEffect(() => {
    // Keyed on what this render showed, not on the map: main.js's loadTool can fill the map between
    // a render without the tool and this effect, and that render must still be followed by one with it.
    if (shown) return undefined;
    let live = true;
    game.tool().then((Tool) => {
      loaded.set(game.id, Tool);
      if (live) setDone((n) => n + 1);
    }, (err) => { if (live) setFailed(String(err?.message ?? err)); });
    return () => { live = false; };
  }, [game.id, shown]);
  return { Tool: loaded.get(game.id) ?? null, failed };
}

export function App() {
  const [route, setRoute] = useRoute();
  const known = gameOf(route.tool);
  const tool = known ?? GAMES[0];
  const { Tool, failed } = useTool(tool);

  useEffect(() => {
    if (!known) writeRoute(tool.id, {});
    document.title = `${tool.title} — winrate`;
  }, [tool.id]);

  const params = known ? route.params : new URLSearchParams();
  const edits = useEdits(tool.id);
  // the params now, from the URL (written at once by go), not from this render
  const now = () => {
    const at = readRoute();
    return gameOf(at.tool) ? at.params.toString() : '';
  };
  // replaceState fires no hashchange, so the route state is set here too.
  const go = (query) => {
    writeRoute(tool.id, Object.fromEntries(new URLSearchParams(query)));
    setRoute(readRoute());
  };
  const [step, said, change] = useEditSteps(edits, now, go);
  const setParams = (obj) => change(searchParams(obj).toString());
  // Ctrl+Z and the others anywhere on the page (onEditKey)
  const keys = useRef(step);
  keys.current = step;
  useEffect(() => {
    const onKey = (e) => onEditKey(e, keys.current);
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);
  // The app is live once its effects have run: the tool's (they run first) and the shell's listeners
  // above. Its first render comes a frame before them, so a key or a hash change then would be lost
  // (e2e/helpers.mjs expectLive waits for this mark; bench/page.mjs reports when).
  useEffect(() => { performance.mark('winrate-app'); }, []);

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
      ${Tool ? html`<${EditBar} edits=${edits} step=${step} said=${said} />
        <${Tool} key=${tool.id} params=${params} setParams=${setParams} />`
        : failed ? html`<div class="alert" role="alert">${tool.title} could not be loaded: ${failed}</div>`
          : html`<p class="muted loading">Loading ${tool.title}…</p>`}
    </main>
    <footer class="app-footer">
      <p>Solved exactly in your browser by C compiled to WebAssembly. Every setting is in the page's address: Copy link shares this very position.</p>
      <${PrintLink} />
    </footer>`;
}

/** Undo and Redo of the tool's edits (EditSteps) and Copy link, at the top right of the tool. The link is the whole
 * state: installed (display standalone) the app has no address bar to copy. */
function EditBar({ edits, step, said }) {
  const [copied, copy] = useCopy('The clipboard is not available here.');
  return html`
    <div class="edit-bar">
      <${EditSteps} edits=${edits} step=${step} said=${said} />
      <button type="button" aria-label="Copy link" title="Copy the link to this position" onClick=${() => copy('Link', location.href)}>
        <svg viewBox="0 0 24 24" width="15" height="15" aria-hidden="true" class="icon"><path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" /></svg><span class="word" aria-hidden="true"> Copy link</span></button>
      <span class="edit-said" role="status">${copied}</span>
    </div>`;
}

/** On paper (and in a saved PDF, where it stays a link), the address of what is printed. */
function PrintLink() {
  if (typeof location === 'undefined') return null; // the prerender: the page fills it in
  const url = location.href;
  return html`<p class="print-only">This position: <a href=${url}>${url.length > 160 ? `${url.slice(0, 160)}…` : url}</a></p>`;
}
