// helpers.mjs — shared steps for the specs: the page's public hooks
// (Contest input, Load, answer) are the same for every tool.
import { expect } from '@playwright/test';

/** The answer's full-precision value, once it is within tol of want. */
export async function expectAnswer(page, want, tol = 1e-6) {
  const answer = page.getByTestId('answer');
  await expect.poll(async () => {
    const v = Number(await answer.getAttribute('data-value'));
    return Math.abs(v - want) <= tol ? 'ok' : v;
  }).toBe('ok');
}

/** Pastes contest text and presses Load. */
export async function loadContest(page, text) {
  await page.getByRole('textbox', { name: /Contest input/ }).fill(text);
  await page.getByRole('button', { name: 'Load', exact: true }).click();
}

/** Fails the test on any uncaught page error or console error. */
export function watchErrors(page) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  return errors;
}
