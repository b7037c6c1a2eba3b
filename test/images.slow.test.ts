import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { langs } from '../content/languages';
import { siteTexts } from '../content/siteTexts';
import { IMAGE_FORMATS, IMAGE_WIDTHS } from '../scripts/images';
import { paths } from '../views/routes';
import { axeViolations, expectNoViolations } from './e2e/axe';
import {
  describeBrowser,
  launchBrowser,
  ROUTES,
  type Server,
  startSnapshotServer,
  waitForHydration,
} from './e2e/harness';
import { priceById } from '../content/prices';
import { formatPrice } from '../views/formatPage';
import { aboutFirstScreen, doorBelowAddress, homeFirstScreen, stretchedCards } from './e2e/layout';
import { runBuild } from './support/pictureBuild';
import { writeOwnerImages } from './support/testImages';

// The owner's pictures end to end: a camera's 4000 x 6000 JPEG (GPS, orientation 6), a PNG with
// transparency and another photo, built by `npm run build` (scripts/build.ts, into a folder of
// its own, from a folder of pictures of its own), served by the built server and looked at in
// Chromium; and the site without pictures, as it ships. Screenshots: test-results/pictures/.

const ROOT = path.resolve(__dirname, '..');
const work = mkdtempSync(path.join(tmpdir(), 'pictures-'));
const imagesDir = path.join(work, 'images');
const distDir = path.join(work, 'build', 'dist');
const shots = path.join(ROOT, 'test-results', 'pictures');

