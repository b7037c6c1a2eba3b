import type { Page } from 'playwright-core';
import { describeBrowser, eventually, load, MAP_ORIGIN, see, useBrowserSuite, type Tab } from './harness';

// The map on /kontakt is OpenStreetMap's, and OpenStreetMap sees the IP address of whoever
// loads it: nothing goes there until the visitor asks, with or without JavaScript.

const foreign = (tab: Tab, origin: string) =>
  tab.log.requests.filter((r) => !r.url.startsWith(origin)).map((r) => `${r.resourceType} ${r.url}`);

const box = (page: Page) => page.locator('.map');
/** Two frames rendered with the box in view: whatever it would load by itself has been asked for by then. */
const rendered = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
const rect = (page: Page) => box(page).evaluate((el) => JSON.stringify(el.getBoundingClientRect()));

describeBrowser('the map on /kontakt', () => {
  const suite = useBrowserSuite();

  for (const key of ['click', 'Enter', 'Space'] as const) {
    suite.test(
      `nothing from OpenStreetMap until 'Vis kort' (${key}); then only its frame, at the box's size`,
      async (s) => {
        const tab = await s.open({ viewport: { width: 390, height: 844 } });
        const { page, log } = tab;
        await load(page, s.origin, '/kontakt');
        await box(page).scrollIntoViewIfNeeded();
        await see.visible(page.getByText('Kortet hentes fra OpenStreetMap, som dermed modtager din IP-adresse.'));
        await rendered(page);
        expect(foreign(tab, s.origin)).toEqual([]);

        const before = await rect(page);
        const button = page.getByRole('button', { name: 'Vis kort', exact: true });
        if (key === 'click') await button.click();
        else {
          await button.focus();
          await page.keyboard.press(key);
        }
        const frame = page.locator('iframe.map__frame');
        await see.visible(frame);
        await eventually(() =>
          expect(foreign(tab, s.origin)).toEqual([
            expect.stringMatching(new RegExp(`^document ${MAP_ORIGIN}/export/embed\\.html\\?`)),
          ]),
        );
        // The frame covers the box exactly: nothing on the page moved.
        expect(await rect(page)).toBe(before);
        const frameRect = await frame.evaluate((el) => el.getBoundingClientRect().height);
        expect(Math.abs(frameRect - JSON.parse(before).height)).toBeLessThanOrEqual(2);
        // Focus moves on to the map, not back to the top of the page.
        expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
        log.expectClean({ allowMap: true });
      },
    );
  }

  suite.test(
    'without JavaScript: no request to another host, no dead button, and a link to the map on openstreetmap.org',
    async (s) => {
      const tab = await s.open({ javaScriptEnabled: false });
      const { page, log } = tab;
      await page.goto(`${s.origin}/kontakt`);
      await box(page).scrollIntoViewIfNeeded();
      // Without scripts Chromium loads nothing lazily: whatever the page asks for was asked by its load event.
      expect(foreign(tab, s.origin)).toEqual([]);
      await see.hidden(page.getByRole('button', { name: 'Vis kort' }));
      const link = page.getByRole('link', { name: 'Se kortet på openstreetmap.org' });
      await see.visible(link);
      expect(await link.getAttribute('href')).toMatch(new RegExp(`^${MAP_ORIGIN}/\\?mlat=`));
      log.expectClean();
    },
  );
});
