// history.spec.mjs — the value along a game's history: one point per
// position with the solver's value, the current one marked, a click or the
// keyboard goes back to a position, and the chart comes back from the URL.
import { test, expect } from '@playwright/test';
import { analyzeInNode, expectAnswer, stateOf } from './helpers.mjs';
import { pct } from '../web/lib/format.js';
import { DEFAULT_TEXT as HOP } from '../web/hopchess/model.js';
import { DEFAULT_TEXT as CODENAMES } from '../web/codenames/model.js';

const AFTER1 = '3 3\n.J.\nDJD\nJJD\n3 2 D\n';
const AFTER2 = '3 3\n.J.\n.DD\nJJD\n3 2\n';

test('hop chess: Justin\'s win probability move by move; a point or the arrow keys go back', async ({ page }) => {
  const want = await Promise.all([HOP, AFTER1, AFTER2].map(async (t) => (await analyzeInNode('hopchess', t)).answer));
  await page.goto(`./#/hopchess?in=${encodeURIComponent(AFTER2)}&h=${encodeURIComponent('JD./DJD/JJD:J;0-1,3-4')}`);
  const plot = page.getByRole('group', { name: /^Justin's win probability, move by move/ });
  const points = plot.getByRole('button');
  await expect(points).toHaveCount(3);
  await expect(points.nth(0)).toHaveAccessibleName(`Start position: ${pct(want[0], 2)}`);
  await expect(points.nth(1)).toHaveAccessibleName(`Move 1: Justin a1 → b1: ${pct(want[1], 2)}`);
  await expect(points.nth(2)).toHaveAccessibleName(`Move 2: Donald a2 → b2: ${pct(want[2], 2)}`);
  await expect(points.nth(2)).toHaveAttribute('aria-current', 'step');

  await points.nth(0).click();
  await expect.poll(() => stateOf(page.url())).toBe(HOP);
  await expectAnswer(page, want[0], 1e-12);
  await expect(points.nth(0)).toHaveAttribute('aria-current', 'step');
  await expect(points).toHaveCount(3); // the moves after it are kept, to redo

  await points.nth(0).focus();
  await page.keyboard.press('ArrowRight');
  await expect(points.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => stateOf(page.url())).toBe(AFTER1);
  await expectAnswer(page, want[1], 1e-12);
});

test('Board Escape: who wins with perfect play, move by move; a point goes back', async ({ page }) => {
  const GAME = '3 4 6\nT...\n.#E.\n..T.';
  const want = await analyzeInNode('escape', GAME);
  await page.goto(`./#/escape?in=${encodeURIComponent(GAME)}`);
  await expect(page.getByTestId('answer')).toHaveText(want.answer);
  await page.getByRole('combobox', { name: 'Token to move' }).selectOption({ label: 'Token 1: row 1, column 1, counter 6' });
  await page.getByRole('button', { name: 'Move right' }).click();
  const points = page.getByRole('group', { name: /^Who wins with perfect play, move by move/ }).getByRole('button');
  await expect(points).toHaveCount(3); // the start, Alice's move, the solver's winning answer
  await expect(points.nth(0)).toHaveAccessibleName(`Start position: ${want.answer} wins (XOR ${want.xor})`);
  await expect(points.nth(1)).toHaveAccessibleName(/^Move 1: Alice token 1 right from row 1, column 1: Bob wins \(XOR [1-9]\d*\)$/);
  await expect(points.nth(2)).toHaveAccessibleName(/^Move 2: Bob .*: Bob wins \(XOR 0\)$/);
  await points.nth(0).click();
  await expect.poll(() => new URLSearchParams(new URL(page.url()).hash.split('?')[1]).get('m')).toBe(null);
  await expect(points).toHaveCount(0);
});

test('Codenames: the starting team\'s win probability at the start of each turn; a point goes back', async ({ page }) => {
  const start = CODENAMES;
  const after = CODENAMES.replace('9 R\n', '9 B\n').replace('\nR A R B B R B I I\n', '\nr A r B B R B I I\n');
  const v0 = (await analyzeInNode('codenames', start)).answer;
  const v1 = 1 - (await analyzeInNode('codenames', after)).answer; // Blue to move: Red's is the rest
  await page.goto('./#/codenames');
  await expectAnswer(page, v0, 1e-12);
  await page.getByRole('combobox', { name: 'Hint' }).selectOption({ label: 'river (2 hidden)' });
  await page.getByRole('combobox', { name: 'Number' }).selectOption('2');
  await page.getByRole('button', { name: 'Give hint', exact: true }).click();
  await page.getByRole('button', { name: 'Reveal bank' }).click();
  const plot = page.getByRole('group', { name: /^Red's win probability, turn by turn/ });
  await expect(plot).toHaveCount(0); // a turn still being guessed is not a point yet
  await page.getByRole('button', { name: 'Reveal spring' }).click();
  await expect.poll(() => stateOf(page.url())).toBe(after);
  const points = plot.getByRole('button');
  await expect(points).toHaveCount(2);
  await expect(points.nth(0)).toHaveAccessibleName(`Start position: ${pct(v0, 2)}`);
  await expect(points.nth(1)).toHaveAccessibleName(`After turn 1: Red, “river” for 2: ${pct(v1, 2)}`);
  await expect(points.nth(1)).toHaveAttribute('aria-current', 'step');
  await points.nth(0).click();
  await expect.poll(() => stateOf(page.url())).toBe(start);
  await expectAnswer(page, v0, 1e-12);
});
