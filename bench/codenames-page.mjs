#!/usr/bin/env node
// codenames-page.mjs — `make bench`, part five: the 25-card Codenames boards
// of issue 14 in the page, as a user meets them: Debian's Chromium on dist/,
// the board pasted and Load pressed -> its answer on screen (the page's own
// worker, started and warm). Timed by the page's own clock, from the click
// event to the first frame that shows the answer: timed from this script, a
// click and the wait for the answer added about 0.3 s of Playwright's round
// trips. Medians of RUNS (default 3), each in a fresh page; the answer shown
// must be the native CLI's. The board is pasted PAUSE_MS (default 1000) after
// the page is up, as a user who reads the tool and pastes a board cannot be
// quicker: meanwhile the tool has its worker warm the 25-card boards' solve
// (web/lib/solver.js warm, wasm-glue/warm.mjs), as it would for that user.
// PAUSE_MS=0 times a paste at once (then the warm-up may still be running).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { serve } from '../e2e/serve.mjs';
import { launchChromium, machineLine, median } from './common.mjs';

console.log(machineLine());

const RUNS = Number(process.env.RUNS ?? 3);
const PAUSE_MS = Number(process.env.PAUSE_MS ?? 1000);
const DIST = new URL('../dist/', import.meta.url).pathname;
const CASES = ['codenames-25-15h', 'codenames-25-25h', 'codenames-25-40h'];

const server = await serve(DIST, 0);
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await launchChromium();

console.log(`\nCodenames in the page (Chromium): board pasted ${PAUSE_MS} ms after the page is up, Load -> its answer on screen`);
console.log(['case'.padEnd(18), 'answer'.padStart(8), 'median ms'.padStart(10), 'runs ms'].join('  '));
for (const name of CASES) {
  const file = new URL(`./cases/${name}.txt`, import.meta.url).pathname;
  const text = readFileSync(file, 'utf8');
  const want = Number(execFileSync('build/winrate', ['codenames', '--digits', '12', file], { encoding: 'utf8' }));
  const times = [];
  for (let run = 0; run < RUNS; run++) {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      addEventListener('click', () => { globalThis.clickedAt ??= performance.now(); }, true);
    });
    await page.goto(`${base}#/codenames`);
    await page.waitForFunction(() => performance.getEntriesByName('winrate-app').length > 0);
    if (PAUSE_MS) await page.waitForTimeout(PAUSE_MS);
    await page.getByRole('textbox', { name: /Contest input/ }).fill(text);
    await page.evaluate(() => { globalThis.clickedAt = undefined; });
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    const shownAt = await page.waitForFunction((w) => {
      const v = Number(document.querySelector('[data-testid="answer"]')?.getAttribute('data-value'));
      return Math.abs(v - w) < 1e-9 && performance.now();
    }, want, { timeout: 120_000, polling: 'raf' });
    const ms = Math.round((await shownAt.jsonValue()) - (await page.evaluate(() => globalThis.clickedAt)));
    times.push(ms);
    await page.close();
  }
  console.log([name.padEnd(18), want.toFixed(4).padStart(8), String(median(times)).padStart(10), times.join(' ')].join('  '));
}
await browser.close();
server.close();
