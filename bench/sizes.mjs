#!/usr/bin/env node
// sizes.mjs — `make bench`, part three: what embedding costs. Serves a copy of
// dist/ with a one-widget blog post, opens it in Debian's Chromium, and sums
// every response the page fetched until each widget showed its answer (raw
// bytes and gzip -9 of the same bodies), by kind, with the time from
// navigation to the answer on screen (median of RUNS loads, no HTTP cache);
// the same for a dice post on another origin than dist/ (served with CORS, as a
// CDN would: the blob: worker shim path); then the whole dist/.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { serve } from '../e2e/serve.mjs';
import { launchChromium, median, printTable } from './common.mjs';

const DIST = new URL('../dist/', import.meta.url).pathname;
const POSTS = {
  dice: 'AA A D DD\n4 4',
  hopchess: '1 3\nJJD\n3 1',
  codenames: '4 B\napple sleep java dog\nB R I A\n3\n2 apple java\n2 apple dog\n2 sleep java',
  escape: '3 3 4\nT..\n.#.\n..E',
};

const RUNS = 5;
const kb = (n) => (n / 1024).toFixed(1);
const kindOf = (url) => ({ '.wasm': 'wasm', '.css': 'css', '.html': 'html' }[extname(new URL(url).pathname)] ?? 'js');

function walk(dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

const site = mkdtempSync(join(tmpdir(), 'winrate-sizes-'));
cpSync(DIST, site, { recursive: true });
for (const [game, text] of Object.entries(POSTS)) {
  writeFileSync(join(site, `post-${game}.html`), `<!doctype html><meta charset="utf-8"><title>post</title>
<script type="module" src="embed.js"></script><p>A paragraph.</p><winrate-${game}>\n${text}\n</winrate-${game}>\n`);
}
const server = await serve(site, 0, { cors: true });
const base = `http://127.0.0.1:${server.address().port}/`;
// The cross-origin post: its own origin, embed.js from the first server.
const postDir = mkdtempSync(join(tmpdir(), 'winrate-post-'));
writeFileSync(join(postDir, 'post-dice.html'), `<!doctype html><meta charset="utf-8"><title>post</title>
<script type="module" src="${base}embed.js"></script><p>A paragraph.</p><winrate-dice>\n${POSTS.dice}\n</winrate-dice>\n`);
const postServer = await serve(postDir, 0);
const crossBase = `http://127.0.0.1:${postServer.address().port}/`;
const browser = await launchChromium();

const rows = [];
try {
  const cases = [...Object.keys(POSTS).map((game) => [`one <winrate-${game}>`, game, `${base}post-${game}.html`]),
    ['dice, post on another origin', 'dice', `${crossBase}post-dice.html`]];
  for (const [label, game, url] of cases) {
    const ms = [];
    let fetched = null;
    for (let run = 0; run < RUNS; run++) {
      const page = await browser.newPage();
      const bodies = [];
      page.on('response', (r) => bodies.push(r.body().then((b) => ({ url: r.url(), b })).catch(() => null)));
      await page.goto(url);
      const shown = await page.waitForFunction((tag) => {
        const answer = document.querySelector(tag)?.shadowRoot?.querySelector('[data-testid="answer"]');
        return answer ? performance.now() : false;
      }, `winrate-${game}`, { polling: 'raf', timeout: 30_000 });
      ms.push(await shown.jsonValue());
      await page.waitForLoadState('networkidle');
      fetched ??= (await Promise.all(bodies)).filter(Boolean);
      await page.close();
    }
    const sum = { js: 0, css: 0, wasm: 0, html: 0 };
    let gz = 0;
    for (const { url: u, b } of fetched) {
      sum[kindOf(u)] += b.length;
      gz += gzipSync(b, { level: 9 }).length;
    }
    const raw = Object.values(sum).reduce((a, x) => a + x, 0);
    rows.push([label, String(fetched.length), kb(sum.js), kb(sum.css), kb(sum.wasm), kb(sum.html), kb(raw), kb(gz),
      median(ms).toFixed(0)]);
  }
} finally {
  await browser.close();
  server.close();
  postServer.close();
  rmSync(site, { recursive: true, force: true });
  rmSync(postDir, { recursive: true, force: true });
}

const files = walk(DIST);
const total = files.reduce((a, f) => a + statSync(f).size, 0);
const totalGz = files.reduce((a, f) => a + gzipSync(readFileSync(f), { level: 9 }).length, 0);
rows.push(['all of dist/', String(files.length), '', '', '', '', kb(total), kb(totalGz), '']);

const head = ['page', 'files', 'JS KB', 'CSS KB', 'WASM KB', 'HTML KB', 'total KB', 'gzip -9 KB', 'answer ms'];
console.log(`\nembedding: bytes a blog post fetches from a copy of dist/ until its widget shows the answer, and ms from
navigation to the answer on screen (median of ${RUNS}; localhost, so this is parse/compile/solve time, not network)`);
printTable(head, rows);
