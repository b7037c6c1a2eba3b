import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { renderToString } from 'react-dom/server';
import { cleanPictures } from '../scripts/cleanPictures';
import { buildImages, IMAGE_FORMATS } from '../scripts/images';
import type { ImageManifest } from '../views/images/manifest';
import type { SiteSettings } from '../views/settings';
import { Picture } from '../views/images/Picture';
import { cameraJpeg, transparentPng } from './support/testImages';

// The build's picture step on small pictures (the 4000 x 6000 photo and the pages in Chromium:
// images.slow.test.ts), and the <picture> the pages write.

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'images-'));
  mkdirSync(path.join(dir, 'src', 'clinic'), { recursive: true });
  mkdirSync(path.join(dir, 'out'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const src = (name: string) => path.join(dir, 'src', name);
const out = (name: string) => path.join(dir, 'out', name);

test("a phone's JPEG with its GPS position is refused, naming the command; cleaned by it, it is made upright, at each width up to its own, in every format, with no metadata anywhere", async () => {
  // Stored 600 x 400, orientation 6: upright it is 400 wide and 600 high.
  writeFileSync(src('portrait.jpg'), await cameraJpeg(600, 400));
  await expect(buildImages(path.join(dir, 'src'), path.join(dir, 'out'))).rejects.toThrow(
    /portrait\.jpg: carries the GPS position where it was taken, the camera, its owner or the time it was taken, XMP data \(which may hold all of it\): run `npm run pictures:clean`/,
  );
  expect(await cleanPictures(path.join(dir, 'src'))).toEqual([src('portrait.jpg')]);
  const cleaned = await sharp(src('portrait.jpg')).metadata();
  expect([cleaned.exif, cleaned.xmp, cleaned.width, cleaned.height]).toEqual([undefined, undefined, 400, 600]);
  const { manifest, files, warnings } = await buildImages(path.join(dir, 'src'), path.join(dir, 'out'));
  const portrait = manifest.portrait;
  expect(portrait).toMatchObject({ widths: [320, 400], width: 400, height: 600 });
  // Narrower than the largest width the site shows it at: made as it is, and the owner told why it may look soft.
  expect(warnings).toEqual([
    expect.stringMatching(
      /^warning: \S*portrait\.jpg is 400 px wide; the site shows it up to 1280 px wide .* at least 1280 px wide$/,
    ),
  ]);
  expect(files.sort()).toEqual(
    [320, 400].flatMap((w) => IMAGE_FORMATS.map((f) => `${portrait?.name}-${w}.${f}`)).sort(),
  );
  for (const file of files) {
    const meta = await sharp(out(file)).metadata();
    expect({
      file,
      exif: meta.exif,
      xmp: meta.xmp,
      iptc: meta.iptc,
      icc: meta.icc,
      orientation: meta.orientation,
    }).toEqual({
      file,
      exif: undefined,
      xmp: undefined,
      iptc: undefined,
      icc: undefined,
      orientation: undefined,
    });
    expect(meta.height).toBeGreaterThan(meta.width ?? 0);
    // The stored left edge's red band is the top once upright.
    const { data } = await sharp(out(file))
      .extract({ left: 0, top: 0, width: meta.width ?? 1, height: 4 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([(data[0] ?? 0) > 180, (data[1] ?? 255) < 70, (data[2] ?? 255) < 70]).toEqual([true, true, true]);
  }
  expect(readdirSync(path.join(dir, 'out'))).toHaveLength(files.length);
});

test('a PNG keeps its transparency in AVIF and WebP; the JPEG is on white', async () => {
  writeFileSync(src('clinic/room.png'), await transparentPng(500, 300));
  const { manifest } = await buildImages(path.join(dir, 'src'), path.join(dir, 'out'));
  const room = manifest.clinic[0];
  expect(room).toMatchObject({ id: 'room', widths: [320, 500], width: 500, height: 300 });
  expect((await sharp(out(`${room?.name}-500.avif`)).metadata()).hasAlpha).toBe(true);
  expect((await sharp(out(`${room?.name}-500.webp`)).metadata()).hasAlpha).toBe(true);
  const { data } = await sharp(out(`${room?.name}-500.jpg`))
    .extract({ left: 0, top: 0, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect(Math.min(data[0] ?? 0, data[1] ?? 0, data[2] ?? 0)).toBeGreaterThan(240);
});

test('no pictures: nothing made', async () => {
  expect(await buildImages(path.join(dir, 'src'), path.join(dir, 'out'))).toEqual({
    manifest: { portrait: null, clinic: [] },
    files: [],
    warnings: [],
  });
  expect(await buildImages(path.join(dir, 'missing'), path.join(dir, 'out'))).toMatchObject({ files: [] });
  expect(readdirSync(path.join(dir, 'out'))).toEqual([]);
});

test.each([
  ['portrait.jpg', Buffer.from('not a picture at all'), /portrait\.jpg: cannot be read as a picture/],
  ['clinic/room.jpg', 'truncated', /room\.jpg: cannot be read as a picture/],
  ['clinic/room.png', 'gif', /room\.png: a gif file: save it as JPEG, PNG or WebP/],
  ['portrait.gif', Buffer.from('GIF89a'), /portrait\.gif: not a picture the build takes/],
  [
    'clinic/kitchen.jpg',
    'jpeg',
    /kitchen\.jpg: no description: choose 'kitchen\.jpg' for a photo in content\/facts\/pictures\.json/,
  ],
  ['me.jpg', 'jpeg', /me\.jpg: not used/],
])('%s that cannot be used stops the build with one line naming it', async (name, content, message) => {
  const jpeg = await cameraJpeg(300, 200, false);
  const bytes =
    content === 'truncated'
      ? jpeg.subarray(0, jpeg.length / 2)
      : content === 'gif'
        ? await sharp(jpeg).gif().toBuffer()
        : content === 'jpeg'
          ? jpeg
          : content;
  writeFileSync(src(name), bytes);
  const failure = buildImages(path.join(dir, 'src'), path.join(dir, 'out'));
  await expect(failure).rejects.toThrow(message);
  await expect(failure).rejects.toThrow(/^[^\n]+$/);
});

describe('the <picture>', () => {
  const picture = { name: 'portrait-0123456789ab', widths: [320, 640, 960], width: 960, height: 1200 };
  const html = (first: boolean) =>
    renderToString(<Picture picture={picture} alt="Sara & co" sizes="16rem" first={first} />);

  test('offers AVIF, WebP and JPEG at every width, sized, described, decoded off the main thread', () => {
    const set = (ext: string) =>
      `/assets/portrait-0123456789ab-320.${ext} 320w, /assets/portrait-0123456789ab-640.${ext} 640w, /assets/portrait-0123456789ab-960.${ext} 960w`;
    expect(html(false)).toBe(
      `<picture><source type="image/avif" srcSet="${set('avif')}" sizes="16rem"/><source type="image/webp" srcSet="${set('webp')}" sizes="16rem"/>` +
        `<img src="/assets/portrait-0123456789ab-320.jpg" srcSet="${set('jpg')}" sizes="16rem" width="960" height="1200" alt="Sara &amp; co" decoding="async" loading="lazy"/></picture>`,
    );
  });

  test("the first screen's largest picture loads at once and first; others when scrolled near", () => {
    expect(html(true)).toContain('decoding="async" fetchPriority="high"/>');
    expect(html(true)).not.toContain('loading=');
  });
});

describe('the pages', () => {
  const manifest: ImageManifest = {
    portrait: { name: 'portrait-aaaaaaaaaaaa', widths: [320, 640], width: 640, height: 960 },
    clinic: [
      { id: 'entrance', page: 'contact', name: 'clinic-entrance-bbbbbbbbbbbb', widths: [320], width: 320, height: 200 },
      { id: 'room', page: 'home', name: 'clinic-room-cccccccccccc', widths: [320], width: 320, height: 480 },
    ],
  };
  const pictures = (html: string) => html.match(/<picture[\s\S]*?<\/picture>/g) ?? [];
  const alt = (html: string) => pictures(html).map((p) => /alt="([^"]*)"/.exec(p)?.[1]);

  const render = async () => {
    jest.resetModules();
    const { createRenderer, loadAssets } = await import('../server/http/render');
    const settings: SiteSettings = {
      ...{ mailProtection: 'tls', contactLimit: { max: 5, windowMinutes: 15 } },
      ...{ booking: false, clientLink: false, bookingLimit: null, bookingAnswerDays: 2 },
      herCalendar: { way: 'none', provider: null },
    };
    const renderer = createRenderer(loadAssets(), 'http://localhost', settings);
    return async (url: string) => (await renderer(url)).html;
  };

  test('without pictures they have no <picture>, no <img> and no frame for one', async () => {
    const page = await render();
    for (const url of ['/', '/om-mig', '/kontakt', '/fa', '/en/about', '/fa/contact']) {
      expect(await page(url)).not.toMatch(/<picture|<img|class="portrait|clinic-photos/);
    }
  });

  /** What a reader sees of a page: its markup without the scripts and the head (JSON-LD names her for search engines). */
  const visibleText = (html: string) =>
    html.replace(/<head>[\s\S]*?<\/head>|<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ');

  const captions = (html: string) => [...html.matchAll(/<figcaption>([^<]*)<\/figcaption>/g)].map((m) => m[1]);

  test("with pictures: her portrait and name in the hero of / and beside the profile on /om-mig, first; the room on /, the entrance on /kontakt, lazy, each captioned in the page's language", async () => {
    process.env.SITE_IMAGES = JSON.stringify(manifest);
    try {
      const page = await render();
      const { siteTexts } = await import('../content/siteTexts');
      for (const [lang, home, about, contact] of [
        ['da', '/', '/om-mig', '/kontakt'],
        ['en', '/en', '/en/about', '/en/contact'],
        ['fa', '/fa', '/fa/about', '/fa/contact'],
      ] as const) {
        const { portrait, photos } = siteTexts[lang].practice;
        const front = await page(home);
        // The portrait first, then the room: a caption says what the photo shows, so its alt is empty.
        expect(alt(front)).toEqual([portrait, '']);
        // Her name as the language writes it: in Persian letters on the Persian pages, nowhere in Latin ones.
        const name = siteTexts[lang].practice.practitioner;
        expect(front).toContain(`<figcaption class="hero__name"><strong>${name}</strong>`);
        expect(front).toContain('hero--portrait');
        // The contact card is the next section.
        expect(front.indexOf('id="hero-card"')).toBeGreaterThan(front.indexOf('hero__portrait'));
        expect(captions(front)).toContain(photos.room);
        expect(pictures(front)[1]).toMatch(/loading="lazy"/);
        expect(pictures(front)[1]).toMatch(/width="320" height="480"/);
        const profile = await page(about);
        expect(profile).toMatch(new RegExp(`<h1 tabindex="-1">${name}</h1>`, 'i'));
        if (lang === 'fa') for (const html of [front, profile]) expect(visibleText(html)).not.toMatch(/Sara|Ahmadi/);
        expect(alt(profile)).toEqual([portrait]);
        expect(profile).toContain('profile__portrait');
        for (const html of [front, profile]) {
          expect(pictures(html)[0]).toContain('fetchPriority="high"');
          expect(pictures(html)[0]).toContain('/assets/portrait-aaaaaaaaaaaa-640.avif 640w');
        }
        const html = await page(contact);
        expect(alt(html)).toEqual(['']);
        expect(captions(html)).toEqual([photos.entrance]);
        expect(pictures(html)[0]).toMatch(/loading="lazy"/);
      }
    } finally {
      delete process.env.SITE_IMAGES;
    }
  });

  test('clinic photos without a portrait: the hero as before, the contact card beside the promise', async () => {
    process.env.SITE_IMAGES = JSON.stringify({ ...manifest, portrait: null });
    try {
      const html = await (await render())('/');
      expect(html).not.toMatch(/hero--portrait|hero__name|hero__portrait/);
      expect(html).toMatch(
        /<section class="hero"><div class="container hero__inner"><div class="hero__text">.*<aside class="hero__card"/s,
      );
      expect(alt(html)).toEqual(['']);
    } finally {
      delete process.env.SITE_IMAGES;
    }
  });
});
