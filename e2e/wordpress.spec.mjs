// wordpress.spec.mjs — the WordPress plugin in a real WordPress (make
// test-wordpress; e2e/wordpress/run.sh installs the site and saves the posts):
// the shortcode and the block show the right answers for every role, kses on
// for the roles without unfiltered_html; the script comes once, as a module,
// and only on pages with a widget; mistakes get notes, never PHP warnings.
import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';

const posts = JSON.parse(readFileSync(process.env.WORDPRESS_POSTS, 'utf8'));
const ROLES = ['administrator', 'editor', 'author', 'contributor'];
// The five widgets of every blog test (blogs-more.spec.mjs), in order.
const WANT = ['0.4079', '0.493984', '0.667', 'Alice', '0.4167'];
const answers = (page) => page.getByTestId('answer');
const script = (page) => page.locator('script[src*="plugins/winrate/assets/embed.js"]');

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 9000 });
});

for (const role of ROLES) {
  test(`the shortcode in a post saved by the ${role} (wpautop, wptexturize, kses ${posts[role].unfiltered ? 'off' : 'on'})`, async ({ page }) => {
    await page.goto(posts[role].shortcode);
    await expect(answers(page)).toHaveText(WANT);
    expect(await script(page).count()).toBe(1);
    expect(await script(page).getAttribute('type')).toBe('module');
  });

  test(`the block in a post saved by the ${role}, and the shortcode in a Shortcode block`, async ({ page }) => {
    await page.goto(posts[role].block);
    await expect(answers(page)).toHaveText([...WANT, 'Alice']);
    expect(await script(page).count()).toBe(1);
  });
}

test(`WordPress ${posts.wordpress} with the ${posts.theme} theme: the escape grid keeps "T..." through both texturize passes`, async ({ page }) => {
  await page.goto(posts.author.shortcode);
  await expect(page.locator('winrate-escape')).toHaveAttribute('input', '2 4 3\nT...\n.#.E\n');
});

test('mistakes get notes: an unknown game, no game, unknown attributes; a bad value gets the widget\'s own note', async ({ page }) => {
  await page.goto(posts.notes);
  const notes = page.locator('.winrate-note');
  await expect(notes).toHaveText([
    /the game "chess" is unknown; give game="dice", "hopchess", "codenames", "escape"/,
    /no game given/,
    /the attribute "colour" is unknown and ignored/,
    /the attribute "full" is unknown and ignored/,
  ]);
  await expect(page.locator('pre.winrate-input').first()).toHaveText('1 3\nJJD\n3 1\n');
  await expect(page.locator('winrate-dice').first().getByText('digits="abc" is not a whole number from 0 to 17')).toBeVisible();
  await expect(answers(page)).toHaveText(['1.0000', '1.0000']);
});

test('a page without a widget loads no winrate script', async ({ page }) => {
  await page.goto(posts.plain);
  await expect(page.getByText('Just words.')).toBeVisible();
  expect(await script(page).count()).toBe(0);
});

// After each worker's tests (the later one has seen every page): nothing from the plugin in PHP's log.
test.afterAll(() => {
  const log = readFileSync(process.env.WORDPRESS_LOG, 'utf8');
  expect(log.split('\n').filter((l) => /winrate/i.test(l))).toEqual([]);
});

test('the block in the editor: an author picks the game, types the input, sees the live widget, and the saved post answers', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 1000 });
  const site = new URL(posts.plain).origin;
  await page.goto(`${site}/wp-login.php`);
  await page.getByLabel('Username or Email Address').fill('author1');
  await page.getByLabel('Password', { exact: true }).fill('author-password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(/wp-admin/);
  await page.goto(`${site}/wp-admin/post-new.php`);
  await page.waitForFunction(() => window.wp?.blocks?.getBlockType('winrate/widget'));
  await page.evaluate(() => {
    const { select, dispatch } = window.wp.data;
    if (select('core/edit-post').isFeatureActive('welcomeGuide')) dispatch('core/edit-post').toggleFeature('welcomeGuide');
    dispatch('core/editor').editPost({ title: 'Written in the editor' });
    dispatch('core/block-editor').insertBlocks(window.wp.blocks.createBlock('winrate/widget'));
  });
  const block = page.locator('.winrate-block');
  await expect(block.getByText('Type or paste the contest input')).toBeVisible();
  await block.getByLabel('Contest input').fill('AA A D DD\n4 4');
  await expect(block.locator('winrate-dice').getByTestId('answer')).toHaveText('0.4079');
  await block.getByLabel('Game').selectOption('escape');
  await block.getByLabel('Contest input').fill('2 4 3\nT...\n.#.E');
  await expect(block.locator('winrate-escape').getByTestId('answer')).toHaveText('Alice');
  await block.screenshot({ path: 'build/wp/editor-block.png' }); // for a look; not an assertion
  // An author publishes (a contributor could only submit for review); the page is rendered by the server.
  const link = await page.evaluate(async () => {
    const { dispatch, select } = window.wp.data;
    dispatch('core/editor').editPost({ status: 'publish' });
    await dispatch('core/editor').savePost();
    return select('core/editor').getPermalink();
  });
  await page.goto(link);
  await expect(answers(page)).toHaveText(['Alice']);
  await page.screenshot({ path: 'build/wp/post.png' });
});

test('"Open in winrate" opens the app the plugin ships, on the same site, at the widget\'s position', async ({ page }) => {
  await page.goto(posts.contributor.shortcode);
  const link = page.locator('winrate-dice').first().getByRole('link', { name: 'Open in winrate' });
  await expect(link).toHaveAttribute('href', /\/wp-content\/plugins\/winrate\/assets\/index\.html#\/dice\?/);
  await page.goto(await link.getAttribute('href'));
  await expect(page.getByTestId('answer').first()).toHaveText('0.4079');
});
