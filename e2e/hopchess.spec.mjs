// hopchess.spec.mjs — the Hop chess tool in Debian's Chromium.
import { test, expect } from '@playwright/test';
import { analyzeInNode, expectAnswer, expectLive, expectNoSidewaysScroll, expectPinned, loadContest, stateOf, watchErrors } from './helpers.mjs';

const DEFAULT = '3 3\nJD.\nDJD\nJJD\n3 2\n';

test('opens on the default position with the proposal set, ties and the explanation', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('./#/hopchess');
  await expect(page.getByRole('navigation', { name: 'Tools' }).getByRole('link', { name: 'Hop chess' }))
    .toHaveAttribute('aria-current', 'page');
  await expectAnswer(page, await solveInNode(DEFAULT), 1e-9);
  await expect(page.getByTestId('answer')).toHaveText('0.778');
  // a1 -> b1 is the one certain member; three moves tie for the other two places.
  await expect(page.getByRole('button', { name: /^Play a1 → b1, takes Donald, 88\.9%, ✓ in set$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /= tied$/ })).toHaveCount(3);
  await expect(page.getByRole('button', { name: /✕ out$/ })).toHaveCount(7);
  await expect(page.getByText('Justin has eleven moves; with error factor 3 he proposes the best three')).toBeVisible();
  await expect(page.getByText(/A tie at the cut: .* The set needs two of these three/)).toBeVisible();
  await expect(page.getByText('The other seven are left out; the best of them, b2 → a2, would leave him only 66.7%.')).toBeVisible();
  await expect(page.getByRole('img', { name: /The position, 3 by 3, Justin to move, with his 11 moves drawn on it/ })).toBeVisible();
  expect(errors).toEqual([]);
});

test('Load solves both contest samples', async ({ page }) => {
  await page.goto('./#/hopchess');
  await loadContest(page, '1 3\nJJD\n3 1');
  await expectAnswer(page, 2 / 3, 1e-12);
  await expect(page.getByTestId('answer')).toHaveText('0.667');
  await expect(page.getByLabel('Rows')).toHaveValue('1');
  await expect(page.getByLabel('Columns')).toHaveValue('3');
  await expect(page.getByRole('button', { name: 'c1: Donald' })).toBeVisible();
  await expect(page.getByText(/with error factor 3 he proposes all of them/)).toBeVisible();

  await loadContest(page, '2 2\nJJ\nDD\n3 1');
  await expectAnswer(page, 0, 1e-12);
  await expect(page.getByTestId('answer')).toHaveText('0.000');
  await expect(page.getByLabel("Justin's error factor")).toHaveValue('3');
  await expect(page.getByLabel("Donald's error factor")).toHaveValue('1');
  // Four moves all worth 0: every one is tied at the cut, and the page says so.
  await expect(page.getByRole('button', { name: /= tied$/ })).toHaveCount(4);
  await expect(page.getByText(/four moves share the value at the cut; the optimal set takes any three of them/)).toBeVisible();
});

