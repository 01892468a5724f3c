// blogs-more.spec.mjs — posts built by Jekyll (kramdown, the shipped include)
// and Pandoc (a raw HTML block), from Debian's packages. Not in make test
// (those tools are big): `make test-blogs` builds the posts and runs this.
import { test, expect } from '@playwright/test';

const answers = (page) => page.getByTestId('answer');
const WANT = ['0.4079', '0.493984', '0.667', 'Alice', '0.4167'];

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 9000 });
});

test('Jekyll (kramdown, the winrate include): every game, one script tag', async ({ page }) => {
  await page.goto('./blogs/jekyll/2026/11/24/battles.html');
  await expect(answers(page)).toHaveText(WANT);
  expect(await page.locator('script[src="/embed.js"]').count()).toBe(1);
});

test('Pandoc (a raw HTML block): every game; plain HTML with its lines joined gets a note', async ({ page }) => {
  await page.goto('./blogs/pandoc/post.html');
  await expect(answers(page)).toHaveText(WANT);
  await expect(page.locator('#joined').getByRole('alert')).toContainText('lost its line breaks');
});
