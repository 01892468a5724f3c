#!/usr/bin/env node
// prerender.mjs — `make site`, after bundle.mjs: each tool's view at its
// default state, answer included, rendered to HTML ahead of time. Usage:
// node web/tools/prerender.mjs SITE
//
// The shell (web/shell.js) is rendered with preact-render-to-string for the
// address `#/<tool>`; the answers it asks for are solved here by the same
// WASM build the page runs (wasm-glue/winrate.mjs), then it is rendered again
// with them known. index.html gets, before its scripts: one <template> per
// tool, the answers as JSON (main.js hands them to the solver bridge's recent
// answers, so the app finds them solved) and web/boot.js, which shows the view
// the address asks for while the app's code loads. The app then renders over
// it: the same markup, now live.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const site = resolve(process.argv[2] ?? '');
if (!process.argv[2]) {
  console.error('usage: node web/tools/prerender.mjs SITE');
  process.exit(2);
}
const root = resolve(new URL('../..', import.meta.url).pathname);

// preact-render-to-string with the site's own Preact (one copy of Preact, or hooks break).
const rtsDir = join(root, 'build/prerender');
mkdirSync(rtsDir, { recursive: true });
const rtsFile = join(rtsDir, 'render-to-string.mjs');
const preactUrl = pathToFileURL(join(site, 'vendor/preact.mjs')).href;
const rts = readFileSync(join(root, 'node_modules/preact-render-to-string/dist/index.mjs'), 'utf8');
if (!rts.includes('from"preact"')) throw new Error('prerender: preact-render-to-string no longer imports "preact" as expected');
writeFileSync(rtsFile, rts.replaceAll('from"preact"', `from${JSON.stringify(preactUrl)}`));
const { render: renderToString } = await import(pathToFileURL(rtsFile).href);

// What the shell and the tools touch of the browser while rendering.
globalThis.location = { hash: '', origin: 'http://prerender.invalid', href: 'http://prerender.invalid/' };
globalThis.history = { replaceState() {} };
globalThis.matchMedia = () => ({ matches: false, addEventListener() {}, removeEventListener() {} });

const web = (f) => import(pathToFileURL(join(site, 'web', f)).href);
const { h } = await web('deps.js');
const { App, loadTool } = await web('shell.js');
const { GAMES } = await web('games.js');
const { collectMisses, prime } = await web('lib/solver.js');
const { load } = await import(pathToFileURL(join(root, 'wasm-glue/winrate.mjs')).href);
const solver = await load();

// Inline styles (bar widths, a board's columns, a map's aspect) are set by the app's code, which the
// page's CSP allows; as attributes in the HTML it forbids them (style-src 'self'), and without them the
// prerendered view was another layout (a hop chess board in one column, empty outcome bars) that jumped
// when the app took over. So each style attribute becomes a class whose rule, the same declarations made
// !important (as a style attribute outranks the stylesheet), goes at the end of the site's style.css.
// The app's render sets the elements' classes anew, which drops these.
const styleClasses = new Map(); // declarations -> class
const ENTITIES = { '&quot;': '"', '&amp;': '&', '&lt;': '<', '&gt;': '>', '&#39;': "'" };
function unstyle(html) {
  // a start tag: its name, its attributes (render-to-string always quotes values with ", escaping them)
  return html.replace(/<([a-zA-Z][\w:-]*)((?:\s+[^\s"'=<>\/]+(?:="[^"]*")?)*)(\s*\/?)>/g, (tag, name, attrs, close) => {
    const style = / style="([^"]*)"/.exec(attrs);
    if (!style) return tag;
    const decls = style[1].replace(/&(quot|amp|lt|gt|#39);/g, (e) => ENTITIES[e]).trim();
    let cls = styleClasses.get(decls);
    if (!cls) styleClasses.set(decls, (cls = `pr${styleClasses.size}`));
    let rest = attrs.replace(style[0], '');
    rest = / class="/.test(rest) ? rest.replace(/ class="([^"]*)"/, (_, c) => ` class="${c} ${cls}"`) : `${rest} class="${cls}"`;
    return `<${name}${rest}${close}>`;
  });
}

const views = [];
const answers = [];
for (const game of GAMES) {
  location.hash = `#/${game.id}`;
  location.href = `http://prerender.invalid/#/${game.id}`;
  await loadTool(game);
  // Render until it asks for nothing new (an answer can lead to another request, as hop chess's does).
  let html = '';
  for (let pass = 0; ; pass++) {
    const asked = [];
    collectMisses(asked);
    html = renderToString(h(App, null));
    collectMisses(null);
    if (asked.length === 0) break;
    if (pass === 3) throw new Error(`prerender: ${game.id} keeps asking for new answers`);
    const solved = asked.map(([g, input, options]) => [g, input, options, solver.request(g, input, options ?? {})]);
    prime(solved);
    answers.push(...solved);
  }
  html = unstyle(html);
  if (!/data-testid="answer"[^>]*data-value="[^"]/.test(html)) throw new Error(`prerender: ${game.id} shows no answer`);
  views.push(`<template id="prerender-${game.id}"${views.length ? '' : ' data-first'}>${html}</template>`);
}

const rules = [...styleClasses].map(([decls, cls]) => `.${cls}{${decls.split(';').map((d) => d.trim())
  .filter(Boolean).map((d) => `${d} !important`).join(';')}}`);
const cssPath = join(site, 'web/style.css');
writeFileSync(cssPath, `${readFileSync(cssPath, 'utf8')}\n/* the prerendered views' inline styles (web/tools/prerender.mjs) */\n${rules.join('\n')}\n`);

const indexPath = join(site, 'index.html');
let index = readFileSync(indexPath, 'utf8');
const json = JSON.stringify(answers).replace(/</g, '\\u003c');
const block = `  ${views.join('\n  ')}\n  <script type="application/json" id="prerendered">${json}</script>\n  <script src="web/boot.js"></script>\n`;
const at = index.indexOf('  <script type="module"');
if (at < 0) throw new Error('prerender: index.html has no module script');
index = index.slice(0, at) + block + index.slice(at);
writeFileSync(indexPath, index);
console.log(`prerender: ${views.length} views, ${answers.length} answers, index.html ${(index.length / 1024).toFixed(0)} KB, ${rules.length} style rules`);
process.exit(0); // the bridge's idle timers need not run
