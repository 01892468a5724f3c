// phone.spec.mjs — phone first (390 x 844): the answer is in view on opening
// each tool, after Load (the contest box is at the bottom of the editor) and
// after an edit at the top of the editor, without scrolling to it; and after
// Load on wider screens, one column (a tablet) or two.
import { test, expect } from '@playwright/test';
import { analyzeInNode, expectAnswer, expectInViewOnTop, expectLive, panelOverflow, expectNoSidewaysScroll, loadContest, LONG_CODENAMES } from './helpers.mjs';

const TOOLS = {
  dice: { load: 'AA A D DD\n4 4\n', loaded: 0.4079, edit: (page) => page.getByLabel('Player one units').fill('9') },
  hopchess: { load: '1 3\nJJD\n3 1\n', loaded: 2 / 3, edit: (page) => page.getByLabel("Justin's error factor").fill('1') },
  escape: { load: '2 4 3\nT...\n.#.E\n', loaded: null, edit: (page) => page.getByLabel(/^K/).fill('5') },
  codenames: {
    load: '4 B\napple sleep java dog\nB R I A\n3\n2 apple java\n2 apple dog\n2 sleep java\n', loaded: 0.5,
    edit: (page) => page.getByLabel('Hints must cover one of your own agents').check(),
  },
};

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** A hop chess position whose moves take both kinds of piece ("takes Donald", "takes his own J"). */
const OWN_CAPTURES = '3 3\nJD.\nDJD\nJJD\n3 2\n';

for (const [tool, t] of Object.entries(TOOLS)) {
  test(`${tool}: the answer is in view on opening, after Load and after an edit at the top`, async ({ page }) => {
    await page.goto(`./#/${tool}`);
    const answer = page.getByTestId('answer');
    await expect(answer).toHaveAttribute('data-value', /./);
    await expect(answer).toBeInViewport({ ratio: 1 });

    await loadContest(page, t.load);
    if (t.loaded === null) await expect(answer).toHaveText('Alice');
    else await expectAnswer(page, t.loaded, 1e-4);
    await expect(answer).toBeInViewport({ ratio: 1 });

    await page.evaluate(() => window.scrollTo(0, 0));
    const before = await answer.getAttribute('data-value');
    await t.edit(page);
    await expect(page.locator('#main .result')).not.toHaveClass(/stale|placeholder/);
    await expect(answer).toBeInViewport({ ratio: 1 });
    expect(typeof before).toBe('string');
    await expectNoSidewaysScroll(page);
  });
}

for (const tool of Object.keys(TOOLS)) {
  test(`${tool} at 320 px: the answer bar shows its percentage (or XOR) whole; the label beside the answer gives way`, async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(`./#/${tool}`);
    await expect(page.getByTestId('answer')).toHaveAttribute('data-value', /./);
    const bar = page.locator('#main .result > .answer-row');
    const parts = await bar.evaluate((row) => [...row.querySelectorAll('.answer, .answer-pct')].map((el) => {
      const r = el.getBoundingClientRect();
      return { cls: el.className, right: r.right, clipped: el.scrollWidth > el.clientWidth + 1 };
    }));
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    expect(parts.length).toBe(2);
    for (const p of parts) {
      expect(p.clipped, `${p.cls} fits its box`).toBe(false);
      expect(p.right, `${p.cls} inside the screen`).toBeLessThanOrEqual(width);
    }
  });
}

for (const [width, height] of [[390, 844], [800, 700]]) {
  test(`at ${width} px (one column) a long solve's progress and Cancel, then "Cancelled.", take the answer bar's place`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('./#/codenames');
    const answer = page.getByTestId('answer');
    await expect(answer).toHaveAttribute('data-value', /./); // the example's answer, in the bar
    await loadContest(page, LONG_CODENAMES); // Load is at the editor's end
    const cancel = page.getByRole('button', { name: 'Cancel' });
    await expectInViewOnTop(cancel);
    await expectInViewOnTop(page.getByRole('progressbar', { name: 'Solving' }));
    await expect(answer).toBeHidden(); // the example's answer is not this board's
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectInViewOnTop(cancel);
    await cancel.click();
    await expectInViewOnTop(page.getByRole('button', { name: 'Solve again' }));
    await expect(answer).toBeHidden();
    await loadContest(page, TOOLS.codenames.load); // a board that solves at once: its answer in the bar
    await expectAnswer(page, TOOLS.codenames.loaded, 1e-4);
    await expectInViewOnTop(answer);
    await expectNoSidewaysScroll(page);
  });
}

test('a control that gets focus under the answer bar is scrolled clear of it', async ({ page }) => {
  await page.goto('./#/dice');
  const load = page.getByRole('button', { name: 'Load', exact: true });
  await expect(page.getByTestId('answer')).toHaveAttribute('data-value', /./);
  await expectLive(page); // a disabled Load (the prerendered view's) takes no focus, so nothing scrolls
  const y = await load.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  await page.evaluate((top) => window.scrollTo(0, top - window.innerHeight + 40), y); // under the bar
  await load.focus();
  await expectInViewOnTop(load);
});

