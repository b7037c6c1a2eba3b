import type { Page } from 'playwright-core';
import { themeColors } from '../../content/colors';
import { langs } from '../../content/languages';
import { translations } from '../../content/translations';
import { paths } from '../../views/routes';
import { axeViolations, expectNoViolations } from './axe';
import { describeBrowser, fetchText, HEADER, load, menuButton, scrollSettled, see, useBrowserSuite } from './harness';

// The dark scheme a visitor's system asks for (prefers-color-scheme), in CSS alone: the browser's
// bar follows it, and the contact form's error state passes axe in it (every page in both
// schemes: a11y.test.ts). And Windows' contrast themes (forced-colors: active): what the site
// draws itself (icons as masks, the logo, the current page's mark, the focus ring) stays visible.

/** Whether the element paints anything: the screen around it with it and with it hidden differ. */
async function paints(page: Page, selector: string): Promise<boolean> {
  const element = page.locator(selector).first();
  await element.scrollIntoViewIfNeeded();
  const box = await element.boundingBox();
  if (!box) throw new Error(`${selector} has no box`);
  const clip = { x: box.x - 2, y: box.y - 2, width: box.width + 4, height: box.height + 4 };
  const shown = await page.screenshot({ clip });
  await element.evaluate((e) => (e as HTMLElement).style.setProperty('visibility', 'hidden'));
  const hidden = await page.screenshot({ clip });
  await element.evaluate((e) => (e as HTMLElement).style.removeProperty('visibility'));
  return !shown.equals(hidden);
}

describeBrowser('colour schemes', () => {
  const suite = useBrowserSuite();

  suite.test("each scheme has its own theme-color for the browser's bar, and color-scheme says both", async (s) => {
    const { body } = await fetchText(`${s.origin}/`);
    expect(body).toContain('<meta name="color-scheme" content="light dark">');
    expect(body).toContain(
      `<meta name="theme-color" media="(prefers-color-scheme: light)" content="${themeColors.light}">`,
    );
    expect(body).toContain(
      `<meta name="theme-color" media="(prefers-color-scheme: dark)" content="${themeColors.dark}">`,
    );
  });

  for (const lang of langs) {
    suite.test(
      `${paths.contact[lang]} in the dark scheme at 390px, form errors and the menu open: no WCAG A/AA violations`,
      async (s) => {
        const { page } = await s.open({ colorScheme: 'dark', viewport: { width: 390, height: 844 } });
        await load(page, s.origin, paths.contact[lang]);
        await page.locator('form.contact-form button[type="submit"]').click();
        await see.text(page.locator('#name-error'), (await translations[lang].contact()).form.fieldErrors.name);
        // The first invalid field was focused, and the page scrolls to it smoothly: axe runs on
        // the page at rest. Mid-scroll, the open menu covers part of a field, a state no visitor
        // keeps (axe's target-size then finds the field's uncovered part too small).
        await scrollSettled(page);
        const menu = menuButton(page, HEADER[lang].menu);
        await menu.click();
        await see.open(menu, true);
        await scrollSettled(page);
        expectNoViolations(`${paths.contact[lang]} (dark, 390px, errors, menu open)`, await axeViolations(page));
      },
    );
  }

  suite.test(
    'in forced colours (Windows contrast themes) the icons, logo, toggles, checkbox, map box, current page and focus ring stay visible',
    async (s) => {
      const { page } = await s.open({ forcedColors: 'active', viewport: { width: 390, height: 844 } });
      await load(page, s.origin, '/terapi');
      const drawn: Record<string, boolean> = {};
      for (const selector of ['.logo__mark', '.area-card__icon', '.toggle', '.toggle .icon', '.menu-button .icon']) {
        drawn[selector] = await paints(page, selector);
      }
      // The focus ring: the skip link first, then the logo's link; focused and not, the screen differs.
      const home = page.locator('.site-header__home');
      const box = await home.boundingBox();
      if (!box) throw new Error('no home link');
      const clip = { x: 0, y: 0, width: 390, height: box.y + box.height + 8 };
      const unfocused = await page.screenshot({ clip });
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await home.evaluate((e) => e === document.activeElement)).toBe(true);
      drawn['focus ring'] = !(await page.screenshot({ clip })).equals(unfocused);
      // The menu button's edge and the current page: an underline, not only colour.
      const menuBorder = await page.locator('.menu-button').evaluate((e) => getComputedStyle(e).borderTopColor);
      await page.locator('.menu-button').click();
      const decorations = await page
        .locator('.main-nav a')
        .evaluateAll((links) =>
          links.map((a) => [a.getAttribute('aria-current'), getComputedStyle(a).textDecorationLine]),
        );
      drawn['current page underlined, the others not'] =
        decorations.filter(([current, line]) => (current === 'page') === (line === 'underline')).length ===
        decorations.length;

      await load(page, s.origin, '/kontakt');
      for (const selector of ['.field--check input', '.icon-list .icon', '.map'])
        drawn[selector] = await paints(page, selector);
      const mapBorder = await page
        .locator('.map')
        .evaluate((e) => [getComputedStyle(e).borderTopStyle, getComputedStyle(e).borderTopWidth]);

      expect(drawn).toEqual(Object.fromEntries(Object.keys(drawn).map((k) => [k, true])));
      expect(menuBorder).not.toBe('rgba(0, 0, 0, 0)');
      expect(mapBorder).toEqual(['solid', '1px']);
    },
  );
});
