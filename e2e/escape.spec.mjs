// escape.spec.mjs — the Board Escape tool in Debian's Chromium.
import { test, expect } from '@playwright/test';
import { analyzeInNode, loadContest, watchErrors } from './helpers.mjs';
import { analysePosition, decodeMoves, mapText, neededKs, readEscapeText, replay, target } from '../web/escape/model.js';

const EXAMPLES = [
  ['1 2 2\nTE', 'Alice'],
  ['1 3 1\n.T.', 'Alice'],
  ['1 3 2\n.T.', 'Bob'],
  ['1 1 5\nT', 'Bob'],
  ['2 2 3\nT#\n#.', 'Bob'],
  ['3 3 4\nT..\n.#.\n..E', 'Bob'],
  ['2 3 1000000000\nT.T\n.E.', 'Bob'],
];

const ROOM = '8 10 8\n#.#....#..\n..ETE..#..\n#TT....E.#\n....E..#..\n.......#..\n...##.#.#.\n....#....#\n#...E...##\n';

/** The winner, once the result shown is for the board `R C K` (when given). */
async function expectWinner(page, who, board) {
  if (board) await expect(page.getByTestId('escape-result')).toHaveAttribute('data-board', board);
  await expect(page.getByTestId('answer')).toHaveAttribute('data-value', who);
  await expect(page.locator('.result.stale')).toHaveCount(0);
}

function params(url) { return new URLSearchParams(new URL(url).hash.split('?')[1]); }

/** Clicks the middle of a board cell (the canvas is found by its test id; the cell by its row and column). */
async function cellPoint(board, r, c) {
  const box = await board.boundingBox();
  const rows = Number(await board.getAttribute('data-rows'));
  const cols = Number(await board.getAttribute('data-cols'));
  return { x: box.x + ((c + 0.5) * box.width) / cols, y: box.y + ((r + 0.5) * box.height) / rows };
}
async function clickCell(page, board, r, c) {
  const p = await cellPoint(board, r, c);
  await page.mouse.click(p.x, p.y);
}

test('loads the seven examples of games.md and names the winner', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('./#/escape');
  await expect(page.getByRole('navigation', { name: 'Tools' }).getByRole('link', { name: 'Board Escape' }))
    .toHaveAttribute('aria-current', 'page');
  for (const [text, want] of EXAMPLES) {
    await loadContest(page, text);
    await expectWinner(page, want, text.split('\n')[0]);
    await expect(page.getByRole('textbox', { name: 'Rows', exact: true })).toHaveValue(text.split(' ')[0]);
    expect(readEscapeText(params(page.url()).get('in'))).toEqual(readEscapeText(text));
  }
  // The last one: two equal tokens cancel, explained in words.
  await expect(page.getByText(/Tokens with values 0 and 0: 0 xor 0 = 0, so the player to move loses/)).toBeVisible();
  expect(errors).toEqual([]);
});

test('solves a board with three tokens: values, winning moves, pre-period and period', async ({ page }) => {
  const want = await solveInNode(ROOM);
  expect(want.answer).toBe('Alice');
  await page.goto('./#/escape');
  await page.getByLabel('Example').selectOption({ label: '8 × 10 room, three tokens, K = 8' });
  await expectWinner(page, want.answer, '8 10 8');
  await expect(page.getByTestId('xor')).toHaveAttribute('data-value', String(want.xor));
  await expect(page.getByTestId('pre-period')).toHaveAttribute('data-value', String(want.prePeriod));
  await expect(page.getByTestId('period')).toHaveAttribute('data-value', String(want.period));
  const values = want.tokens.map((t) => t.grundy);
  await expect(page.getByText(`Tokens with values ${values[0]}, ${values[1]} and ${values[2]}: ${values.join(' xor ')} = ${want.xor}, not 0`)).toBeVisible();
  const moves = page.getByRole('heading', { name: 'Winning moves for Alice' }).locator('..').getByRole('listitem');
  await expect(moves).toHaveCount(want.winningMoveCount);
  const m = want.winningMoves[0];
  await expect(moves.first()).toContainText(`token ${m.token + 1} at row ${m.row + 1}, column ${m.col + 1} ${m.dir}`);
  await expect(page.getByRole('img', { name: /Map of Grundy values for K = 8/ })).toBeVisible();
});

