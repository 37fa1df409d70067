// The demo's theme can be switched three ways: its toggle button, the palette's "Switch light or
// dark theme" item, and that item's shortcut. Each way leaves the toggle saying the truth.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { KeyInput, Page } from 'puppeteer-core';
import { openDemoPage, WAIT, demoInChromium } from './demo-page.js';


function readTheme(page: Page) {
  return page.evaluate(() => ({
    theme: document.documentElement.dataset.dddkTheme,
    pressed: document.getElementById('theme-toggle')?.getAttribute('aria-pressed'),
  }));
}

async function expectToggleMatches(page: Page, theme: string) {
  await page.waitForFunction((wanted) => document.documentElement.dataset.dddkTheme === wanted, WAIT, theme);
  assert.deepEqual(await readTheme(page), { theme, pressed: String(theme === 'dark') });
}

async function withModifiers(page: Page, keys: KeyInput[], key: KeyInput) {
  for (const modifier of keys) await page.keyboard.down(modifier);
  await page.keyboard.press(key);
  for (const modifier of [...keys].reverse()) await page.keyboard.up(modifier);
}

describe('the demo theme toggle', { timeout: 60_000 }, () => {
  const suite = demoInChromium();

  it('says whether dark is on after the button, the palette item and its shortcut switch the theme', async () => {
    const { page, errors } = await openDemoPage(suite.browser, suite.demo.url, { beforeLoad: () => localStorage.setItem('orchard-theme', 'light') });
    try {
      await page.waitForFunction(() => document.documentElement.dataset.copilot === 'ready', WAIT);
      await expectToggleMatches(page, 'light');

      await page.click('#theme-toggle');
      await expectToggleMatches(page, 'dark');

      // The palette: Ctrl+K, find the item, Enter.
      await withModifiers(page, ['Control'], 'k');
      await page.waitForFunction(() => document.querySelector('dddk-palette')?.shadowRoot?.querySelector('dialog')?.open === true, WAIT);
      await page.keyboard.type('switch light or dark');
      const selected = () =>
        page.evaluate(() => document.querySelector('dddk-palette')?.shadowRoot?.querySelector('[role="option"][aria-selected="true"]')?.textContent ?? '');
      await page.waitForFunction(
        () => [...(document.querySelector('dddk-palette')?.shadowRoot?.querySelectorAll('[role="option"]') ?? [])].some((option) => option.textContent?.includes('Switch light or dark theme')),
        WAIT,
      );
      // The free-text row ("Ask the agent: …") comes first; the item follows it.
      for (let step = 0; step < 5 && !(await selected()).includes('Switch light or dark theme'); step++) await page.keyboard.press('ArrowDown');
      assert.match(await selected(), /Switch light or dark theme/);
      await page.keyboard.press('Enter');
      await expectToggleMatches(page, 'light');

      // The item's shortcut, Mod+Shift+L (Control on Linux), from the page.
      await page.waitForFunction(() => document.querySelector('dddk-palette')?.shadowRoot?.querySelector('dialog')?.open === false, WAIT);
      await page.focus('main h1');
      await withModifiers(page, ['Control', 'Shift'], 'L');
      await expectToggleMatches(page, 'dark');
      await withModifiers(page, ['Control', 'Shift'], 'L');
      await expectToggleMatches(page, 'light');
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });
});
