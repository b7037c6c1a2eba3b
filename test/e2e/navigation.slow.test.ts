import type { Page } from 'playwright-core';
import { langs } from '../../content/languages';
import { translations } from '../../content/translations';
import { paths } from '../../views/routes';
import {
  describeBrowser,
  eventually,
  getMarker,
  HEADER,
  headerFor,
  load,
  NAV,
  pathOf,
  scrollSettled,
  see,
  serverPage,
  setMarker,
  useBrowserSuite,
  type Session,
} from './harness';

// Client-side navigation (history, titles, the active link, scrolling), the therapy cards,
// the cancellation anchor on /priser, and the booking page's link to /kontakt.

// Every header link once, ending back on the home page.
const TOUR = [...NAV.slice(1), NAV[0]!];

const navLink = (page: Page, label: string, navLabel = 'Hovedmenu') =>
  page.getByRole('navigation', { name: navLabel }).getByRole('link', { name: label, exact: true });

/** The page shown is `path`'s: URL, h1 and title as the server renders them, the right link active, no reload. */
async function expectPage(s: Session, page: Page, path: string) {
  const expected = await serverPage(s.origin, path);
  await see.path(page, path);
  await see.text(page.locator('main h1'), expected.h1);
  await eventually(async () => expect(await page.title()).toBe(expected.title));
  const current = await page
    .getByRole('navigation', { name: headerFor(path).navLabel })
    .locator('a[aria-current="page"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(current).toEqual([path]);
  expect(await getMarker(page)).toBe(1);
}

/** Scrolls down (instantly) as far as the page allows, up to `y`; returns where it got. */
const scrollDown = (page: Page, y: number) =>
  page.evaluate((top) => {
    window.scrollTo({ top, behavior: 'instant' });
    return window.scrollY;
  }, y);

describeBrowser('navigation', () => {
  const suite = useBrowserSuite();

  suite.test(
    'header links navigate on the client to the top of each page; back and forward restore page and position',
    async (s) => {
      const { page, log } = await s.open({ reducedMotion: 'reduce' });
      await load(page, s.origin, '/');
      await setMarker(page);

      const visited = ['/'];
      /** Where each visited page was scrolled to when the visitor left it. */
      const leftAt: number[] = [];
      for (const item of TOUR) {
        const y = await scrollDown(page, 600);
        expect(y).toBeGreaterThan(0);
        leftAt.push(y);
        await navLink(page, item.label).click();
        await expectPage(s, page, item.path);
        // A new page starts at the top (instantly here: reduced motion).
        expect(await scrollSettled(page)).toBe(0);
        // Focus moves to the new page's heading.
        expect(await page.evaluate(() => document.activeElement === document.querySelector('main h1'))).toBe(true);
        visited.push(item.path);
      }
      leftAt.push(0);

      // Back and forward: the right page, and the browser puts back where the visitor was on it.
      const scrolledTo = async (y: number) =>
        eventually(async () =>
          expect(Math.abs((await page.evaluate(() => window.scrollY)) - y)).toBeLessThanOrEqual(2),
        );
      for (let i = visited.length - 2; i >= 0; i--) {
        await page.goBack({ waitUntil: 'commit' });
        await expectPage(s, page, visited[i]!);
        await scrolledTo(leftAt[i]!);
      }
      for (let i = 1; i < visited.length; i++) {
        await page.goForward({ waitUntil: 'commit' });
        await expectPage(s, page, visited[i]!);
        await scrolledTo(leftAt[i]!);
      }
      // Only the first page was a document load.
      expect(log.requests.filter((r) => r.resourceType === 'document' && r.url.startsWith(s.origin))).toHaveLength(1);
      log.expectClean();
    },
    // Twenty-one pages shown (seven forward, back, forward again): on a loaded machine (load
    // average near 30) more than the default 20 s.
    40_000,
  );

  for (const lang of ['en', 'fa'] as const) {
    suite.test(`${lang}: header links navigate on the client, each page's title in the language`, async (s) => {
      const header = HEADER[lang];
      const { page, log } = await s.open({ reducedMotion: 'reduce' });
      await load(page, s.origin, header.nav[0]!.path);
      await setMarker(page);
      for (const item of [...header.nav.slice(1), header.nav[0]!]) {
        await navLink(page, item.label, header.navLabel).click();
        await expectPage(s, page, item.path);
      }
      await page.goBack({ waitUntil: 'commit' });
      await expectPage(s, page, header.nav[5]!.path);
      expect(log.requests.filter((r) => r.resourceType === 'document' && r.url.startsWith(s.origin))).toHaveLength(1);
      log.expectClean();
    });
  }

  suite.test('without reduced motion, navigating scrolls smoothly to the top', async (s) => {
    const { page, log } = await s.open({ reducedMotion: 'no-preference' });
    await load(page, s.origin, '/priser');
    await setMarker(page);
    const start = await scrollDown(page, 100_000);
    expect(start).toBeGreaterThan(500);
    // Every position the page passes through on its way up.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { __scrolls: number[] }).__scrolls = seen;
      window.addEventListener('scroll', () => seen.push(window.scrollY), { passive: true });
    });
    await navLink(page, 'Om mig').click();
    await expectPage(s, page, '/om-mig');
    await eventually(async () => expect(await page.evaluate(() => window.scrollY)).toBe(0), 5_000);
    expect(await scrollSettled(page)).toBe(0);
    // Smooth, not a jump: several positions between the start and the top (a shorter new
    // page may account for one of them, clamping the old position).
    const between = await page.evaluate(
      (from) => new Set((window as unknown as { __scrolls: number[] }).__scrolls.filter((y) => y > 0 && y < from)).size,
      start,
    );
    expect(between).toBeGreaterThanOrEqual(2);
    log.expectClean();
  });

  suite.test(
    'the last navigation asked for wins: a page whose data comes late is not shown over a newer one',
    async (s) => {
      const { page, log } = await s.open();
      await load(page, s.origin, '/');
      await setMarker(page);
      // The contact page's loader data is held until the visitor has moved on to the prices.
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const asked = page.waitForRequest(
        (r) => new URL(r.url()).pathname === '/kontakt' && r.headers().accept === 'application/json',
      );
      await page.route(
        (url) => url.pathname === '/kontakt',
        async (route) => {
          await held;
          await route.continue();
        },
      );
      await navLink(page, 'Kontakt').click();
      await asked;
      await navLink(page, 'Priser').click();
      await expectPage(s, page, '/priser');
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/kontakt');
      release();
      await (await answered).finished();
      // Two turns of the page's event loop after the late data: time for it to have been shown, were it to be.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))));
      await expectPage(s, page, '/priser');
      await page.unrouteAll();
      log.expectClean();
    },
  );

  for (const lang of langs) {
    suite.test(
      `${paths.therapy[lang]}: one card open at a time, toggled by its language's Læs mere / Luk`,
      async (s) => {
        const { open: more, close } = (await translations[lang].therapy()).toggle;
        if (lang === 'da') expect({ more, close }).toEqual({ more: 'Læs mere', close: 'Luk' });
        const { page, log } = await s.open();
        await load(page, s.origin, paths.therapy[lang]);
        const cards = page.locator('.area-card');
        expect(await cards.count()).toBe(6);
        // Each toggle is a native <summary>: its label follows its state, from the first paint.
        const toggle = (i: number) => cards.nth(i).locator('summary');
        const details = (i: number) => cards.nth(i).locator('.area-card__details');
        const openCount = () => page.locator('.area-card details[open]').count();

        for (let i = 0; i < 6; i++) {
          await see.label(toggle(i), more);
          await see.open(toggle(i), false);
          await see.hidden(details(i));
        }

        await toggle(0).click();
        await see.label(toggle(0), close);
        await see.open(toggle(0), true);
        await see.visible(details(0));
        expect((await details(0).innerText()).length).toBeGreaterThan(20);

        await toggle(3).click();
        await see.label(toggle(3), close);
        await see.open(toggle(3), true);
        await see.visible(details(3));
        await see.label(toggle(0), more);
        await see.open(toggle(0), false);
        await see.hidden(details(0));
        expect(await openCount()).toBe(1);

        // Toggling the open card closes it.
        await toggle(3).click();
        await see.open(toggle(3), false);
        await see.hidden(details(3));
        expect(await openCount()).toBe(0);
        log.expectClean();
      },
    );
  }

  for (const [lang, viewport] of [
    ['da', { width: 1280, height: 900 }],
    ['da', { width: 390, height: 844 }],
    ['fa', { width: 390, height: 844 }],
  ] as const) {
    suite.test(
      `${paths.prices[lang]}: the cancellation button brings the cancellation section to 80px from the top (${viewport.width}x${viewport.height})`,
      async (s) => {
        const label = (await translations[lang].prices()).cancellationButton;
        if (lang === 'da') expect(label).toBe('Se afbudsregler');
        const { page, log } = await s.open({ viewport });
        await load(page, s.origin, paths.prices[lang]);
        await page.getByRole('link', { name: label }).click();
        await eventually(() => expect(new URL(page.url()).hash).toBe('#cancellation-section'));
        await eventually(async () => expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0));
        await scrollSettled(page);
        const top = await page.evaluate(
          () => document.getElementById('cancellation-section')?.getBoundingClientRect().top,
        );
        expect(top).toBeGreaterThanOrEqual(78);
        expect(top).toBeLessThanOrEqual(82);
        log.expectClean();
      },
    );
  }

  suite.test("/booking: 'Kontakt mig for booking' leads to /kontakt", async (s) => {
    const { page, log } = await s.open();
    await load(page, s.origin, '/booking');
    await setMarker(page);
    await page.getByRole('link', { name: 'Kontakt mig for booking' }).click();
    await see.path(page, '/kontakt');
    await see.text(page.locator('main h1'), 'Kontakt');
    expect(await getMarker(page)).toBe(1);
    expect(pathOf(page)).toBe('/kontakt');
    log.expectClean();
  });
});
