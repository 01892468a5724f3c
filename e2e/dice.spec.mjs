// dice.spec.mjs — the Battle Dice tool in Debian's Chromium.
import { test, expect } from '@playwright/test';
import { analyzeInNode, expectAnswer, expectLive, LONG_BATTLE, expectNoSidewaysScroll, loadContest, stateOf, watchErrors } from './helpers.mjs';

test('opens on the dice tool and solves the default battle', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('./');
  await expect(page).toHaveURL(/#\/dice/);
  await expect(page.getByRole('navigation', { name: 'Tools' }).getByRole('link', { name: 'Battle Dice' }))
    .toHaveAttribute('aria-current', 'page');
  await expectAnswer(page, 0.4079, 5e-5);
  await expect(page.getByTestId('answer')).toHaveText('0.4079');
  expect(errors).toEqual([]);
});

test('Load from contest input solves the CheckiO examples', async ({ page }) => {
  await page.goto('./#/dice');
  for (const [text, want] of [['AA A D DD\n3 4', 0.0186], ['AA A D DD\n5 4', 0.9073], ['A D\n4 3', 1], ['A D\n3 3', 0]]) {
    await loadContest(page, text);
    await expectAnswer(page, want, 5e-5);
  }
  await expect(page.getByLabel('Player one units')).toHaveValue('3');
});

test('the permalink restores the battle after reload and in a new page', async ({ page, context }) => {
  await page.goto('./#/dice');
  await loadContest(page, 'AA A D DD\nA AD D -\n5 6');
  await expect(page.getByRole('switch', { name: 'Different die for player two' })).toBeChecked();
  await expectAnswer(page, await solveInNode('AA A D DD\nA AD D -\n5 6'));
  const url = page.url();
  await page.reload();
  await expect(page.getByLabel('Player one units')).toHaveValue('5');
  await expect(page.getByLabel('Player two units')).toHaveValue('6');
  const other = await context.newPage();
  await other.goto(url);
  await expectAnswer(other, await solveInNode('AA A D DD\nA AD D -\n5 6'));
  await expect(other.getByRole('switch', { name: 'Different die for player two' })).toBeChecked();
});

test('editing faces and units re-solves and updates the URL', async ({ page }) => {
  await page.goto('./#/dice?in=A+D%0A3+3%0A');
  await expectAnswer(page, 0);
  await page.getByRole('button', { name: 'Face 2: remove a defence' }).click();
  await page.getByRole('button', { name: 'Face 2: add an attack' }).click();
  // Now both faces attack: A A, 3 vs 3 -> both armies die in the first roll: a draw.
  await expectAnswer(page, 0);
  await expect(page.getByTestId('p-draw')).toHaveAttribute('data-value', '1');
  await page.getByLabel('Player one units').fill('4');
  await expectAnswer(page, 1);
  expect(stateOf(page.url())).toBe('A A\n4 3\n');
  await page.getByRole('button', { name: 'Add face' }).click();
  await expect(page.getByRole('button', { name: 'Remove face 3' })).toBeVisible();
  await page.getByRole('button', { name: 'Duplicate face 3' }).click();
  await expect(page.getByRole('button', { name: 'Remove face 4' })).toBeVisible();
});

test('presets and blank faces', async ({ page }) => {
  await page.goto('./#/dice');
  await page.getByLabel('Preset').first().selectOption({ label: 'Deadlock (never ends)' });
  await expect(page.getByTestId('p-stalemate')).toHaveAttribute('data-value', '1');
  await loadContest(page, 'A -\n2 2');
  await expect(page.getByRole('listitem', { name: /Face 2: blank/ })).toBeVisible();
});

test('keyboard: every editor control is reachable and works', async ({ page }) => {
  await page.goto('./#/dice?in=A+D%0A3+3%0A');
  await expectAnswer(page, 0);
  const add = page.getByRole('button', { name: 'Face 1: add an attack' });
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listitem', { name: /Face 1: 2 attacks/ })).toBeVisible();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Space');
  await expect(page.getByRole('listitem', { name: /Face 1: 1 attack$/ })).toBeVisible();
});

test('bad contest input shows an error with line and column', async ({ page }) => {
  await page.goto('./#/dice');
  await expectAnswer(page, 0.4079, 5e-5);
  await loadContest(page, 'AA A x DD\n4 4');
  await expect(page.getByRole('alert')).toContainText('Line 1, column 6');
  await expect(page.getByRole('alert')).toContainText('expected a face');
  await loadContest(page, 'A D\n4 3');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectAnswer(page, 1);
});

