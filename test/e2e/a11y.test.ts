import { colors } from '../../content/colors';
import { langs } from '../../content/languages';
import { translations } from '../../content/translations';
import { paths } from '../../views/routes';
import { axeViolations, expectNoViolations } from './axe';
import { describeBrowser, load, ROUTES, see, useBrowserSuite } from './harness';
import { luminance, pageColors, rgb } from './pageColors';

// axe-core (WCAG 2.0/2.1 A and AA, WCAG 2.2 AA; see ./axe.ts) on every page in the light and the
// dark scheme, and on the contact form in its error state. (The open menu and cards:
// disclosures.test.ts; the dark contact form with errors: color-schemes.test.ts.) The pages run
// under their own CSP (./axe.ts does not need it bypassed).

describeBrowser('accessibility (axe-core)', () => {
  const suite = useBrowserSuite();

  for (const route of ROUTES) {
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

  for (const lang of langs) {
    suite.test(`${paths.contact[lang]} with the form in its error state has no WCAG A/AA violations`, async (s) => {
      const { page } = await s.open();
      await load(page, s.origin, paths.contact[lang]);
      await page.locator('form.contact-form button[type="submit"]').click();
      await see.text(page.locator('#name-error'), (await translations[lang].contact()).form.fieldErrors.name);
      expectNoViolations(`${paths.contact[lang]} (form errors)`, await axeViolations(page));
    });
  }

  suite.test("/kontakt with the map shown ('Vis kort') has no WCAG A/AA violations", async (s) => {
    const { page } = await s.open();
    await load(page, s.origin, '/kontakt');
    await page.getByRole('button', { name: 'Vis kort', exact: true }).click();
    await see.visible(page.locator('iframe.map__frame'));
    expectNoViolations('/kontakt (map shown)', await axeViolations(page));
  });
});
