import { readdirSync } from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import compression from 'compression';
import expressStaticGzip from 'express-static-gzip';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { languages } from '../../content/languages';
import { serverTexts } from '../../content/serverTexts';
import { withPhone } from '../../views/format';
import { MAP_ORIGIN } from '../../views/map';
import { emptyMessage, type ContactSeed } from '../../views/contact/state';
import { langOfPath, matchRoute, paths, sentQuery } from '../../views/routes';
import type { Config } from '../process/config';
import type { Services } from '../process/services';
import { contactRouter } from '../contact/endpoint';
import { bookingRouter } from '../booking/endpoint';
import { answerRouter } from '../booking/decision/router';
import { bookingIsland } from '../booking/view';
import { requestLog } from './requestLog';
import { escapeHtml } from './escapeHtml';
import { createRenderer, DIST_DIR, loadAssets, type Assets } from './render';
import { loadShareImages, shareRouter } from './shareImages';
import { createPageCompression, type PageCompression } from './pageCompression';
import { robotsTxt, sitemapXml } from './seo';
import { securityTxt } from './securityTxt';
import { PROJECT_ROOT } from './projectRoot';
import { siteSettings } from './siteSettings';
import { healthRouter, type HealthDetails } from './healthz';
import { bookingHealth } from '../booking/calendar';

/**
 * What the app is built from. Every stateful service comes from the composition root
 * (server/process/services.ts, called by the worker or a test), which also closes them: the app
 * builds none.
 */
export interface AppDeps extends Omit<Services, 'ready' | 'start' | 'close'> {
  config: Config;
  logger: Logger;
  assets?: Assets;
  /** Compressed pages kept across requests; a test passes its own to look inside. */
  pageCompression?: PageCompression;
}

const PUBLIC_DIR = path.join(PROJECT_ROOT, 'public');
/** Redirects are made from the configuration and the path alone, so a cache may keep them; an hour, so that a new BASE_URL is soon followed. */
const REDIRECT_CACHE = 'public, max-age=3600';

/**
 * The path and query of a request as it reached this app, whatever its request line named: an
 * absolute-form line (GET http://evil.example/kontakt) gives its path, never its host.
 */
function pathAndQuery(req: Request): string {
  const q = req.originalUrl.indexOf('?');
  return (req.path || '/') + (q === -1 ? '' : req.originalUrl.slice(q));
}

/**
 * The path with every run of slashes and backslashes as one slash and none at the end: //evil.example
 * or /\evil.example, which a browser reads as another host, become /evil.example. One split on a
 * single character class: time linear in the length, whatever the path.
 */
function tidyPath(pathname: string): string {
  return `/${pathname
    .split(/[/\\]/)
    .filter((segment) => segment !== '')
    .join('/')}`;
}
const sentSeed: ContactSeed = { status: 'success', values: emptyMessage, errors: {}, error: '' };

