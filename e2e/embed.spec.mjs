// embed.spec.mjs — widgets in a static blog post, served from a copy of dist/
// with every request to another origin failing.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { countWorkerAnswers, LONG_BATTLE, panelOverflow } from './helpers.mjs';

async function isolate(page) {
  const foreign = [];
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1') return route.continue();
    foreign.push(url.href);
    return route.abort();
  });
  return foreign;
}

const answerOf = (page, id) => page.locator(`#${id}`).getByTestId('answer');

test('a blog post with widgets shows the right answers, fetching nothing from elsewhere', async ({ page }) => {
  const foreign = await isolate(page);
  await page.goto('./blog.html');
  await expect(answerOf(page, 'classic')).toHaveText('0.4079');
  await expect(answerOf(page, 'full')).toHaveText(/^0\.9073\d\d$/); // digits=6
  expect(Math.abs(Number(await answerOf(page, 'full').getAttribute('data-value')) - 0.9073) < 5e-5).toBe(true);
  // The full view carries the editor; editing it re-solves inside the widget.
  const full = page.locator('#full');
  await full.getByLabel('Player one units').fill('4');
  await expect(answerOf(page, 'full')).toHaveText('0.407876');
  expect(foreign).toEqual([]);
});

test("a full widget undoes its own edits: its buttons and Ctrl+Z inside it, apart from the other widgets' and the page", async ({ page }) => {
  await page.goto('./blog.html');
  const full = page.locator('#full');
  const escapeFull = page.locator('#escape-full');
  await expect(answerOf(page, 'full')).toHaveText(/^0\.9073\d\d$/);
  await expect(await shownAnswer(page, 'escape-full')).toHaveText('Alice');
  const undoIn = (w) => w.getByRole('group', { name: 'Edits' }).getByRole('button', { name: 'Undo edit' });
  const redoIn = (w) => w.getByRole('group', { name: 'Edits' }).getByRole('button', { name: 'Redo edit' });
  await expect(undoIn(full)).toBeDisabled();
  const units = full.getByLabel('Player one units');
  await units.fill('4');
  await units.blur();
  await expect(answerOf(page, 'full')).toHaveText('0.407876');
  // another widget's edit is its own: the dice widget's Undo still undoes the dice edit only
  await escapeFull.getByRole('textbox', { name: /Contest input/ }).fill('3 3 4\nT..\n.#.\n..E\n');
  await escapeFull.getByRole('button', { name: 'Load', exact: true }).click();
  await expect(answerOf(page, 'escape-full')).toHaveText('Bob');
  await undoIn(full).click();
  await expect(answerOf(page, 'full')).toHaveText(/^0\.9073\d\d$/);
  await expect(units).toHaveValue('5');
  await expect(answerOf(page, 'escape-full')).toHaveText('Bob');
  await expect(full.getByRole('group', { name: 'Edits' })).toContainText('Edit undone; no more to undo.');
  await redoIn(full).click();
  await expect(answerOf(page, 'full')).toHaveText('0.407876');
  // Ctrl+Z with the focus in a widget (on a button, not a text field) undoes that widget's edit
  await escapeFull.getByRole('button', { name: 'Load', exact: true }).focus();
  await page.keyboard.press('Control+z');
  await expect(answerOf(page, 'escape-full')).toHaveText('Alice');
  await expect(answerOf(page, 'full')).toHaveText('0.407876');
  expect(page.url()).not.toContain('#'); // and nothing of it in the page's address
});

test('bad input shows an inline message, not a broken page', async ({ page }) => {
  await page.goto('./blog.html');
  const alert = page.locator('#broken').getByRole('alert');
  await expect(alert).toContainText('Line 1, column 6');
  await expect(answerOf(page, 'classic')).toHaveText('0.4079');
});

