// offline.spec.mjs — the app after one visit, with the network gone: every
// tool opens and solves from the service worker's copy; a new deploy reaches
// the next visit (the page reloads into it, old caches go); embeds never
// register the service worker; the manifest makes the app installable.
// Each test serves its own copy of the site on its own port, so a "deploy"
// here never touches the site the other specs use.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { serve } from './serve.mjs';
import { expectLive } from './helpers.mjs';

// Service workers are blocked for every other spec (playwright.config.mjs); these contexts allow them.

const SITE = process.env.SITE_DIR ?? 'build/site';

async function ownSite() {
  const dir = mkdtempSync(join(tmpdir(), 'winrate-offline-'));
  cpSync(SITE, dir, { recursive: true });
  const server = await serve(dir, 0); // a free port of the system's choosing: workers run in parallel
  return { dir, base: `http://127.0.0.1:${server.address().port}/`, close: () => { server.close(); rmSync(dir, { recursive: true, force: true }); } };
}

/** Opens the app and waits until its service worker controls the page. */
async function visit(page, url) {
  await page.goto(url);
  await expect(page.getByTestId('answer').first()).toHaveAttribute('data-value', /./);
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 20_000 }).toBe(true);
}

const TOOLS = ['dice', 'hopchess', 'codenames', 'escape'];

test('after one visit every tool opens and solves with the network gone', async ({ browser }) => {
  const site = await ownSite();
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    await visit(page, `${site.base}#/dice`);
    await context.setOffline(true);
    for (const tool of TOOLS) {
      await page.goto(`${site.base}#/${tool}`);
      await page.reload(); // a fresh load of the page itself, not just a hash change
      await expectLive(page); // the app, not just the prerendered view that is in the page itself
      await expect(page.getByTestId('answer').first()).toHaveAttribute('data-value', /./);
    }
    // A position never solved before is solved offline too (the WASM is there, not an old answer).
    await page.goto(`${site.base}#/dice?in=${encodeURIComponent('AA A D DD\n7 5\n')}`);
    await expect(page.getByTestId('answer')).toHaveAttribute('data-value', /^0\.9944/); // the CLI's answer
  } finally {
    await context.close();
    site.close();
  }
});

test('a new deploy reaches the next visit, and the old cache is deleted', async ({ browser }) => {
  const site = await ownSite();
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    await visit(page, `${site.base}#/dice`);
    const before = await page.evaluate(() => caches.keys());
    // Deploy: a changed page and, as make site writes it, a new hash in sw.js.
    // The tagline lives in the app's bundle (web/app/, make site) or, unbundled, in web/shell.js.
    const shells = [join(site.dir, 'web/shell.js'), ...readdirSync(join(site.dir, 'web/app')).map((f) => join(site.dir, 'web/app', f))];
    let changed = 0;
    for (const f of shells) {
      const js = readFileSync(f, 'utf8');
      if (!js.includes('Exact win probabilities for small games')) continue;
      writeFileSync(f, js.replace('Exact win probabilities for small games', 'Exact win probabilities (new build)'));
      changed++;
    }
    expect(changed).toBeGreaterThan(0);
    const sw = join(site.dir, 'sw.js');
    writeFileSync(sw, readFileSync(sw, 'utf8').replace(/const VERSION = '[0-9a-f]+'/, "const VERSION = '0000000000000000'"));
    await page.reload();
    await expect(page.getByText('Exact win probabilities (new build)')).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => page.evaluate(() => caches.keys())).toEqual(['winrate-0000000000000000']);
    expect(before).toHaveLength(1);
    expect(before[0]).not.toBe('winrate-0000000000000000');
  } finally {
    await context.close();
    site.close();
  }
});

test('embeds never register the service worker; the app has a manifest with PNG icons', async ({ browser }) => {
  const site = await ownSite();
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    await page.goto(`${site.base}blog.html`);
    await expect(page.getByTestId('answer').first()).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);

    await page.goto(site.base);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await (await page.request.get(new URL(href, site.base).href)).json();
    expect(manifest.start_url).toBe('../index.html');
    const sizes = manifest.icons.filter((i) => i.type === 'image/png').map((i) => i.sizes);
    expect(sizes).toEqual(['192x192', '512x512']);
    for (const icon of manifest.icons) {
      expect((await page.request.get(new URL(icon.src, new URL(href, site.base)).href)).status()).toBe(200);
    }
  } finally {
    await context.close();
    site.close();
  }
});
