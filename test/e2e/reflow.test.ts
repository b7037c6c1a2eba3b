import type { Page } from 'playwright-core';
import { describeBrowser, headerFor, menuButton, ROUTES, see, useBrowserSuite } from './harness';

// WCAG 2.2 SC 1.4.10 Reflow: every page at 320 x 640 CSS px (a small phone, or 400 % zoom) has
// no horizontal scrolling and cuts no text off, also with SC 1.4.12's text spacing applied and
// with the menu open; every phone number stays on one line. (What the menu does on a tap, before
// and after hydration, and that a new page closes it: disclosures.test.ts.)

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

describeBrowser(`reflow at ${WIDTH}px`, () => {
  const suite = useBrowserSuite();

  for (const route of ROUTES) {
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
});
