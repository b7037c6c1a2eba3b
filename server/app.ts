import { readdirSync } from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import compression from 'compression';
import expressStaticGzip from 'express-static-gzip';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { serverErrors } from '../content/serverErrors';
import { practice } from '../content/practice';
import { MAP_ORIGIN } from '../views/map';
import { emptyMessage, type ContactSeed } from '../views/contact/state';
import type { Config } from './config';
import { contactRouter } from './contact';
import { createMailer, type Mailer } from './mail';
import { requestLog } from './requestLog';
import { createRenderer, DIST_DIR, loadAssets, type Assets } from './render';
import { createPageCompression, type PageCompression } from './pageCompression';
import { robotsTxt, sitemapXml } from './seo';

export interface AppDeps {
  config: Config;
  logger: Logger;
  mailer?: Mailer;
  assets?: Assets;
  /** Compressed pages kept across requests; a test passes its own to look inside. */
  pageCompression?: PageCompression;
}

const PUBLIC_DIR = path.resolve(__dirname, '..', 'public');
const sentSeed: ContactSeed = { status: 'success', values: emptyMessage, errors: {}, error: '' };

export function createApp({ config, logger, mailer = createMailer(config), assets = loadAssets(), pageCompression = createPageCompression() }: AppDeps) {
  const render = createRenderer(assets, config.baseUrl);
  const app = express();

  // Behind a Heroku-style router, req.ip and req.protocol come from X-Forwarded-* of that many hops only.
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');

  // Health checks answer before logging, so they do not flood the log.
  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });

  // One JSON line per request: method, path, status, time, id. No IP, header, query or body.
  app.use(requestLog(logger));

  // Strict headers: scripts and styles only from this origin, the map frame the one exception.
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          frameSrc: [MAP_ORIGIN],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          baseUri: ["'none'"],
          objectSrc: ["'none'"],
          ...(config.production ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: config.production ? { maxAge: 63072000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use((_req, res, next) => {
    res.set(
      'Permissions-Policy',
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), display-capture=(), browsing-topics=()',
    );
    next();
  });

  // In production behind a trusted proxy, plain http is moved to https.
  if (config.production && config.trustProxy > 0) {
    app.use((req, res, next) => {
      if (req.protocol === 'http' && (req.method === 'GET' || req.method === 'HEAD')) {
        return res.redirect(301, `https://${req.get('host')}${req.originalUrl}`);
      }
      next();
    });
  }

  // Everything but the pages (robots.txt, the sitemap, JSON, the contact form's HTML reply, error
  // pages) is compressed here. Pages come compressed already (pageCompression.send, below), and
  // the middleware passes a body that has a Content-Encoding as it is.
  app.use(compression());

  // Hashed bundles never change: cache them for a year. The build compressed each one already
  // (brotli, zopfli gzip); the smallest the browser accepts is sent. A missing one is a plain 404.
  app.use(
    '/assets',
    expressStaticGzip(path.join(DIST_DIR, 'public', 'assets'), {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: { immutable: true, maxAge: '1y', index: false, fallthrough: false },
    }),
  );
  // The few files in public/, by name: a page request never touches the disk.
  const publicFiles = express.static(PUBLIC_DIR, { maxAge: '1d', index: false });
  for (const file of readdirSync(PUBLIC_DIR)) app.get(`/${file}`, publicFiles);
  const robots = robotsTxt(config.baseUrl);
  const sitemap = sitemapXml(config.baseUrl);
  app.get('/robots.txt', (_req, res) => {
    res.type('text/plain').send(robots);
  });
  app.get('/sitemap.xml', (_req, res) => {
    res.type('application/xml').send(sitemap);
  });

  app.use(contactRouter({ config, mailer, render }));

  // Pages: /priser/ is /priser; any unknown path shows the home page with 404.
  app.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path.length > 1 && req.path.endsWith('/')) {
      const q = req.originalUrl.indexOf('?');
      // Leading slashes collapse too, so that //host/ can never become a redirect to another host.
      const target = `/${req.path.replace(/^\/+|\/+$/g, '')}`;
      return res.redirect(301, target + (q === -1 ? '' : req.originalUrl.slice(q)));
    }
    const seed = req.path === '/kontakt' && req.query.sendt === '1' ? sentSeed : undefined;
    const page = await render(req.path, seed);
    res.status(page.status).set('Cache-Control', 'no-cache').type('html');
    // Shareable: its compressed bytes may serve the next visitor. Only a found page without a
    // form state; the one state rendered here (sent) is no visitor's, but is kept out all the same.
    pageCompression.send(req, res, page.html, page.status === 200 && seed === undefined);
  });

  app.use((req: Request, res: Response) => {
    res.status(404).type('text/plain; charset=utf-8').send(serverErrors.fileNotFound);
  });

  // A page that fails to render: a plain Danish page, the stack in the log only.
  app.use((err: { status?: number; statusCode?: number }, req: Request, res: Response, _next: NextFunction) => {
    const status = err.status ?? err.statusCode ?? 500;
    if (status === 404) {
      res.status(404).type('text/plain; charset=utf-8').send(serverErrors.fileNotFound);
      return;
    }
    req.log.error({ err }, 'request failed');
    if (res.headersSent) return;
    const { title, text, home } = serverErrors.serverError;
    res
      .status(status >= 400 && status < 600 ? status : 500)
      .set('Cache-Control', 'no-store')
      .type('html')
      .send(
        `<!doctype html>\n<html lang="da">\n<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>\n<body>\n<main>\n<h1>${title}</h1>\n<p>${text.replace('{phone}', practice.phone)}</p>\n<p><a href="/">${home}</a></p>\n</main>\n</body>\n</html>\n`,
      );
  });

  return app;
}
