import { readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler } from 'express';
import { practice } from '../../content/practice';
import type { SiteSettings } from '../../views/settings';
import { adminPages } from '../admin';
import { editorLogin, LOGIN_AUTHORIZE } from '../editorLogin';
import type { EditorConfig } from '../process/config';
import type { RateLimitStore } from '../store/rateLimit';
import type { UsedOnce } from '../store/usedOnce';
import { DIST_DIR } from './render';
import { requestHost } from './requestHost';

// The owner's editor (Sveltia CMS, decision 0045) at /admin/: the files the build wrote to
// dist/public/admin (scripts/editor.ts), with headers of its own, and her GitHub login
// (server/editorLogin/, decision 0053). With ADMIN_HOST (required in production) it is served on
// that host only, chosen by the Host header the router sets, and that host serves nothing else:
// the token the editor keeps in the browser never shares an origin with the public pages. No
// public page links to it. In production without EDITOR_REPO there is no editor at all.

const EDITOR_PATH = '/admin';

/** The one host besides this one the editor may reach: GitHub's API, where her content lives. */
const EDITOR_HOSTS = ['https://api.github.com'];

/**
 * Svelte injects its styles as <style> elements and style attributes ('unsafe-inline' for styles
 * only); pictures from the repository are shown as blob: URLs. Its preview pane is a blob: frame,
 * in which the site's preview (editor/site/preview.ts) posts her file to this host's
 * /admin/preview into a frame of its own (decision 0073).
 */
const EDITOR_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  // data: and blob: the editor reads its own pictures with fetch (an uploaded photo is a blob: URL until saved).
  `connect-src 'self' data: blob: ${EDITOR_HOSTS.join(' ')}`,
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "frame-src 'self' blob:",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ');

const editorHeaders: RequestHandler = (_req, res, next) => {
  res.set({
    'Content-Security-Policy': EDITOR_CSP,
    'X-Robots-Tag': 'noindex, nofollow',
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'same-origin',
    // Her login answers from the window the editor opens (server/editorLogin/).
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  });
  next();
};

/** The practice's mark, copied beside the editor by the build (its host serves nothing else). */
const EDITOR_LOGO = '/admin/logo.svg';

/** Outside production without EDITOR_REPO: the working copy's name, which only the local mode uses. */
const DEVELOPMENT_REPO = 'lokal/psykolog-aalborg';

/**
 * Where the editor commits and how she logs in, over the generated configuration's backend: with
 * the login, the site's own (base_url, auth_endpoint) and no pasted token; without it (outside
 * production), a pasted token only, never Sveltia's default Netlify login on another host.
 */
function editorBackend(editor: EditorConfig): Record<string, unknown> {
  return {
    repo: editor.repo ?? DEVELOPMENT_REPO,
    ...(editor.login
      ? { base_url: editor.origin, auth_endpoint: LOGIN_AUTHORIZE.slice(1), auth_methods: ['oauth'] }
      : { auth_methods: ['token'] }),
  };
}

/**
 * config.yml as the build wrote it (JSON after a comment line), its backend made from `editor`,
 * with her practice's name and mark on the login screen, the header and the tab (decision 0071).
 */
function configText(adminDir: string, editor: EditorConfig, siteUrl: string): string {
  const text = readFileSync(path.join(adminDir, 'config.yml'), 'utf8');
  const newline = text.indexOf('\n');
  const built = JSON.parse(text.slice(newline + 1)) as { backend: Record<string, unknown> };
  const served = {
    ...built,
    backend: { ...built.backend, ...editorBackend(editor) },
    app_title: practice.name,
    logo: { src: EDITOR_LOGO },
    site_url: siteUrl,
  };
  return `${text.slice(0, newline + 1)}${JSON.stringify(served, null, 2)}\n`;
}

/** The site's stylesheet and pictures, which the preview shows on the editor's host (hashed: kept a year). */
const PREVIEW_ASSET = /^\/assets\/[\w.-]+\.(?:css|avif|webp|jpg)$/;

/** What the preview renders the pages with: the running site's settings and stylesheet. */
export interface PreviewSite {
  settings: SiteSettings;
  css: string;
}

/** What the editor's host needs besides the configuration: where limits and used states are kept, and the site's clock. */
export interface EditorDeps {
  store: RateLimitStore;
  usedOnce: UsedOnce;
  now: () => Date;
}

export function editor(
  { editor: settings, baseUrl }: { editor: EditorConfig | null; baseUrl: string },
  { store, usedOnce, now }: EditorDeps,
  site: PreviewSite,
  distDir = DIST_DIR,
): express.Router {
  const router = express.Router();
  if (!settings) return router;
  const { adminHost, login } = settings;
  const adminDir = path.join(distDir, 'public', 'admin');
  const assets = express.static(path.join(distDir, 'public'), {
    index: false,
    fallthrough: false,
    redirect: false,
    immutable: true,
    maxAge: '1y',
  });
  const files = express.static(adminDir, {
    index: 'index.html',
    fallthrough: false,
    redirect: false,
    cacheControl: false,
  });
  let config: string | undefined;
  const inner = express.Router();
  inner.get(`${EDITOR_PATH}/config.yml`, (_req, res) => {
    config ??= configText(adminDir, settings, baseUrl);
    res.type('application/yaml').send(config);
  });
  // Her preview asks for the ticket her login gives; without the App (outside production) there is none to ask for.
  const ticketKey = login?.ticketKey ?? null;
  inner.use(adminPages({ origin: settings.origin, adminHost, ...site, distDir, store, ticketKey, now }));
  if (login) inner.use(editorLogin(settings, login, { store, usedOnce, now }));
  inner.use(EDITOR_PATH, files);
  router.use((req, res, next) => {
    const inEditor = req.path === EDITOR_PATH || req.path.startsWith(`${EDITOR_PATH}/`);
    if (adminHost !== null && requestHost(req) !== adminHost) return next();
    if (!inEditor && adminHost === null) return next();
    // The preview's stylesheet and pictures, at the paths the pages name (without ADMIN_HOST the site serves them).
    if (req.method === 'GET' && PREVIEW_ASSET.test(req.path)) return assets(req, res, next);
    editorHeaders(req, res, () => {
      if (req.path === EDITOR_PATH || (!inEditor && req.path === '/')) return res.redirect(301, `${EDITOR_PATH}/`);
      // The editor's host serves nothing but the editor.
      if (!inEditor) return res.status(404).type('text/plain').send('Not found');
      inner(req, res, next);
    });
  });
  return router;
}
