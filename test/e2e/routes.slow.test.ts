import { describeBrowser, HEADER, load, pathOf, see, serverPage, useBrowserSuite } from './harness';

// The site in a real browser beyond each page's own checks (every-route.slow.test.ts: it loads,
// hydrates cleanly, passes axe and reflows at 320 px): the page painted before its script, unknown
// paths, and every page without JavaScript. (The menu on a phone: disclosures.slow.test.ts.)

describeBrowser('site', () => {
  const suite = useBrowserSuite();

  describe('every route', () => {
    suite.test('the page is painted before its script is fetched (boot.ts waits for the first paint)', async (s) => {
      const { page } = await s.open();
      await load(page, s.origin, '/priser');
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
        scripts: performance
          .getEntriesByType('resource')
          .filter((e) => /\/assets\/(main|chunk|Priser)-[A-Z0-9]+\.js$/.test(e.name))
          .map((e) => e.startTime),
      }));
      expect(timing.scripts.length).toBeGreaterThanOrEqual(3);
      for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(timing.paint);
    });

    for (const [missingPath, homePath] of [
      ['/findes-ikke', '/'],
      ['/en/no-such-page', '/en'],
      ['/fa/no-such-page', '/fa'],
    ] as const) {
      suite.test(`an unknown path (${missingPath}) answers 404 and shows its language's home page`, async (s) => {
        const { page, log } = await s.open();
        const home = await serverPage(s.origin, homePath);
        const missing = await serverPage(s.origin, missingPath);
        expect(missing.status).toBe(404);
        await load(page, s.origin, missingPath, 404);
        await see.text(page.locator('main h1'), home.h1);
        expect(await page.title()).toBe(home.title);
        await see.visible(page.locator('main [role="status"]'));
        expect(pathOf(page)).toBe(missingPath);
        log.expectClean({ allowStatus: [{ url: missingPath, status: 404 }] });
      });
    }
  });

  describe('without JavaScript', () => {
    // Start on the one page the header does not link to, then click through every header link:
    // each click is a full load, and each page shows its heading, content and the whole nav.
    for (const [lang, width] of [
      ['da', 1280],
      ['da', 360],
      ['en', 1280],
      ['fa', 360],
    ] as const) {
      suite.test(
        `${lang}: every page shows its content, and nav links load each page in full (${width}px)`,
        async (s) => {
          const header = HEADER[lang];
          const { page, log } = await s.open({ javaScriptEnabled: false, viewport: { width, height: 800 } });
          const nav = page.getByRole('navigation', { name: header.navLabel });
          const checkPage = async (route: string) => {
            await see.text(page.locator('main h1'), (await serverPage(s.origin, route)).h1);
            await see.visible(page.locator('main h1'));
            expect((await page.locator('main').innerText()).length).toBeGreaterThan(300);
            for (const item of header.nav) await see.visible(nav.getByRole('link', { name: item.label, exact: true }));
            await see.visible(page.getByRole('navigation', { name: header.languageNavLabel }));
            if (route === header.nav[2]!.path) {
              // The therapy cards fold natively (<details>): a tap shows an area's details.
              const details = page.locator('.area-card__details');
              expect(await details.count()).toBe(6);
              await see.hidden(details.nth(1));
              await page.locator('.area-card summary').nth(1).click();
              await see.visible(details.nth(1));
            }
            if (route === header.nav[5]!.path)
              await see.visible(page.locator('form.contact-form button[type="submit"]'));
          };

          const start = `${header.nav[0]!.path === '/' ? '' : header.nav[0]!.path}/${lang === 'da' ? 'persondatapolitik' : 'privacy'}`;
          const response = await page.goto(`${s.origin}${start}`);
          expect(response?.status()).toBe(200);
          await checkPage(start);
          for (const item of [...header.nav.slice(1), header.nav[0]!]) {
            const link = nav.getByRole('link', { name: item.label, exact: true });
            await Promise.all([page.waitForURL(s.origin + item.path, { waitUntil: 'load' }), link.click()]);
            await checkPage(item.path);
            await see.attr(link, 'aria-current', 'page');
          }
          // One document per page: each click was a full load.
          expect(log.requests.filter((r) => r.resourceType === 'document' && r.url.startsWith(s.origin))).toHaveLength(
            header.nav.length + 1,
          );
          log.expectClean();
        },
        // Eight documents with their checks: on a loaded machine (load average near 30) more than
        // the default 20 s.
        40_000,
      );
    }
  });
});