test('widgets load lazily, size themselves, and follow their theme', async ({ page }) => {
  await page.goto('./blog.html');
  await expect(answerOf(page, 'classic')).toHaveText('0.4079');
  // Far below the fold: not rendered yet.
  await expect(page.locator('#far').getByText('loading when visible')).toBeAttached();
  await expect(answerOf(page, 'far')).toHaveCount(0);
  await page.locator('#far').scrollIntoViewIfNeeded();
  await expect(answerOf(page, 'far')).toHaveText('1.0000');
  // Auto height: the element is as tall as its content, and grows with it.
  const h = await page.locator('#classic').evaluate((el) => el.getBoundingClientRect().height);
  expect(h).toBeGreaterThan(120);
  // Themes: dark forced, light forced.
  const bg = (id) => page.locator(`#${id}`).evaluate((el) => getComputedStyle(el.shadowRoot.querySelector('.wr-embed')).backgroundColor);
  expect(await bg('full')).toBe('rgb(18, 21, 28)');
  expect(await bg('far')).toBe('rgb(246, 247, 251)');
  await page.locator('#far').evaluate((el) => el.setAttribute('theme', 'dark'));
  expect(await bg('far')).toBe('rgb(18, 21, 28)');
});

test('the iframe fallback shows the same widget from the URL, fetching only its own game\'s code', async ({ page }) => {
  const foreign = await isolate(page);
  const fetched = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto(`./embed.html#dice?${new URLSearchParams({ in: 'AA A D DD\n5 4\n' })}`);
  await expect(page.getByTestId('answer')).toHaveText('0.9073');
  expect(foreign).toEqual([]);
  expect(fetched.filter((p) => p.includes('/web/dice/')).length).toBeGreaterThan(0);
  expect(fetched.filter((p) => /\/web\/(hopchess|codenames|escape)\//.test(p))).toEqual([]);
});

test('the app offers both embed snippets', async ({ page }) => {
  await page.goto('./#/dice');
  await page.getByText('Embed in a web page').click();
  await expect(page.getByLabel('Script and element')).toHaveValue(/<winrate-dice>\nAA A D DD\n4 4\n<\/winrate-dice>/);
  await expect(page.getByLabel('Iframe (for hosts that strip scripts)')).toHaveValue(/embed\.html#dice\?in=/);
});

// ---- Hop chess and Board Escape ----

/** Scrolls a widget near the viewport (they render lazily) and returns its answer. */
async function shownAnswer(page, id) {
  await page.locator(`#${id}`).scrollIntoViewIfNeeded();
  return answerOf(page, id);
}

test('hop chess widgets: the answer, the proposal set, digits and theme', async ({ page }) => {
  const foreign = await isolate(page);
  await page.goto('./blog.html');
  const hop = page.locator('#hop');
  await expect(await shownAnswer(page, 'hop')).toHaveText('0.667'); // contest sample 1
  expect(Math.abs(Number(await answerOf(page, 'hop').getAttribute('data-value')) - 2 / 3) < 1e-12).toBe(true);
  await expect(hop.getByRole('list', { name: "Justin's proposal set" }).getByRole('listitem')).toHaveCount(3);
  await expect(hop.getByText('Justin has three moves')).toBeVisible();
  await expect(hop.getByRole('link', { name: 'Open in winrate' })).toHaveAttribute('href', /index\.html#\/hopchess\?in=1\+3%0AJJD%0A3\+1/);
  // The tie position: one move sure in the set, any two of three tied moves; digits=5.
  const dark = page.locator('#hop-dark');
  await expect(await shownAnswer(page, 'hop-dark')).toHaveText('0.77778');
  await expect(dark.getByRole('list', { name: "Justin's proposal set" }).getByRole('listitem')).toHaveCount(1);
  await expect(dark.getByRole('list', { name: 'Tied moves at the cut' }).getByRole('listitem')).toHaveCount(3);
  // theme="dark" reaches the game's own colours (light-dark() in hopchess.css), not only the page's.
  const jFill = (id) => page.locator(`#${id}`).evaluate((el) => getComputedStyle(el.shadowRoot.querySelector('.disc.J')).fill);
  expect(await jFill('hop-dark')).toBe('rgb(255, 138, 76)');
  await page.locator('#hop').evaluate((el) => el.setAttribute('theme', 'light'));
  expect(await jFill('hop')).toBe('rgb(217, 72, 15)');
  await page.locator('#hop').evaluate((el) => el.setAttribute('theme', 'dark'));
  expect(await jFill('hop')).toBe('rgb(255, 138, 76)');
  expect(foreign).toEqual([]);
});

test('escape widgets: the winner with the board, and a full editor with its own state', async ({ page }) => {
  const foreign = await isolate(page);
  await page.goto('./blog.html');
  const escape = page.locator('#escape');
  await expect(await shownAnswer(page, 'escape')).toHaveText('Bob');
  await expect(answerOf(page, 'escape')).toHaveAttribute('data-value', 'Bob');
  await expect(escape.getByRole('img', { name: /Map of Grundy values for K = 4: 1 tokens, 0 winning moves/ })).toBeVisible();
  await expect(escape.getByText('the player to move loses')).toBeVisible();
  // Compact: no move list, period or token table in the answer view.
  await expect(escape.getByText('Tokens and their values: data table')).toHaveCount(0);
  // The full view: two tokens, Alice wins with 2 winning moves (drawn as arrows, named in the board's label).
  const full = page.locator('#escape-full');
  await expect(await shownAnswer(page, 'escape-full')).toHaveText('Alice');
  await expect(full.getByRole('img', { name: /2 winning moves drawn as arrows/ })).toBeVisible();
  await expect(full.getByText('Embed in a web page')).toHaveCount(0); // no snippet inside a widget
  await full.getByRole('textbox', { name: /Contest input/ }).fill('3 3 4\nT..\n.#.\n..E\n');
  await full.getByRole('button', { name: 'Load', exact: true }).click();
  await expect(answerOf(page, 'escape-full')).toHaveText('Bob');
  expect(page.url()).not.toContain('#'); // the widget's state stays in the widget
  await expect(full.getByRole('link', { name: 'Open in winrate' })).toHaveAttribute('href', /#\/escape\?in=3\+3\+4%0AT\.\.%0A\.%23\.%0A\.\.E/);
  expect(foreign).toEqual([]);
});

/** A widget <tag id> of input text added at the page's end: view "full" or none, a style or none. */
async function addWidget(page, tag, id, text, { view = null, style = '' } = {}) {
  await page.evaluate(([tag, id, text, view, style]) => {
    const el = document.createElement(tag);
    el.id = id;
    if (view) el.setAttribute('view', view);
    el.style.cssText = style;
    el.textContent = text;
    document.body.append(el);
  }, [tag, id, text, view, style]);
}

const HOP = '3 3\nJD.\nDJD\nJJD\n3 2\n';

test("a full hop chess widget in a blog's narrow column says whole what each move takes", async ({ page }) => {
  // The move list goes by its own width (a container query), not the screen's: at 1280 px a 400 px
  // column cut "takes his own J" to "takes his …" when it went by the screen.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('./blog.html');
  await addWidget(page, 'winrate-hopchess', 'hop-narrow', HOP, { view: 'full', style: 'display: block; width: 400px' });
  await page.locator('#hop-narrow').scrollIntoViewIfNeeded(); // widgets load as they come into view
  const notes = page.locator('#hop-narrow .move-capture');
  await expect(notes.filter({ hasText: /^takes his own J/ })).not.toHaveCount(0);
  for (const width of [260, 330, 400, 470]) {
    await page.locator('#hop-narrow').evaluate((el, w) => { el.style.width = `${w}px`; }, width);
    await expect.poll(() => notes.evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent)),
      `${width} px`).toEqual([]);
  }
});

test('a post\'s Codenames full view solves its board and has no worker warm the 25-card boards\' solve (the app does)', async ({ page }) => {
  await countWorkerAnswers(page);
  await page.goto('./blog.html');
  await expect(await shownAnswer(page, 'codenames-own')).toBeVisible();
  await page.waitForTimeout(500); // a warm-up would have been sent to an idle worker by now
  expect(await page.evaluate(() => window.warmed)).toEqual([]);
});

test('full widgets in a narrow column of a wide screen lay out by their own width: nothing runs out of a panel', async ({ page }) => {
  // The layouts that went by the screen's width ran out of a 280-520 px widget at 1280 px: the dice
  // outcomes and survivors' tables, the escape play section's controls beside its board, and the title
  // (the room the app keeps beside it for its edit bar).
  await page.setViewportSize({ width: 1280, height: 800 });
  // At 240-260 px: the dice data tables (now in a scroller), the heat map's legend ramp, Codenames' Example box.
  await page.goto('./blog.html');
  await addWidget(page, 'winrate-hopchess', 'hop-full', HOP, { view: 'full' });
  const FULL = ['full', 'escape-full', 'codenames-own', 'hop-full'];
  for (const id of [...FULL, 'classic', 'hop', 'escape', 'codenames']) await expect(await shownAnswer(page, id)).toBeVisible();
  for (const width of [240, 260, 280, 320, 400, 520]) {
    for (const id of [...FULL, 'classic', 'hop', 'escape', 'codenames']) {
      const widget = page.locator(`#${id}`);
      await widget.evaluate((el, w) => { el.style.cssText = `display: block; width: ${w}px`; }, width);
      expect(await panelOverflow(widget), `#${id} at ${width} px`).toEqual([]);
      if (!FULL.includes(id)) continue;
      const title = await widget.evaluate((host) => host.shadowRoot.querySelector('.tool-intro h2').getBoundingClientRect().right
        - host.getBoundingClientRect().right);
      expect(title, `#${id}'s title at ${width} px`).toBeLessThanOrEqual(1);
    }
  }
  // escape's controls go under its board in a column too narrow for both
  const full = page.locator('#escape-full');
  const board = await full.locator('.play .board-wrap').boundingBox();
  expect((await full.locator('.play-controls').boundingBox()).y).toBeGreaterThan(board.y + board.height);
});

test("a full dice widget in a 400 px column keeps its survivors' data tables, opened, inside it", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('./blog.html');
  const full = page.locator('#full');
  await full.evaluate((el) => { el.style.cssText = 'display: block; width: 400px'; });
  await full.scrollIntoViewIfNeeded();
  for (const summary of await full.locator('.charts.two details.data-table summary').all()) await summary.click();
  await expect(full.locator('.charts.two details.data-table table')).toHaveCount(2);
  const over = await full.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return [...el.shadowRoot.querySelectorAll('.charts.two table')].map((t) => Math.round(t.getBoundingClientRect().right - box.right));
  });
  expect(over.length).toBe(2);
  for (const px of over) expect(px).toBeLessThanOrEqual(0);
});

