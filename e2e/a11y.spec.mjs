// a11y.spec.mjs — the accessibility gate: axe-core (@axe-core/playwright,
// pinned) finds no violation in any tool after a solve, in the light and the
// dark scheme, nor in the blog fixture's widgets (axe enters their open
// shadow roots). A new violation fails make test.
import { test, expect } from '@playwright/test';
import { expectLive } from './helpers.mjs';
import { AxeBuilder } from '@axe-core/playwright';

const TOOLS = ['hopchess', 'codenames', 'escape', 'dice'];

async function violations(page) {
  const { violations: found } = await new AxeBuilder({ page }).analyze();
  // One line per violation and node: readable in the failure message.
  return found.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' > ')} — ${n.failureSummary?.split('\n').slice(1, 2).join('')}`));
}

for (const scheme of ['light', 'dark']) {
  for (const tool of TOOLS) {
    test(`${tool}, ${scheme}: no axe violations after a solve`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`./#/${tool}`);
      // The prerendered view (make site) has the answer before the app is live, and is inert until then (no
      // main landmark for axe): the app's view is the one checked.
      await expectLive(page);
      await expect(page.getByTestId('answer').first()).toHaveAttribute('data-value', /./);
      expect(await violations(page)).toEqual([]);
    });
  }

  test(`the blog fixture's widgets, ${scheme}: no axe violations`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1000, height: 9000 });
    await page.goto('./blog.html');
    await expect(page.getByTestId('answer').first()).toBeVisible();
    await page.waitForFunction(() => [...document.querySelectorAll('*')].filter((e) => e.tagName.startsWith('WINRATE-'))
      .every((e) => e.shadowRoot?.querySelector('[data-testid="answer"], [role="alert"]')));
    expect(await violations(page)).toEqual([]);
  });
}

test('hop chess with a history chart and the export buttons: no axe violations', async ({ page }) => {
  await page.goto(`./#/hopchess?in=${encodeURIComponent('3 3\n.J.\n.DD\nJJD\n3 2\n')}&h=${encodeURIComponent('JD./DJD/JJD:J;0-1,3-4')}`);
  await expect(page.getByRole('group', { name: /move by move/ }).getByRole('button')).toHaveCount(3);
  await expect(page.getByRole('group', { name: /move by move/ }).locator('.pending')).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
});
