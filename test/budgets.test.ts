import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { priceById } from '../content/prices';
import { siteTexts } from '../content/siteTexts';
import { formatPrice } from '../views/formatPage';
import { pageModule, routes } from '../views/routes';
import { loadAssets, DIST_DIR } from '../server/http/render';
import { makeApp } from './support/app';
import { bookingApp, startIn } from './support/booking';
import { fakeCalendar } from './support/fakeCalendar';
import { buildWithPictures } from './support/pictureBuild';
import { describeBrowser, launchBrowser, startSnapshotServer, waitForHydration } from './e2e/harness';
import { homeFirstScreen } from './e2e/layout';

/** Six weeks of weekdays with a time every half hour from 9 to 19: more times than the practice ever offers. */
const busyDays = () =>
  Array.from({ length: 42 }, (_, d) =>
    Array.from({ length: 20 }, (_, i) =>
      startIn(d + 2, `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`),
    ),
  ).flat();

// Page weight on the production build: what a visitor on a cheap phone downloads per page.

const { app } = makeApp();
const assets = loadAssets();
const gz = (bytes: Buffer | string) => gzipSync(bytes).length;
const file = (url: string) => readFileSync(path.join(DIST_DIR, 'public', url));
const kB = 1000;

// React 19's runtime is about 67 kB of the 75 kB of JavaScript, so the site's own code and
// content share the rest; see docs/performance.md for what keeps it there.
const JS_BUDGET = 75 * kB;

describe('page weight', () => {
  test.each(routes.map((r) => [r.path, r]))(
    '%s: HTML at most 30 kB gzip, JS at most 75 kB gzip, no render-blocking script',
    async (_p, route) => {
      const html = (await request(app).get(route.path)).text;
      expect(gz(html)).toBeLessThanOrEqual(30 * kB);

      // Every script is a module (deferred by nature) or data; none blocks rendering.
      for (const tag of html.match(/<script\b[^>]*>/g) ?? [])
        expect(tag).toMatch(/type="(module|application\/ld\+json|application\/json)"/);

      // What the page loads: boot.ts, then the entry and every chunk boot.ts is told to fetch.
      const boot = /<script type="module" src="([^"]+)" data-scripts="([^"]+)">/.exec(html);
      const js = [boot?.[1] as string, ...(boot?.[2] ?? '').split(' ')];
      expect(js).toEqual([assets.boot, assets.js, ...assets.preload, ...(assets.pages[pageModule(route.id)] ?? [])]);
      // What a gzip browser downloads: the build's zopfli file, sent as it is (see security.test.ts).
      const total = js.reduce((sum, url) => sum + file(`${url}.gz`).length, 0);
      expect(total).toBeLessThanOrEqual(JS_BUDGET);

      // Every image and frame reserves its space before it loads.
      for (const tag of html.match(/<(img|iframe)\b[^>]*>/g) ?? []) {
        expect(tag).toMatch(/\swidth="\d+"/);
        expect(tag).toMatch(/\sheight="\d+"/);
      }
    },
  );

  // Booking on, rendered per request: its times (six weeks of them, the most a visitor can ask
  // for) and the steps' HTML handed to the script stay within the page's budgets, and its script
  // is the booking page's own.
  test.each(['/booking', '/booking?service=individuel&weeks=6', '/fa/booking?service=par&format=online&weeks=6'])(
    '%s with booking on: HTML at most 30 kB gzip, JS at most 75 kB gzip',
    async (url) => {
      const booking = bookingApp({ smtpUrl: 'smtp://localhost:1', calendar: fakeCalendar(busyDays()) });
      const html = (await request(booking.app).get(url).expect(200)).text;
      expect(html).toContain('booking-steps');
      expect(gz(html)).toBeLessThanOrEqual(30 * kB);
      const boot = /<script type="module" src="([^"]+)" data-scripts="([^"]+)">/.exec(html);
      const js = [boot?.[1] as string, ...(boot?.[2] ?? '').split(' ')];
      expect(js).toEqual([assets.boot, assets.js, ...assets.preload, ...(assets.pages.Booking ?? [])]);
      expect(js.reduce((sum, u) => sum + file(`${u}.gz`).length, 0)).toBeLessThanOrEqual(JS_BUDGET);
    },
  );

  test("no script the browser loads carries content's declarations (labels, hints, bounds): the pages import their types only", () => {
    // A hint several declarations give, in no JSON file: were a declaration bundled, its hints would be.
    const hint = 'Sidens store overskrift.';
    expect(readFileSync(path.join(__dirname, '..', 'content', 'texts', 'home.ts'), 'utf8')).toContain(hint);
    const scripts = readdirSync(path.join(DIST_DIR, 'public', 'assets')).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(10);
    expect(
      scripts.filter((f) => readFileSync(path.join(DIST_DIR, 'public', 'assets', f), 'utf8').includes(hint)),
    ).toEqual([]);
  });

  test('the stylesheet is at most 15 kB gzip', () => {
    expect(file(`${assets.css}.gz`).length).toBeLessThanOrEqual(15 * kB);
  });
});

