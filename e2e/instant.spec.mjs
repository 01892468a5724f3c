// instant.spec.mjs — recent answers are remembered (web/lib/solver.js): going
// back to an earlier state shows its answer with no worker request at all.
import { test, expect } from '@playwright/test';
import { analyzeInNode, expectAnswer, loadContest } from './helpers.mjs';

/**
 * Counts the answer's solve requests the page posts to its workers (hop chess's
 * heat map, a sweep, is another request: it may still be running when a move
 * is played, and then it is solved again after Undo).
 */
async function countSolves(page) {
  await page.addInitScript(() => {
    window.solveRequests = 0;
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (message, ...rest) {
      if (message?.type === 'solve' && !message.options?.sweep) window.solveRequests++;
      return post.call(this, message, ...rest);
    };
  });
  return () => page.evaluate(() => window.solveRequests);
}

test("an earlier battle's answer comes back without a solve", async ({ page }) => {
  const solves = await countSolves(page);
  await page.goto('./#/dice');
  await loadContest(page, 'AA A D DD\n4 4');
  await expectAnswer(page, 0.4079, 5e-5);
  await loadContest(page, 'A D\n4 3');
  await expectAnswer(page, 1, 0);
  const before = await solves();
  await loadContest(page, 'AA A D DD\n4 4');
  await expectAnswer(page, 0.4079, 5e-5);
  expect(await solves()).toBe(before);
});

test('hop chess: Undo shows the earlier position\'s answer without a solve', async ({ page }) => {
  const solves = await countSolves(page);
  await page.goto('./#/hopchess');
  const answer = page.getByTestId('answer');
  await expect(answer).toHaveAttribute('data-value', /\d/);
  const start = await answer.textContent();
  await page.getByRole('button', { name: /^Play a1 → b1,/ }).click();
  await expect(answer).not.toHaveText(start);
  const before = await solves();
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(answer).toHaveText(start);
  expect(await solves()).toBe(before);
});

test('rapid typing: 20 keystrokes without waiting end with the answer of the final value, never an older one', async ({ page }) => {
  await page.goto('./#/dice');
  await expectAnswer(page, 0.4079, 5e-5);
  const field = page.getByLabel('Player one units');
  await field.click();
  await field.press('End');
  // 10 pairs of Backspace and a digit: 4 -> 1, 2, ..., 9, 1, 9 (each a valid battle, each a solve).
  for (const digit of ['1', '2', '3', '4', '5', '6', '7', '8', '1', '9']) {
    await page.keyboard.press('Backspace');
    await page.keyboard.press(digit);
  }
  await expect(field).toHaveValue('9');
  const want = (await analyzeInNode('dice', 'AA A D DD\n9 4\n')).answer;
  await expectAnswer(page, want, 1e-12);
  // And it stays: no late answer of an older value replaces it.
  await page.waitForTimeout(300);
  await expectAnswer(page, want, 1e-12);
  expect(new URLSearchParams(new URL(page.url()).hash.split('?')[1]).get('in')).toBe('AA A D DD\n9 4\n');
});
