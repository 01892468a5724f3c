// markdown.spec.mjs — widgets as Markdown tools deliver them (issue 20): the
// input attribute and property, text through <p> and <br>, typography undone;
// restructured or run-together text gets a note, never an answer.
import { test, expect } from '@playwright/test';

const answerOf = (page, id) => page.locator(`#${id}`).getByTestId('answer');
const noteOf = (page, id) => page.locator(`#${id}`).locator('.input-damage');

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 8000 }); // every widget near the viewport at once
  await page.goto('./markdown.html');
});

test('the input attribute, <p> and <br> wrappers and undone typography give the right answers', async ({ page }) => {
  await expect(answerOf(page, 'attr')).toHaveText('0.4940'); // "- A D DD": the blank face kept
  await expect(answerOf(page, 'mdx-p')).toHaveText('0.4079');
  await expect(answerOf(page, 'wpautop')).toHaveText('0.4079');
  await expect(answerOf(page, 'br-only')).toHaveText('0.4079');
  await expect(answerOf(page, 'typo')).toHaveText('Alice'); // "T…" read as "T...", a no-break space as a space
});

test('text Markdown restructured or ran together gets a note, never an answer', async ({ page }) => {
  await expect(noteOf(page, 'mdx-list')).toHaveText(/^The blog's Markdown changed this input: it made a list out of part of it/);
  await expect(noteOf(page, 'em')).toHaveText(/it made emphasis out of part of it/);
  await expect(noteOf(page, 'pandoc')).toHaveText(/^This input has lost its line breaks/);
  for (const id of ['mdx-list', 'em', 'pandoc']) {
    await expect(noteOf(page, id)).toContainText('input attribute');
    await expect(answerOf(page, id)).toHaveCount(0);
  }
  await expect(noteOf(page, 'empty')).toHaveText(/^This widget has no input/);
});

test('the input property and attribute can change, and the widget follows', async ({ page }) => {
  await page.locator('#prop').evaluate((el) => { el.input = 'A D\n4 3\n'; });
  await expect(answerOf(page, 'prop')).toHaveText('1.0000');
  await page.locator('#prop').evaluate((el) => el.setAttribute('input', 'A D\n3 3\n'));
  await expect(answerOf(page, 'prop')).toHaveText('0.0000');
  expect(await page.locator('#prop').evaluate((el) => el.input)).toBe('A D\n3 3\n');
});

test("the element's text can change, and the widget follows; so does one filled in after it was added", async ({ page }) => {
  // A script (or a framework re-rendering children) replaces the text: the answer must be the new text's.
  await page.locator('#mdx-p').evaluate((el) => { el.textContent = 'A D\n4 3\n'; });
  await expect(answerOf(page, 'mdx-p')).toHaveText('1.0000');
  await page.locator('#mdx-p').evaluate((el) => { el.firstChild.data = 'A D\n3 3\n'; }); // the text node edited in place
  await expect(answerOf(page, 'mdx-p')).toHaveText('0.0000');
  // Text that Markdown would have damaged gets its note, and the answer goes.
  await page.locator('#mdx-p').evaluate((el) => { el.innerHTML = '<ul><li>A D</li></ul>3 3'; });
  await expect(noteOf(page, 'mdx-p')).toHaveText(/made a list out of part of it/);
  await expect(answerOf(page, 'mdx-p')).toHaveCount(0);
  // Created, added, then filled: no lasting "no input" note.
  await page.evaluate(() => {
    const el = document.createElement('winrate-dice');
    el.id = 'late';
    document.body.prepend(el);
    el.append('AA A D DD\n', '4 4\n');
  });
  await expect(answerOf(page, 'late')).toHaveText('0.4079');
  await expect(noteOf(page, 'late')).toHaveCount(0);
  // With an input attribute the text is not read.
  await page.locator('#late').evaluate((el) => { el.setAttribute('input', 'A D\n4 3\n'); el.textContent = 'A D\n3 3\n'; });
  await expect(answerOf(page, 'late')).toHaveText('1.0000');
});

test('the iframe fallback with a missing or empty input, or no game, says so instead of showing a default', async ({ page }) => {
  for (const [hash, want] of [
    ['#dice', /has no input/], ['#dice?in=', /has no input/], ['#dice?view=full', /has no input/],
    ['', /names no game/], ['#chess?in=1', /no widget called “winrate-chess”/],
  ]) {
    await page.goto('about:blank'); // a hash change alone does not reload embed.html
    await page.goto(`./embed.html${hash}`);
    await expect(page.getByRole('alert')).toHaveText(want);
    await expect(page.getByTestId('answer')).toHaveCount(0);
  }
});

test('the iframe fallback follows its hash: a new input, a new game, then a broken link', async ({ page }) => {
  await page.goto('./embed.html#dice?in=AA+A+D+DD%0A4+4%0A');
  await expect(page.getByTestId('answer')).toHaveText('0.4079');
  // A post that changes only the hash of its iframe's src does not reload the frame.
  await page.evaluate(() => { location.hash = 'dice?in=A+D%0A4+3%0A'; });
  await expect(page.getByTestId('answer')).toHaveText('1.0000');
  await page.evaluate(() => { location.hash = 'escape?in=1+3+1%0ATE.%0A'; });
  await expect(page.getByTestId('answer')).toHaveText('Alice');
  await expect(page.locator('winrate-dice')).toHaveCount(0);
  await page.evaluate(() => { location.hash = 'dice?in='; });
  await expect(page.getByRole('alert')).toHaveText(/has no input/);
  await expect(page.getByTestId('answer')).toHaveCount(0);
});