/**
 * The worst case: the owner's portrait and clinic photos compiled into the script (their manifest
 * and the <picture> code), each picture large enough for every width the build makes. The build
 * that ships in this repository has no pictures, so the tests above never see it.
 */
describe('page weight with the owner’s pictures', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'budget-pictures-'));
  let built: Awaited<ReturnType<typeof buildWithPictures>>;
  beforeAll(async () => {
    built = await buildWithPictures(work);
  }, 120_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  test.each(routes.map((r) => [r.path, r]))('%s: JS at most 75 kB gzip', (_p, route) => {
    expect(built.code).toBe(0);
    expect(built.output).toMatch(/and 36 picture files/);
    const made = JSON.parse(readFileSync(path.join(built.dist, 'manifest.json'), 'utf8')) as typeof assets;
    const js = [made.boot, made.js, ...made.preload, ...(made.pages[pageModule(route.id)] ?? [])];
    const total = js.reduce((sum, url) => sum + readFileSync(path.join(built.dist, 'public', `${url}.gz`)).length, 0);
    expect(total).toBeLessThanOrEqual(JS_BUDGET);
  });

  /**
   * The same build in Chromium, once: on a phone (390 x 664) the home page's first screen answers who,
   * with what, what it costs and how to book. The other widths, languages and pages are the slow
   * suite's (images.slow.test.ts), which builds the pictures at full size.
   */
  describeBrowser('the first screen with the owner’s pictures', () => {
    test('/ at 390 x 664: her portrait and name, a price in kroner, at least three areas, the booking button; an area leads to its card', async () => {
      const [server, browser] = await Promise.all([startSnapshotServer({}, built.dist), launchBrowser()]);
      try {
        const page = await browser.newPage({ viewport: { width: 390, height: 664 } });
        await page.goto(`${server.origin}/`, { waitUntil: 'load' });
        await waitForHydration(page);
        const seen = await homeFirstScreen(page);
        expect({
          ...seen,
          price: seen.price?.includes(formatPrice(priceById('individuel')?.amount ?? 0, 'da')),
        }).toEqual({
          portrait: true,
          name: siteTexts.da.practice.practitioner,
          price: true,
          areas: 6,
          booking: true,
        });
        // An area leads to its card on the therapy page, in the same document (client-side), scrolled to it.
        await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
        await page.locator('.hero__areas a[href="/terapi#angst"]').click();
        await page.waitForURL(/\/terapi#angst$/);
        await page.waitForFunction(() => {
          const card = document.getElementById('angst')?.getBoundingClientRect();
          return !!card && card.top >= 0 && card.top < innerHeight / 2;
        });
        expect(await page.evaluate(() => '__sameDocument' in window)).toBe(true);
      } finally {
        await browser.close();
        await server.stop();
      }
    }, 60_000);
  });
});