test('a widget whose long solve is cancelled says so and offers to solve again, instead of "Solving…" for ever', async ({ page }) => {
  await page.goto('./blog.html');
  await addWidget(page, 'winrate-dice', 'dice-long', LONG_BATTLE);
  const widget = page.locator('#dice-long');
  await widget.scrollIntoViewIfNeeded(); // widgets load as they come into view
  const cancel = widget.getByRole('button', { name: 'Cancel' });
  await cancel.click();
  await expect(widget.getByText('Cancelled.')).toBeVisible();
  await expect(widget).not.toContainText('Solving');
  await widget.getByRole('button', { name: 'Solve again' }).click();
  await expect(cancel).toBeVisible();
  await cancel.click();
  await expect(widget.getByText('Cancelled.')).toBeVisible();
});

test('on a right-to-left page in another language a widget stays English and left to right', async ({ page }) => {
  await page.addInitScript(() => document.addEventListener('DOMContentLoaded', () => {
    document.documentElement.dir = 'rtl';
    document.documentElement.lang = 'ar';
  }));
  await page.goto('./blog.html');
  await expect(await shownAnswer(page, 'classic')).toHaveText(/^0\.\d{4}$/);
  const inside = await page.locator('#classic').evaluate((host) => {
    const answer = host.shadowRoot.querySelector('[data-testid="answer"]');
    const pct = host.shadowRoot.querySelector('.answer-pct');
    return {
      page: getComputedStyle(host).direction,
      direction: getComputedStyle(answer).direction,
      lang: answer.closest('[lang]')?.lang,
      answerFirst: answer.getBoundingClientRect().left < pct.getBoundingClientRect().left,
    };
  });
  expect(inside).toEqual({ page: 'rtl', direction: 'ltr', lang: 'en', answerFirst: true });
});

