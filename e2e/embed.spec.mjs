// embed.spec.mjs — widgets in a static blog post, served from a copy of dist/
// with every request to another origin failing.
import { test, expect } from '@playwright/test';

async function isolate(page) {
  const foreign = [];
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1') return route.continue();
    foreign.push(url.href);
    return route.abort();
  });
  return foreign;
}

const answerOf = (page, id) => page.locator(`#${id}`).getByTestId('answer');

test('a blog post with widgets shows the right answers, fetching nothing from elsewhere', async ({ page }) => {
  const foreign = await isolate(page);
  await page.goto('./blog.html');
  await expect(answerOf(page, 'classic')).toHaveText('0.4079');
  await expect(answerOf(page, 'full')).toHaveText(/^0\.9073\d\d$/); // digits=6
  expect(Math.abs(Number(await answerOf(page, 'full').getAttribute('data-value')) - 0.9073) < 5e-5).toBe(true);
  // The full view carries the editor; editing it re-solves inside the widget.
  const full = page.locator('#full');
  await full.getByLabel('Player one units').fill('4');
  await expect(answerOf(page, 'full')).toHaveText('0.407876');
  expect(foreign).toEqual([]);
});

test('bad input shows an inline message, not a broken page', async ({ page }) => {
  await page.goto('./blog.html');
  const alert = page.locator('#broken').getByRole('alert');
  await expect(alert).toContainText('Line 1, column 6');
  await expect(answerOf(page, 'classic')).toHaveText('0.4079');
});

test('widgets load lazily, size themselves, and follow their theme', async ({ page }) => {
  await page.goto('./blog.html');
  await expect(answerOf(page, 'classic')).toHaveText('0.4079');
  // Far below the fold: not rendered yet.
  await expect(page.locator('#far').getByText('loading when visible')).toBeAttached();
  await expect(answerOf(page, 'far')).toHaveCount(0);
  await page.locator('#far').scrollIntoViewIfNeeded();
  await expect(answerOf(page, 'far')).toHaveText('1.0000');
  // Auto height: the element is as tall as its content, and grows with it.
  const h = await page.locator('#classic').evaluate((el) => el.getBoundingClientRect().height);
  expect(h).toBeGreaterThan(120);
  // Themes: dark forced, light forced.
  const bg = (id) => page.locator(`#${id}`).evaluate((el) => getComputedStyle(el.shadowRoot.querySelector('.wr-embed')).backgroundColor);
  expect(await bg('full')).toBe('rgb(18, 21, 28)');
  expect(await bg('far')).toBe('rgb(246, 247, 251)');
  await page.locator('#far').evaluate((el) => el.setAttribute('theme', 'dark'));
  expect(await bg('far')).toBe('rgb(18, 21, 28)');
});

test('the iframe fallback shows the same widget from the URL', async ({ page }) => {
  const foreign = await isolate(page);
  await page.goto(`./embed.html#dice?${new URLSearchParams({ in: 'AA A D DD\n5 4\n' })}`);
  await expect(page.getByTestId('answer')).toHaveText('0.9073');
  expect(foreign).toEqual([]);
});

test('the app offers both embed snippets', async ({ page }) => {
  await page.goto('./#/dice');
  await page.getByText('Embed in a web page').click();
  await expect(page.getByLabel('Script and element')).toHaveValue(/<winrate-dice>\nAA A D DD\n4 4\n<\/winrate-dice>/);
  await expect(page.getByLabel('Iframe (for hosts that strip scripts)')).toHaveValue(/embed\.html#dice\?in=/);
});
