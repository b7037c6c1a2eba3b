import express from 'express';
import compression from 'compression';
import type { Logger } from 'pino';
import type { Config } from '../process/config';
import type { Services } from '../process/services';
import { contactRouter } from '../contact/endpoint';
import { bookingRouter } from '../booking/endpoint';
import { answerRouter } from '../booking/decision/router';
import { SUBSCRIPTION_PATH, subscriptionRouter } from '../booking/herCalendar';
import { manageRouter } from '../booking/manage';
import { bookingHealth } from '../booking/calendar';
import { editor } from './editor';
import { errors, notFound } from './errors';
import { headers } from './headers';
import { bookingProblem, healthRouter, type HealthDetails } from './healthz';
import { createPageCompression, type PageCompression } from './pageCompression';
import { pages } from './pages';
import { toHttps, tidyPaths } from './redirects';
import { createRenderer, loadAssets, type Assets } from './render';
import { requestLog } from './requestLog';
import { loadShareImages } from './shareImages';
import { siteSettings } from './siteSettings';
import { staticFiles } from './static';

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

/** Online booking's services, or null while it is off: on exactly when there is a calendar and a place to hold times (a test may pass none while the variable is set). */
function bookingOf({ calendar, holds, usedLinks }: AppDeps) {
  return calendar && holds ? { calendar, holds, usedLinks } : null;
}

/** What the operator's /healthz shows (server/http/healthz.ts): one entry per part of the site. */
function healthDetails(deps: AppDeps): () => Promise<HealthDetails> {
  const booking = bookingOf(deps);
  const { herCalendar } = deps;
  return async () => ({
    // Where the forms' limits count now: memory, redis or redis-unavailable (per process meanwhile).
    rateLimit: deps.rateLimit.state(),
    // Online booking's calendar feed, and where requested times are held (absent while booking is off).
    ...(booking ? { booking: bookingHealth(booking.calendar), holds: booking.holds.state() } : {}),
    // Answers this process mailed whose record Redis has not taken yet (made as soon as it answers).
    ...(booking?.usedLinks ? { answersUnrecorded: booking.usedLinks.unfinished() } : {}),
    // Her own calendar: how writing it goes (absent while it is not configured).
    ...(booking && herCalendar
      ? { herCalendar: await herCalendar.health().catch(() => ({ store: 'redis-unavailable' })) }
      : {}),
  });
}

export function createApp(deps: AppDeps) {
  const { config, logger, rateLimit, mailHealth, assets = loadAssets() } = deps;
  const { pageCompression = createPageCompression(), now } = deps;
  const booking = bookingOf(deps);
  const mailer = mailHealth.mailer;
  const share = loadShareImages();
  const configured = siteSettings(config);
  const settings = { ...configured, booking: booking !== null, clientLink: configured.clientLink && booking !== null };
  const render = createRenderer(assets, config.baseUrl, settings, share);
  const app = express();

  // Behind a Heroku-style router, req.ip and req.protocol come from X-Forwarded-* of that many hops only.
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');

  // First of all, so that every answer carries them, the health checks' too.
  app.use(headers(config));
  // Health checks answer before logging, so they do not flood the log.
  app.use(
    healthRouter({
      token: config.healthzToken,
      details: healthDetails(deps),
      problem: bookingProblem(booking, now, deps.herCalendar),
      mail: mailHealth,
    }),
  );
  // One JSON line per request: method, path, status, time, id. No IP, header, query or body, nor
  // the subscription address's token.
  app.use(requestLog(logger, { secretAfter: [SUBSCRIPTION_PATH] }));
  // In production behind a trusted proxy, plain http is moved to https.
  if (config.production && config.trustProxy > 0) app.use(toHttps(config.baseUrl, config.editor?.adminHost));
  // Everything but the pages is compressed here. Pages come compressed already
  // (pageCompression.send), and the middleware passes a body that has a Content-Encoding as it is.
  app.use(compression());
  // The owner's editor at /admin/ (on ADMIN_HOST only, when set), with its own headers over the pages'.
  app.use(editor(config, { store: rateLimit, usedOnce: deps.usedOnce, now }, { settings, css: assets.css }));
  app.use(staticFiles(config.baseUrl, share));

  // The forms, each through the one pipeline (server/forms/pipeline.ts).
  app.use(contactRouter({ config, mailer, render, rateLimit }));
  if (booking) {
    const { calendar, holds, usedLinks } = booking;
    app.use(bookingRouter({ config, mailer, render, rateLimit, calendar, holds, now }));
    // The practitioner's answer to a request, from the links in its mail (server/booking/decision/).
    const { herCalendar } = deps;
    if (usedLinks) {
      const parts = { config, mailer, calendar, holds, usedLinks, herCalendar, rateLimit, css: assets.css, now };
      app.use(answerRouter(parts));
      // The client's own appointment, from the link in her confirmation (server/booking/manage/).
      app.use(manageRouter(parts));
    }
    // Her confirmed sessions at the private subscription address (CALENDAR_SUBSCRIPTION_TOKEN).
    if (herCalendar?.subscriptionTokens.length)
      app.use(
        subscriptionRouter({
          tokens: herCalendar.subscriptionTokens,
          rateLimit,
          calendarText: () => herCalendar.calendarText(),
        }),
      );
  }

  app.use(tidyPaths());
  app.use(pages({ render, pageCompression, booking, now }));
  app.use(notFound);
  app.use(errors);
  return app;
}