export function createApp(deps: AppDeps) {
  const { config, logger, rateLimit, mailHealth: mail, assets = loadAssets() } = deps;
  const { pageCompression = createPageCompression() } = deps;
  // Booking is on exactly when there is a calendar and a place to hold times (a test may pass none while the variable is set).
  const booking = deps.booking && deps.holds ? deps.booking : null;
  const holds = booking ? deps.holds : null;
  const usedLinks = booking ? deps.usedLinks : null;
  const share = loadShareImages();
  // Booking is on exactly when there is a calendar (a test may pass none while the variable is set).
  const render = createRenderer(assets, config.baseUrl, { ...siteSettings(config), booking: booking !== null }, share);
  const { now } = deps;
  const app = express();

  // Behind a Heroku-style router, req.ip and req.protocol come from X-Forwarded-* of that many hops only.
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');

  // What the operator's /healthz shows (server/http/healthz.ts): one entry per part of the site.
  const healthDetails = (): HealthDetails => ({
    // Where the forms' limits count now: memory, redis or redis-unavailable (per process meanwhile).
    rateLimit: rateLimit.state(),
    // Online booking's calendar feed (absent while booking is off).
    ...(booking ? { booking: bookingHealth(booking) } : {}),
    // Where requested times are held (absent while booking is off).
    ...(holds ? { holds: holds.state() } : {}),
  });
  // Strict headers: scripts and styles only from this origin, the map frame the one exception.
  // First of all, so that every answer carries them, the health checks' too.
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
      // The same as frame-ancestors 'none', for browsers that predate CSP.
      xFrameOptions: { action: 'deny' },
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

  // Health checks answer before logging, so they do not flood the log.
  app.use(healthRouter({ token: config.healthzToken, details: healthDetails, mail }));

  // One JSON line per request: method, path, status, time, id. No IP, header, query or body.
  app.use(requestLog(logger));

  // In production behind a trusted proxy, plain http is moved to https, to BASE_URL's host: never
  // one a request names (Host, or an absolute-form request line). A post is answered 308, which a
  // browser sends again, body and all, over https; its body is not read here.
  if (config.production && config.trustProxy > 0) {
    const httpsOrigin = `https://${new URL(config.baseUrl).host}`;
    app.use((req, res, next) => {
      if (req.protocol !== 'http') return next();
      const moved = req.method === 'GET' || req.method === 'HEAD';
      res.set('Cache-Control', moved ? REDIRECT_CACHE : 'no-store');
      res.redirect(moved ? 301 : 308, httpsOrigin + pathAndQuery(req));
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
      // No redirect of /assets to /assets/: every redirect the site makes is its own, with Cache-Control.
      serveStatic: { immutable: true, maxAge: '1y', index: false, fallthrough: false, redirect: false },
    }),
  );
  // Link-preview pictures, app icons and the web app manifests (server/http/shareImages.ts).
  app.use(shareRouter(share));
  // The few files in public/, by name: a page request never touches the disk.
  const publicFiles = express.static(PUBLIC_DIR, { maxAge: '1d', index: false });
  for (const file of readdirSync(PUBLIC_DIR, { withFileTypes: true }))
    if (file.isFile()) app.get(`/${file.name}`, publicFiles);
  const robots = robotsTxt(config.baseUrl);
  const sitemap = sitemapXml(config.baseUrl);
  app.get('/robots.txt', (_req, res) => {
    res.type('text/plain').send(robots);
  });
  app.get('/sitemap.xml', (_req, res) => {
    res.type('application/xml').send(sitemap);
  });
  app.get('/.well-known/security.txt', (_req, res) => {
    res.type('text/plain').send(securityTxt(config.baseUrl, new Date()));
  });

  app.use(contactRouter({ config, mailer: mail.mailer, render, rateLimit }));
  if (booking && holds)
    app.use(
      bookingRouter({
        config,
        mailer: mail.mailer,
        render,
        rateLimit,
        calendar: booking,
        holds,
        now,
      }),
    );
  // The practitioner's answer to a request, from the links in its mail (server/booking/decision/).
  if (booking && holds && usedLinks)
    app.use(
      answerRouter({
        config,
        mailer: mail.mailer,
        calendar: booking,
        holds,
        usedLinks,
        rateLimit,
        css: assets.css,
        now,
      }),
    );

  // Pages: /priser/ is /priser (and //priser, /\\priser); an unknown path shows its language's home page with 404.
  app.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const tidy = tidyPath(req.path);
    if (tidy !== req.path) {
      res.set('Cache-Control', REDIRECT_CACHE);
      return res.redirect(301, tidy + pathAndQuery(req).slice(req.path.length));
    }
    const { route } = matchRoute(req.path);
    const sent = route.id === 'contact' && req.path === route.path && req.query[sentQuery[route.lang]] === '1';
    const seed = sent ? sentSeed : undefined;
    // The booking page while booking is on: the free times as they are now, for the service asked for.
    const island =
      booking && holds && route.id === 'booking' && req.path === route.path
        ? await bookingIsland({ calendar: booking, holds }, route.lang, req.query, now())
        : undefined;
    const page = await render(req.path, seed, island);
    res.status(page.status).set('Cache-Control', 'no-cache').type('html');
    // Shareable: its compressed bytes may serve the next visitor. Only a found page without a
    // form state; the one state rendered here (sent) is no visitor's, but is kept out all the same.
    // The booking page's times are nobody's either (a visitor's values are only in the answers to
    // a request, which are never kept): the same times, the same bytes.
    pageCompression.send(req, res, page.html, page.status === 200 && seed === undefined);
  });

  app.use((req: Request, res: Response) => {
    res.status(404).type('text/plain; charset=utf-8').send(serverTexts[langOfPath(req.path)].fileNotFound);
  });

  // A page that fails to render: a plain page in its language, the stack in the log only.
  app.use((err: { status?: number; statusCode?: number }, req: Request, res: Response, _next: NextFunction) => {
    const status = err.status ?? err.statusCode ?? 500;
    const lang = langOfPath(req.path);
    if (status === 404) {
      res.status(404).type('text/plain; charset=utf-8').send(serverTexts[lang].fileNotFound);
      return;
    }
    // A client's mistake (a bad path, a NUL, a body too large) is the visitor's, not the site's:
    // noted without a stack, so that the error level holds only what the operator must look at.
    if (status >= 400 && status < 500)
      req.log.info({ status, type: (err as { type?: unknown }).type }, 'request refused');
    else req.log.error({ err }, 'request failed');
    if (res.headersSent) return;
    const { title, text, home } = serverTexts[lang].serverError;
    const dir = languages[lang].dir === 'rtl' ? ' dir="rtl"' : '';
    res
      .status(status >= 400 && status < 600 ? status : 500)
      .set('Cache-Control', 'no-store')
      .type('html')
      .send(
        [
          '<!doctype html>',
          `<html lang="${lang}"${dir}>`,
          '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
            `<title>${escapeHtml(title)}</title></head>`,
          '<body>',
          '<main>',
          `<h1>${escapeHtml(title)}</h1>`,
          `<p>${escapeHtml(withPhone(text, lang))}</p>`,
          `<p><a href="${paths.home[lang]}">${escapeHtml(home)}</a></p>`,
          '</main>',
          '</body>',
          '</html>',
          '',
        ].join('\n'),
      );
  });

  return app;
}
