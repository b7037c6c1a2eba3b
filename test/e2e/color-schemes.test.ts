import type { Page } from 'playwright-core';
import { colors, themeColors } from '../../content/colors';
import { langs } from '../../content/languages';
import { translations } from '../../content/translations';
import { paths } from '../../views/routes';
import { axeViolations, expectNoViolations } from './axe';
import { describeBrowser, fetchText, HEADER, load, ROUTES, see, useBrowserSuite } from './harness';

// The dark scheme a visitor's system asks for (prefers-color-scheme), in CSS alone: every page
// passes axe (colour contrast included) in it, its background is dark, and the light scheme is
// what it was. And Windows' contrast themes (forced-colors: active): what the site draws itself
// (icons as masks, the logo, the current page's mark, the focus ring) stays visible.

/** The page's background as the visitor sees it, and the text colour: rgb(r, g, b). */
const pageColors = (page: Page) =>
  page.evaluate(() => ({ background: getComputedStyle(document.body).backgroundColor, text: getComputedStyle(document.body).color }));

/** '#rrggbb' as Chromium writes a computed colour. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

/** WCAG's relative luminance of 'rgb(r, g, b)'. */
function luminance(color: string): number {
  const [r, g, b] = (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((c) => {
    const v = Number(c) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

describeBrowser('colour schemes', () => {
  const suite = useBrowserSuite();

  for (const route of ROUTES) {
    suite.test(`${route} in the dark scheme: dark background, light text, no WCAG A/AA violations`, async (s) => {
      const { page } = await s.open({ bypassCSP: true, colorScheme: 'dark' });
      await load(page, s.origin, route);
      const { background, text } = await pageColors(page);
      expect(background).toBe(rgb(colors.dark.bg));
      expect(luminance(background)).toBeLessThan(0.05);
      expect(luminance(text)).toBeGreaterThan(0.6);
      expectNoViolations(`${route} (dark)`, await axeViolations(page));
    });
  }

  suite.test('every page in the light scheme keeps its light background and dark text', async (s) => {
    const { page } = await s.open({ colorScheme: 'light' });
    for (const route of ROUTES) {
      await page.goto(s.origin + route);
      expect({ route, ...(await pageColors(page)) }).toEqual({ route, background: rgb(colors.light.bg), text: rgb(colors.light.text) });
    }
  });

  suite.test("each scheme has its own theme-color for the browser's bar, and color-scheme says both", async (s) => {
    const { body } = await fetchText(`${s.origin}/`);
    expect(body).toContain('<meta name="color-scheme" content="light dark">');
    expect(body).toContain(`<meta name="theme-color" media="(prefers-color-scheme: light)" content="${themeColors.light}">`);
    expect(body).toContain(`<meta name="theme-color" media="(prefers-color-scheme: dark)" content="${themeColors.dark}">`);
  });

  for (const lang of langs) {
    suite.test(`${paths.contact[lang]} in the dark scheme at 390px, form errors and the menu open: no WCAG A/AA violations`, async (s) => {
      const { page } = await s.open({ bypassCSP: true, colorScheme: 'dark', viewport: { width: 390, height: 844 } });
      await load(page, s.origin, paths.contact[lang]);
      await page.locator('form.contact-form button[type="submit"]').click();
      await see.text(page.locator('#name-error'), (await translations[lang].contact()).form.fieldErrors.name);
      const menu = page.getByRole('button', { name: HEADER[lang].menu });
      await menu.click();
      await see.attr(menu, 'aria-expanded', 'true');
      expectNoViolations(`${paths.contact[lang]} (dark, 390px, errors, menu open)`, await axeViolations(page));
    });
  }
});
