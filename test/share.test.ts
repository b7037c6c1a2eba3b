import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { colors, themeColors } from '../content/colors';
import { langs, languages, type Lang } from '../content/languages';
import { practice } from '../content/practice';
import { siteTexts } from '../content/siteTexts';
import { inputsHash } from '../scripts/shareImages/cards';
import { CARD, ICONS, SHARE_DIR, cardFile, loadShareImages, manifestPath } from '../server/http/shareImages';
import { paths, routes } from '../views/routes';
import { makeApp } from './support/app';

// What a messenger or social network shows when a page is shared (Open Graph, Twitter's large
// card), and the web app manifest a phone reads when the site is added to its home screen.

const BASE = 'https://www.example.dk';
const { app } = makeApp({ env: { BASE_URL: BASE } });

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1];
const unescapeHtml = (s: string) => s.replace(/&quot;/g, '"').replace(/&amp;/g, '&');

/** GET a URL of this site as a binary body. */
const fetchBinary = (url: string) =>
  request(app)
    .get(url)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

test('the pictures were drawn from the content as it is now (else: npm run share-images)', () => {
  // A changed name, title or colour without new pictures would show the old ones when shared.
  expect({ inputs: loadShareImages().inputs, hint: 'run npm run share-images' }).toEqual({
    inputs: inputsHash(),
    hint: 'run npm run share-images',
  });
});

describe.each(routes.map((r) => [r.path, r.lang] as const))('%s', (pathname, lang) => {
  test('names its language picture, with an alternative text in its language, and its manifest', async () => {
    const { text: html } = await request(app).get(pathname).expect(200);
    const image = meta(html, 'og:image') ?? '';
    expect(image.startsWith(`${BASE}/share/${cardFile(lang)}?v=`)).toBe(true);
    expect(meta(html, 'og:image:type')).toBe('image/png');
    expect([meta(html, 'og:image:width'), meta(html, 'og:image:height')]).toEqual([
      String(CARD.width),
      String(CARD.height),
    ]);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    const alt = unescapeHtml(meta(html, 'og:image:alt') ?? '');
    // It says what the picture shows, in the page's language.
    expect(alt).toContain(practice.name);
    expect(alt).toContain(practice.practitioner);
    expect(alt).toContain(siteTexts[lang].practice.title.toLowerCase());
    expect(html).toContain(`<link rel="manifest" href="${manifestPath(lang)}">`);
  });
});

describe.each(langs.map((l) => [l]))('%s', (lang: Lang) => {
  test('the picture: a 1200 x 630 PNG, its URL versioned by its bytes, cached for a year', async () => {
    const { text: html } = await request(app).get(paths.home[lang]).expect(200);
    const url = new URL(meta(html, 'og:image') ?? '');
    const res = await fetchBinary(url.pathname + url.search)
      .expect(200)
      .expect('Content-Type', 'image/png');
    expect(res.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
    // Other sites' pages may show it (a messenger's web client); the pages themselves stay same-origin.
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const png = res.body as Buffer;
    expect(pngSize(png)).toEqual(CARD);
    expect(url.searchParams.get('v')).toBe(createHash('sha256').update(png).digest('hex').slice(0, 12));
    expect(png.equals(readFileSync(path.join(SHARE_DIR, cardFile(lang))))).toBe(true);
  });

  test('the web app manifest in its language, with its icons', async () => {
    const res = await request(app)
      .get(manifestPath(lang))
      .expect(200)
      .expect('Content-Type', /application\/manifest\+json/);
    const manifest = JSON.parse(res.text) as {
      name: string;
      short_name: string;
      lang: string;
      dir: string;
      start_url: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      short_name: practice.name,
      lang,
      dir: languages[lang].dir,
      start_url: paths.home[lang],
      theme_color: themeColors.light,
      background_color: colors.light.bg,
    });
    expect(manifest.name).toContain(practice.practitioner);
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
      ICONS.map((i) => `${i.size}x${i.size} ${i.purpose}`),
    );
    for (const icon of manifest.icons) {
      const png = (await fetchBinary(icon.src).expect(200).expect('Content-Type', 'image/png')).body as Buffer;
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(png)).toEqual({ width, height });
    }
  });
});

test('a picture that does not exist is a plain 404', async () => {
  await request(app).get('/share/og-xx.png').expect(404);
});