test('paints with the mouse: click and drag', async ({ page }) => {
  await page.goto('./#/escape?in=1+3+2%0A...%0A');
  await expectWinner(page, 'Bob'); // no tokens: Alice cannot move
  await expect(page.getByText('There are no tokens, so Alice cannot move')).toBeVisible();
  const board = page.getByTestId('editor-board');
  await page.getByRole('radio', { name: 'Token' }).check();
  await clickCell(page, board, 0, 1);
  await expect.poll(() => params(page.url()).get('in')).toBe('1 3 2\n.T.\n');
  await expectWinner(page, 'Bob'); // .T. with K = 2
  await page.getByRole('radio', { name: 'Exit' }).check();
  await clickCell(page, board, 0, 2);
  await expectWinner(page, 'Alice'); // .TE: step onto the exit
  expect(params(page.url()).get('in')).toBe('1 3 2\n.TE\n');

  // Drag an obstacle wall across a bigger board.
  await page.getByRole('textbox', { name: 'Rows', exact: true }).fill('3');
  await page.getByRole('textbox', { name: 'Columns', exact: true }).fill('5');
  await expect.poll(() => params(page.url()).get('in')).toBe('3 5 2\n.TE..\n5.\n5.\n');
  await page.getByRole('radio', { name: 'Obstacle' }).check();
  const a = await cellPoint(board, 1, 0);
  const b = await cellPoint(board, 1, 4);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, a.y, { steps: 5 });
  await page.mouse.move(b.x, b.y, { steps: 5 });
  await page.mouse.up();
  await expect.poll(() => params(page.url()).get('in')).toBe('3 5 2\n.TE..\n5#\n5.\n');
  await expect(page.getByRole('textbox', { name: /Contest input/ })).toHaveValue('3 5 2\n.TE..\n#####\n.....\n');
});

test('paints with the keyboard and validates K', async ({ page }) => {
  await page.goto('./#/escape?in=1+3+2%0A...%0A');
  await expectWinner(page, 'Bob');
  const board = page.getByRole('application', { name: /Board editor/ });
  await board.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('t');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('e');
  await expectWinner(page, 'Alice');
  expect(params(page.url()).get('in')).toBe('1 3 2\n.TE\n');
  await expect(board).toHaveAccessibleName(/Cursor at row 1, column 3: exit/);
  // Space paints with the palette's cell; Delete empties.
  await page.getByRole('radio', { name: 'Obstacle' }).check();
  await board.focus();
  await page.keyboard.press('Space');
  await expect.poll(() => params(page.url()).get('in')).toBe('1 3 2\n.T#\n');
  await expectWinner(page, 'Bob'); // .T# with K = 2: left, then stuck
  await page.keyboard.press('Delete');
  await expect.poll(() => params(page.url()).get('in')).toBe('1 3 2\n.T.\n');

  const k = page.getByLabel(/^K/);
  await k.fill('0');
  await expect(page.getByText('A whole number from 1 to 1000000000')).toBeVisible();
  expect(params(page.url()).get('in')).toBe('1 3 2\n.T.\n');
  await k.fill('1000000000');
  await expect.poll(() => params(page.url()).get('in')).toBe('1 3 1000000000\n.T.\n');
  await expectWinner(page, 'Bob', '1 3 1000000000');
  await k.fill('1');
  await expectWinner(page, 'Alice', '1 3 1');
});

