// codenames.spec.mjs — the Codenames tool in Debian's Chromium.
import { test, expect } from '@playwright/test';
import { analyzeInNode, expectAnswer, expectInViewOnTop, expectNoSidewaysScroll, expectPinned, loadContest, LONG_CODENAMES, stateOf, watchErrors } from './helpers.mjs';

const SAMPLE = '4 B\napple sleep java dog\nB R I A\n3\n2 apple java\n2 apple dog\n2 sleep java\n';
const NINE = 'bank tower spring bat fair pitch mole bark seal';
const HINTS = '7\nriver: 2 bank spring\nanimal: 3 bat mole seal\ncricket: 3 pitch bat fair\ndog: 2 bark seal\n'
  + 'london: 2 tower bank\nwater: 3 spring seal bank\nsummer: 2 spring fair\n';
const DEFAULT = `9 R\n${NINE}\nR A R B B R B I I\n${HINTS}`;
// Blue to move: "moon" wins a hit and hands over; Red's only agent (apple) is on no hint, so under the
// own-hints rule Red cannot give a hint and loses (1), while under the standard rule it can (0.5).
const RULE = '5 B\napple sleep java dog moon\nR B I A B\n3\n1 moon\n2 dog moon\n2 java dog\n';

const pct2 = (v) => `${(100 * v).toFixed(2)}%`;
const tile = (page, name) => page.getByRole('group', { name: /^Cards/ }).getByRole('button', { name });
const urlParam = (url, key) => new URLSearchParams(new URL(url).hash.split('?')[1]).get(key);

test('Load solves the contest sample; recommended hint, outcomes and explanation', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('./#/codenames');
  await expect(page.getByRole('navigation', { name: 'Tools' }).getByRole('link', { name: 'Codenames' }))
    .toHaveAttribute('aria-current', 'page');
  await expectAnswer(page, (await analyzeInNode('codenames', DEFAULT)).answer, 1e-12);

  await loadContest(page, '4 B\napple sleep java dog\nB R I A\n3\n2 apple java\n2 apple dog\n2 sleep java');
  await expectAnswer(page, 0.5, 1e-12);
  await expect(page.getByTestId('answer')).toHaveText('0.5000');
  expect(stateOf(page.url())).toBe('4 B\napple sleep java dog\nB R I A\n3\n2 apple java\n2 apple dog\n2 sleep java');
  await expect(page.getByRole('group', { name: 'Cards, 4' }).getByRole('button')).toHaveCount(4);
  await expect(tile(page, 'apple: blue agent')).toBeVisible();
  await expect(tile(page, 'dog: assassin')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Blue', exact: true })).toBeChecked();
  await expect(page.getByTestId('best')).toContainText('“hint 1” for 1');
  // The turn's outcomes: half the time apple (Blue's last agent) wins, half java passes the turn.
  await page.getByText('Outcome table').click();
  const outcomes = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Outcome' }) });
  await expect(outcomes.getByRole('row', { name: 'Blue wins 50.0000%' })).toBeVisible();
  await expect(outcomes.getByRole('row', { name: 'Pass, 0 hits 50.0000%' })).toBeVisible();
  await expect(outcomes.getByRole('row', { name: 'Assassin 0.0000%' })).toBeVisible();
  await expect(page.getByText('Best: give “hint 1” for 1. It covers two hidden cards (apple and java), one of them blue.')).toBeVisible();
  await expect(page.getByText('“hint 2” is just as good (50.00%).')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the hint × K table agrees with the WASM build in Node, and sorts', async ({ page }) => {
  await page.goto('./#/codenames');
  const want = await analyzeInNode('codenames', DEFAULT);
  await expectAnswer(page, want.answer, 1e-12);
  const table = page.getByRole('table', { name: 'Win probability of Red for every hint and number' });
  const maxK = Math.max(...want.hints.map((h) => h.values.length));
  for (const h of want.hints) {
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: h.label, exact: true }) });
    const cells = [String(h.unrevealed), ...Array.from({ length: maxK }, (_, k) => (k < h.values.length ? pct2(h.values[k]) : '—')),
      pct2(Math.max(...h.values))];
    await expect(row.getByRole('cell')).toHaveText(cells.map((c) => new RegExp(`^(recommended: )?${c.replace('.', '\\.')}$`)));
  }
  await expect(page.getByTestId('best')).toContainText(`“${want.best.label}” for ${want.best.k}`);
  // Sort by K = 1, best first: the first body row is the hint with the highest K = 1 value.
  await table.getByRole('button', { name: 'K = 1' }).click();
  await expect(table.getByRole('columnheader', { name: 'K = 1' })).toHaveAttribute('aria-sort', 'descending');
  const top = want.hints.reduce((a, h) => (h.values[0] > a.values[0] ? h : a));
  await expect(table.getByRole('rowheader').first()).toHaveText(top.label);
  await table.getByRole('button', { name: 'K = 1' }).click();
  await expect(table.getByRole('columnheader', { name: 'K = 1' })).toHaveAttribute('aria-sort', 'ascending');
  const low = want.hints.reduce((a, h) => (h.values[0] < a.values[0] ? h : a));
  await expect(table.getByRole('rowheader').first()).toHaveText(low.label);
});