test("a widget takes nothing from its page's text styles, inherited or set on the element, and keeps its theme", async ({ page }) => {
  await page.goto('./blog.html');
  await page.addStyleTag({ content: `html { text-transform: uppercase; letter-spacing: .1em; word-spacing: .4em; text-align: justify;
    text-indent: 2em; white-space: pre-line; font-style: italic } winrate-escape, winrate-codenames { text-transform: uppercase }` });
  await expect(await shownAnswer(page, 'escape')).toHaveText('Bob');
  await expect(await shownAnswer(page, 'codenames-own')).toBeVisible();
  const styles = (id) => page.locator(`#${id}`).evaluate((host) => {
    const s = getComputedStyle(host.shadowRoot.querySelector('.answer-row .label')); // styled by none of ours
    return [s.textTransform, s.letterSpacing, s.wordSpacing, s.textAlign, s.textIndent, s.whiteSpace, s.fontStyle].join(' ');
  });
  for (const id of ['escape', 'codenames-own']) expect(await styles(id), id).toBe('none normal 0px start 0px normal normal');
  // theme="dark" still reaches the panels (light-dark() follows the color-scheme the reset keeps)
  expect(await page.locator('#codenames-own').evaluate((host) => getComputedStyle(host.shadowRoot.querySelector('.panel')).backgroundColor))
    .toBe('rgb(27, 31, 41)');
});