test('plays against the solver: per-token counters, its winning answer, undo and the permalink', async ({ page, context }) => {
  // After Alice's token 1 steps right, the first legal reply is not a winning one:
  // the solver has to search for the move that makes the XOR 0.
  const GAME = '3 4 6\nT...\n.#E.\n..T.';
  const want = await solveInNode(GAME);
  await page.goto('./#/escape');
  await loadContest(page, GAME);
  await expectWinner(page, want.answer, '3 4 6');
  const status = page.getByTestId('play-status');
  await expect(status).toHaveAttribute('data-turn', 'you');
  await expect(page.getByTestId('play-value')).toHaveAttribute('data-value', String(want.xor));

  // Keyboard/controls: choose token 1 and move it right.
  await page.getByRole('combobox', { name: 'Token to move' }).selectOption({ label: 'Token 1: row 1, column 1, counter 6' });
  await page.getByRole('button', { name: 'Move right' }).click();
  await expect(page.getByText('You (Alice): token 1 right from row 1, column 1, counter 5.')).toBeVisible();
  // The solver answers with a winning move; then it is our turn in a lost position (XOR 0).
  const log = page.getByRole('heading', { name: 'Moves', exact: true }).locator('..').getByRole('listitem');
  await expect(log).toHaveCount(2);
  await expect(status).toHaveAttribute('data-turn', 'you');
  await expect(page.getByTestId('play-value')).toHaveAttribute('data-value', '0');
  await checkPositionInNode(page.url(), 0);

  // The mouse: click a token, then a neighbouring open cell.
  const board = page.getByTestId('play-board');
  const state = readEscapeText(GAME);
  const t = (await currentTokens(page.url())).find((x) => !x.gone);
  const dir = 'udlr'.split('').find((d) => target(state, t, d));
  const to = target(state, t, dir);
  await clickCell(page, board, t.row, t.col);
  await clickCell(page, board, to.row, to.col);
  await expect.poll(() => decodeMoves(params(page.url()).get('m')).length).toBeGreaterThanOrEqual(3);
  expect(decodeMoves(params(page.url()).get('m'))[2]).toEqual({ token: t.id, dir });
  await expect(status).toHaveAttribute('data-turn', /you|over/);
  await checkPositionInNode(page.url(), 0);
  const played = decodeMoves(params(page.url()).get('m')).length;
  await expect(log).toHaveCount(played);

  // Permalink: reload and a new page restore the game.
  const url = page.url();
  await page.reload();
  await expect(log).toHaveCount(played);
  const other = await context.newPage();
  await other.goto(url);
  await expect(other.getByRole('heading', { name: 'Moves', exact: true }).locator('..').getByRole('listitem')).toHaveCount(played);
  await expectWinner(other, want.answer, '3 4 6');

  // Undo takes back our move and the solver's answer.
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect.poll(() => decodeMoves(params(page.url()).get('m') ?? '').length).toBe(2);
  await expect(page.getByTestId('play-value')).toHaveAttribute('data-value', '0');
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect.poll(() => params(page.url()).get('m')).toBe(null);
  await expect(page.getByRole('heading', { name: 'Moves', exact: true })).toHaveCount(0);
});

test('the solver, playing Alice, opens with a winning move', async ({ page }) => {
  const want = await solveInNode(ROOM);
  await page.goto(`./#/escape?in=${encodeURIComponent(ROOM)}&you=bob`);
  await expectWinner(page, 'Alice');
  await expect(page.getByRole('combobox', { name: 'You play' })).toHaveValue('Bob');
  await expect(page.getByTestId('play-status')).toHaveAttribute('data-turn', 'you');
  const [first] = decodeMoves(params(page.url()).get('m'));
  const dirs = { up: 'u', down: 'd', left: 'l', right: 'r' };
  expect(want.winningMoves.map((m) => `${m.token}${dirs[m.dir]}`)).toContain(`${first.token}${first.dir}`);
  await expect(page.getByTestId('play-value')).toHaveAttribute('data-value', '0');
  await checkPositionInNode(page.url(), 0);
});

test('bad contest input shows an error with line and column; a bad URL falls back', async ({ page }) => {
  await page.goto('./#/escape');
  await expectWinner(page, 'Alice');
  await loadContest(page, '2 3 4\nT.T\n.X.');
  await expect(page.getByRole('alert')).toContainText('Line 3, column 2');
  await expect(page.getByRole('alert')).toContainText("found 'X'");
  await loadContest(page, '1 2 2\nTE');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectWinner(page, 'Alice');

  await page.goto('./#/escape?in=%3Cb%3Ebold%3C%2Fb%3E&m=zz');
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('Line 1');
  await expect(page.getByRole('textbox', { name: 'Rows', exact: true })).toHaveValue('8');
  await expect(page.locator('b')).toHaveCount(0);
});

