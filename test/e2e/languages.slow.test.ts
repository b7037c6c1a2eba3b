import type { Page } from 'playwright-core';
import { langs, languages } from '../../content/languages';
import { manifestPath } from '../../server/http/shareImages';
import { paths } from '../../views/routes';
import { siteTexts } from '../../content/siteTexts';
import { describeBrowser, HEADER, load, menuButton, see, serverPage, useBrowserSuite } from './harness';

// The language switcher in every page's header, by keyboard and on a phone, and the Persian
// pages drawn right to left.

/** Presses Tab until the focused element is the link named `name`; fails after 30 presses. */
async function tabTo(page: Page, name: string) {
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === name) return;
  }
  throw new Error(`Tab never reached the link "${name}"`);
}

const documentLang = (page: Page) =>
  page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir || 'ltr' }));

describeBrowser('languages', () => {
  const suite = useBrowserSuite();

  suite.test(
    'by keyboard: from /priser to the same page in English, then in Persian; each a whole new document in its language',
    async (s) => {
      const { page, log } = await s.open();
      await load(page, s.origin, '/priser');
      await tabTo(page, 'English');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('hreflang'))).toBe('en');
      await Promise.all([
        page.waitForURL(`${s.origin}/en/prices`, { waitUntil: 'load' }),
        page.keyboard.press('Enter'),
      ]);
      expect(await documentLang(page)).toEqual({ lang: 'en', dir: 'ltr' });
      expect(await page.title()).toBe(siteTexts.en.titles.prices);
      await see.attr(page.getByRole('link', { name: 'English' }), 'aria-current', 'true');

      await tabTo(page, languages.fa.name);
      await Promise.all([
        page.waitForURL(`${s.origin}/fa/prices`, { waitUntil: 'load' }),
        page.keyboard.press('Enter'),
      ]);
      expect(await documentLang(page)).toEqual({ lang: 'fa', dir: 'rtl' });
      expect(await page.title()).toBe(siteTexts.fa.titles.prices);
      await see.text(page.locator('main h1'), (await serverPage(s.origin, '/fa/prices')).h1);

      // Each language change was a document load: three in all.
      expect(log.requests.filter((r) => r.resourceType === 'document' && r.url.startsWith(s.origin))).toHaveLength(3);
      log.expectClean();
    },
    // Some forty key presses, each a round trip to the browser, and three documents: on a loaded
    // machine more than the default 20 s.
    40_000,
  );

  suite.test('on a phone the languages are in the folded menu, each link in its own language', async (s) => {
    const { page, log } = await s.open({ viewport: { width: 360, height: 740 } });
    await load(page, s.origin, '/fa/about');
    const header = HEADER.fa;
    const languageNav = page.getByRole('navigation', { name: header.languageNavLabel });
    const danish = languageNav.getByRole('link', { name: 'Dansk' });
    await see.hidden(danish);
    await menuButton(page, header.menu).click();
    await see.visible(danish);
    expect(await danish.getAttribute('lang')).toBe('da');
    expect(await languageNav.getByRole('link', { name: languages.fa.name }).getAttribute('aria-current')).toBe('true');
    await Promise.all([page.waitForURL(`${s.origin}/om-mig`, { waitUntil: 'load' }), danish.click()]);
    expect(await documentLang(page)).toEqual({ lang: 'da', dir: 'ltr' });
    log.expectClean();
  });

  for (const width of [1280, 360]) {
    suite.test(
      `Persian pages mirror the layout (${width}px): the logo at the right edge, the text from the right, arrows turned`,
      async (s) => {
        const { page, log } = await s.open({ viewport: { width, height: 800 } });
        await load(page, s.origin, '/fa/contact');
        const layout = await page.evaluate(() => {
          const box = (selector: string) => document.querySelector(selector)?.getBoundingClientRect();
          const logo = box('.site-header__home');
          const container = box('.site-header__inner');
          const h1 = box('main h1');
          const lead = getComputedStyle(document.querySelector('main .lead') as Element);
          return {
            direction: getComputedStyle(document.body).direction,
            logoRightGap: Math.round((container?.right ?? 0) - (logo?.right ?? 0)),
            logoLeftGap: Math.round((logo?.left ?? 0) - (container?.left ?? 0)),
            h1RightGap: Math.round((container?.right ?? 0) - (h1?.right ?? 0)),
            textAlign: lead.textAlign,
            external: getComputedStyle(document.querySelector('.button .icon-external') as Element).transform,
            phone: getComputedStyle(document.querySelector('.icon-phone') as Element).transform,
            scrollWidth: document.documentElement.scrollWidth,
          };
        });
        expect(layout.direction).toBe('rtl');
        // The logo starts the line on the right, as Persian is read, with the container's padding only.
        expect(layout.logoRightGap).toBeLessThanOrEqual(24);
        expect(layout.logoLeftGap).toBeGreaterThan(layout.logoRightGap);
        expect(layout.h1RightGap).toBeLessThanOrEqual(24);
        expect(['start', 'right']).toContain(layout.textAlign);
        // The external-link arrow points the way Persian reads; the phone is not a direction.
        expect(layout.external).toBe('matrix(-1, 0, 0, 1, 0, 0)');
        expect(layout.phone).toBe('none');
        expect(layout.scrollWidth).toBeLessThanOrEqual(width);
        // The phone number keeps its digit groups in order, left to right.
        const phone = page.locator('main a[href^="tel:"]').first();
        expect(await phone.evaluate((a) => getComputedStyle(a).direction)).toBe('ltr');
        log.expectClean();
      },
    );
  }

  suite.test('the web app manifest of each language: Chromium reads it without an error, with its icons', async (s) => {
    const { page, log } = await s.open();
    for (const lang of langs) {
      await load(page, s.origin, paths.home[lang]);
      const cdp = await page.context().newCDPSession(page);
      const { url, errors, data } = await cdp.send('Page.getAppManifest', {});
      expect(new URL(url).pathname).toBe(manifestPath(lang));
      expect(errors.map((e) => e.message)).toEqual([]);
      expect(JSON.parse(data ?? '{}')).toMatchObject({ lang, dir: languages[lang].dir, start_url: paths.home[lang] });
      await cdp.detach();
    }
    log.expectClean();
  });
});
