// helpers.mjs — shared steps for the specs: the page's public hooks
// (Contest input, Load, answer) are the same for every tool.
import { expect } from '@playwright/test';

/**
 * The answer's full-precision value, once it is within tol of want and is the
 * current input's (waiting up to timeout ms: the config's expect timeout unless
 * given). A result kept on screen while a newer input solves is marked stale
 * (its panel's class): its value is not this input's answer, even where the
 * two are equal (the phone spec's quick Codenames board and the tool's
 * example are both worth 0.5: on a slower machine the stale one passed).
 */
export async function expectAnswer(page, want, tol = 1e-6, { timeout } = {}) {
  const answer = page.getByTestId('answer');
  await expect.poll(async () => {
    const [value, stale] = await answer.evaluate((el) => [el.dataset.value, Boolean(el.closest('.result')?.classList.contains('stale'))]);
    const v = Number(value);
    if (stale) return `stale ${v}`;
    return Math.abs(v - want) <= tol ? 'ok' : v;
  }, timeout === undefined ? {} : { timeout }).toBe('ok');
}

/** Pastes contest text and presses Load. */
export async function loadContest(page, text) {
  await page.getByRole('textbox', { name: /Contest input/ }).fill(text);
  await page.getByRole('button', { name: 'Load', exact: true }).click();
}

/**
 * The app is live (the shell's mark, once its effects ran and its listeners are there). The prerendered view (make site) shows the answer before that, inert,
 * its controls disabled: a focus() or evaluate() there does nothing the app keeps (fill and click wait).
 */
export async function expectLive(page) {
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName('winrate-app').length)).toBe(1);
}

/** A dice battle of tens of seconds of solving: Cancel is always there to click. */
export const LONG_BATTLE = 'AAAAAAAAA AAAADDDDD DDDDDDDDD AAA AA A AD ADD D DD DDD - A AAD AADD AAAAA DDDDD ADDD AAAD -\n200 200\n';

/** A Codenames board of seconds of solving in WASM (about 8 s): 24 cards, every one on one of 12 hints. */
export const LONG_CODENAMES = (() => {
  const w = Array.from({ length: 24 }, (_, i) => `w${'abcdefghijklmnopqrstuvwxyz'[i]}`);
  const ids = w.map((_, i) => (i < 8 ? 'R' : i < 16 ? 'B' : i < 23 ? 'I' : 'A'));
  const hints = Array.from({ length: 12 }, (_, h) => w.filter((_, i) => (i * 7 + h * 3) % 5 < 2));
  return `24 R\n${w.join(' ')}\n${ids.join(' ')}\n12\n${hints.map((c) => `${c.length} ${c.join(' ')}`).join('\n')}\n`;
})();

/** The element is wholly in the viewport and nothing is drawn over its centre (a sticky bar, say). */
export async function expectInViewOnTop(locator) {
  await expect(locator).toBeInViewport({ ratio: 1 });
  expect(await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return el.contains(top);
  })).toBe(true);
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

/**
 * A sticky heading of a table that has been scrolled: still at the scrolling
 * box's left or top edge (edges: 'left', 'top' or both), and drawn on top of
 * the cells that scrolled beneath it.
 */
export async function expectPinned(cell, box, edges) {
  const at = await cell.boundingBox();
  if (edges.includes('left')) expect(Math.abs(at.x - box.x)).toBeLessThan(1);
  if (edges.includes('top')) expect(Math.abs(at.y - box.y)).toBeLessThan(1);
  const onTop = await cell.evaluate((c) => {
    const r = c.getBoundingClientRect();
    return c.contains(document.elementFromPoint(r.left + 4, r.top + r.height / 2));
  });
  expect(onTop).toBe(true);
}

/** No sideways scrolling (a phone-sized window). */
export async function expectNoSidewaysScroll(page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * What runs out of its panel on the right (no scrolling box between them, and not the phone's fixed
 * answer bar), as 'tag.class +px', outermost only, in the document or a widget's shadow root: every
 * <details> opened first, so its table counts too. A layout that goes by the screen's width where it
 * should go by its own (a widget in a blog's column) shows up here.
 */
export async function panelOverflow(locator) {
  return locator.evaluate((host) => {
    const root = host.shadowRoot ?? host;
    for (const d of root.querySelectorAll('details')) d.open = true;
    const out = [];
    for (const panel of root.querySelectorAll('.panel')) {
      const right = panel.getBoundingClientRect().right;
      for (const el of panel.querySelectorAll('*')) {
        const r = el.getBoundingClientRect();
        if (!r.width || r.right <= right + 1) continue;
        let a = el, skip = false;
        for (; a && a !== panel; a = a.parentElement) {
          const cs = getComputedStyle(a);
          if (cs.position === 'fixed' || (a !== el && cs.overflowX !== 'visible')) { skip = true; break; }
        }
        if (skip || el.parentElement.getBoundingClientRect().right > right + 1) continue;
        out.push(`${el.tagName.toLowerCase()}${[...el.classList].map((c) => `.${c}`).join('')} +${Math.round(r.right - right)}`);
      }
    }
    return out;
  });
}

/**
 * Counts the answers the page's workers send, in window.answers: solved, or
 * read from a kept Codenames table (reused); and the warm-ups they did, in
 * window.warmed (a game per warm-up, worker.mjs). Before the page loads.
 */
export async function countWorkerAnswers(page) {
  await page.addInitScript(() => {
    const Real = window.Worker;
    window.answers = { solved: 0, reused: 0 };
    window.warmed = [];
    window.Worker = class extends Real {
      constructor(...args) {
        super(...args);
        this.addEventListener('message', ({ data }) => {
          if (data?.type === 'result') window.answers[data.reused ? 'reused' : 'solved']++;
          if (data?.type === 'warmed' && data.warmed) window.warmed.push(data.game);
        });
      }
    };
  });
}