test('edit cells by click, by keyboard and by painting; who moves', async ({ page }) => {
  await page.goto('./#/hopchess?in=1+3%0AJJD%0A3+1%0A');
  await expectAnswer(page, 2 / 3);
  // Click cycles J -> D -> empty: Donald's only piece goes, and Justin wins.
  await page.getByRole('button', { name: 'c1: Donald' }).click();
  await expect(page.getByRole('button', { name: 'c1: empty' })).toBeVisible();
  await expectAnswer(page, 1);
  expect(stateOf(page.url())).toBe('1 3\nJJ.\n3 1\n');

  // Keyboard: arrows move between cells, Enter and Space cycle.
  await page.getByRole('button', { name: 'a1: Justin' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('button', { name: 'b1: Justin' })).toBeFocused();
  await page.keyboard.press('Enter'); // b1: J -> D
  await expect(page.getByRole('button', { name: 'b1: Donald' })).toBeFocused();
  await page.keyboard.press('Space'); // b1: D -> empty
  await expect(page.getByRole('button', { name: 'b1: empty' })).toBeFocused();
  await expectAnswer(page, 0); // J.. : Justin has no move
  await expect(page.getByText(/Justin has no move/)).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('button', { name: 'a1: Justin' })).toBeFocused();

  // Paint with D, dragging over the row.
  await page.getByRole('radio', { name: 'D', exact: true }).click();
  const a1 = await page.getByRole('button', { name: 'a1: Justin' }).boundingBox();
  const c1 = await page.getByRole('button', { name: 'c1: empty' }).boundingBox();
  await page.mouse.move(a1.x + a1.width / 2, a1.y + a1.height / 2);
  await page.mouse.down();
  await page.mouse.move(c1.x + c1.width / 2, c1.y + c1.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByRole('button', { name: /^[abc]1: Donald$/ })).toHaveCount(3);
  expect(stateOf(page.url())).toBe('1 3\nDDD\n3 1\n');

  // Resize and pick the side to move.
  await page.getByLabel('Rows').fill('2');
  await expect(page.getByRole('button', { name: 'b2: Justin' })).toBeVisible();
  await page.getByRole('radio', { name: 'Donald (D)' }).check();
  const text = '2 3\nDDD\nDJD\n3 1 D\n';
  await expect.poll(() => stateOf(page.url())).toBe(text);
  await expectAnswer(page, await solveInNode(text), 1e-9);
  await page.getByLabel('Rows').fill('5');
  await page.getByLabel('Columns').fill('5');
  await expect(page.getByText('At most 20 cells')).toBeVisible();
  expect(stateOf(page.url())).toBe('5 3\nDDD\nDJD\nJDJ\nDJD\nJDJ\n3 1 D\n');
});

test('play a move from the list and from its arrow, undo, redo, history in the URL', async ({ page, context }) => {
  await page.goto('./#/hopchess');
  await expectAnswer(page, await solveInNode(DEFAULT), 1e-9);
  await page.getByRole('button', { name: /^Play a1 → b1,/ }).click();
  const after1 = '3 3\n.J.\nDJD\nJJD\n3 2 D\n';
  await expect.poll(() => stateOf(page.url())).toBe(after1);
  await expectAnswer(page, await solveInNode(after1), 1e-9); // 0.8889: Donald to move
  await expect(page.getByRole('radio', { name: 'Donald (D)' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'a1: empty' })).toBeVisible();
  await expect(page.getByRole('button', { name: '1. Justin a1 → b1, takes D' })).toBeVisible();
  await expect(page.getByText("Donald's moves, best first")).toBeVisible();

  // Donald's reply through its arrow on the board: a2 takes the J on b2.
  await page.getByTestId('arrow-a2-b2').click();
  const after2 = '3 3\n.J.\n.DD\nJJD\n3 2\n';
  await expect.poll(() => stateOf(page.url())).toBe(after2);
  await expectAnswer(page, await solveInNode(after2), 1e-9);
  await expect(page.getByRole('button', { name: '2. Donald a2 → b2, takes J' })).toBeVisible();

  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect.poll(() => stateOf(page.url())).toBe(after1);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect.poll(() => stateOf(page.url())).toBe(DEFAULT);
  await expectAnswer(page, await solveInNode(DEFAULT), 1e-9);
  await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: '2. Donald a2 → b2, takes J (undone)' })).toBeVisible();
  await page.getByRole('button', { name: 'Redo', exact: true }).click();
  await expect.poll(() => stateOf(page.url())).toBe(after1);
  await expectAnswer(page, await solveInNode(after1), 1e-9);

  // The history survives a reload and a new page, redo included.
  const url = page.url();
  expect(new URLSearchParams(new URL(url).hash.split('?')[1]).get('h')).toBe('JD./DJD/JJD:J;0-1,3-4;1');
  await page.reload();
  await expectAnswer(page, await solveInNode(after1), 1e-9);
  await expect(page.getByRole('button', { name: 'Redo', exact: true })).toBeEnabled();
  const other = await context.newPage();
  await other.goto(url);
  await expectAnswer(other, await solveInNode(after1), 1e-9);
  await other.getByRole('button', { name: 'Redo', exact: true }).click();
  await expect.poll(() => stateOf(other.url())).toBe(after2);
  await other.getByRole('button', { name: 'Start position', exact: true }).click();
  await expect.poll(() => stateOf(other.url())).toBe(DEFAULT);

  // Editing a cell starts a new game: the history goes.
  await page.getByRole('button', { name: 'c1: empty' }).click();
  await expect(page.getByText('No moves played yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeDisabled();
});