test('a bad URL shows a message and a default editor, not a blank page', async ({ page }) => {
  await page.goto('./#/dice?in=%3Cb%3Ebold%3C%2Fb%3E');
  await expect(page.getByRole('alert')).toContainText('Line 1');
  await expect(page.getByLabel('Player one units')).toHaveValue('4');
  await expect(page.locator('b')).toHaveCount(0);
});

test('a long solve shows progress and can be cancelled', async ({ page }) => {
  await page.goto('./#/dice');
  await expectAnswer(page, 0.4079, 5e-5);
  await loadContest(page, LONG_BATTLE);
  const cancel = page.getByRole('button', { name: 'Cancel' });
  await expect(cancel).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Solving' })).toBeVisible();
  await cancel.click();
  await expect(page.getByText('Cancelled.')).toBeVisible();
  await expect(cancel).toHaveCount(0);
  // The page stays usable: the next edit solves in a fresh worker.
  await loadContest(page, 'A D\n4 3');
  await expectAnswer(page, 1);
});

test('a long solve cancelled before any answer says so, not "Solving…", and solves again on request', async ({ page }) => {
  await page.goto(`./#/dice?in=${encodeURIComponent(LONG_BATTLE)}`); // opened on it: no earlier answer to show
  const cancel = page.getByRole('button', { name: 'Cancel' });
  await cancel.click();
  await expect(page.getByText('Cancelled.')).toBeVisible();
  await expect(page.locator('.result-col')).not.toContainText('Solving');
  await page.getByRole('button', { name: 'Solve again' }).click();
  await expect(cancel).toBeVisible();
  await cancel.click();
  await expect(page.getByText('Cancelled.')).toBeVisible();
});

test('fits a phone-sized window without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('./#/dice');
  await expectAnswer(page, 0.4079, 5e-5);
  await expectNoSidewaysScroll(page);
});

const solveInNode = async (text) => (await analyzeInNode('dice', text)).answer;

test('a win map drawn on a canvas frames the battle shown, at its corner', async ({ page }) => {
  await page.goto(`./#/dice?in=${encodeURIComponent('AA A D DD\n100 60\n')}`);
  const map = page.getByRole('figure', { name: "Player one's win probability with smaller armies" });
  const canvas = map.locator('canvas');
  await expect(canvas).toBeVisible();
  const c = await canvas.boundingBox();
  const f = await map.locator('.heat-frame > .hl').boundingBox();
  // The cell (100, 60) is the canvas's bottom-right corner: 1/100 of its height, 1/60 of its width.
  expect(f.x + f.width / 2).toBeGreaterThan(c.x + c.width - c.width / 60 - 4);
  expect(f.y + f.height / 2).toBeGreaterThan(c.y + c.height - c.height / 100 - 4);
  expect(f.x + f.width).toBeLessThanOrEqual(c.x + c.width + 0.5);
  expect(f.y + f.height).toBeLessThanOrEqual(c.y + c.height + 0.5);
});

