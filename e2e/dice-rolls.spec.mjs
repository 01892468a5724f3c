// dice-rolls.spec.mjs — battles cut short and the battle's length on the
// page: the switch and the number of rolls go into the URL, the outcomes
// (still fighting included) and survivors are the solver's, and the length
// chart's numbers are the solver's overWithin, for the fight to the end
// (asked for when opened) and for a battle cut short.
import { test, expect } from '@playwright/test';
import { analyzeInNode } from './helpers.mjs';
import { DEFAULT_TEXT } from '../web/dice/model.js';

const params = (url) => new URLSearchParams(new URL(url).hash.split('?')[1]);

test('stop after R rolls: the answer, the four outcomes and the URL; back to the end', async ({ page }) => {
  const cut = await analyzeInNode('dice', DEFAULT_TEXT, { rolls: 5 });
  const end = await analyzeInNode('dice', DEFAULT_TEXT);
  await page.goto('./#/dice');
  await expect(page.getByTestId('answer')).toHaveAttribute('data-value', String(end.answer));
  await page.getByRole('switch', { name: 'Stop the battle after a number of rolls' }).check();
  await page.getByRole('textbox', { name: 'Rolls', exact: true }).fill('5');
  await expect(page.getByTestId('answer')).toHaveAttribute('data-value', String(cut.answer));
  expect(params(page.url()).get('rolls')).toBe('5');
  await expect(page.getByTestId('p-still')).toHaveAttribute('data-value', String(cut.stillFighting));
  await expect(page.getByTestId('p-loss')).toHaveAttribute('data-value', String(cut.loss));
  await expect(page.getByText('Player one\'s probability of having won within 5 rolls')).toBeVisible();
  // The length chart of a battle cut short: R bars at most, the solver's numbers.
  await page.getByText('Battle length: data table').click();
  const cells = page.locator('figure', { hasText: 'over within t rolls' }).locator('tbody td');
  await expect(cells).toHaveCount(cut.overWithin.length);

  await page.reload();
  await expect(page.getByTestId('answer')).toHaveAttribute('data-value', String(cut.answer));
  await page.getByRole('switch', { name: 'Stop the battle after a number of rolls' }).uncheck();
  await expect(page.getByTestId('answer')).toHaveAttribute('data-value', String(end.answer));
  expect(params(page.url()).get('rolls')).toBe(null);
});

test('the fight to the end: the battle length is computed when opened', async ({ page }) => {
  const end = await analyzeInNode('dice', DEFAULT_TEXT, { length: true });
  await page.goto('./#/dice');
  await expect(page.getByTestId('answer')).toHaveAttribute('data-value', String(end.answer));
  await page.getByText('How long the battle lasts').click();
  const figure = page.locator('figure', { hasText: 'over within t rolls' });
  await figure.getByText('Battle length: data table').click();
  await expect(figure.locator('tbody td')).toHaveCount(end.overWithin.length);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the battle length (CSV)' }).click()]);
  const { readFileSync } = await import('node:fs');
  const rows = readFileSync(await download.path(), 'utf8').trimEnd().split('\r\n').slice(1).map((l) => Number(l.split(',')[1]));
  expect(rows).toEqual(end.overWithin);
});

test('after an edit the length chart never shows the previous battle under the new answer', async ({ page }) => {
  // The length is its own, slower solve (extra passes): the new answer comes first.
  const one = 'AA A D DD\n100 100\n', two = 'AA A D DD\n100 60\n';
  const [a, b] = [await analyzeInNode('dice', one, { length: true }), await analyzeInNode('dice', two, { length: true })];
  expect(a.overWithin.length).not.toBe(b.overWithin.length);
  await page.goto(`./#/dice?in=${encodeURIComponent(one)}`);
  await page.getByText('How long the battle lasts').click();
  const figure = page.locator('figure', { hasText: 'over within t rolls' });
  await expect(figure.locator('tbody tr')).toHaveCount(a.overWithin.length);
  // Every state the page shows from now on: (answer, rows of the length chart or null)
  await page.evaluate(() => {
    const seen = (window.seen = []);
    const note = () => {
      const fig = [...document.querySelectorAll('figure')].find((f) => /over within t rolls/.test(f.textContent));
      seen.push([document.querySelector('[data-testid=answer]')?.dataset.value, fig ? fig.querySelectorAll('tbody tr').length : null]);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  await page.getByLabel('Player two units').fill('60');
  await expect(page.getByTestId('answer')).toHaveAttribute('data-value', String(b.answer));
  await expect(figure.locator('tbody tr')).toHaveCount(b.overWithin.length);
  const seen = await page.evaluate(() => window.seen);
  expect(seen.filter(([v, rows]) => v === String(b.answer) && rows !== null && rows !== b.overWithin.length)).toEqual([]);
});

test('a bad number of rolls in the address is said, and the battle is fought to the end', async ({ page }) => {
  const end = await analyzeInNode('dice', DEFAULT_TEXT);
  await page.goto('./#/dice?rolls=abc');
  await expect(page.getByTestId('answer')).toHaveAttribute('data-value', String(end.answer));
  await expect(page.getByText('The number of rolls in the address is not a whole number from 1 to 1000')).toBeVisible();
});