test("a hint's \"same as\" tag goes under its name rather than widen the table", async ({ page }) => {
  // one line, "ship" and its tag made the Hint column 210 px wide and pushed K = 4 and Best out of view
  const text = '8 R\nanchor bridge castle dragon engine forest garden harbor\nR R R B B B I A\n5\n' +
    'seafaringadventures: 4 anchor bridge castle dragon\nship: 4 anchor bridge castle dragon\n' +
    'medievalfortresses: 4 anchor engine forest garden\nrailwaylandscapes: 3 bridge engine harbor\n' +
    'woodlandwandering: 4 castle dragon forest garden\n';
  await page.goto('./#/codenames');
  await loadContest(page, text);
  const header = page.getByRole('rowheader', { name: /^ship/ });
  await expect(header.locator('.tag')).toHaveText('same as seafaringadventures');
  const name = await header.locator('.cn-hint-name').boundingBox();
  const tag = await header.locator('.tag').boundingBox();
  expect(tag.y).toBeGreaterThanOrEqual(name.y + name.height - 1);
  expect((await header.boundingBox()).width).toBeLessThan(tag.width + 30);
});

test('edit identities, words and hint cards by mouse and keyboard', async ({ page }) => {
  await page.goto(`./#/codenames?in=${encodeURIComponent(SAMPLE)}`);
  await expectAnswer(page, 0.5);

  // Mouse: a click cycles the identity (java: bystander -> assassin).
  await tile(page, 'java: bystander').click();
  await expect(tile(page, 'java: assassin')).toBeVisible();
  let text = '4 B\napple sleep java dog\nB R A A\n3\n2 apple java\n2 apple dog\n2 sleep java\n';
  await expect.poll(() => stateOf(page.url())).toBe(text);
  await expectAnswer(page, (await analyzeInNode('codenames', text)).answer, 1e-12);

  // Keyboard: arrows move, letters set the identity, Enter cycles.
  await tile(page, 'java: assassin').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(tile(page, 'sleep: red agent')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('i');
  await expect(tile(page, 'java: bystander')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter'); // dog: assassin -> red agent
  await expect(tile(page, 'dog: red agent')).toBeFocused();
  text = '4 B\napple sleep java dog\nB R I R\n3\n2 apple java\n2 apple dog\n2 sleep java\n';
  await expect.poll(() => stateOf(page.url())).toBe(text);
  await expectAnswer(page, (await analyzeInNode('codenames', text)).answer, 1e-12);

  // Rename the focused card (F2 jumps to its word field); bad words are refused with a reason.
  await page.keyboard.press('F2');
  const word = page.getByRole('textbox', { name: 'Word' });
  await expect(word).toBeFocused();
  await word.fill('Cat');
  await expect(page.getByText('Lowercase letters a–z only')).toBeVisible();
  await word.fill('apple');
  await expect(page.getByText('Another card has this word')).toBeVisible();
  await word.fill('abcdefghijklmnopqrstu');
  await expect(page.getByText('At most 20 letters')).toBeVisible();
  await word.fill('cat');
  await expect(tile(page, 'cat: red agent')).toBeVisible();
  text = '4 B\napple sleep java cat\nB R I R\n3\n2 apple java\n2 apple cat\n2 sleep java\n';
  await expect.poll(() => stateOf(page.url())).toBe(text);
  await page.getByRole('radio', { name: 'Assassin' }).check();
  await page.getByRole('checkbox', { name: 'Already revealed' }).check();
  await expect(tile(page, 'cat: assassin, revealed')).toBeVisible();
  // A revealed assassin: the game is over (Blue revealed it), shown as such, not as an error.
  await expect(page.getByText('Game over: Red wins').first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Already revealed' }).uncheck();

  // Hint cards: select hint 3, then click and press Enter on tiles.
  await page.getByRole('button', { name: 'Edit cards of hint 3' }).click();
  await expect(page.getByRole('radio', { name: 'Hint cards' })).toHaveAttribute('aria-checked', 'true');
  await expect(tile(page, 'sleep: red agent')).toHaveAttribute('aria-pressed', 'true');
  await tile(page, 'apple: blue agent').click();
  await expect(tile(page, 'apple: blue agent')).toHaveAttribute('aria-pressed', 'true');
  await tile(page, 'java: bystander').focus();
  await page.keyboard.press('Enter'); // java off hint 3
  await expect(tile(page, 'java: bystander')).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('textbox', { name: 'Name of hint 3' }).fill('fruit');
  text = '4 B\napple sleep java cat\nB R I A\n3\n2 apple java\n2 apple cat\nfruit: 2 apple sleep\n';
  await expect.poll(() => stateOf(page.url())).toBe(text);
  await expect(page.getByRole('list', { name: 'Cards of fruit' }).getByRole('listitem')).toHaveText([/apple/, /sleep/]);
  await expectAnswer(page, (await analyzeInNode('codenames', text)).answer, 1e-12);
  await page.getByRole('textbox', { name: 'Name of hint 3' }).fill('Fruit!');
  await expect(page.getByText('Lowercase letters and digits, at most 20')).toBeVisible();

  // Add and remove hints and cards; the team to move.
  await page.getByRole('button', { name: 'Add hint' }).click();
  await expect(page.getByRole('button', { name: 'Edit cards of hint 4' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Remove hint 1' }).click();
  await page.getByRole('radio', { name: 'Red', exact: true }).check();
  await page.getByRole('button', { name: 'Add card' }).click();
  await expect(tile(page, 'dog: bystander')).toBeVisible(); // the first spare word not on the board
  await tile(page, 'java: bystander').focus(); // the inspector follows the focused card
  await expect(page.getByRole('group', { name: 'Card 3 of 5' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove card' }).click();
  await expect.poll(() => stateOf(page.url())).not.toContain('java');
  const now = stateOf(page.url());
  expect(now.split('\n')[0]).toBe('4 R');
  expect(now.split('\n')[1]).toBe('apple sleep cat dog');
  await expectAnswer(page, (await analyzeInNode('codenames', now)).answer, 1e-12);
});

test('the rule switch changes the result and lives in the URL', async ({ page, context }) => {
  const any = await analyzeInNode('codenames', RULE);
  const own = await analyzeInNode('codenames', RULE, { ownHintsOnly: true });
  expect(any.answer).toBeCloseTo(0.5, 12);
  expect(own.answer).toBeCloseTo(1, 12);
  await page.goto(`./#/codenames?in=${encodeURIComponent(RULE)}`);
  await expectAnswer(page, any.answer, 1e-12);
  await expect(page.getByTestId('answer')).toHaveText('0.5000');
  await page.getByRole('switch', { name: 'Hints must cover one of your own agents' }).check();
  await expectAnswer(page, own.answer, 1e-12);
  await expect(page.getByTestId('answer')).toHaveText('1.0000');
  expect(urlParam(page.url(), 'rule')).toBe('own');
  // hint 3 (java dog) covers no blue agent: illegal under this rule.
  const table = page.getByRole('table', { name: /Win probability of Blue/ });
  await expect(table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^hint 3/ }) })).toContainText('illegal');
  const other = await context.newPage();
  await other.goto(page.url());
  await expectAnswer(other, own.answer, 1e-12);
  await expect(other.getByRole('switch', { name: 'Hints must cover one of your own agents' })).toBeChecked();
  await page.getByRole('switch', { name: 'Hints must cover one of your own agents' }).uncheck();
  await expectAnswer(page, any.answer, 1e-12);
  expect(urlParam(page.url(), 'rule')).toBeNull();
});

test('play forward starts from the recommended hint and number, and says what the hint and number chosen are worth', async ({ page }) => {
  await page.goto('./#/codenames');
  const start = await analyzeInNode('codenames', DEFAULT);
  await expectAnswer(page, start.answer, 1e-12);
  const hint = page.getByRole('combobox', { name: 'Hint' });
  const number = page.getByRole('combobox', { name: 'Number' });
  const worth = page.getByTestId('give-value');
  // river for 2 is the recommendation (hint 0, K = 2)
  expect([start.best.hint, start.best.k]).toEqual([0, 2]);
  await expect(hint).toHaveValue('0');
  await expect(number).toHaveValue('2');
  await expect(worth).toHaveText(`Giving “river” for 2, Red wins with probability ${pct2(start.best.value)}: the best there is.`);
  // cricket for 1: its value from the analysis, and how far below the best
  await hint.selectOption({ label: 'cricket (3 hidden)' });
  await number.selectOption('1');
  const v = start.hints[2].values[0];
  await expect(worth).toHaveText(`Giving “cricket” for 1, Red wins with probability ${pct2(v)}, ${(100 * (start.best.value - v)).toFixed(1)} points less than with the recommended hint.`);
  // a new position starts again from its own recommendation
  await page.getByRole('button', { name: 'Give hint', exact: true }).click();
  await page.getByRole('button', { name: 'Reveal fair' }).click(); // blue: a miss, Blue to move
  await expect(page.getByText("Blue's spymaster gives a hint.")).toBeVisible();
  const after = await analyzeInNode('codenames', stateOf(page.url()));
  await expectAnswer(page, after.answer, 1e-12);
  await expect(hint).toHaveValue(String(after.best.hint));
  await expect(number).toHaveValue(String(after.best.k));
  await expect(worth).toContainText(': the best there is.');
});

test('play forward: give a hint, reveal cards, undo, and the game restores from the URL', async ({ page, context }) => {
  await page.goto('./#/codenames');
  const start = await analyzeInNode('codenames', DEFAULT);
  await expectAnswer(page, start.answer, 1e-12);
  await page.getByRole('combobox', { name: 'Hint' }).selectOption({ label: 'river (2 hidden)' });
  await page.getByRole('combobox', { name: 'Number' }).selectOption('2');
  await page.getByRole('button', { name: 'Give hint', exact: true }).click();
  await expect(page.getByText('Red\'s operatives guess on “river” for 2: 0 hits so far.')).toBeVisible();
  await expect(page.getByTestId('continuation')).toHaveText(pct2(start.hints[0].values[1]));

  // bank is red: a hit, the turn goes on; the card is lowercase in the contest text.
  await page.getByRole('button', { name: 'Reveal bank' }).click();
  const after1 = `9 R\n${NINE}\nr A R B B R B I I\n${HINTS}`;
  await expect.poll(() => stateOf(page.url())).toBe(after1);
  await expect(page.getByText('Revealed bank, red agent: a hit (1 of 2).')).toBeVisible();
  const mid = await analyzeInNode('codenames', after1);
  await expectAnswer(page, mid.answer, 1e-12);
  // Going on = the same hint with the one hit still wanted.
  await expect(page.getByTestId('continuation')).toHaveText(pct2(mid.hints[0].values[0]));
  await expect(tile(page, 'bank: red agent, revealed')).toBeVisible();

  // The last card of the hint at random: spring, red, the second hit ends the turn; Blue to move.
  await page.getByRole('button', { name: 'Reveal at random' }).click();
  const after2 = `9 B\n${NINE}\nr A r B B R B I I\n${HINTS}`;
  await expect.poll(() => stateOf(page.url())).toBe(after2);
  await expect(page.getByText('Revealed spring, red agent: a hit (2 of 2): the turn ends.')).toBeVisible();
  await expectAnswer(page, (await analyzeInNode('codenames', after2)).answer, 1e-12);
  await expect(page.getByRole('radio', { name: 'Blue', exact: true })).toBeChecked();
  await expect(page.getByText('Blue\'s spymaster gives a hint.')).toBeVisible();
  // river has no hidden card left: it is not offered.
  await expect(page.getByRole('combobox', { name: 'Hint' }).getByRole('option', { name: /^river/ })).toHaveCount(0);
  expect(urlParam(page.url(), 'h')).toBe('R;0x2:0.2');

  // Reload and a new page restore the game (undo included).
  await page.reload();
  await expectAnswer(page, (await analyzeInNode('codenames', after2)).answer, 1e-12);
  const other = await context.newPage();
  await other.goto(page.url());
  await expect(other.getByRole('list', { name: 'Turns played' })).toContainText('Red: “river” for 2');
  await other.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect.poll(() => stateOf(other.url())).toBe(after1);
  await expect(other.getByTestId('continuation')).toBeVisible();
  await other.getByRole('button', { name: 'Undo', exact: true }).click();
  await other.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect.poll(() => stateOf(other.url())).toBe(DEFAULT);
  expect(urlParam(other.url(), 'h')).toBeNull();
  await expect(other.getByRole('button', { name: 'Undo', exact: true })).toBeDisabled();
  await expectAnswer(other, start.answer, 1e-12);

  // A history that does not lead to the position is dropped with a note.
  await other.goto(`./#/codenames?in=${encodeURIComponent(after2)}&h=${encodeURIComponent('R;1x1:3')}`);
  await expect(other.getByText('The turns in this link do not lead to this position')).toBeVisible();
});

test('the game over state: reveal the last agent, and a decided position loaded', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(`./#/codenames?in=${encodeURIComponent(SAMPLE)}`);
  await expectAnswer(page, 0.5);
  await page.getByRole('button', { name: 'Give the recommended hint' }).click(); // hint 1 (apple java) for 1
  await page.getByRole('button', { name: 'Reveal apple' }).click();
  await expect(page.getByText('Game over: Blue wins', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('answer')).toHaveCount(0);
  expect(stateOf(page.url())).toBe('4 B\napple sleep java dog\nb R I A\n3\n2 apple java\n2 apple dog\n2 sleep java\n');
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await page.getByRole('button', { name: 'Reveal java' }).click(); // a bystander: Red's turn
  const redTurn = '4 R\napple sleep java dog\nB R i A\n3\n2 apple java\n2 apple dog\n2 sleep java\n';
  await expect.poll(() => stateOf(page.url())).toBe(redTurn);
  await expectAnswer(page, (await analyzeInNode('codenames', redTurn)).answer, 1e-12);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expectAnswer(page, 0.5);

  await loadContest(page, '4 R\napple sleep java dog\nB R I a\n3\n2 apple java\n2 apple dog\n2 sleep java\n');
  await expect(page.getByText('Game over: Blue wins', { exact: true })).toBeVisible();
  await expect(page.getByText("Red's operatives revealed the assassin.", { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('bad input: the error names line and column; bad URL state keeps an editor', async ({ page }) => {
  await page.goto('./#/codenames');
  await loadContest(page, '4 B\napple sleep java dog\nB R I A\n3\n2 apple java\n2 apple cat\n2 sleep java');
  await expect(page.getByRole('alert')).toHaveText("Line 6, column 9: 'cat' is not a word on the board");
  await expect(page.getByRole('group', { name: /^Cards/ })).toBeVisible();
  await loadContest(page, SAMPLE);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectAnswer(page, 0.5);

  await page.goto('about:blank');
  await page.goto('./#/codenames?in=hello&rule=maybe&h=zzz');
  await expect(page.getByRole('alert')).toContainText('Line 1');
  await expect(page.getByText('The rule “maybe” in this link is unknown')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Cards, 9' })).toBeVisible();
});

test('warns when over 20 hidden cards are on a hint, with the size of the solve; phone width has no sideways scroll', async ({ page }) => {
  const words = 'apple sleep java dog moon river tower glass piano queen shark ghost comet maple anchor lemon robot tiger crown ocean'.split(' ');
  const ids = words.map((_, i) => (i === 0 ? 'R' : i === 1 ? 'B' : i === 19 ? 'A' : 'I'));
  const text = `20 R\n${words.join(' ')}\n${ids.join(' ')}\n2\n2 apple sleep\n3 java dog moon\n`;
  await page.goto(`./#/codenames?in=${encodeURIComponent(text)}`);
  await expectAnswer(page, (await analyzeInNode('codenames', text)).answer, 1e-12);
  await expect(page.getByRole('note')).toHaveCount(0);
  // a 21st card on no hint costs nothing: no note
  await page.getByRole('button', { name: 'Add card' }).click();
  await expect(page.getByRole('group', { name: 'Cards, 21' })).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(0);
  // 21 hidden cards on hints (the assassin one of them): a table of 2^20 masks, 4.25 bytes each
  const all = `21 R\n${words.join(' ')} zebra\n${ids.join(' ')} I\n3\n7 apple sleep java dog moon river tower\n` +
    '7 glass piano queen shark ghost comet maple\n7 anchor lemon robot tiger crown ocean zebra\n';
  await loadContest(page, all);
  await expect(page.getByRole('note')).toHaveText('21 hidden cards are on a hint: the solve holds about ' +
    `${Math.round((4.25 * 2 ** 20) / 1e6)} MB, and each card more on a hint doubles that and the time it takes (a card on no hint costs nothing).`);
  // a card revealed is no longer on the table
  await page.getByRole('radio', { name: 'Revealed', exact: true }).check();
  await tile(page, /^zebra/).click();
  await expect(page.getByRole('group', { name: 'Cards, 21' })).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(0);

  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('about:blank');
  await page.goto('./#/codenames');
  await expectAnswer(page, (await analyzeInNode('codenames', DEFAULT)).answer, 1e-12);
  await expect(tile(page, 'seal: bystander')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Give the recommended hint' }).click();
  await expect(page.getByRole('button', { name: 'Reveal at random' })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('phone width: the hint table scrolls sideways and keeps its caption and the hint names in view', async ({ page }) => {
  // K = 1..5 and Best: wider than a 390 px phone
  const text = '8 R\napple sleep java dog moon river tower glass\nR R R B B I I A\n2\nwide: 5 apple sleep java dog moon\nshort: 2 river tower\n';
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`./#/codenames?in=${encodeURIComponent(text)}`);
  await expectAnswer(page, (await analyzeInNode('codenames', text)).answer, 1e-12);
  const wrap = page.locator('.cn-table-wrap');
  expect(await wrap.evaluate((w) => w.scrollWidth - w.clientWidth)).toBeGreaterThan(0);
  await wrap.evaluate((w) => { w.scrollIntoView({ block: 'center' }); w.scrollLeft = w.scrollWidth; });
  const box = await wrap.boundingBox();
  const best = await page.getByRole('columnheader', { name: 'Best' }).boundingBox();
  expect(best.x + best.width).toBeLessThan(box.x + box.width + 1); // scrolled into the table's view
  const caption = await page.locator('.cn-table caption').boundingBox();
  expect(Math.abs(caption.x - box.x)).toBeLessThan(1);
  expect(caption.x + caption.width).toBeLessThan(box.x + box.width + 1);
  for (const cell of [page.getByRole('columnheader', { name: /^Hint/ }), page.getByRole('rowheader', { name: /^wide/ }),
    page.getByRole('rowheader', { name: /^short/ })]) await expectPinned(cell, box, ['left']);
  await expectNoSidewaysScroll(page);
});

test('a long solve shows progress and can be cancelled', async ({ page }) => {
  await page.goto('./#/codenames');
  await loadContest(page, LONG_CODENAMES);
  await expect(page.getByRole('note')).toContainText('24 hidden cards are on a hint: the solve holds about 36 MB');
  await expect(page.getByRole('progressbar', { name: 'Solving' })).toBeVisible();
  // Load is far down the editor: the progress row with Cancel stays at the top of the screen, over the answer
  await expectInViewOnTop(page.getByRole('button', { name: 'Cancel' }));
  // once it is a second old, the time it has left at its pace so far (about 8 s in all here)
  await expect(page.locator('.progress-row .status-text')).toHaveText(/^Solving… \d+% · (about \d+ s left|under a second left)$/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Cancelled.')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Solving' })).toHaveCount(0);
  // An edit after the cancel solves again (a small board).
  await loadContest(page, SAMPLE);
  await expectAnswer(page, 0.5);
});
