import { readdirSync } from 'node:fs';
import path from 'node:path';
import express from 'express';
import expressStaticGzip from 'express-static-gzip';
import { DIST_DIR } from './render';
import { PROJECT_ROOT } from './projectRoot';
import { robotsTxt, sitemapXml } from './seo';
import { securityTxt } from './securityTxt';
import { shareRouter, type ShareImages } from './shareImages';

// Everything that is not a page or a form: the build's bundles, the link-preview pictures, the
// files in public/, robots.txt, the sitemap and security.txt.

const PUBLIC_DIR = path.join(PROJECT_ROOT, 'public');

export function staticFiles(baseUrl: string, share: ShareImages): express.Router {
  const router = express.Router();
  // Hashed bundles never change: cache them for a year. The build compressed each one already
  // (brotli, zopfli gzip); the smallest the browser accepts is sent. A missing one is a plain 404.
  router.use(
    '/assets',
    expressStaticGzip(path.join(DIST_DIR, 'public', 'assets'), {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      // No redirect of /assets to /assets/: every redirect the site makes is its own, with Cache-Control.
      serveStatic: { immutable: true, maxAge: '1y', index: false, fallthrough: false, redirect: false },
    }),
  );
  // Link-preview pictures, app icons and the web app manifests (server/http/shareImages.ts).
  router.use(shareRouter(share));
  // The few files in public/, by name: a page request never touches the disk.
  const publicFiles = express.static(PUBLIC_DIR, { maxAge: '1d', index: false });
  for (const file of readdirSync(PUBLIC_DIR, { withFileTypes: true }))
    if (file.isFile()) router.get(`/${file.name}`, publicFiles);
  const robots = robotsTxt(baseUrl);
  const sitemap = sitemapXml(baseUrl);
  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').send(robots);
  });
  router.get('/sitemap.xml', (_req, res) => {
    res.type('application/xml').send(sitemap);
  });
  router.get('/.well-known/security.txt', (_req, res) => {
    res.type('text/plain').send(securityTxt(baseUrl, new Date()));
  });
  return router;
}
