import type { Locator, Page } from 'playwright-core';
import { eventually } from '../../support/eventually';
import { pathOf } from './page';

// Checks that wait: retry until true or time out, on locators and the page's path.

/** Retries a check every 50 ms for up to 5 s. */
const poll = <T>(fn: () => Promise<T> | T) => eventually(fn, 5_000, 50);

/** Text as read: runs of white space (a no-break space among them) one space, on both sides of a comparison. */
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Auto-waiting checks on locators, in the spirit of Playwright Test's web-first assertions. */
export const see = {
  text: (locator: Locator, expected: string | RegExp) =>
    poll(async () => {
      const actual = squash((await locator.textContent({ timeout: 1_000 })) ?? '');
      if (typeof expected === 'string') expect(actual).toBe(squash(expected));
      else expect(actual).toMatch(expected);
    }),
  /** The text shown (innerText: without text the stylesheet hides). */
  label: (locator: Locator, expected: string) =>
    poll(async () => expect(squash(await locator.innerText({ timeout: 1_000 }))).toBe(squash(expected))),
  attr: (locator: Locator, name: string, expected: string | null) =>
    poll(async () => expect(await locator.getAttribute(name, { timeout: 1_000 })).toBe(expected)),
  visible: (locator: Locator) =>
    poll(async () => {
      if (!(await locator.isVisible())) throw new Error(`expected ${locator} to be visible`);
    }),
  hidden: (locator: Locator) =>
    poll(async () => {
      if (!(await locator.isHidden())) throw new Error(`expected ${locator} to be hidden`);
    }),
  value: (locator: Locator, expected: string) =>
    poll(async () => expect(await locator.inputValue({ timeout: 1_000 })).toBe(expected)),
  path: (page: Page, expected: string) => poll(() => expect(pathOf(page)).toBe(expected)),
  /** Whether the <details> whose <summary> this is, is open. */
  open: (summary: Locator, expected: boolean) =>
    poll(async () =>
      expect(await summary.evaluate((s) => (s.parentElement as HTMLDetailsElement).open)).toBe(expected),
    ),
};
