import { langs } from '../../content/languages';
import { translations } from '../../content/translations';
import { paths } from '../../views/routes';
import { axeViolations, expectNoViolations } from './axe';
import { describeBrowser, load, see, useBrowserSuite } from './harness';

// axe-core (WCAG 2.0/2.1 A and AA, WCAG 2.2 AA; see ./axe.ts) on the contact form in its error
// state and with the map shown. (Each page in both schemes: every-route.slow.test.ts; the open
// menu and cards: disclosures.slow.test.ts; the dark contact form with errors:
// color-schemes.slow.test.ts.) The pages run under their own CSP (./axe.ts does not need it bypassed).

describeBrowser('accessibility (axe-core)', () => {
  const suite = useBrowserSuite();

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
