import { readFileSync } from 'node:fs';
import path from 'node:path';
import express from 'express';
import { colors, themeColors } from '../../content/colors';
import { languages, langs, type Lang } from '../../content/languages';
import { practice } from '../../content/practice';
import { serverTexts } from '../../content/serverTexts';
import { siteTexts } from '../../content/siteTexts';
import { escapeHtml } from './escapeHtml';
import { fill } from '../../views/format';
import { paths } from '../../views/routes';
import { PROJECT_ROOT } from './projectRoot';

// The link preview of every page (Open Graph, Twitter's large card) and the web app manifest of
// each language, with the pictures and icons that `npm run share-images` drew from content/
// into public/share/. Each file's URL carries the hash of its bytes, so it can be cached for a
// year and a new picture is a new URL.

export const SHARE_DIR = path.join(PROJECT_ROOT, 'public', 'share');

export const CARD = { width: 1200, height: 630 } as const;

/** The app icons, as the manifest names them. */
export const ICONS = [
  { file: 'icon-192.png', size: 192, purpose: 'any' },
  { file: 'icon-512.png', size: 512, purpose: 'any' },
  // Android crops a maskable icon to a circle or squircle: the mark keeps to the middle.
  { file: 'icon-maskable-512.png', size: 512, purpose: 'maskable' },
] as const;

export const cardFile = (lang: Lang) => `og-${lang}.png`;

/** public/share/images.json: what the pictures were made from, and each file's hash. */
export interface ShareImages {
  inputs: string;
  files: Record<string, string>;
}

export function loadShareImages(dir = SHARE_DIR): ShareImages {
  const file = path.join(dir, 'images.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ShareImages;
  } catch {
    throw new Error(`${file} is missing or unreadable: run "npm run share-images"`);
  }
}

const url = (images: ShareImages, file: string) => `/share/${file}?v=${images.files[file] ?? ''}`;

export const manifestPath = (lang: Lang) => `${lang === 'da' ? '' : paths.home[lang]}/manifest.webmanifest`;

/** The lines of a page's <head> that make its link preview and name its manifest. */
export function shareHead(lang: Lang, baseUrl: string, images: ShareImages): string[] {
  const alt = fill(serverTexts[lang].shareImageAlt, {
    name: practice.name,
    practitioner: practice.practitioner,
    title: siteTexts[lang].practice.title.toLowerCase(),
    city: practice.address.city,
  });
  return [
    `<meta property="og:image" content="${baseUrl}${url(images, cardFile(lang))}">`,
    '<meta property="og:image:type" content="image/png">',
    `<meta property="og:image:width" content="${CARD.width}">`,
    `<meta property="og:image:height" content="${CARD.height}">`,
    `<meta property="og:image:alt" content="${escapeHtml(alt)}">`,
    '<meta name="twitter:card" content="summary_large_image">',
    `<link rel="manifest" href="${manifestPath(lang)}">`,
  ];
}

/** The web app manifest in one language: installed, the site opens on that language's home page. */
function webManifest(lang: Lang, images: ShareImages) {
  const site = siteTexts[lang];
  return {
    id: paths.home[lang],
    name: `${practice.name} – ${practice.practitioner}`,
    short_name: practice.name,
    description: site.practice.shortDescription,
    lang,
    dir: languages[lang].dir,
    start_url: paths.home[lang],
    scope: '/',
    // The browser's own back button stays: a visitor should never feel shut in.
    display: 'minimal-ui',
    theme_color: themeColors.light,
    background_color: colors.light.bg,
    icons: ICONS.map((icon) => ({
      src: url(images, icon.file),
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.purpose,
    })),
  };
}

/** /share/* (a year's cache: the URL changes with the bytes) and each language's manifest. */
export function shareRouter(images: ShareImages): express.Router {
  const router = express.Router();
  router.use(
    '/share',
    express.static(SHARE_DIR, {
      immutable: true,
      maxAge: '1y',
      index: false,
      fallthrough: false,
      // A messenger's or network's page may show the picture (helmet's default is same-origin only).
      setHeaders: (res) => res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin'),
    }),
  );
  for (const lang of langs) {
    const body = JSON.stringify(webManifest(lang, images));
    router.get(manifestPath(lang), (_req, res) => {
      res.set('Cache-Control', 'public, max-age=86400').type('application/manifest+json').send(body);
    });
  }
  return router;
}
