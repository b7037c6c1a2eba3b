import { createServer } from 'node:http';
import type { Config } from './config';
import { createLogger } from './logger';
import { expiryDate, keyState, type MailKey } from '../mail/key';
import { createApp } from '../http/app';
import { DELIVERY_BUDGET_MS } from '../mail/transport';
import { createDrain } from './drain';
import { createServices, type Services } from './services';

// The process that serves HTTP: the only process with WEB_CONCURRENCY=1, each cluster worker
// otherwise (all listen on the same port; node:cluster shares it). On SIGTERM/SIGINT it finishes
// the requests in flight (a mail being sent) before exiting, and takes no new one (drain.ts). A
// Heroku-style host sends SIGTERM on every deploy, to every process of the dyno (a worker gets it
// from the host and from the primary), and SIGKILL 30 s later.

/**
 * How long a stopping worker lets its requests in flight run: longer than a mail may take (its
 * retry included) plus the Redis steps around it, so that no press or post is cut mid-mail; and
 * with the primary's deadline (cluster.ts) still below the host's 30 s before SIGKILL.
 */
export const SHUTDOWN_GRACE_MS = DELIVERY_BUDGET_MS + 7_000;

/**
 * Slow and idle clients, set on purpose (Node's defaults let a client that sends its headers a
 * byte a second hold a connection for a minute, and check only every 30 s). The numbers fit both
 * ways the server runs: behind a Heroku-style router, whose 30 s request timeout starts only once
 * the whole request has reached the dyno, and directly on the internet, where nothing else cuts
 * off a slow client.
 * - headers: a browser sends them in one packet; 10 s is generous for the slowest mobile link.
 * - request: the whole request (headers and a contact post's body of at most ~100 kB) must arrive
 *   within 20 s. Node stops this clock once the body is in, so the mail's 18 s delivery budget
 *   (server/mail/transport.ts) comes after it and is not cut short.
 * - keep-alive: Router 2.0 keeps connections to the dyno open and closes them after 90 s idle;
 *   idling out later than that (Heroku's own advice) means the router always closes first, so a
 *   request it sends is never met by our close (a failed request for a visitor); a connection the
 *   router left half-open is still closed after 95 s.
 * - checking: how often Node looks for expired headers/requests (default 30 s, which would let a
 *   slow client stay up to 30 s past its limit).
 */
export const HTTP_TIMEOUTS = {
  headersTimeout: 10_000,
  requestTimeout: 20_000,
  keepAliveTimeout: 95_000,
  connectionsCheckingInterval: 1_000,
} as const;

export function runWorker(config: Config, mailKey: MailKey | null = null): void {
  const logger = createLogger(config);
  if (mailKey) logMailKey(logger, mailKey);
  if ((config.booking?.secrets.length ?? 0) > 1) logPreviousSecret(logger);
  if ((config.herCalendar?.subscriptionTokens.length ?? 0) > 1) logPreviousToken(logger);
  let services: Services;
  let app: ReturnType<typeof createApp>;
  try {
    // The composition root: every stateful service, once (server/process/services.ts); closed at shutdown.
    services = createServices(config, logger, { mailerOptions: { key: mailKey } });
    app = createApp({ config, logger, ...services });
  } catch (err) {
    console.error(`Start-up error: ${(err as Error).message}`);
    process.exit(1);
  }
  const { mailer, mailHealth, rateLimit, holds, herCalendar } = services;
  // Her calendar as the start-up line names it: the CalDAV server's host, never its address or login.
  const mine = herCalendar ? config.herCalendar : null;
  const calendarLine = mine
    ? { herCalendar: { caldav: mine.caldav?.url.host ?? null, subscription: mine.subscriptionTokens.length > 0 } }
    : {};

  // The calendar feed is read in the background from now on; its first read logs the booking line.
  services.start();

  const { keepAliveTimeout, ...timeouts } = HTTP_TIMEOUTS;
  const drain = createDrain(app);
  const server = createServer(timeouts, drain.listener);
  server.keepAliveTimeout = keepAliveTimeout;
  let stopping = false;
  // Redis gets its second to connect first, so that the first contact post is counted (and the first booking request held) too.
  void services.ready.then(() => {
    if (stopping) return;
    server.listen(config.port, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      logger.info(
        {
          port,
          env: config.env,
          mail: mailer.describe,
          rateLimit: rateLimit.describe,
          ...(holds ? { holds: holds.describe } : {}),
          ...calendarLine,
        },
        `listening on http://localhost:${port}, contact messages go to ${mailer.describe}`,
      );
      // In the background: pages are served meanwhile, and the log says within seconds whether mail works.
      mailHealth.start();
    });
  });

  server.on('error', (err) => {
    console.error(`Cannot listen on port ${config.port}: ${err.message}`);
    process.exit(1);
  });

  function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing requests in flight, taking no new ones');
    const force = setTimeout(() => {
      logger.warn(`requests still open after ${SHUTDOWN_GRACE_MS / 1000} s: closing them`);
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    drain.stop(server, () => {
      void services.close().finally(() => {
        logger.info('stopped');
        logger.flush();
        process.exit(0);
      });
    });
  }

  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/** Which key the practice's mail is encrypted to, and whether it is time to renew it. */
function logMailKey(logger: ReturnType<typeof createLogger>, key: MailKey) {
  const expires = expiryDate(key.expires);
  const fields = { key: { variable: key.variable, format: key.format, fingerprint: key.fingerprint, expires } };
  logger.info(fields, `contact mail encrypted with ${key.format} to ${key.fingerprint}, expires ${expires}`);
  for (const warning of key.warnings) logger.warn(fields, `${key.variable}: ${warning}`);
  if (keyState(key).state === 'expires-soon') {
    logger.warn(
      fields,
      `${key.variable} expires on ${expires}: renew the key and set the new one before then, or contact messages cannot be delivered`,
    );
  }
}

/** A rotation's old subscription token still opens the address: a reminder to remove it once her calendar has the new one. */
function logPreviousToken(logger: ReturnType<typeof createLogger>) {
  logger.warn(
    { variable: 'CALENDAR_SUBSCRIPTION_TOKEN_PREVIOUS' },
    'CALENDAR_SUBSCRIPTION_TOKEN_PREVIOUS is set: the previous subscription address still serves her sessions; remove it once her calendar subscribes to the new address',
  );
}

/** A rotation's old key still opens links: a reminder, at every start, to remove it once they are answered. */
function logPreviousSecret(logger: ReturnType<typeof createLogger>) {
  logger.warn(
    { variable: 'BOOKING_SECRET_PREVIOUS' },
    'BOOKING_SECRET_PREVIOUS is set: answer links sealed with the previous secret still open; remove it once the requests mailed before the rotation are answered or due (a week is enough, ten days always)',
  );
}