let built: { code: number | null; output: string };
beforeAll(async () => {
  await writeOwnerImages(imagesDir, { width: 4000, height: 6000 });
  built = await runBuild({ BUILD_DIR: distDir, CONTENT_IMAGES_DIR: imagesDir });
}, 240_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const assets = () => readdirSync(path.join(distDir, 'public', 'assets'));
/** The variants of one picture: width and format by file name. */
const variants = (base: string) =>
  assets()
    .map((f) => new RegExp(`^${base}-[0-9a-f]{12}-(\\d+)\\.(avif|webp|jpg)$`).exec(f))
    .filter((m) => m !== null)
    .map((m) => ({ file: path.join(distDir, 'public', 'assets', m[0]), width: Number(m[1]), format: m[2] }));

describe('the build with the owner’s pictures', () => {
  test('says what it made', () => {
    expect(built.code).toBe(0);
    expect(built.output).toMatch(/and 36 picture files in \d+ ms/);
  });

  test.each(['portrait', 'clinic-entrance', 'clinic-room'])('%s: every format at every width', (base) => {
    const made = variants(base);
    expect(made.map((v) => `${v.width}.${v.format}`).sort()).toEqual(
      IMAGE_WIDTHS.flatMap((w) => IMAGE_FORMATS.map((f) => `${w}.${f}`)).sort(),
    );
  });

  test('no variant keeps EXIF, GPS, XMP, IPTC or an ICC profile; each is upright', async () => {
    for (const base of ['portrait', 'clinic-entrance', 'clinic-room']) {
      for (const v of variants(base)) {
        const meta = await sharp(v.file).metadata();
        expect({ file: v.file, exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc, icc: meta.icc }).toEqual({
          file: v.file,
          exif: undefined,
          xmp: undefined,
          iptc: undefined,
          icc: undefined,
        });
        expect(meta.orientation).toBeUndefined();
        expect(meta.width).toBe(v.width);
      }
    }
    // The camera's picture, 6000 x 4000 as stored and turned by its orientation: 2:3 upright,
    // its stored left edge (red) now the top.
    for (const v of variants('portrait')) {
      const meta = await sharp(v.file).metadata();
      expect(meta.height).toBe(Math.round(v.width * 1.5));
      const { data } = await sharp(v.file)
        .extract({ left: 0, top: 0, width: v.width, height: 2 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([(data[0] ?? 0) > 180, (data[1] ?? 255) < 70, (data[2] ?? 255) < 70]).toEqual([true, true, true]);
    }
  });

  test('at the same width AVIF is smaller than WebP, and WebP than JPEG', () => {
    for (const base of ['portrait', 'clinic-room']) {
      for (const width of IMAGE_WIDTHS) {
        const size = (format: string) =>
          statSync(variants(base).find((v) => v.width === width && v.format === format)?.file ?? '').size;
        expect({
          base,
          width,
          avifBelowWebp: size('avif') < size('webp'),
          webpBelowJpeg: size('webp') < size('jpg'),
        }).toEqual({
          base,
          width,
          avifBelowWebp: true,
          webpBelowJpeg: true,
        });
      }
    }
  });

  test('a broken picture stops the build with one line naming it', async () => {
    const broken = path.join(work, 'broken');
    // Every listed photo there (content/facts/pictures.json), the room's file cut short.
    await writeOwnerImages(broken, { width: 400, height: 600 });
    writeFileSync(path.join(broken, 'clinic', 'room.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70]));
    const failed = await runBuild({ BUILD_DIR: path.join(work, 'broken-build', 'dist'), CONTENT_IMAGES_DIR: broken });
    expect(failed.code).toBe(1);
    expect(failed.output.trim().split('\n')).toEqual([
      expect.stringMatching(/^build failed: .*broken\/clinic\/room\.jpg: cannot be read as a picture/),
    ]);
  }, 60_000);
});

/** The pages' pictures as the browser sees them, and every request the page made. */
async function visit(
  browser: Browser,
  origin: string,
  url: string,
  options: { width: number; height: number; scheme?: 'light' | 'dark' },
) {
  const context = await browser.newContext({
    viewport: { width: options.width, height: options.height },
    colorScheme: options.scheme ?? 'light',
  });
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(origin + url, { waitUntil: 'load' });
  await waitForHydration(page);
  return { page, requests, errors, close: () => context.close() };
}

const pictureFacts = (page: Page) =>
  page.$$eval('picture', (pictures) =>
    pictures.map((p) => {
      const img = p.querySelector('img') as HTMLImageElement;
      return {
        types: [...p.querySelectorAll('source')].map((s) => s.type),
        srcset: [...p.querySelectorAll('source')].every((s) => /\d+w, /.test(s.srcset)),
        sizes: img.sizes,
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        alt: img.alt,
        loading: img.getAttribute('loading'),
        fetchPriority: img.getAttribute('fetchpriority'),
        decoding: img.decoding,
        current: img.currentSrc,
        complete: img.complete && img.naturalWidth > 0,
      };
    }),
  );

const picturePages = langs.flatMap((lang) => [
  { lang, url: paths.home[lang], page: 'home' as const },
  { lang, url: paths.about[lang], page: 'about' as const },
  { lang, url: paths.contact[lang], page: 'contact' as const },
]);

describeBrowser('the pages with the owner’s pictures', () => {
  let server: Server;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startSnapshotServer({}, distDir), launchBrowser()]);
    mkdirSync(shots, { recursive: true });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test.each(picturePages)(
    '$url: <picture>s in AVIF from this site, described in its language, hydrated',
    async ({ lang, url, page: id }) => {
      const v = await visit(browser, server.origin, url, { width: 390, height: 664 });
      try {
        let facts = await pictureFacts(v.page);
        // The portrait (home and about) first and at once; a clinic photo (home: the room; contact:
        // the entrance) captioned, so with an empty alt, and fetched only when scrolled near.
        const portrait = id === 'contact' ? [] : [siteTexts[lang].practice.portrait];
        const photos = id === 'about' ? [] : [''];
        expect(facts.map((f) => f.alt)).toEqual([...portrait, ...photos]);
        facts.forEach((f, i) => {
          expect(f).toMatchObject({ types: ['image/avif', 'image/webp'], srcset: true, decoding: 'async' });
          expect(f.sizes).not.toBe('');
          expect(Number(f.width) > 0 && Number(f.height) > 0).toBe(true);
          expect(f.loading).toBe(i < portrait.length ? null : 'lazy');
          expect(f.fetchPriority).toBe(i < portrait.length ? 'high' : null);
        });
        if (photos.length) {
          // Below the first screen: the room far below (home) is not fetched until scrolled near;
          // the way in under the address (contact) is near enough that Chromium may fetch it at once.
          if (id === 'home') expect(v.requests.filter((r) => /\/assets\/clinic-/.test(r))).toEqual([]);
          await v.page.locator('.clinic-photos').scrollIntoViewIfNeeded();
        }
        await v.page.waitForFunction(() => [...document.images].every((i) => i.complete && i.naturalWidth > 0));
        facts = await pictureFacts(v.page);
        for (const f of facts) expect(f.current).toMatch(new RegExp(`^${server.origin}/assets/.+\\.avif$`));
        expect(v.requests.filter((r) => !r.startsWith(server.origin))).toEqual([]);
        expect(v.errors).toEqual([]);
      } finally {
        await v.close();
      }
    },
    60_000,
  );

  test('navigating in the page: the contact page shows its photos; printed, it leaves them out', async () => {
    const v = await visit(browser, server.origin, '/', { width: 1280, height: 800 });
    try {
      await v.page.evaluate(() => Object.assign(window, { __sameDocument: true }));
      await v.page.locator('.main-nav a[href="/kontakt"]').click();
      // The contact page in place (its loader's data comes first): the home page's portrait gone, its photo there.
      await v.page.waitForURL(/\/kontakt$/);
      await v.page.waitForFunction(() => !document.querySelector('img[fetchpriority="high"]'));
      await v.page.locator('.clinic-photos picture').waitFor();
      // The same document: React rendered the photo from the manifest in its own script.
      expect(await v.page.evaluate(() => '__sameDocument' in window)).toBe(true);
      expect(await pictureFacts(v.page)).toHaveLength(1);
      await v.page.emulateMedia({ media: 'print' });
      expect(await v.page.locator('.clinic-photos').isVisible()).toBe(false);
      expect(v.errors).toEqual([]);
    } finally {
      await v.close();
    }
  }, 60_000);

  test.each([
    [390, 664],
    [1280, 800],
  ])(
    'at %i x %i the first screens in every language: / holds her portrait and name, a price in kroner, the areas and the booking button; /om-mig her name as the heading and at least half her portrait',
    async (width, height) => {
      for (const lang of langs) {
        const home = await visit(browser, server.origin, paths.home[lang], { width, height });
        try {
          const seen = await homeFirstScreen(home.page);
          const price = formatPrice(priceById('individuel')?.amount ?? 0, lang);
          expect({ lang, ...seen, price: seen.price?.includes(price) }).toEqual({
            lang,
            portrait: true,
            name: siteTexts[lang].practice.practitioner,
            price: true,
            areas: 6,
            booking: true,
          });
          // The contact card is the next section, below the hero.
          const card = await home.page.locator('#hero-card').boundingBox();
          expect(card && card.y > 0).toBe(true);
        } finally {
          await home.close();
        }
        const about = await visit(browser, server.origin, paths.about[lang], { width, height });
        try {
          const seen = await aboutFirstScreen(about.page);
          expect({ lang, heading: seen.heading, half: seen.portraitShown >= 0.5 }).toEqual({
            lang,
            heading: siteTexts[lang].practice.practitioner,
            half: true,
          });
        } finally {
          await about.close();
        }
      }
    },
    60_000,
  );

  test.each(['/kontakt', '/fa/contact'])(
    '%s on a phone: the photo of the way in within 600 px below the address',
    async (url) => {
      const v = await visit(browser, server.origin, url, { width: 390, height: 664 });
      try {
        const below = await doorBelowAddress(v.page);
        expect(below >= 0 && below <= 600).toBe(true);
      } finally {
        await v.close();
      }
    },
  );

  test('at 1280 px no card on any page is taller than what it holds by more than 120 px', async () => {
    for (const url of ROUTES) {
      const v = await visit(browser, server.origin, url, { width: 1280, height: 800 });
      try {
        expect({ url, stretched: await stretchedCards(v.page, 120) }).toEqual({ url, stretched: [] });
      } finally {
        await v.close();
      }
    }
  }, 120_000);

  test('the pictures are cached for a year like every hashed file', async () => {
    const file = variants('portrait').find((v) => v.format === 'avif')?.file ?? '';
    const res = await fetch(`${server.origin}/assets/${path.basename(file)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/avif');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`axe finds nothing on the pages with pictures (${scheme})`, async () => {
      for (const { url } of picturePages) {
        const v = await visit(browser, server.origin, url, { width: 1280, height: 800, scheme });
        try {
          expectNoViolations(`${url} (${scheme}, pictures)`, await axeViolations(v.page));
        } finally {
          await v.close();
        }
      }
    }, 120_000);
  }

  // Looked at by eye (the file view tool): test-results/pictures/<page>-<width>-<scheme>.png.
  test('screenshots at 320, 390 and 1280 px, light and dark, Danish and Persian', async () => {
    for (const url of ['/', '/om-mig', '/kontakt', '/fa', '/fa/about', '/fa/contact']) {
      for (const width of [320, 390, 1280]) {
        for (const scheme of ['light', 'dark'] as const) {
          const v = await visit(browser, server.origin, url, { width, height: width === 1280 ? 800 : 664, scheme });
          try {
            await v.page.evaluate(async () => {
              for (const img of document.images) img.loading = 'eager';
              await Promise.all([...document.images].map((i) => i.decode().catch(() => undefined)));
            });
            const name = `${url.replace(/\//g, '_') || '_'}-${width}-${scheme}.png`;
            await v.page.screenshot({ path: path.join(shots, name), fullPage: true });
            // Reflow: nothing wider than the screen.
            expect(await v.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          } finally {
            await v.close();
          }
        }
      }
    }
  }, 240_000);
});

describeBrowser('the pages without pictures (as the site ships)', () => {
  let server: Server;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startSnapshotServer(), launchBrowser()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test.each([
    [390, 664],
    [1280, 800],
  ])(
    'at %i x %i the hero is as designed without a portrait: the contact card beside the promise, no frame',
    async (width, height) => {
      const v = await visit(browser, server.origin, '/', { width, height });
      try {
        expect(await v.page.locator('.hero--portrait, .hero__figure, .hero__name').count()).toBe(0);
        const card = await v.page.locator('.hero .hero__card').boundingBox();
        const heading = await v.page.locator('h1').boundingBox();
        // Wide: side by side in the first screen; narrow: under the promise.
        if (width > 900) expect(card && heading && card.x > heading.x + heading.width && card.y < height).toBe(true);
        else expect(card && heading && card.y > heading.y).toBe(true);
      } finally {
        await v.close();
      }
    },
  );

  test.each(ROUTES.filter((r) => /^\/(fa\/)?(|om-mig|about|kontakt|contact)$/.test(r) || r === '/fa'))(
    '%s requests no picture and draws no frame for one',
    async (url) => {
      const v = await visit(browser, server.origin, url, { width: 390, height: 664 });
      try {
        await v.page.mouse.wheel(0, 20_000);
        expect(await v.page.locator('picture, img, .clinic-photos').count()).toBe(0);
        expect(v.requests.filter((r) => /\.(avif|webp|jpe?g|png)(\?|$)/.test(r))).toEqual([]);
      } finally {
        await v.close();
      }
    },
  );
});
