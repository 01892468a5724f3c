// export.spec.mjs — tables and analyses taken away: each table's CSV has a
// header row and full-precision numbers (the same doubles as the solver's),
// the analysis JSON is the solver's document, and file names say the game
// and the position.
import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { analyzeInNode } from './helpers.mjs';
import { DEFAULT_TEXT as DICE } from '../web/dice/model.js';
import { DEFAULT_TEXT as HOP } from '../web/hopchess/model.js';
import { DEFAULT_TEXT as CODENAMES } from '../web/codenames/model.js';
import { DEFAULT_TEXT as ESCAPE } from '../web/escape/model.js';

/** Clicks the download button named name; returns { name, text } of the file. */
async function fetchDownload(page, name) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
  return { name: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
}

/** CSV text to rows of fields (the files here quote nothing but hint names). */
const rowsOf = (text) => text.trimEnd().split('\r\n').map((line) => line.split(','));

test('dice: survivors and the win map as CSV at full precision, the analysis as JSON', async ({ page }) => {
  const want = await analyzeInNode('dice', DICE);
  await page.goto('./#/dice');
  await expect(page.getByTestId('answer')).toHaveAttribute('data-value', String(want.answer));
  const s1 = await fetchDownload(page, "Download player one's survivors (CSV)");
  expect(s1.name).toMatch(/^winrate-dice-aa-a-d-dd-4-4-[0-9a-f]{6}-survivors-1\.csv$/);
  // each count's chance and that of the count or more, summed from the most
  const orMore = want.survivors1.map((_, k) => want.survivors1.slice(k).reverse().reduce((a, v) => a + v, 0));
  expect(rowsOf(s1.text)).toEqual([['Units', 'Probability', 'This many or more'],
    ...want.survivors1.map((v, k) => [String(k), String(v), String(orMore[k])])]);
  const map = await fetchDownload(page, 'Download the win map (CSV)');
  expect(rowsOf(map.text)[0]).toEqual(['Player one units \\ Player two units', '1', '2', '3', '4']);
  expect(rowsOf(map.text).slice(1)).toEqual(want.table.map((row, i) => [String(i + 1), ...row.map(String)]));
  const json = await fetchDownload(page, 'Download the analysis (JSON)');
  expect(json.name).toMatch(/^winrate-dice-aa-a-d-dd-4-4-[0-9a-f]{6}-analysis\.json$/);
  expect(JSON.parse(json.text)).toEqual(want);
});

test('hop chess: the moves as CSV; codenames: every hint and number; escape: the tokens and every cell', async ({ page }) => {
  const hop = await analyzeInNode('hopchess', HOP);
  await page.goto('./#/hopchess');
  await expect(page.getByTestId('answer')).toHaveAttribute('data-value', String(hop.answer));
  const moves = rowsOf((await fetchDownload(page, 'Download the moves (CSV)')).text);
  expect(moves.length).toBe(hop.moves.length + 1);
  expect(moves.slice(1).map((m) => Number(m[2]))).toEqual(hop.moves.map((m) => m.value));
  expect(JSON.parse((await fetchDownload(page, 'Download the analysis (JSON)')).text)).toEqual(hop);

  const cn = await analyzeInNode('codenames', CODENAMES);
  await page.goto('./#/codenames');
  await expect(page.getByTestId('answer')).toHaveAttribute('data-value', String(cn.answer));
  const hints = await fetchDownload(page, 'Download every hint and number (CSV)');
  expect(hints.name).toMatch(/^winrate-codenames-9-r-[a-z0-9-]+-[0-9a-f]{6}-hints\.csv$/);
  const rows = rowsOf(hints.text);
  expect(rows[0].slice(0, 3)).toEqual(['Hint', 'Hidden', 'K = 1']);
  expect(rows.slice(1).map((r) => r[2] === '' ? null : Number(r[2]))).toEqual(cn.hints.map((h) => h.values?.[0] ?? null));

  const esc = await analyzeInNode('escape', ESCAPE);
  await page.goto('./#/escape');
  await expect(page.getByTestId('answer')).toHaveText(esc.answer);
  const tokens = rowsOf((await fetchDownload(page, 'Download the tokens and their values (CSV)')).text);
  expect(tokens.slice(1)).toEqual(esc.tokens.map((t, i) => [String(i + 1), String(t.row + 1), String(t.col + 1), String(t.grundy)]));
  const cells = rowsOf((await fetchDownload(page, "Download every cell's value (CSV)")).text);
  expect(cells.slice(1).map((r) => r.slice(1).join(''))).toEqual(esc.grundy);
});