test('the win maps number their axes, keep their cells square, and read out the cell pointed at or tapped', async ({ page }) => {
  const figure = () => page.getByRole('figure', { name: "Player one's win probability with smaller armies" });
  const ticks = (axis) => figure().locator(`.ticks.${axis} span:not(:empty)`);
  const readout = () => figure().locator('.chart-readout');
  const centre = (b) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
  // 6 vs 3, an SVG map: every number, each at its row's or column's middle; the cells square.
  const text63 = 'AA A D DD\n6 3\n';
  const table = (await analyzeInNode('dice', text63)).table;
  await page.goto(`./#/dice?in=${encodeURIComponent(text63)}`);
  const svg = figure().locator('svg.heatmap');
  await expect(svg).toBeVisible();
  await expect(ticks('y')).toHaveText(['1', '2', '3', '4', '5', '6']);
  await expect(ticks('x')).toHaveText(['1', '2', '3']);
  await svg.scrollIntoViewIfNeeded();
  const map = await svg.boundingBox();
  expect(Math.abs(map.height - 2 * map.width)).toBeLessThan(1.5);
  const rowMid = (i) => map.y + ((i + 0.5) * map.height) / 6;
  const colMid = (j) => map.x + ((j + 0.5) * map.width) / 3;
  expect(Math.abs(centre(await ticks('y').nth(4).boundingBox()).y - rowMid(4))).toBeLessThan(1.5);
  expect(Math.abs(centre(await ticks('x').nth(1).boundingBox()).x - colMid(1))).toBeLessThan(1.5);
  expect((await ticks('y').nth(4).boundingBox()).x + 2).toBeLessThan(map.x); // beside the map, not on it
  // the pointer reads a cell; a tap keeps its cell once the pointer has gone
  await expect(readout()).toHaveText('Point at or tap a cell to read its value.');
  await page.mouse.move(colMid(2), rowMid(1));
  await expect(readout()).toHaveText(`Player one units 2, Player two units 3: ${(100 * table[1][2]).toFixed(2)}%`);
  await page.mouse.click(colMid(0), rowMid(4));
  await page.mouse.move(map.x - 40, map.y - 40);
  await expect(readout()).toHaveText(`Player one units 5, Player two units 1: ${(100 * table[4][0]).toFixed(2)}%`);
  // 100 vs 60, a canvas map: round numbers, and the corner cell read out
  await page.goto(`./#/dice?in=${encodeURIComponent('AA A D DD\n100 60\n')}`);
  const canvas = figure().locator('canvas');
  await expect(canvas).toBeVisible();
  await expect(ticks('y')).toHaveText(['1', '20', '40', '60', '80', '100']);
  await expect(ticks('x')).toHaveText(['1', '10', '20', '30', '40', '50', '60']);
  await canvas.scrollIntoViewIfNeeded();
  const c = await canvas.boundingBox();
  expect(Math.abs(c.height * 60 - c.width * 100)).toBeLessThan(100); // width / height = 60 / 100, to a pixel
  await page.mouse.move(c.x + c.width - 1, c.y + c.height - 1);
  await expect(readout()).toHaveText(`Player one units 100, Player two units 60: ${await page.getByTestId('p-win').textContent()}`);
});

