// blogs.spec.mjs — posts built by the tools bloggers use (make blogs): Hugo
// with its default configuration and the shipped shortcodes, markdown-it with
// html and typographer on, marked, and MDX. Every widget shows the right
// answer, or (MDX's list) a note instead of a wrong one.
import { test, expect } from '@playwright/test';

const answers = (page) => page.getByTestId('answer');

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 9000 }); // every widget near the viewport
});

test('Hugo (default configuration, the winrate shortcodes): every game, the typographer kept out', async ({ page }) => {
  await page.goto('./blogs/hugo/posts/battles/');
  // dice, dice with a blank first face and digits=6, hop chess, escape with "T...", codenames (rule="own")
  await expect(answers(page)).toHaveText(['0.4079', '0.493984', '0.667', 'Alice', '0.4167'], { useInnerText: true });
  expect(await page.locator('script[src="/embed.js"]').count()).toBe(1); // once per page
  await expect(page.frameLocator('iframe').getByTestId('answer')).toHaveText('0.9073');
});

for (const tool of ['markdown-it', 'marked', 'eleventy']) {
  test(`${tool}: the raw elements and the input attribute answer`, async ({ page }) => {
    await page.goto(`./blogs/${tool}/post.html`);
    for (const [id, want] of [['dice', '0.4079'], ['hop', '0.667'], ['escape', 'Alice'], ['codenames', '0.4167']]) {
      await expect(page.locator(`#${id}`).getByTestId('answer')).toHaveText(want);
    }
  });
}

test('MDX: the input attribute answers; the "- " line made a list gets a note, not 0.4508', async ({ page }) => {
  await page.goto('./blogs/mdx/post.html');
  await expect(page.locator('#attr').getByTestId('answer')).toHaveText('0.4940');
  await expect(page.locator('#plain').getByTestId('answer')).toHaveText('0.4079');
  await expect(page.locator('#list').getByRole('alert')).toContainText('it made a list out of part of it');
  await expect(page.locator('#list').getByTestId('answer')).toHaveCount(0);
});
