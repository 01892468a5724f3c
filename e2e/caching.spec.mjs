// caching.spec.mjs — the built site's caching (issue 19): every file of the
// bundle (web/app/) has a hash of its content in its name and is cached for a
// year without revalidation; index.html and sw.js are revalidated on every
// visit; e2e/serve.mjs (and so `make run`) follows the site's _headers as a
// static host does. A second visit asks the server for index.html only (304)
// and nothing from web/app/; the page preloads the chunks of the tool on
// screen. Service workers stay blocked here (playwright.config.mjs): this is
// the HTTP cache alone.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { expectLive } from './helpers.mjs';
import { serve } from './serve.mjs';

const SITE = process.env.SITE_DIR ?? 'build/site';
const HASHED = /-[A-Z0-9]{8}\.js$/;

async function logged() {
  const hits = [];
  const server = await serve(SITE, 0, { log: (path, status) => hits.push({ path, status }) });
  return { hits, base: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}

test('every bundle file is content-hashed, and index.html names the hashed entry', () => {
  const app = readdirSync(join(SITE, 'web/app'));
  expect(app.length).toBeGreaterThan(5);
  expect(app.filter((f) => !HASHED.test(f))).toEqual([]);
  const index = readFileSync(join(SITE, 'index.html'), 'utf8');
  const entry = /<script type="module" src="(web\/app\/main-[A-Z0-9]{8}\.js)"><\/script>/.exec(index)?.[1];
  expect(entry).toBeTruthy();
  expect(app).toContain(entry.slice('web/app/'.length));
  const chunks = JSON.parse(/data-chunks='([^']*)'/.exec(index)[1]);
  expect(Object.keys(chunks).sort()).toEqual(['codenames', 'dice', 'escape', 'hopchess']);
  for (const files of Object.values(chunks)) for (const f of files) expect(app).toContain(f.slice('web/app/'.length));
});

test('the server sends the _headers policy: a year for hashed files, revalidation for the page', async ({ request }) => {
  const s = await logged();
  try {
    const chunk = readdirSync(join(SITE, 'web/app'))[0];
    const hashed = await request.get(`${s.base}web/app/${chunk}`);
    expect(hashed.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['', 'index.html', 'sw.js']) {
      const r = await request.get(`${s.base}${path}`);
      expect(r.status()).toBe(200);
      expect(r.headers()['cache-control'], path).toBe('no-cache');
      const again = await request.get(`${s.base}${path}`, { headers: { 'If-None-Match': r.headers().etag } });
      expect(again.status(), path).toBe(304);
    }
    // a file outside the rules: revalidated too (not kept unchecked under a stable name)
    expect((await request.get(`${s.base}wasm-glue/worker.mjs`)).headers()['cache-control']).toBe('no-cache');
  } finally {
    s.close();
  }
});

test('a second visit fetches nothing from web/app/ and gets a 304 for the page', async ({ browser }) => {
  const s = await logged();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    // The prerendered view shows the answer before the app's code has arrived: wait until the app is live.
    await page.goto(`${s.base}#/dice`);
    await expect(page.getByTestId('answer')).toHaveAttribute('data-value', /./);
    await expectLive(page);
    const first = s.hits.filter((h) => h.path.startsWith('/web/app/'));
    expect(first.length).toBeGreaterThan(3);
    // the chunks of the tool on screen are preloaded by the page
    const chunks = JSON.parse(await page.evaluate(() => document.documentElement.dataset.chunks)).dice;
    const preloaded = await page.evaluate(() => [...document.querySelectorAll('link[rel=modulepreload]')].map((l) => l.getAttribute('href')));
    for (const c of chunks) expect(preloaded).toContain(c);

    s.hits.length = 0;
    const again = await context.newPage();
    await again.goto(`${s.base}#/dice`);
    await expect(again.getByTestId('answer')).toHaveAttribute('data-value', /./);
    await expectLive(again);
    expect(s.hits.filter((h) => h.path.startsWith('/web/app/'))).toEqual([]);
    expect(s.hits.find((h) => h.path === '/')).toEqual({ path: '/', status: 304 });
  } finally {
    await context.close();
    s.close();
  }
});
