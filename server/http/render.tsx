import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToString } from 'react-dom/server';
import { themeColorTags } from './themeColor';
import { languages, langs } from '../../content/languages';
import { practice } from '../../content/practice';
import { serverTexts } from '../../content/serverTexts';
import { siteTexts } from '../../content/siteTexts';
import { App } from '../../views/App';
import { loadPage } from '../../views/loadPage';
import { PAGE_DATA_ID, type PageData } from '../../views/pageData';
import type { SiteSettings } from '../../views/settings';
import { alternates, matchRoute, pageModule, paths, type Route } from '../../views/routes';
import { escapeHtml } from './escapeHtml';
import { loaderOf } from './loaders';
import { practiceJsonLd } from './seo';
import { loadShareImages, shareHead, type ShareImages } from './shareImages';
import { PROJECT_ROOT } from './projectRoot';

// The HTML document around the React tree. Everything that does not depend on the request
// (asset names, each page's <head>, the texts handed to the browser) is built once per page
// and language; per request only the tree is rendered.

/** What the build wrote to dist/manifest.json: URL paths of the hashed files. */
export interface Assets {
  /** client/boot.ts: the one script tag; it loads `js` and the chunks once the page is painted. */
  boot: string;
  js: string;
  css: string;
  /** Chunks the entry imports, fetched in parallel with it. */
  preload: string[];
  /** Per page module, its chunk and the chunks only it imports. */
  pages: Record<string, string[]>;
}

export const DIST_DIR = path.join(PROJECT_ROOT, 'dist');

export function loadAssets(distDir = DIST_DIR): Assets {
  const file = path.join(distDir, 'manifest.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Assets;
  } catch {
    throw new Error(`${file} is missing or unreadable: run "npm run build" first`);
  }
}

/** JSON inside <script>: no '<' may end the element early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

async function head(
  route: Route,
  found: boolean,
  baseUrl: string,
  assets: Assets,
  share: ShareImages,
): Promise<string> {
  const { lang } = route;
  const site = siteTexts[lang];
  const title = escapeHtml(site.titles[route.id]);
  const description = escapeHtml(serverTexts[lang].descriptions[route.id]);
  const canonical = `${baseUrl}${route.path}`;
  const dir = languages[lang].dir === 'rtl' ? ' dir="rtl"' : '';
  // Search engines send each visitor to their language: every page names itself in all three,
  // and Danish, the site's own language, for everyone else. A missing page (noindex) names none.
  const hreflang = found
    ? [
        ...alternates(route).map((r) => `<link rel="alternate" hreflang="${r.lang}" href="${baseUrl}${r.path}">`),
        `<link rel="alternate" hreflang="x-default" href="${baseUrl}${paths[route.id].da}">`,
      ]
    : [];
  const jsonLd = scriptJson(await practiceJsonLd(baseUrl, lang));
  return [
    '<!doctype html>',
    `<html lang="${lang}"${dir}>`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    found ? '' : '<meta name="robots" content="noindex">',
    `<link rel="canonical" href="${canonical}">`,
    ...hreflang,
    '<meta property="og:type" content="website">',
    `<meta property="og:locale" content="${languages[lang].ogLocale}">`,
    ...langs
      .filter((l) => l !== lang)
      .map((l) => `<meta property="og:locale:alternate" content="${languages[l].ogLocale}">`),
    `<meta property="og:site_name" content="${escapeHtml(practice.name)}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${canonical}">`,
    ...shareHead(lang, baseUrl, share),
    `<meta name="twitter:title" content="${title}">`,
    `<meta name="twitter:description" content="${description}">`,
    // Light or dark as the system is (the colours: content/colors.ts); no flash before the stylesheet.
    '<meta name="color-scheme" content="light dark">',
    ...themeColorTags,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    '<link rel="apple-touch-icon" href="/apple-touch-icon.png">',
    `<link rel="stylesheet" href="${assets.css}">`,
    // The page is whole without its script (which only hydrates it): boot.ts fetches the
    // script and all the chunks this page needs once the browser has painted the HTML.
    `<script type="module" src="${assets.boot}" data-scripts="${[assets.js, ...assets.preload, ...(assets.pages[pageModule(route.id)] ?? [])].join(' ')}"></script>`,
    `<script type="application/ld+json">${jsonLd}</script>`,
    '</head>',
    '<body>',
    '<div id="root">',
  ]
    .filter(Boolean)
    .join('\n');
}

interface RenderedPage {
  /** 404 when the path is unknown (the home page of its language stands in, with noindex). */
  status: 200 | 404;
  html: string;
}

/**
 * `data`: what the page's loader found for this request (server/http/loaders.ts), or what a form's
 * endpoint shows after a post (the form's state); never shared between requests.
 */
export type RenderPage = (pathname: string, data?: PageData['data']) => Promise<RenderedPage>;

/**
 * The page's shared data with this request's data added: the serialised texts are the same for
 * every request (and most of the bytes), so they are not serialised again; the data goes in
 * before the object's closing brace.
 */
function withData(shared: string, data: PageData['data']): string {
  const end = shared.lastIndexOf('}</script>');
  return `${shared.slice(0, end)},"data":${scriptJson(data)}${shared.slice(end)}`;
}

/** A promise per key, made on first use and kept: each page's head and texts are built once. */
function cached<T>(): (key: string, make: () => Promise<T>) => Promise<T> {
  const made = new Map<string, Promise<T>>();
  return (key, make) => {
    let value = made.get(key);
    if (!value) {
      value = make();
      made.set(key, value);
    }
    return value;
  };
}

export function createRenderer(
  assets: Assets,
  baseUrl: string,
  settings: SiteSettings,
  share: ShareImages = loadShareImages(),
): RenderPage {
  const heads = cached<string>();
  const pageData = cached<string>();
  const dataScript = (data: PageData) =>
    `\n<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(data)}</script>`;

  return async (pathname, data) => {
    // An unknown path shows its language's home page (found: false).
    const { route, found } = matchRoute(pathname);
    const site = siteTexts[route.lang];
    const [start, page] = await Promise.all([
      heads(`${found ? '' : '404 '}${route.path}`, () => head(route, found, baseUrl, assets, share)),
      loadPage(route.id, route.lang, undefined, data),
    ]);
    const body = renderToString(
      <App path={pathname} site={site} settings={settings}>
        {page.element}
      </App>,
    );
    // The same texts for every visitor, serialised once; the request's data (as much of it as
    // the browser needs, its loader says) added per request.
    const shared = await pageData(route.path, async () => dataScript({ site, texts: page.texts, settings }));
    const browser = loaderOf(route.id)?.browser;
    const script = data === undefined ? shared : withData(shared, browser ? browser(data) : data);
    return { status: found ? 200 : 404, html: `${start}${body}</div>${script}\n</body>\n</html>\n` };
  };
}
