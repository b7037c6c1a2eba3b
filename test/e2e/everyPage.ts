import type { Page } from 'playwright-core';
import { colors } from '../../content/colors';
import { axeViolations, expectNoViolations } from './axe';
import { getMarker, headerFor, load, menuButton, see, serverPage, setMarker, type Suite } from './harness';
import { luminance, pageColors, rgb } from './pageColors';

// The checks every page must pass, one test per route: it loads, hydrates and stays clean; axe
// finds nothing in either scheme; it reflows at 320 px. every-route.slow.test.ts runs them on
// every page of every language.

/** A header link to some other page than `from`, in its language. */
const otherThan = (from: string) => {
  const { nav } = headerFor(from);
  return nav.find((n) => n.path !== from && n !== nav[0]) ?? nav[1]!;
};

const WIDTH = 320;

/** SC 1.4.12's text spacing, as a reader's style sheet would set it. */
const TEXT_SPACING = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
p { margin-bottom: 2em !important; }`;

/** The document's width, and every text that is outside the screen's width or clipped by its box. */
function measure(page: Page) {
  return page.evaluate((width) => {
    // Out of sight on purpose: the skip link until focused, the honeypot, screen-reader-only text.
    const hidden = (el: Element) =>
      el.closest('.skip-link, .honeypot, .visually-hidden') !== null || !el.checkVisibility();
    const name = (el: Element) => `${el.tagName.toLowerCase()}${[...el.classList].map((c) => `.${c}`).join('')}`;
    const problems: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || hidden(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.left < -0.5 || box.right > width + 0.5)
        problems.push(
          `"${node.textContent.trim().slice(0, 30)}" in ${name(parent)}: ${Math.round(box.left)}..${Math.round(box.right)}`,
        );
    }
    for (const el of document.querySelectorAll('body *')) {
      const style = getComputedStyle(el);
      if ((style.overflowX === 'visible' && style.overflowY === 'visible') || hidden(el) || !el.textContent?.trim())
        continue;
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
        problems.push(`${name(el)} clips its text`);
    }
    return { width: document.documentElement.scrollWidth, problems };
  }, WIDTH);
}

/** Each route loads, hydrates without a word in the console, moves nothing, and asks only its own server. */
export function loadsCleanTests(suite: Suite, routes: readonly string[]) {
  for (const route of routes) {
    suite.test(`${route} loads, hydrates and stays clean`, async (s) => {
      const { page, log } = await s.open();
      const expected = await serverPage(s.origin, route);
      await load(page, s.origin, route);
      await see.text(page.locator('main h1'), expected.h1);
      expect(await page.title()).toBe(expected.title);

      // Nothing moves while the page loads and hydrates: no layout shift at all.
      // Each shift with what moved, so that a failure names it.
      const shifts = await page.evaluate(
        () =>
          new Promise<string[]>((resolve) => {
            const seen: string[] = [];
            type Shift = PerformanceEntry & { value: number; sources?: { node?: Node | null }[] };
            const name = (node?: Node | null) =>
              node instanceof Element
                ? `${node.tagName.toLowerCase()}${[...node.classList].map((c) => `.${c}`).join('')}`
                : String(node?.nodeName);
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as Shift[])
                seen.push(
                  `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${(entry.sources ?? []).map((x) => name(x.node)).join(', ')}`,
                );
            }).observe({ type: 'layout-shift', buffered: true });
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(seen)));
          }),
      );
      expect(shifts).toEqual([]);

      // Icons come from the stylesheet: each one shown has its size and its shape as a mask.
      const icons = await page.locator('.icon').evaluateAll((els) =>
        els
          .filter((el) => el.checkVisibility())
          .map((el) => ({
            className: el.className,
            width: el.getBoundingClientRect().width,
            mask: getComputedStyle(el).maskImage.slice(0, 28),
          })),
      );
      expect(icons.length).toBeGreaterThan(0);
      for (const icon of icons)
        expect(icon).toEqual({
          className: icon.className,
          width: expect.any(Number),
          mask: 'url("data:image/svg+xml,<svg',
        });
      for (const icon of icons) expect(icon.width).toBeGreaterThanOrEqual(18);

      // No page asks another host for anything, the map on /kontakt included, until a visitor asks.
      // Scrolled to the end and rendered there (two frames): whatever the page would load on the
      // way has been asked for by then.
      await page.evaluate(
        () =>
          new Promise((rendered) => {
            window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' });
            requestAnimationFrame(() => requestAnimationFrame(rendered));
          }),
      );
      expect(log.requests.filter((r) => !r.url.startsWith(s.origin)).map((r) => r.url)).toEqual([]);

      // Hydrated: a header link now navigates on the client (no new document, marker survives).
      await setMarker(page);
      const next = otherThan(route);
      await page
        .getByRole('navigation', { name: headerFor(route).navLabel })
        .getByRole('link', { name: next.label, exact: true })
        .click();
      await see.path(page, next.path);
      await see.text(page.locator('main h1'), (await serverPage(s.origin, next.path)).h1);
      expect(await getMarker(page)).toBe(1);
      expect(log.requests.filter((r) => r.resourceType === 'document' && r.url.startsWith(s.origin))).toHaveLength(1);

      log.expectClean();
    });
  }
}

/** axe-core (WCAG 2.0/2.1 A and AA, WCAG 2.2 AA; see ./axe.ts) on each route in the light and the dark scheme. */
export function axeTests(suite: Suite, routes: readonly string[]) {
  for (const route of routes) {
    suite.test(`${route} has no WCAG A/AA violations, in the light scheme and in the dark one`, async (s) => {
      const { page } = await s.open();
      await load(page, s.origin, route);
      expect(await pageColors(page)).toEqual({ background: rgb(colors.light.bg), text: rgb(colors.light.text) });
      expectNoViolations(route, await axeViolations(page));

      // The visitor's system turns dark (prefers-color-scheme): a dark page with light text, in CSS alone.
      await page.emulateMedia({ colorScheme: 'dark' });
      try {
        const { background, text } = await pageColors(page);
        expect(background).toBe(rgb(colors.dark.bg));
        expect(luminance(background)).toBeLessThan(0.05);
        expect(luminance(text)).toBeGreaterThan(0.6);
        expectNoViolations(`${route} (dark)`, await axeViolations(page));
      } finally {
        // The tab goes back to the pool for the next test.
        await page.emulateMedia({ colorScheme: 'light' });
      }
    });
  }
}

/**
 * WCAG 2.2 SC 1.4.10 Reflow on each route at 320 x 640 CSS px (a small phone, or 400 % zoom): no
 * horizontal scrolling and no text cut off, also with SC 1.4.12's text spacing applied and with
 * the menu open; every phone number on one line. (The menu on a tap: disclosures.slow.test.ts.)
 */
export function reflowTests(suite: Suite, routes: readonly string[]) {
  for (const route of routes) {
    suite.test(
      `${route}: ${WIDTH}px wide, nothing cut off, with and without the text spacing and with the menu open`,
      async (s) => {
        const { page, log } = await s.open({ bypassCSP: true, viewport: { width: WIDTH, height: 640 } });
        // The layout is the server's HTML and the stylesheet: no need to wait for hydration.
        expect((await page.goto(s.origin + route))?.status()).toBe(200);
        expect(await measure(page)).toEqual({ width: WIDTH, problems: [] });

        // Every phone number on the page stays on one line, here and at any width.
        const phones = await page.locator('a[href^="tel:"]').evaluateAll((links) =>
          links.map((a) => ({
            lines: a.getClientRects().length,
            wraps: getComputedStyle(a).textWrapMode !== 'nowrap',
          })),
        );
        expect(phones.length).toBeGreaterThan(0);
        for (const phone of phones) expect(phone).toEqual({ lines: 1, wraps: false });

        await page.addStyleTag({ content: TEXT_SPACING });
        expect(await measure(page)).toEqual({ width: WIDTH, problems: [] });
        const header = headerFor(route);
        const menu = menuButton(page, header.menu);
        await menu.click();
        await see.open(menu, true);
        const nav = page.getByRole('navigation', { name: header.navLabel });
        for (const item of header.nav) await see.visible(nav.getByRole('link', { name: item.label, exact: true }));
        expect(await measure(page)).toEqual({ width: WIDTH, problems: [] });
        log.expectClean();
      },
    );
  }
}