// Widths where the note was cut before it went by the list's width (container query): 390-402 px
// phones, and the list in the two columns of a 940 px screen.
for (const width of [320, 390, 402, 940]) {
  test(`hop chess at ${width} px: each move says whole what it takes`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`./#/hopchess?in=${encodeURIComponent(OWN_CAPTURES)}`);
    const notes = page.locator('.move-capture');
    await expect(notes.first()).toHaveText(/^takes /);
    await expect(notes.filter({ hasText: /^takes his own J/ })).not.toHaveCount(0);
    const clipped = await notes.evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent));
    expect(clipped).toEqual([]);
    await expectNoSidewaysScroll(page);
  });
}

test('at 320 px a download button whose label wraps starts each line at its left, as the links beside it', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('./#/codenames');
  const csv = page.getByRole('button', { name: 'Download every hint and number (CSV)' });
  await expect(csv).toBeVisible();
  const lines = await csv.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const box = el.getBoundingClientRect();
    const left = box.left + parseFloat(getComputedStyle(el).paddingLeft);
    const starts = new Map(); // a line's top -> its leftmost text
    for (const r of range.getClientRects()) starts.set(Math.round(r.top), Math.min(starts.get(Math.round(r.top)) ?? Infinity, r.left));
    return [...starts.values()].map((x) => Math.round(x - left));
  });
  expect(lines.length).toBeGreaterThan(1); // it does wrap at this width
  expect(lines).toEqual(lines.map(() => 0));
});

test('Codenames at 320 px: each hint row keeps its name, Edit cards and remove on one line', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('./#/codenames');
  await expectLive(page);
  const rows = page.locator('.cn-hint-top');
  await expect(rows).not.toHaveCount(0);
  // every part of a row has its middle at the same height: none wrapped under the others
  const wrapped = await rows.evaluateAll((els) => els.filter((row) => {
    const mids = [...row.children].filter((c) => c.getBoundingClientRect().width).map((c) => {
      const r = c.getBoundingClientRect();
      return r.top + r.height / 2;
    });
    return Math.max(...mids) - Math.min(...mids) > 4;
  }).map((row) => row.querySelector('input')?.value));
  expect(wrapped).toEqual([]);
});

test('hop chess: a tap on the heat map picks its factors and reads out their cell', async ({ page }) => {
  await page.goto('./#/hopchess');
  const sweep = page.getByTestId('hop-sweep');
  const map = sweep.getByRole('figure', { name: /error factors 1 to 8/ });
  const readout = map.locator('.chart-readout');
  const svg = map.locator('svg.heatmap');
  await expect(svg).toBeVisible();
  await expect(readout).toHaveText(/^Justin's factor 3, Donald's factor 2: 77\.78%$/); // the current factors, 7/9
  await expectLive(page); // the prerendered view (inert) answers no pointer
  await svg.scrollIntoViewIfNeeded();
  const box = await svg.boundingBox();
  await page.touchscreen.tap(box.x + (5.5 / 8) * box.width, box.y + (3.5 / 8) * box.height);
  await expect(page.getByLabel("Justin's error factor")).toHaveValue('4');
  await expect(page.getByLabel("Donald's error factor")).toHaveValue('6');
  const v46 = (await analyzeInNode('hopchess', '3 3\nJD.\nDJD\nJJD\n4 6\n')).answer;
  await expect(readout).toHaveText(`Justin's factor 4, Donald's factor 6: ${(100 * v46).toFixed(2)}%`);
});

for (const [width, height, layout] of [[800, 700, 'one column: the bar at the bottom'], [1280, 800, 'two columns: the answer row at the top']]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height }, isMobile: false, hasTouch: false });
    for (const [tool, t] of Object.entries(TOOLS)) {
      test(`${tool} at ${width} px (${layout}): the answer is in view after Load and after an edit at the top`, async ({ page }) => {
        await page.goto(`./#/${tool}`);
        const answer = page.getByTestId('answer');
        await expect(answer).toHaveAttribute('data-value', /./);
        await loadContest(page, t.load); // Load is below the screen's first height: the click scrolls to it
        if (t.loaded === null) await expect(answer).toHaveText('Alice');
        else await expectAnswer(page, t.loaded, 1e-4);
        expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
        await expectInViewOnTop(answer);
        await page.evaluate(() => window.scrollTo(0, 0));
        await t.edit(page);
        await expect(page.locator('#main .result')).not.toHaveClass(/stale|placeholder/);
        await expectInViewOnTop(answer);
      });
    }
  });
}

test.describe('1280 px, keyboard', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });
  test('a control that gets focus under the sticky answer row is scrolled clear of it', async ({ page }) => {
    await page.goto('./#/hopchess');
    const move = page.getByRole('button', { name: /^Play b2 → a2/ });
    await expect(move).toBeVisible();
    await expectLive(page); // the prerendered view's move is disabled: it takes no focus
    // scroll so that the move sits just under the top of the screen, where the answer row is
    const y = await move.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    await page.evaluate((top) => window.scrollTo(0, top - 20), y);
    await move.focus();
    await expectInViewOnTop(move);
  });
});

// Every panel holds what it shows, its <details> opened, from the smallest phone to a laptop's two
// columns (the dice preset's longest name ran out of the editor at 320 px).
for (const width of [320, 390, 540, 1024]) {
  test(`at ${width} px nothing runs out of a panel, its details opened, in any tool`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const tool of Object.keys(TOOLS)) {
      await page.goto(`./#/${tool}`);
      await expectLive(page);
      await expect(page.getByTestId('answer')).toHaveAttribute('data-value', /./);
      expect(await panelOverflow(page.locator('body')), `${tool} at ${width} px`).toEqual([]);
    }
  });
}
