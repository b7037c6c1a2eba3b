import type { Locator, Page } from 'playwright-core';
import { pathOf } from './page';

// Checks that wait: retry until true or time out, on locators and the page's path.

/**
 * Retries `fn` until it stops throwing (jest's expect has no auto-waiting matchers like
 * Playwright Test's); after `timeout` ms the last error is thrown.
 */
export async function eventually<T>(fn: () => Promise<T> | T, timeout = 5_000): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    try {
      return await fn();
    } catch (err) {
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Auto-waiting checks on locators, in the spirit of Playwright Test's web-first assertions. */
export const see = {
  text: (locator: Locator, expected: string | RegExp) =>
    eventually(async () => {
      const actual = squash((await locator.textContent({ timeout: 1_000 })) ?? '');
      if (typeof expected === 'string') expect(actual).toBe(expected);
      else expect(actual).toMatch(expected);
    }),
  /** The text shown (innerText: without text the stylesheet hides). */
  label: (locator: Locator, expected: string) =>
    eventually(async () => expect(squash(await locator.innerText({ timeout: 1_000 }))).toBe(expected)),
  attr: (locator: Locator, name: string, expected: string | null) =>
    eventually(async () => expect(await locator.getAttribute(name, { timeout: 1_000 })).toBe(expected)),
  visible: (locator: Locator) =>
    eventually(async () => {
      if (!(await locator.isVisible())) throw new Error(`expected ${locator} to be visible`);
    }),
  hidden: (locator: Locator) =>
    eventually(async () => {
      if (!(await locator.isHidden())) throw new Error(`expected ${locator} to be hidden`);
    }),
  value: (locator: Locator, expected: string) =>
    eventually(async () => expect(await locator.inputValue({ timeout: 1_000 })).toBe(expected)),
  path: (page: Page, expected: string) => eventually(() => expect(pathOf(page)).toBe(expected)),
  /** Whether the <details> whose <summary> this is, is open. */
  open: (summary: Locator, expected: boolean) =>
    eventually(async () =>
      expect(await summary.evaluate((s) => (s.parentElement as HTMLDetailsElement).open)).toBe(expected),
    ),
};
