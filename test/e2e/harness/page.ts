import type { Page } from 'playwright-core';

// Steps on a page: load it and wait for React to hydrate, wait for scrolling to stop, find the
// header's menu button, mark a document (to tell a client-side navigation from a full load).

/**
 * Waits until React has finished hydrating #root. React marks the container at hydrateRoot()
 * and its root's state says whether the tree is still dehydrated (server HTML not yet adopted).
 */
export async function waitForHydration(page: Page, timeout = 10_000): Promise<void> {
  const hydrated = page.waitForFunction(
    () => {
      const root = document.getElementById('root') as (HTMLElement & Record<string, unknown>) | null;
      if (!root) return false;
      const key = Object.keys(root).find((k) => k.startsWith('__reactContainer$'));
      if (!key) return false;
      const fiber = root[key] as { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } };
      return fiber.stateNode?.current?.memoizedState?.isDehydrated === false;
    },
    undefined,
    { timeout },
  );
  await hydrated.catch((err: Error) => {
    throw new Error(
      `React did not hydrate #root of ${page.url()} within ${timeout} ms (see the console log): ${err.message.split('\n')[0]}`,
    );
  });
}

/** Goes to a path, checks the status, and waits for hydration. */
export async function load(page: Page, origin: string, pathname: string, status = 200): Promise<void> {
  const response = await page.goto(origin + pathname, { waitUntil: 'load' });
  expect(response?.status()).toBe(status);
  await waitForHydration(page);
}

/** Waits until the page has stopped scrolling (smooth scrolling has ended); returns scrollY. */
export function scrollSettled(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = window.scrollY;
        let still = 0;
        let frames = 0;
        const tick = () => {
          const y = window.scrollY;
          if (y === last) still += 1;
          else {
            still = 0;
            last = y;
          }
          // Ten frames without movement, or give up after about five seconds.
          if (still >= 10 || ++frames > 300) resolve(y);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}

/**
 * The header's Menu button, a native <summary>: Chromium names it and gives it its <details>'
 * expanded state, but Playwright's getByRole has no role for a summary.
 */
export const menuButton = (page: Page, label: string) => page.locator('summary.menu-button', { hasText: label });

export const getMarker = (page: Page) => page.evaluate(() => (window as unknown as { __marker?: number }).__marker);
export const setMarker = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { __marker?: number }).__marker = 1;
  });

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The page is no wider than its window: nothing scrolls sideways. */
export const noHorizontalScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

/**
 * The characters of `selector`'s text that match `which`, in the order they are laid out from the
 * left, as a reader sees them: each one's left edge, measured (text nodes inside elements too).
 */
export const laidOut = (page: Page, selector: string, which: RegExp) =>
  page.locator(selector).evaluate((root, source) => {
    const pattern = new RegExp(source);
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    const chars: { c: string; x: number }[] = [];
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null)
      for (let i = 0; i < node.length; i++) {
        const c = node.data[i] as string;
        if (!pattern.test(c)) continue;
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        chars.push({ c, x: range.getBoundingClientRect().left });
      }
    return chars
      .sort((a, b) => a.x - b.x)
      .map((ch) => ch.c)
      .join('');
  }, which.source);
