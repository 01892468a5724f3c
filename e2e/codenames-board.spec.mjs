// codenames-board.spec.mjs — the real 25-card board: "New random board" deals
// 9 / 8 / 7 / 1 identities (the starting team has 9) and 25 distinct words,
// laid out 5 x 5, with no hints yet (the solver waits, and says so); the
// first hint gets an answer. On a phone it stays readable, with no sideways
// scroll. The "Full board" example is such a board with 18 hints, solved as
// in Node. Played forward, a board is solved once: every later position comes
// from the worker's kept table, until the tool is closed.
import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { analyzeInNode, countWorkerAnswers, expectAnswer, expectNoSidewaysScroll, stateOf } from './helpers.mjs';

async function dealt(page) {
  const text = stateOf(page.url());
  const [head, words, ids, m] = text.trim().split('\n');
  return { team: head.split(' ')[1], n: Number(head.split(' ')[0]), words: words.split(' '), ids: ids.split(' '), m: Number(m) };
}

for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
  test(`New random board at ${viewport.width} px: 9/8/7/1, 25 words, 5 x 5, no hints yet, then a hint gets an answer`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('./#/codenames');
    await expect(page.getByTestId('answer')).toHaveAttribute('data-value', /./);
    await page.getByRole('button', { name: 'New random board' }).click();
    await expect.poll(async () => (await dealt(page)).n).toBe(25);
    const b = await dealt(page);
    const count = (id) => b.ids.filter((x) => x === id).length;
    expect(count(b.team)).toBe(9);
    expect(count(b.team === 'R' ? 'B' : 'R')).toBe(8);
    expect([count('I'), count('A'), b.m]).toEqual([7, 1, 0]);
    expect(new Set(b.words).size).toBe(25);
    const grid = page.getByRole('group', { name: 'Cards, 25' });
    await expect(grid.getByRole('button')).toHaveCount(25);
    expect(await grid.evaluate((g) => getComputedStyle(g).gridTemplateColumns.split(' ').length)).toBe(5);
    await expect(page.getByTestId('no-hints')).toBeVisible();
    await expect(page.getByTestId('answer')).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    // A second deal differs (25 of 370 words: the same board twice is all but impossible).
    await page.getByRole('button', { name: 'New random board' }).click();
    await expect.poll(async () => (await dealt(page)).words.join(' ')).not.toBe(b.words.join(' '));

    await page.getByRole('button', { name: 'Add hint' }).click();
    await expect(page.getByTestId('answer')).toHaveAttribute('data-value', /^(0|1|0\.\d+)/);
    expect((await dealt(page)).m).toBe(1);
  });
}

test('the "Full board" example: 25 cards 5 x 5, all of them free, every hint valued as in Node', async ({ page }) => {
  await page.goto('./#/codenames');
  await expect(page.getByTestId('answer')).toHaveAttribute('data-value', /./);
  await page.getByLabel('Example').selectOption({ label: 'Full board: 25 cards, 18 hints' });
  await expect.poll(async () => (await dealt(page)).n).toBe(25);
  const b = await dealt(page);
  const count = (id) => b.ids.filter((x) => x === id).length;
  expect([b.team, count('R'), count('B'), count('I'), count('A'), b.m]).toEqual(['R', 9, 8, 7, 1, 18]);
  const grid = page.getByRole('group', { name: 'Cards, 25' });
  expect(await grid.evaluate((g) => getComputedStyle(g).gridTemplateColumns.split(' ').length)).toBe(5);
  const want = await analyzeInNode('codenames', stateOf(page.url()));
  expect(want.freeCards).toBe(25);
  await expectAnswer(page, want.answer, 1e-12);
  const table = page.getByRole('table', { name: 'Win probability of Red for every hint and number' });
  await expect(table.getByRole('rowheader')).toHaveCount(18);
  await expect(page.getByTestId('best')).toContainText(`“${want.best.label}” for ${want.best.k}`);
});

test('the Codenames tool has each idle worker warm the 25-card boards\' solve once; another tool does not', async ({ page }) => {
  await countWorkerAnswers(page);
  await page.goto('./#/dice');
  await expect(page.getByTestId('answer')).toHaveAttribute('data-value', /./);
  await page.waitForTimeout(500); // the prestarted worker is ready by now: a warm-up would have been sent
  expect(await page.evaluate(() => window.warmed)).toEqual([]);
  await page.getByRole('navigation', { name: 'Tools' }).getByRole('link', { name: 'Codenames' }).click();
  await expect.poll(() => page.evaluate(() => window.warmed)).toEqual(['codenames']);
  const text = readFileSync(new URL('../bench/cases/codenames-25-15h.txt', import.meta.url), 'utf8');
  await page.getByRole('textbox', { name: /Contest input/ }).fill(text);
  await page.getByRole('button', { name: 'Load', exact: true }).click();
  await expectAnswer(page, (await analyzeInNode('codenames', text)).answer, 0);
  expect(await page.evaluate(() => window.answers)).toEqual({ solved: 1, reused: 0 });
  expect(await page.evaluate(() => window.warmed)).toEqual(['codenames'], 'once per worker');
});

test('play forward on a 25-card board: one solve, then every position from the kept table, the same bits; closing the tool frees it', async ({ page }) => {
  await countWorkerAnswers(page);
  const closed = [];
  page.on('worker', (w) => w.on('close', () => closed.push(w.url())));
  const text = readFileSync(new URL('../bench/cases/codenames-25-15h.txt', import.meta.url), 'utf8');
  const start = await analyzeInNode('codenames', text);
  await page.goto(`./#/codenames?in=${encodeURIComponent(text)}`);
  await expectAnswer(page, start.answer, 0);
  // The recommended hint, its cards revealed in board order until the turn ends; then the other
  // team's recommended hint, one card.
  const positions = [];
  for (const turn of [0, 1]) {
    const team = stateOf(page.url()).split('\n')[0];
    await page.getByRole('button', { name: 'Give the recommended hint' }).click();
    for (let card = 0; card < (turn ? 1 : 9); card++) {
      const reveal = page.getByRole('button', { name: /^Reveal (?!at random)/ }).first();
      if (stateOf(page.url()).split('\n')[0] !== team || !(await reveal.isVisible())) break;
      await reveal.click();
      await expect.poll(() => positions.includes(stateOf(page.url())) ? null : stateOf(page.url())).toBeTruthy();
      const now = stateOf(page.url());
      positions.push(now);
      await expectAnswer(page, (await analyzeInNode('codenames', now)).answer, 0);
    }
  }
  expect(positions.length).toBeGreaterThanOrEqual(2);
  await expect.poll(() => page.evaluate(() => window.answers)).toEqual({ solved: 1, reused: positions.length });
  expect(closed).toEqual([]);
  // Another tool: the worker that keeps the table ends (its memory is freed); the answers stay.
  await page.getByRole('navigation', { name: 'Tools' }).getByRole('link', { name: 'Battle Dice' }).click();
  await expect.poll(() => closed.length).toBe(1);
  await page.goBack();
  await expectAnswer(page, (await analyzeInNode('codenames', positions.at(-1))).answer, 0);
});