test("the survivors' bars read out the bar pointed at or tapped", async ({ page }) => {
  const r = await analyzeInNode('dice', 'AA A D DD\n4 4\n');
  await page.goto('./#/dice');
  const chart = page.getByRole('figure', { name: /^Player one's survivors/ });
  const readout = chart.locator('.chart-readout');
  const svg = chart.locator('svg.bars');
  await expect(readout).toHaveText('Point at or tap a bar to read its value.');
  await expectLive(page); // the prerendered view (inert) answers no pointer
  await svg.scrollIntoViewIfNeeded();
  const box = await svg.boundingBox();
  const bar = (k) => ({ x: box.x + ((k + 0.5) * box.width) / 5, y: box.y + box.height - 2 }); // 0 to 4 units
  await page.mouse.move(bar(0).x, bar(0).y);
  await expect(readout).toHaveText(`Units 0: ${(100 * r.survivors1[0]).toFixed(2)}%`);
  await expect(svg.locator('rect.on')).toHaveCount(1);
  await page.mouse.click(bar(3).x, bar(3).y);
  await page.mouse.move(box.x - 30, box.y - 30);
  // and, with the bar's count or more: 3 or 4 units left
  const orMore = (100 * (r.survivors1[3] + r.survivors1[4])).toFixed(2);
  await expect(readout).toHaveText(`Units 3: ${(100 * r.survivors1[3]).toFixed(2)}% · 3 or more: ${orMore}%`);
  await chart.getByText('Player one survivors: data table').click();
  await expect(chart.locator('table tbody tr').nth(3)).toHaveText(['3', `${(100 * r.survivors1[3]).toFixed(4)}%`,
    `${(100 * (r.survivors1[3] + r.survivors1[4])).toFixed(4)}%`].join(''));
});

// The two survivors' charts sit side by side only while each has room for its data table: at 540 px
// and in the two columns of a 1024 px screen, the opened tables ran out of the result by up to 60 px.
for (const width of [540, 1024]) {
  test(`at ${width} px the survivors' data tables, opened, stay inside the result`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('./#/dice');
    await expectLive(page);
    for (const summary of await page.locator('.charts.two details.data-table summary').all()) await summary.click();
    const tables = page.locator('.charts.two details.data-table table');
    await expect(tables).toHaveCount(2);
    await expect(tables.nth(1)).toBeVisible();
    const over = await page.evaluate(() => {
      const result = document.querySelector('.result').getBoundingClientRect();
      return [...document.querySelectorAll('.charts.two table')].map((t) => Math.round(t.getBoundingClientRect().right - result.right));
    });
    for (const px of over) expect(px).toBeLessThanOrEqual(0);
  });
}

test('the explanation says how many units a win leaves on average, for each side', async ({ page }) => {
  // 5 vs 4 with two dice: the sums of k P(k left) over P(win), from the WASM build in Node
  const text = 'AA A D DD\nAAA A D -\n5 4\n';
  const r = await analyzeInNode('dice', text);
  const left = (s) => s.reduce((a, p, k) => a + k * p, 0) / s.slice(1).reduce((a, p) => a + p, 0);
  await page.goto(`./#/dice?in=${encodeURIComponent(text)}`);
  await expect(page.getByTestId('mean-left')).toHaveText(`A win leaves player one ${left(r.survivors1).toFixed(2)} of 5 units ` +
    `on average; a win for player two leaves it ${left(r.survivors2).toFixed(2)} of 4.`);
  // a side that cannot win is left out
  await page.goto(`./#/dice?in=${encodeURIComponent('AA A D DD\n12 6\n')}`);
  await expect(page.getByTestId('mean-left')).toHaveText(/^A win leaves player one \d+\.\d\d of 12 units on average\.$/);
});

test('a chance that rounds to 0% or 100% but is not 0 or 1 is shown as <0.01% or >99.99%', async ({ page }) => {
  // 12 vs 6: a draw has odds 6.8e-8, player two cannot win at all.
  await page.goto(`./#/dice?in=${encodeURIComponent('AA A D DD\n12 6\n')}`);
  await expect(page.getByTestId('p-draw')).toHaveText('<0.01%');
  await expect(page.getByTestId('p-win')).toHaveText('>99.99%');
  await expect(page.getByTestId('p-loss')).toHaveText('0.00%');
  await expect(page.getByTestId('answer')).toHaveText('1.0000'); // the contest's format, as the CLI prints it
  await expect(page.getByText('both armies fall together <0.1% of the time')).toBeVisible();
  // Exactly 0 and exactly 1 stay 0% and 100% (the solver's answers are exact to 1e-12).
  await page.goto(`./#/dice?in=${encodeURIComponent('AA A D DD\n25 10\n')}`);
  await expect(page.getByTestId('p-win')).toHaveText('100.00%');
  await expect(page.getByTestId('p-draw')).toHaveText('0.00%');
});

test("the win map speaks the outcome bar's colours: player one's wins green, player two's orange", async ({ page }) => {
  await page.goto('./#/dice');
  const map = page.getByRole('figure', { name: "Player one's win probability with smaller armies" });
  await expect(map.locator('rect').first()).toBeVisible();
  /** The hue of a CSS colour (rgb(...)), in degrees. */
  const hueOf = (css) => {
    const [r, g, b] = css.match(/[\d.]+/g).slice(0, 3).map((x) => Number(x) / 255);
    const max = Math.max(r, g, b);
    const d = max - Math.min(r, g, b);
    const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
    return (60 * h + 360) % 360;
  };
  const near = (a, b) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b)) < 15;
  const seg = async (k) => hueOf(await page.locator(`.seg.${k}`).evaluate((el) => getComputedStyle(el).backgroundColor));
  // the cells in rows of 4, player one's units down, player two's across
  const cell = async (u1, u2) => hueOf(await map.locator('svg.heatmap rect').nth(4 * (u1 - 1) + u2 - 1).evaluate((el) => getComputedStyle(el).fill));
  // 4 vs 1: player one surely wins; 1 vs 4: player two does.
  expect(near(await cell(4, 1), await seg('win'))).toBe(true);
  expect(near(await cell(1, 4), await seg('loss'))).toBe(true);
});

test('a number field keeps its name while it says why a value is refused', async ({ page }) => {
  await page.goto('./#/dice');
  const field = page.getByRole('textbox', { name: 'Player one units', exact: true });
  await field.fill('201');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleName('Player one units');
  await expect(field).toHaveAccessibleDescription('A whole number from 1 to 200');
  await field.fill('5');
  await expect(field).toHaveAttribute('aria-invalid', 'false');
  await expect(field).toHaveAccessibleName('Player one units');
});
