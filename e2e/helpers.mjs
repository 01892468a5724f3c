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

/** The contest text held in a URL's `in` param. */
export function stateOf(url) {
  return new URLSearchParams(new URL(url).hash.split('?')[1]).get('in');
}

/**
 * The analysis the WASM build gives under Node, for expected values without a
 * published answer: the page must agree with it.
 */
export async function analyzeInNode(game, text, options) {
  const { load } = await import('../wasm-glue/winrate.mjs');
  analyzeInNode.solver ??= await load();
  return analyzeInNode.solver.analyze(game, text, options);
}

/** No sideways scrolling (a phone-sized window). */
export async function expectNoSidewaysScroll(page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * Counts the answers the page's workers send, in window.answers: solved, or
 * read from a kept Codenames table (reused). Before the page loads.
 */
export async function countWorkerAnswers(page) {
  await page.addInitScript(() => {
    const Real = window.Worker;
    window.answers = { solved: 0, reused: 0 };
    window.Worker = class extends Real {
      constructor(...args) {
        super(...args);
        this.addEventListener('message', ({ data }) => {
          if (data?.type === 'result') window.answers[data.reused ? 'reused' : 'solved']++;
        });
      }
    };
  });
}
