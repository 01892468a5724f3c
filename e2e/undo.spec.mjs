// undo.spec.mjs — the bar beside a tool's title: Undo and Redo of its edits
// (web/lib/use-edits.js): the buttons and Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y
// outside text fields, edits in quick succession as one step, play moves left
// to the play's own Undo; and Copy link, the position's address.
import { test, expect } from '@playwright/test';
import { expectAnswer, loadContest, stateOf } from './helpers.mjs';

const undo = (page) => page.getByRole('group', { name: 'Edits' }).getByRole('button', { name: 'Undo edit' });
const redo = (page) => page.getByRole('group', { name: 'Edits' }).getByRole('button', { name: 'Redo edit' });

test('dice: an edit is undone and redone, by the buttons and by the keyboard outside text fields', async ({ page }) => {
  await page.goto('./#/dice');
  await expectAnswer(page, 0.40791, 1e-4);
  const initial = stateOf(page.url());
  await expect(undo(page)).toBeDisabled();
  await expect(redo(page)).toBeDisabled();
  const units = page.getByLabel('Player one units');
  await units.fill('5');
  await units.blur();
  await expectAnswer(page, 0.9073, 1e-4);
  const five = stateOf(page.url());
  await undo(page).click();
  await expect(units).toHaveValue('4');
  await expectAnswer(page, 0.40791, 1e-4);
  expect(stateOf(page.url())).toBe(initial);
  await expect(page.getByRole('group', { name: 'Edits' })).toContainText('Edit undone; no more to undo.');
  await redo(page).click();
  await expect(units).toHaveValue('5');
  expect(stateOf(page.url())).toBe(five);
  // the keyboard, from a button (not a text field): Ctrl+Z, then Ctrl+Y
  await page.getByRole('button', { name: 'Add face' }).focus();
  await page.keyboard.press('Control+z');
  await expect(units).toHaveValue('4');
  await page.keyboard.press('Control+y');
  await expect(units).toHaveValue('5');
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+Shift+z');
  await expect(units).toHaveValue('5');
  // in a text field Ctrl+Z is the field's own
  await units.focus();
  await page.keyboard.press('Control+z');
  await expect(undo(page)).toBeEnabled();
  expect(stateOf(page.url())).toBe(five);
});

test('two Ctrl+Z before the page renders again are two steps, each redone in turn', async ({ page }) => {
  await page.goto('./#/dice');
  await expectAnswer(page, 0.40791, 1e-4);
  const one = page.getByLabel('Player one units');
  const two = page.getByLabel('Player two units');
  await one.fill('5');
  await two.fill('6'); // another control: another step
  await two.blur();
  await expect.poll(() => stateOf(page.url())).toContain('5 6');
  // a held key: both in one task, no render between them
  await page.evaluate(() => {
    for (let i = 0; i < 2; i++) document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true }));
  });
  await expect(one).toHaveValue('4');
  await expect(two).toHaveValue('4');
  await redo(page).click();
  await expect(one).toHaveValue('5');
  await expect(two).toHaveValue('4');
  await redo(page).click();
  await expect(two).toHaveValue('6');
});

test('a reload keeps the steps, as it keeps the state', async ({ page }) => {
  await page.goto('./#/dice');
  await expectAnswer(page, 0.40791, 1e-4);
  const units = page.getByLabel('Player one units');
  await units.fill('5');
  await units.blur();
  await expectAnswer(page, 0.9073, 1e-4);
  await page.reload();
  await expect(units).toHaveValue('5');
  await undo(page).click();
  await expect(units).toHaveValue('4');
  await page.reload();
  await redo(page).click();
  await expect(units).toHaveValue('5');
});

test('the steps are kept up to 100, the oldest dropped first', async ({ page }) => {
  await page.goto('./#/dice');
  await expectAnswer(page, 0.40791, 1e-4);
  const two = page.getByRole('switch', { name: 'Different die for player two' });
  const rolls = page.getByRole('switch', { name: 'Stop the battle after a number of rolls' });
  for (let i = 0; i < 51; i++) { // 102 edits, each a step (two controls, one after the other)
    await two.click();
    await rolls.click();
  }
  await expect(two).toBeChecked(); // 51 toggles each
  await expect(rolls).toBeChecked();
  await page.getByRole('button', { name: 'Add face' }).first().focus();
  for (let i = 0; i < 99; i++) await page.keyboard.press('Control+z');
  await expect(undo(page)).toBeEnabled();
  await page.keyboard.press('Control+z');
  await expect(undo(page)).toBeDisabled();
  // the two oldest steps are gone: 100 undos end after the first two toggles, not before them
  await expect(two).toBeChecked();
  await expect(rolls).toBeChecked();
});

