import path from 'node:path';
import express, { type RequestHandler } from 'express';
import type { Config } from '../process/config';
import { NOT_SET_UP, servedEditorConfig } from './editorSettings';
import { DIST_DIR } from './render';

// The owner's editor (Sveltia CMS, decision 0045) at /admin/: the files the build wrote to
// dist/public/admin (scripts/editor.ts), with headers of its own. With ADMIN_HOST set it is
// served on that host only, and that host serves nothing else: the login the editor keeps in
// the browser never shares an origin with the public pages. No public page links to it. Its
// configuration is the generated one with what the site knows at start (editorSettings.ts); until
// the operator has named her repository, production's /admin/ says so in Danish instead.

const EDITOR_PATH = '/admin';

/** The one host besides this one the editor may reach: GitHub's API, where her content lives. */
const EDITOR_HOSTS = ['https://api.github.com'];

/**
 * Svelte injects its styles as <style> elements and style attributes ('unsafe-inline' for styles
 * only); pictures from the repository are shown as blob: URLs.
 */
const EDITOR_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  // data: the editor reads its own inline pictures with fetch.
  `connect-src 'self' data: ${EDITOR_HOSTS.join(' ')}`,
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "frame-ancestors 'none'",
  "form-action 'none'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ');

const editorHeaders: RequestHandler = (_req, res, next) => {
  res.set({
    'Content-Security-Policy': EDITOR_CSP,
    'X-Robots-Tag': 'noindex, nofollow',
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'same-origin',
    // A login through a GitHub OAuth app answers from its popup to this window.
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  });
  next();
};

type EditorSettings = Pick<Config, 'adminHost' | 'production' | 'baseUrl' | 'editorRepo' | 'editorAuthUrl'>;

export function editor(settings: EditorSettings, distDir = DIST_DIR): express.Router {
  const { adminHost } = settings;
  const router = express.Router();
  const adminDir = path.join(distDir, 'public', 'admin');
  const files = express.static(adminDir, {
    index: 'index.html',
    fallthrough: false,
    redirect: false,
    cacheControl: false,
  });
  let config: string | null | undefined;
  const servedConfig = () => {
    config ??= servedEditorConfig(adminDir, settings);
    return config;
  };
  const onEditorHost = (host: string) => adminHost === null || host === adminHost;
  router.use((req, res, next) => {
    const inEditor = req.path === EDITOR_PATH || req.path.startsWith(`${EDITOR_PATH}/`);
    if (!onEditorHost(req.hostname)) return next();
    if (!inEditor && adminHost === null) return next();
    editorHeaders(req, res, () => {
      if (req.path === EDITOR_PATH || (!inEditor && req.path === '/')) return res.redirect(301, `${EDITOR_PATH}/`);
      // The editor's host serves nothing but the editor.
      if (!inEditor) return res.status(404).type('text/plain').send('Not found');
      const served = servedConfig();
      if (served === null) return res.status(503).type('html').send(NOT_SET_UP);
      if (req.path === `${EDITOR_PATH}/config.yml`) return res.type('application/yaml').send(served);
      req.url = req.url.slice(EDITOR_PATH.length);
      files(req, res, next);
    });
  });
  return router;
}