test('Copy as contest input: the position as contest text, in the box and on the clipboard; where the clipboard refuses, the box says so', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL).origin });
  await page.goto('./#/dice');
  await expect(page.getByTestId('answer')).toBeVisible();
  const units = page.getByLabel('Player two units');
  await units.fill('6');
  await units.blur();
  const box = page.getByRole('textbox', { name: 'Contest input' });
  await box.fill('scratch'); // a draft in the box: Copy puts the position back in it
  await page.getByRole('button', { name: 'Copy as contest input' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Contest input copied.' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await box.inputValue());
  expect(copied.split('\n')[1]).toBe('4 6');
  await context.clearPermissions();
  await page.evaluate(() => { navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError')); });
  await page.getByRole('button', { name: 'Copy as contest input' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Shown in the box above; copy it from there.' })).toBeVisible();
});

test('download buttons never run together: two on one line keep a gap', async ({ page }) => {
  for (const game of ['dice', 'hopchess', 'codenames', 'escape']) {
    await page.goto(`./#/${game}`);
    await expect(page.getByTestId('answer')).toHaveAttribute('data-value', /./);
    await expect(page.locator('.export-btn').first()).toBeVisible();
    const boxes = (await page.locator('.export-btn').evaluateAll((els) => els.map((el) => {
      const b = el.getBoundingClientRect();
      return { text: el.textContent, left: b.left, right: b.right, top: b.top, bottom: b.bottom };
    }))).filter((b) => b.right > b.left);
    for (const a of boxes) {
      for (const b of boxes) {
        const sameLine = a !== b && a.top < b.bottom && b.top < a.bottom && a.left <= b.left;
        if (sameLine) expect(b.left - a.right, `${game}: "${a.text}" then "${b.text}"`).toBeGreaterThanOrEqual(8);
      }
    }
  }
});

test('printed (or saved as PDF): the position and its analysis with its link; no navigation, downloads or snippets', async ({ page }) => {
  await page.goto(`./#/codenames?in=${encodeURIComponent(CODENAMES)}`);
  await expect(page.getByTestId('answer')).toHaveAttribute('data-value', /./);
  const link = page.locator('.print-only a');
  await expect(link).toBeHidden(); // on screen the address bar has it
  await expect(page.getByRole('button', { name: /^Download/ })).toHaveCount(3);
  await page.emulateMedia({ media: 'print' });
  await expect(link).toBeVisible();
  expect(await link.getAttribute('href')).toBe(page.url());
  await expect(page.getByRole('navigation', { name: 'Tools' })).toBeHidden();
  await expect(page.getByText('Embed in a web page')).toBeHidden();
  await expect(page.getByRole('button', { name: /^Download/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Load', exact: true })).toBeHidden();
  for (const name of ['Undo edit', 'Redo edit', 'Copy link']) await expect(page.getByRole('button', { name })).toBeHidden();
  await expect(page.getByTestId('answer')).toBeVisible();
  // the answer row is in its place, not stuck to the top of a page (sticky is for screens)
  expect(await page.locator('#main .result > .answer-row').evaluate((el) => getComputedStyle(el).position)).toBe('static');
  // The contest text is printed whole, not cut at the box's five rows.
  const box = page.getByRole('textbox', { name: 'Contest input' });
  expect(await box.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
  expect(CODENAMES.trim().split('\n').length).toBeGreaterThan(5);
});
