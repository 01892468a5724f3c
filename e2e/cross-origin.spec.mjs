// cross-origin.spec.mjs — a blog post on one origin (the e2e site) loading
// embed.js from another (the npm package's dist/, installed from the packed
// tarball by `make test-package` and served with CORS on the next port), under
// no CSP, a host CSP that allows workers only from itself, and a host CSP that
// forbids WebAssembly.
import { test, expect } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8765);
const CDN = `http://127.0.0.1:${Number(process.env.E2E_CDN_PORT ?? PORT + 1)}`;
const POST = './cross-origin.html';

const answerOf = (page, id) => page.locator(`#${id}`).getByTestId('answer');

/** The post, sent with a Content-Security-Policy header as its host would send it (serve.mjs --csp-param). */
const postWithCsp = (csp) => `${POST}?${new URLSearchParams({ csp })}`;

/** Every widget of the post answers: one per game. */
async function expectFourAnswers(page) {
  await expect(answerOf(page, 'dice')).toHaveText('0.4079');
  await page.locator('#hop').scrollIntoViewIfNeeded();
  await expect(answerOf(page, 'hop')).toHaveText('0.667');
  await page.locator('#escape').scrollIntoViewIfNeeded();
  await expect(answerOf(page, 'escape')).toHaveText('Bob');
  await page.locator('#codenames').scrollIntoViewIfNeeded();
  await expect(answerOf(page, 'codenames')).toHaveText('0.8333');
}

/** Requests that failed, and the workers the page started (by their script URL). */
function watch(page) {
  const seen = { failed: [], workers: [], errors: [] };
  page.on('requestfailed', (r) => seen.failed.push(`${r.url()} ${r.failure()?.errorText}`));
  page.on('worker', (w) => seen.workers.push(w.url()));
  page.on('pageerror', (e) => seen.errors.push(e.message));
  return seen;
}

test('embed.js from another origin: every game answers, through a blob: worker shim', async ({ page, baseURL }) => {
  expect(new URL(baseURL).origin).not.toBe(CDN);
  const seen = watch(page);
  await page.goto(POST);
  await expectFourAnswers(page);
  // The post's workers (a small pool) start from a same-origin blob: that imports the real worker from
  // the CDN (the iframe, on the CDN's origin, starts its own from its URL).
  const blobs = seen.workers.filter((u) => u.startsWith('blob:'));
  expect(blobs.length).toBeGreaterThanOrEqual(1);
  expect(blobs.length).toBeLessThanOrEqual(4);
  expect(seen.workers.filter((u) => !u.startsWith('blob:'))).toEqual([`${CDN}/wasm-glue/worker.mjs`]);
  // Every asset comes from embed.js's origin: the app link and the lazily imported game code.
  await expect(page.locator('#dice').getByRole('link', { name: 'Open in winrate' }))
    .toHaveAttribute('href', new RegExp(`^${CDN}/index\\.html#/dice\\?in=`));
  expect(seen.failed).toEqual([]);
  expect(seen.errors).toEqual([]);
});

test('the iframe fallback from another origin answers', async ({ page }) => {
  await page.goto(POST);
  const frame = page.frameLocator('#frame');
  await expect(frame.getByTestId('answer')).toHaveText('0.9073');
});

test('a host CSP that allows workers only from itself: the widgets solve on the page', async ({ page }) => {
  const csp = `default-src 'self'; script-src 'self' ${CDN} 'wasm-unsafe-eval'; `
    + `style-src 'self' ${CDN}; connect-src 'self' ${CDN}; worker-src 'self'; frame-src ${CDN}`;
  const seen = watch(page);
  const violations = [];
  await page.exposeFunction('reportViolation', (d) => violations.push(d));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => window.reportViolation(e.violatedDirective));
  });
  await page.goto(postWithCsp(csp));
  await expectFourAnswers(page);
  expect(seen.workers.filter((u) => u.startsWith('blob:'))).toEqual([]); // refused: the post ran no worker
  expect(violations).toContain('worker-src');
  // A solve far beyond a blink is declined on the page (after about a second), with the iframe on offer.
  await page.evaluate(() => {
    const el = document.createElement('winrate-dice');
    el.id = 'huge';
    el.textContent = 'AAAAAAAAA AAAAAAAD AAAAADDD AAADDDDDD ADDDDDDDD DDDDDDDDD AAAA AAA AA A D DD DDD DDDD AD AAD ADD '
      + 'AADD - AAAADDDDD\n200 200\n';
    document.querySelector('article').prepend(el);
  });
  const huge = page.locator('#huge');
  await huge.scrollIntoViewIfNeeded(); // widgets render when near the viewport
  await expect(huge.getByRole('alert')).toContainText('only what takes under 1 s there');
  await expect(huge.getByLabel(/Embed it with an iframe instead/)).toHaveValue(new RegExp(`^<iframe src="${CDN}/embed\\.html#dice\\?in=`));
  // The page stays usable afterwards: a new small widget still answers.
  await page.evaluate(() => {
    const el = document.createElement('winrate-dice');
    el.id = 'after';
    el.textContent = 'A D\n4 3\n';
    document.querySelector('article').prepend(el);
  });
  await page.locator('#after').scrollIntoViewIfNeeded();
  await expect(answerOf(page, 'after')).toHaveText('1.0000');
  expect(seen.errors).toEqual([]);
});

for (const [name, csp] of [
  ['and workers', `default-src 'self'; script-src 'self' ${CDN}; style-src 'self' ${CDN}; connect-src 'self' ${CDN}`],
  ['but allows blob: workers', `default-src 'self'; script-src 'self' ${CDN}; style-src 'self' ${CDN}; `
    + `connect-src 'self' ${CDN}; worker-src blob:`],
]) {
  test(`a host CSP that forbids WebAssembly ${name}: one clear line and the iframe snippet in every widget`, async ({ page }) => {
    await page.goto(postWithCsp(csp));
    for (const id of ['dice', 'hop', 'escape', 'codenames']) {
      const widget = page.locator(`#${id}`);
      await widget.scrollIntoViewIfNeeded();
      await expect(widget.getByRole('alert')).toHaveText(
        "This page's Content-Security-Policy forbids WebAssembly (its script-src directive lacks "
        + "'wasm-unsafe-eval'), so winrate cannot solve here.",
      );
      await expect(widget.getByLabel(/Embed it with an iframe instead/)).toHaveValue(new RegExp(`^<iframe src="${CDN}/embed\\.html#${id === 'hop' ? 'hopchess' : id}\\?in=`));
      await expect(widget.getByText('Solving…')).toHaveCount(0);
    }
  });
}

test('when the solver cannot load (its .wasm is missing), every waiting widget says so; none keeps spinning', async ({ page }) => {
  await page.route('**/winrate-core.wasm', (route) => route.fulfill({ status: 404, body: 'not found' }));
  await page.goto(POST);
  await page.setViewportSize({ width: 1280, height: 4000 }); // all four widgets start at once
  for (const id of ['dice', 'hop', 'escape', 'codenames']) {
    await expect(page.locator(`#${id}`).getByRole('alert')).toContainText(/cannot load .*winrate-core\.wasm: HTTP 404/);
  }
});