test('the stylesheets write no bare rem: in a widget it would be its page\'s (calc(N * var(--rem)) instead)', () => {
  const sheets = ['web/style.css', ...readdirSync('web', { withFileTypes: true }).filter((d) => d.isDirectory())
    .flatMap((d) => readdirSync(join('web', d.name)).filter((f) => f.endsWith('.css')).map((f) => join('web', d.name, f)))];
  expect(sheets.length).toBeGreaterThanOrEqual(4);
  const uncommented = (text) => text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, '')); // lines kept
  const bare = sheets.flatMap((file) => uncommented(readFileSync(file, 'utf8')).split('\n')
    .map((line, i) => ({ where: `${file}:${i + 1}`, line: line.replace(/--rem:\s*1rem/, '') }))
    .filter(({ line }) => /(^|[^\w.#])-?\d*\.?\d+rem\b/.test(line)).map(({ where }) => where));
  expect(bare).toEqual([]);
});

test("a widget's sizes do not follow its page's root font size (Bootstrap 3's 10px, the 62.5% trick)", async ({ page }) => {
  const sizes = async () => {
    await expect(await shownAnswer(page, 'classic')).toBeVisible();
    return page.locator('#classic').evaluate((host) => {
      const q = (sel) => host.shadowRoot.querySelector(sel);
      return { answer: getComputedStyle(q('[data-testid="answer"]')).fontSize, label: getComputedStyle(q('.answer-row .label')).fontSize,
        padding: getComputedStyle(q('.panel')).paddingTop, height: Math.round(host.getBoundingClientRect().height) };
    });
  };
  await page.goto('./blog.html');
  const plain = await sizes();
  expect(plain.answer).toBe('41.6px'); // 2.6rem of 16px
  await page.addInitScript(() => document.addEventListener('DOMContentLoaded', () => { document.documentElement.style.fontSize = '10px'; }));
  await page.goto('./blog.html');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('10px');
  expect(await sizes()).toEqual(plain);
});

test('the iframe fallback shows a hop chess widget from the URL', async ({ page }) => {
  const foreign = await isolate(page);
  await page.goto(`./embed.html#hopchess?${new URLSearchParams({ in: '1 3\nJJD\n3 1\n', theme: 'dark' })}`);
  await expect(page.getByTestId('answer')).toHaveText('0.667');
  await expect(page.getByRole('list', { name: "Justin's proposal set" }).getByRole('listitem')).toHaveCount(3);
  await page.goto('about:blank'); // a hash change alone does not reload embed.html
  await page.goto(`./embed.html#escape?${new URLSearchParams({ in: '2 4 3\nT..E\n.#T.\n' })}`);
  await expect(page.getByTestId('answer')).toHaveAttribute('data-value', 'Alice');
  expect(foreign).toEqual([]);
});

test('the hop chess and escape tools offer both embed snippets', async ({ page }) => {
  await page.goto(`./#/hopchess?${new URLSearchParams({ in: '1 3\nJJD\n3 1\n' })}`);
  await page.getByText('Embed in a web page').click();
  await expect(page.getByLabel('Script and element')).toHaveValue(/<winrate-hopchess>\n1 3\nJJD\n3 1\n<\/winrate-hopchess>/);
  await expect(page.getByLabel('Iframe (for hosts that strip scripts)')).toHaveValue(/embed\.html#hopchess\?in=1\+3%0AJJD/);
  await page.goto(`./#/escape?${new URLSearchParams({ in: '3 3 4\nT..\n.#.\n..E\n' })}`);
  await page.getByText('Embed in a web page').click();
  await expect(page.getByLabel('Script and element')).toHaveValue(/<winrate-escape>\n3 3 4\nT\.\.\n\.#\.\n\.\.E\n<\/winrate-escape>/);
  await expect(page.getByLabel('Iframe (for hosts that strip scripts)')).toHaveValue(/embed\.html#escape\?in=3\+3\+4/);
});

test('on a phone the hop chess, escape and codenames widgets fit the column', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('./blog.html');
  for (const id of ['hop', 'hop-dark', 'escape', 'escape-full', 'codenames', 'codenames-own']) await expect(await shownAnswer(page, id)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  for (const id of ['hop', 'escape', 'codenames']) {
    const box = await page.locator(`#${id}`).boundingBox();
    expect(box.width).toBeLessThanOrEqual(375);
  }
});

// ---- Codenames ----

test('codenames widgets: the answer, the recommended hint on the board, and the rule attribute', async ({ page }) => {
  const foreign = await isolate(page);
  await page.goto('./blog.html');
  const cn = page.locator('#codenames');
  await expect(await shownAnswer(page, 'codenames')).toHaveText('0.8333');
  expect(Math.abs(Number(await answerOf(page, 'codenames').getAttribute('data-value')) - 5 / 6) < 1e-12).toBe(true);
  await expect(cn.getByTestId('best')).toContainText('“water” for 1');
  // The read-only board marks the hint's hidden cards; the hint table stays in the full app.
  const board = cn.getByRole('list', { name: 'Cards, 8' });
  await expect(board.getByRole('listitem')).toHaveCount(8);
  await expect(board.getByRole('listitem', { name: /on the recommended hint/ })).toHaveCount(3);
  await expect(cn.getByRole('table')).toHaveCount(0);
  await expect(cn.getByRole('link', { name: 'Open in winrate' })).toHaveAttribute('href', /#\/codenames\?in=8\+R%0Ariver/);
  // rule="own": the same position under the strict rule, in the full view with six digits.
  const own = page.locator('#codenames-own');
  await expect(await shownAnswer(page, 'codenames-own')).toHaveText('0.416667');
  expect(Math.abs(Number(await answerOf(page, 'codenames-own').getAttribute('data-value')) - 5 / 12) < 1e-12).toBe(true);
  await expect(own.getByTestId('best')).toContainText('“night” for 1');
  await expect(own.getByRole('link', { name: 'Open in winrate' })).toHaveAttribute('href', /rule=own/);
  await expect(own.getByText('Embed in a web page')).toHaveCount(0);
  // The full view's rule switch works inside the widget and leaves the page's URL alone.
  await own.getByRole('switch', { name: /own agents/ }).uncheck();
  await expect(answerOf(page, 'codenames-own')).toHaveText('0.833333');
  expect(page.url()).not.toContain('#');
  // theme="dark" reaches the game's colours.
  const red = (id) => page.locator(`#${id}`).evaluate((el) => getComputedStyle(el.shadowRoot.querySelector('.cn-tile.id-R')).color);
  expect(await red('codenames-own')).toBe('rgb(255, 135, 135)');
  expect(foreign).toEqual([]);
});

test('the iframe fallback shows a codenames widget with its rule, and the tool offers both snippets', async ({ page }) => {
  const foreign = await isolate(page);
  const text = '8 R\nriver bank money fish boat piano moon glass\nB I I R A I B R\n3\nwater: 3 piano river money\nfinance: 2 boat fish\nnight: 3 piano bank fish\n';
  await page.goto(`./embed.html#codenames?${new URLSearchParams({ in: text, rule: 'own' })}`);
  await expect(page.getByTestId('answer')).toHaveText('0.4167');
  expect(foreign).toEqual([]);
  await page.goto(`./#/codenames?${new URLSearchParams({ in: text, rule: 'own' })}`);
  await expect(page.getByTestId('answer')).toHaveText('0.4167');
  await page.getByText('Embed in a web page').click();
  await expect(page.getByLabel('Script and element')).toHaveValue(/<winrate-codenames rule="own">\n8 R\nriver bank/);
  await expect(page.getByLabel('Iframe (for hosts that strip scripts)')).toHaveValue(/embed\.html#codenames\?in=8\+R.*&rule=own/);
});

test('attributes a widget does not accept get a one-line note each, and the answer uses the defaults', async ({ page }) => {
  await page.goto('./blog.html');
  await page.evaluate(() => {
    const cases = { 'bad-empty': { digits: '' }, 'bad-abc': { digits: 'abc', view: 'huge' }, 'bad-99': { digits: '99', theme: 'purple' } };
    for (const [id, attrs] of Object.entries(cases)) {
      const el = document.createElement('winrate-dice');
      el.id = id;
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
      el.textContent = 'AA A D DD\n4 4\n';
      document.querySelector('article').prepend(el);
    }
  });
  const notes = (id) => page.locator(`#${id}`).locator('.attr-note');
  await expect(notes('bad-empty')).toHaveText(['digits="" is not a whole number from 0 to 17; the game\'s default is used.']);
  await expect(notes('bad-abc')).toHaveText([
    'view="huge" is not one of answer, full; answer is used.',
    'digits="abc" is not a whole number from 0 to 17; the game\'s default is used.',
  ]);
  await expect(notes('bad-99')).toHaveText([
    'theme="purple" is not one of auto, light, dark; auto is used.',
    'digits="99" is not a whole number from 0 to 17; the game\'s default is used.',
  ]);
  for (const id of ['bad-empty', 'bad-abc', 'bad-99']) await expect(answerOf(page, id)).toHaveText('0.4079');
  // A good value set later clears the note.
  await page.locator('#bad-99').evaluate((el) => { el.setAttribute('digits', '6'); el.setAttribute('theme', 'dark'); });
  await expect(notes('bad-99')).toHaveCount(0);
  await expect(answerOf(page, 'bad-99')).toHaveText('0.407876');
});

test('a slow widget does not hold back the small ones beside it (a pool of workers)', async ({ page }) => {
  await page.goto('./blog.html');
  await expect(answerOf(page, 'classic')).toHaveText('0.4079'); // the page's first worker is up
  await page.evaluate(() => {
    const article = document.querySelector('article');
    const add = (id, text) => {
      const el = document.createElement('winrate-dice');
      el.id = id;
      el.textContent = text;
      article.prepend(el);
    };
    // A battle that takes tens of seconds, then four small ones (all near the top, so all render at once).
    add('slow', 'AAAAAAAAA AAAAAAAD AAAAADDD AAADDDDDD ADDDDDDDD DDDDDDDDD AAAA AAA AA A D DD DDD DDDD AD AAD ADD '
      + 'AADD - AAAADDDDD\n200 200\n');
    ['A D\n4 3\n', 'AA A D DD\n5 4\n', 'A D\n3 3\n', 'AA A D DD\n3 4\n'].forEach((t, i) => add(`small${i}`, t));
  });
  const want = ['1.0000', '0.9073', '0.0000', '0.0186'];
  for (let i = 0; i < 4; i++) await expect(answerOf(page, `small${i}`)).toHaveText(want[i]);
  // They answered while the slow one (about 30 s) is still solving: they did not wait behind it.
  await expect(page.locator('#slow').getByTestId('answer')).toHaveCount(0);
  await expect(page.locator('#slow').getByRole('progressbar', { name: 'Solving' })).toBeVisible();
});