test('a 200 x 200 board loaded as contest text renders on a canvas and solves', async ({ page }) => {
  const rows = Array.from({ length: 200 }, (_, i) => Array.from({ length: 200 }, (_, j) => {
    const h = (i * 7919 + j * 104729 + i * j * 31) % 97;
    return h < 20 ? '#' : h < 22 ? 'E' : h < 25 ? 'T' : '.';
  }).join(''));
  const text = `200 200 999999937\n${rows.join('\n')}\n`;
  const want = await solveInNode(text);
  await page.goto('./#/escape');
  await expectWinner(page, 'Alice');
  const t0 = Date.now();
  await loadContest(page, text);
  await expectWinner(page, want.answer, '200 200 999999937');
  await expect(page.getByTestId('xor')).toHaveAttribute('data-value', String(want.xor));
  expect(Date.now() - t0).toBeLessThan(10_000);
  await expect(page.getByTestId('editor-board')).toHaveAttribute('data-rows', '200');
  await expect(page.getByTestId('grundy-board')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Rows', exact: true })).toHaveValue('200');
  // The URL packs long runs and still reads back to the same board.
  expect(readEscapeText(params(page.url()).get('in'))).toEqual(readEscapeText(text));
});

test('a 50 x 50 board fits in a short URL; plain contest text in the URL is accepted', async ({ page }) => {
  const grid = Array.from({ length: 50 }, (_, i) => (i === 10 ? `${'.'.repeat(20)}T${'.'.repeat(29)}` : i === 49 ? `${'#'.repeat(49)}E` : '.'.repeat(50)));
  const text = `50 50 77\n${grid.join('\n')}\n`;
  await page.goto('./#/escape');
  await loadContest(page, text);
  await expectWinner(page, (await solveInNode(text)).answer);
  expect(page.url().length).toBeLessThan(800);
  await page.goto('./#/escape?in=1+2+2%0ATE%0A');
  await page.reload();
  await expectWinner(page, 'Alice');
});

test('fits a phone-sized window without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await page.goto(`./#/escape?in=${encodeURIComponent(ROOM)}`);
  await expectWinner(page, 'Alice', '8 10 8');
  expect(await overflow()).toBeLessThanOrEqual(0);
  const box = await page.getByTestId('editor-board').boundingBox();
  expect(box.width).toBeLessThanOrEqual(375);
  expect(box.width / 10).toBeGreaterThanOrEqual(25); // cells big enough to tap
  // During a game with long token descriptions.
  await page.goto(`./#/escape?in=${encodeURIComponent('2 3 1000000000\nT.T\n.E.\n')}&m=0r`);
  await page.reload();
  await expectWinner(page, 'Bob', '2 3 1000000000');
  await expect(page.getByTestId('play-status')).toHaveAttribute('data-turn', 'you'); // the solver has answered
  expect(await overflow()).toBeLessThanOrEqual(0);
});

// ---- Node-side checks with the WASM build ----

const solveInNode = (text) => analyzeInNode('escape', text);

async function currentTokens(url) {
  const p = params(url);
  const state = readEscapeText(p.get('in'));
  const { positions } = replay(state, decodeMoves(p.get('m') ?? ''));
  return positions[positions.length - 1];
}

/** Recomputes the played position's XOR from the solver's maps, one per counter. */
async function checkPositionInNode(url, wantXor) {
  const p = params(url);
  const state = readEscapeText(p.get('in'));
  const tokens = await currentTokens(url);
  const maps = new Map();
  for (const k of neededKs(tokens, true)) maps.set(k, (await solveInNode(mapText(state, k))).grundy);
  expect(analysePosition(state, tokens, maps).xor).toBe(wantXor);
}
