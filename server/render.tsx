import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToString } from 'react-dom/server';
import { App } from '../views/App';
import { matchRoute, routes, type Route } from '../views/routes';
import { CONTACT_SEED_ID } from '../views/contact/seedScript';
import type { ContactSeed } from '../views/contact/state';
import { practiceJsonLd } from './seo';
import { practice } from '../content/practice';
import { pageDescriptions } from '../content/pages/descriptions';

// The HTML document around the React tree. Everything that does not depend on the request
// (asset names, each page's <head>) is built once; per request only the tree is rendered.

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

export const DIST_DIR = path.resolve(__dirname, '..', 'dist');

export function loadAssets(distDir = DIST_DIR): Assets {
  const file = path.join(distDir, 'manifest.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Assets;
  } catch {
    throw new Error(`${file} is missing or unreadable: run "npm run build" first`);
  }
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside <script>: no '<' may end the element early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function head(route: Route, canonical: string, assets: Assets, jsonLd: string, noindex: boolean): string {
  const title = escapeHtml(route.title);
  const description = escapeHtml(pageDescriptions[route.id]);
  return [
    '<!doctype html>',
    '<html lang="da">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    noindex ? '<meta name="robots" content="noindex">' : '',
    `<link rel="canonical" href="${canonical}">`,
    '<meta property="og:type" content="website">',
    '<meta property="og:locale" content="da_DK">',
    `<meta property="og:site_name" content="${escapeHtml(practice.name)}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${canonical}">`,
    '<meta name="twitter:card" content="summary">',
    `<meta name="twitter:title" content="${title}">`,
    `<meta name="twitter:description" content="${description}">`,
    '<meta name="theme-color" content="#2f5d50">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    '<link rel="apple-touch-icon" href="/apple-touch-icon.png">',
    `<link rel="stylesheet" href="${assets.css}">`,
    // The page is whole without its script (which only hydrates it): boot.ts fetches the
    // script and all the chunks this page needs once the browser has painted the HTML.
    `<script type="module" src="${assets.boot}" data-scripts="${[assets.js, ...assets.preload, ...(assets.pages[route.page] ?? [])].join(' ')}"></script>`,
    `<script type="application/ld+json">${jsonLd}</script>`,
    '</head>',
    '<body>',
    '<div id="root">',
  ]
    .filter(Boolean)
    .join('\n');
}

export interface RenderedPage {
  /** 404 when the path is unknown (the home page stands in, with noindex). */
  status: 200 | 404;
  html: string;
}

export type RenderPage = (pathname: string, seed?: ContactSeed) => Promise<RenderedPage>;

export function createRenderer(assets: Assets, baseUrl: string): RenderPage {
  const jsonLd = scriptJson(practiceJsonLd(baseUrl));
  const heads = new Map(routes.map((r) => [r.path, head(r, `${baseUrl}${r.path}`, assets, jsonLd, false)]));
  const notFoundHead = head(matchRoute('/').route, `${baseUrl}/`, assets, jsonLd, true);

  return async (pathname, seed) => {
    const { route, found } = matchRoute(pathname);
    const start = found ? (heads.get(route.path) as string) : notFoundHead;
    const Page = await route.load();
    const body = renderToString(<App path={pathname} Page={Page} contactSeed={seed} />);
    const seedScript =
      seed === undefined ? '' : `\n<script type="application/json" id="${CONTACT_SEED_ID}">${scriptJson(seed)}</script>`;
    return { status: found ? 200 : 404, html: `${start}${body}</div>${seedScript}\n</body>\n</html>\n` };
  };
}
