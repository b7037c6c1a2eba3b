import { langs } from '../../content/languages';
import { translations } from '../../content/translations';
import { paths } from '../../views/routes';
import { axeViolations, expectNoViolations } from './axe';
import { describeBrowser, HEADER, load, menuButton, ROUTES, see, useBrowserSuite } from './harness';

// axe-core (WCAG 2.0/2.1 A and AA, WCAG 2.2 AA; see ./axe.ts) on every page, and on the contact
// form in its error state. The site's CSP (script-src 'self') refuses the injected axe script, so
// these contexts bypass CSP; nothing else about the pages changes.

describeBrowser('accessibility (axe-core)', () => {
  const suite = useBrowserSuite();

  for (const route of ROUTES) {
    suite.test(`${route} has no WCAG A/AA violations`, async (s) => {
      const { page } = await s.open({ bypassCSP: true });
      await load(page, s.origin, route);
      expectNoViolations(route, await axeViolations(page));
    });
  }

  for (const lang of langs) {
    suite.test(`${paths.contact[lang]} with the form in its error state has no WCAG A/AA violations`, async (s) => {
      const { page } = await s.open({ bypassCSP: true });
      await load(page, s.origin, paths.contact[lang]);
      await page.locator('form.contact-form button[type="submit"]').click();
      await see.text(page.locator('#name-error'), (await translations[lang].contact()).form.fieldErrors.name);
      expectNoViolations(`${paths.contact[lang]} (form errors)`, await axeViolations(page));
    });
  }

  suite.test("/kontakt with the map shown ('Vis kort') has no WCAG A/AA violations", async (s) => {
    const { page } = await s.open({ bypassCSP: true });
    await load(page, s.origin, '/kontakt');
    await page.getByRole('button', { name: 'Vis kort', exact: true }).click();
    await see.visible(page.locator('iframe.map__frame'));
    expectNoViolations('/kontakt (map shown)', await axeViolations(page));
  });

  for (const lang of langs) {
    suite.test(`${paths.home[lang]} at 360px with the menu open has no WCAG A/AA violations`, async (s) => {
      const { page } = await s.open({ bypassCSP: true, viewport: { width: 360, height: 740 } });
      await load(page, s.origin, paths.home[lang]);
      const menu = menuButton(page, HEADER[lang].menu);
      await menu.click();
      await see.open(menu, true);
      expectNoViolations(`${paths.home[lang]} (360px, menu open)`, await axeViolations(page));
    });
  }
});