test('play as the model would draws from the optimal proposal set', async ({ page }) => {
  // a1 -> b1 is in every optimal set; a1 -> a2, b2 -> b1, b2 -> c2 tie for the other two places.
  const allowed = { '0-1': '3 3\n.J.\nDJD\nJJD\n3 2 D\n', '0-3': '3 3\n.D.\nJJD\nJJD\n3 2 D\n',
    '4-1': '3 3\nJJ.\nD.D\nJJD\n3 2 D\n', '4-5': '3 3\nJD.\nD.J\nJJD\n3 2 D\n' };
  for (let i = 0; i < 4; i++) {
    // A full load each time: a hash-only change would keep the last game's state on screen.
    await page.goto('about:blank');
    await page.goto(`./#/hopchess?in=${encodeURIComponent(DEFAULT)}`);
    await expectAnswer(page, await solveInNode(DEFAULT), 1e-9);
    await page.getByRole('button', { name: 'Play as the model would' }).click();
    await expect.poll(() => new URLSearchParams(new URL(page.url()).hash.split('?')[1]).get('h')).toMatch(/^JD\.\/DJD\/JJD:J;\d+-\d+$/);
    const move = new URLSearchParams(new URL(page.url()).hash.split('?')[1]).get('h').split(';')[1];
    expect(Object.keys(allowed)).toContain(move);
    expect(stateOf(page.url())).toBe(allowed[move]);
    await expect(page.getByText(/Justin's proposal set this time: a1 → b1, .*\. Drawn at random:/)).toBeVisible();
  }
});

test('a bigger heat map replaces the smaller one; its data table keeps its headings in view while it scrolls both ways', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('./#/hopchess');
  const sweep = page.getByTestId('hop-sweep');
  await expect(sweep.getByRole('figure', { name: "Justin's win probability, error factors 1 to 8" })).toBeVisible();
  // While the 13 x 13 sweep is solved, the 8 x 8 one is still the section's (it threw: grid[8] read)
  await sweep.getByLabel('Factors up to').selectOption('13');
  await expect(sweep.getByRole('figure', { name: "Justin's win probability, error factors 1 to 13" })).toBeVisible();
  await expect(sweep.getByText("Best for Justin: factors (1, 1), 100.00%.")).toBeVisible();
  expect(errors).toEqual([]);
  await sweep.getByText('Data table', { exact: true }).click();
  const scroller = sweep.locator('.data-table .scroll');
  expect(await scroller.evaluate((s) => [s.scrollWidth > s.clientWidth, s.scrollHeight > s.clientHeight])).toEqual([true, true]);
  await scroller.evaluate((s) => { s.scrollIntoView({ block: 'center' }); s.scrollTop = s.scrollHeight; s.scrollLeft = s.scrollWidth; });
  const box = await scroller.boundingBox();
  await expectPinned(scroller.locator('thead th').first(), box, ['left', 'top']);
  await expectPinned(scroller.getByRole('columnheader', { name: '13', exact: true }), box, ['top']);
  await expectPinned(scroller.getByRole('rowheader', { name: '13', exact: true }), box, ['left']);
  // The corner heading takes one line (it wrapped to four); the caption and screen readers have its words.
  const caption = sweep.locator('.data-table').getByText("Rows: Justin's factor ↓ · columns: Donald's factor →");
  await expect(caption).toBeVisible();
  // scrolled to its far right, the table still shows its caption whole, from the box's left (it scrolled away with it)
  const [left, right] = await caption.evaluate((c) => [c.getBoundingClientRect().left, c.getBoundingClientRect().right]);
  expect(Math.abs(left - box.x)).toBeLessThan(1);
  expect(right).toBeLessThanOrEqual(box.x + box.width + 1);
  await expect(scroller.getByRole('table', { name: "Rows: Justin's factor ↓ · columns: Donald's factor →" })).toHaveCount(1);
  await expect(scroller.getByRole('columnheader', { name: "Justin's factor \\ Donald's factor" })).toHaveCount(1);
  const [head, row] = await scroller.evaluate((s) => [s.querySelector('thead tr'), s.querySelector('tbody tr')]
    .map((tr) => tr.getBoundingClientRect().height));
  expect(head).toBeLessThan(1.5 * row);
});

test('the heat map appears, matches single solves, and a click sets the factors', async ({ page }) => {
  await page.goto('./#/hopchess');
  const sweep = page.getByTestId('hop-sweep');
  const map = sweep.getByRole('figure', { name: "Justin's win probability, error factors 1 to 8" });
  await expect(map).toBeVisible();
  await sweep.getByText('Data table', { exact: true }).click();
  const cell = sweep.getByRole('button', { name: "Justin's factor 3, Donald's factor 2: 77.8%" });
  await expect(cell).toBeVisible();
  await expect(sweep.getByRole('button', { name: "Justin's factor 8, Donald's factor 8: 72.6%" })).toBeVisible();
  expect((await solveInNode('3 3\nJD.\nDJD\nJJD\n8 8\n')).toFixed(3)).toBe('0.726');

  // A click on the map (row a_J = 4, column a_D = 6) sets both factors and re-solves.
  const box = await map.locator('svg.heatmap').boundingBox();
  await page.mouse.click(box.x + (5.5 / 8) * box.width, box.y + (3.5 / 8) * box.height);
  await expect(page.getByLabel("Justin's error factor")).toHaveValue('4');
  await expect(page.getByLabel("Donald's error factor")).toHaveValue('6');
  await expectAnswer(page, await solveInNode('3 3\nJD.\nDJD\nJJD\n4 6\n'), 1e-9);
  const v46 = await solveInNode('3 3\nJD.\nDJD\nJJD\n4 6\n');
  await expect(sweep.getByText(`Current factors (4, 6): ${(100 * v46).toFixed(2)}% (outlined).`)).toBeVisible();
  // The data table's numbers are buttons too (keyboard).
  await sweep.getByRole('button', { name: "Justin's factor 1, Donald's factor 1: 100.0%" }).press('Enter');
  await expect(page.getByLabel("Justin's error factor")).toHaveValue('1');
  await expectAnswer(page, 1);

  // A smaller map, kept in the URL.
  await sweep.getByLabel('Factors up to').selectOption('4');
  await expect(sweep.getByRole('figure', { name: "Justin's win probability, error factors 1 to 4" })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('hop-sweep').getByLabel('Factors up to')).toHaveValue('4');
});

test('the heat map frames the current factors, and the cell under the mouse, on top of every cell', async ({ page }) => {
  await page.goto('./#/hopchess');
  const svg = page.getByTestId('hop-sweep').getByRole('figure', { name: /error factors 1 to 8/ }).locator('svg.heatmap');
  await expect(svg).toBeVisible();
  await expectLive(page); // the prerendered view (inert) answers no pointer
  await svg.scrollIntoViewIfNeeded(); // the mouse reaches only what is in the viewport
  const map = await svg.boundingBox();
  const cellBox = (i, j) => ({ x: map.x + (j * map.width) / 8, y: map.y + (i * map.height) / 8, width: map.width / 8, height: map.height / 8 });
  /** The frame's box lies in cell (i, j) and covers most of it; it is drawn after every cell. */
  const expectFramed = async (frame, i, j) => {
    const f = await frame.boundingBox();
    const c = cellBox(i, j);
    expect(f.x).toBeGreaterThanOrEqual(c.x - 0.5);
    expect(f.y).toBeGreaterThanOrEqual(c.y - 0.5);
    expect(f.x + f.width).toBeLessThanOrEqual(c.x + c.width + 0.5);
    expect(f.y + f.height).toBeLessThanOrEqual(c.y + c.height + 0.5);
    expect(f.width).toBeGreaterThan(0.8 * c.width);
    expect(await frame.evaluate((el) => [...el.parentNode.children].slice(el.parentNode.children.length - 2)
      .includes(el) && !el.nextElementSibling?.matches('rect:not(.hl):not(.hover)'))).toBe(true);
  };
  await expectFramed(svg.locator('rect.hl'), 2, 1); // factors (3, 2)
  await page.mouse.move(map.x + (5.5 / 8) * map.width, map.y + (3.5 / 8) * map.height);
  await expectFramed(svg.locator('rect.hover'), 3, 5);
  await page.mouse.move(map.x + (0.5 / 8) * map.width, map.y + (0.5 / 8) * map.height);
  await expectFramed(svg.locator('rect.hover'), 0, 0); // the map's corner: the frame stays inside it
  await page.mouse.move(map.x - 20, map.y - 20);
  await expect(svg.locator('rect.hover')).toHaveCount(0);
});

test('bad contest input shows an error with line and column', async ({ page }) => {
  await page.goto('./#/hopchess');
  await expectAnswer(page, await solveInNode(DEFAULT), 1e-9);
  await loadContest(page, '2 2\nJX\nDD\n3 1');
  await expect(page.getByRole('alert')).toContainText('Line 2, column 2');
  await expect(page.getByRole('alert')).toContainText("expected J, D or '.'");
  await loadContest(page, '2 2\nJJ\nDD\n3 0');
  await expect(page.getByRole('alert')).toContainText('Line 4');
  await loadContest(page, '1 3\nJJD\n3 1');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectAnswer(page, 2 / 3);
});

test('a bad URL shows a message and a default editor, not a blank page', async ({ page }) => {
  await page.goto('./#/hopchess?in=%3Cb%3Ebold%3C%2Fb%3E');
  await expect(page.getByRole('alert')).toContainText('Line 1');
  await expect(page.getByLabel('Rows')).toHaveValue('3');
  await expect(page.locator('b')).toHaveCount(0);
  await page.goto(`./#/hopchess?in=${encodeURIComponent(DEFAULT)}&h=JJJ%2FDDD%2FJJJ%3AJ%3B0-1`);
  await expect(page.getByText('The move history in this link does not lead to this position')).toBeVisible();
  await expectAnswer(page, await solveInNode(DEFAULT), 1e-9);
});

test('a long solve shows progress and can be cancelled; big positions get the heat map on request', async ({ page }) => {
  await page.goto('./#/hopchess');
  await expectAnswer(page, await solveInNode(DEFAULT), 1e-9);
  // 18 cells, about 3 s natively: long enough that Cancel is always there to click (the 4x4
  // preset, about 0.45 s in WASM, could finish between the progress bar and the click).
  // Its solve again is waited for as long as six times its solve in this process (at least
  // the usual 15 s): on 2026-11-27's slower machine it took 4.8-7.5 s in Node, and more than
  // 15 s in the page while another test ran on the second core, failing a fresh clone's run.
  const big = '3 6\nJJDDJJ\nDDJJDD\nJJDDJJ\n3 2\n';
  const t0 = performance.now();
  const want = await solveInNode(big);
  const wait = Math.max(15_000, 6 * (performance.now() - t0));
  test.setTimeout(60_000 + 2 * wait);
  await loadContest(page, big);
  const cancel = page.getByRole('button', { name: 'Cancel' });
  await expect(cancel).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Solving' })).toBeVisible();
  await cancel.click();
  await expect(page.getByText('Cancelled.')).toBeVisible();
  await page.getByRole('button', { name: 'Solve again' }).click();
  await expectAnswer(page, want, 1e-9, { timeout: wait });
  await expect(page.getByRole('button', { name: 'Compute the heat map' })).toBeVisible();
});

test('fits a phone-sized window without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('./#/hopchess?in=3+6%0AJD....%0A......%0A.....D%0A3+2%0A');
  await expect(page.getByText(/Boards over 16 cells can take a long time/)).toBeVisible();
  await page.goto('./#/hopchess');
  await expectAnswer(page, await solveInNode(DEFAULT), 1e-9);
  await expect(page.getByTestId('hop-sweep').getByRole('figure')).toBeVisible();
  await expectNoSidewaysScroll(page);
});

const solveInNode = async (text) => (await analyzeInNode('hopchess', text)).answer;