test('the steps are kept up to 1,000,000 characters, the farthest dropped first: five big boards loaded', async ({ page }) => {
  await page.goto('./#/escape');
  await expect(page.getByTestId('answer')).toBeVisible();
  // a step is the params before an edit, as the page writes them (URLSearchParams)
  const query = () => new URLSearchParams(new URL(page.url()).hash.split('?')[1]).toString();
  const board = (seed) => { // 520 x 520, random cells: about 310,000 characters of address
    let x = seed * 2654435761 + 1;
    const cell = () => { x = (x * 1103515245 + 12345) % 2147483648; const r = x % 100; return r < 20 ? 'T' : r < 35 ? '#' : r < 37 ? 'E' : '.'; };
    return `520 520 1000\n${Array.from({ length: 520 }, () => Array.from({ length: 520 }, cell).join('')).join('\n')}\n`;
  };
  const lengths = [query().length];
  for (let i = 1; i <= 5; i++) {
    await loadContest(page, board(i));
    await expect.poll(() => query().length).not.toBe(lengths[i - 1]);
    lengths.push(query().length);
  }
  // the five steps back are the params before each Load; the farthest go while they pass 1,000,000 characters
  const kept = lengths.slice(0, 5);
  while (kept.reduce((n, k) => n + k, 0) > 1_000_000) kept.shift();
  expect(kept.length).toBeGreaterThan(0);
  expect(kept.length).toBeLessThan(5);
  await page.getByRole('button', { name: 'Load', exact: true }).focus(); // a button: Ctrl+Z is the page's
  for (let i = 0; i < kept.length; i++) await page.keyboard.press('Control+z');
  await expect(undo(page)).toBeDisabled();
  await expect.poll(() => query().length).toBe(lengths[5 - kept.length]);
});

test('Load over a board is one step back; a word typed is one step, not one per letter', async ({ page }) => {
  await page.goto('./#/codenames');
  await expectAnswer(page, 0.5, 1e-12);
  const before = stateOf(page.url()) ?? null;
  await loadContest(page, '4 B\napple sleep java dog\nB R I A\n3\n2 apple java\n2 apple dog\n2 sleep java\n');
  await expectAnswer(page, 0.5, 1e-12);
  const loaded = stateOf(page.url());
  // typed with a pause under a second between letters: one edit
  const word = page.getByLabel('Word', { exact: true });
  await word.fill('');
  await word.pressSequentially('pear', { delay: 120 });
  await expect.poll(() => stateOf(page.url())).toContain('pear sleep java dog');
  await undo(page).click();
  await expect.poll(() => stateOf(page.url())).toBe(loaded);
  await expect(word).toHaveValue('apple');
  await undo(page).click();
  await expect.poll(() => stateOf(page.url())).toBe(before);
  await expect(undo(page)).toBeDisabled();
  await expect(page.getByRole('button', { name: /bank/ }).first()).toBeVisible(); // the default board again
});

test('play moves are not edits: after switching sides the solver replies, and Undo goes back to before the switch', async ({ page }) => {
  await page.goto('./#/escape');
  await expect(page.getByTestId('answer')).toHaveText('Alice');
  await page.getByRole('combobox', { name: 'You play' }).selectOption('Bob');
  await expect.poll(() => new URL(page.url()).hash).toMatch(/[?&]m=/); // the solver, Alice, has moved
  const played = new URL(page.url()).hash;
  await undo(page).click(); // the switch, with the solver's move after it
  await expect(page.getByRole('combobox', { name: 'You play' })).toHaveValue('Alice');
  await expect(page.getByTestId('play-status')).toHaveAttribute('data-turn', 'you');
  await page.waitForTimeout(1000); // the solver would have replied by now (350 ms) had it been its turn
  expect(new URL(page.url()).hash).not.toMatch(/[?&](m|you)=/);
  await redo(page).click();
  await expect.poll(() => new URL(page.url()).hash).toBe(played);
});

test("Copy link copies the position's address, which opens the same position", async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL).origin });
  await page.goto('./#/dice');
  await expectAnswer(page, 0.40791, 1e-4);
  const units = page.getByLabel('Player two units');
  await units.fill('6');
  await units.blur();
  await expect.poll(() => stateOf(page.url())).toContain('4 6');
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied.' })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(page.url());
  const other = await context.newPage();
  await other.goto(link);
  await expect(other.getByLabel('Player two units')).toHaveValue('6');
  await expect(other.getByTestId('answer')).toHaveAttribute('data-value', await page.getByTestId('answer').getAttribute('data-value'));
});
