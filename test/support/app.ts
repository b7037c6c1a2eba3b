import { Writable } from 'node:stream';
import pino from 'pino';
import { loadConfig, type Config } from '../../server/process/config';
import { createApp, type AppDeps } from '../../server/http/app';
import { createMailHealth } from '../../server/mail/health';
import { createRateLimitStore } from '../../server/store/rateLimit';
import { holdUntil } from '../../server/booking/answerWindow';
import { createHoldStore } from '../../server/store/holds';
import { createPageCompression, type PageCompression } from '../../server/http/pageCompression';
import { createMailer, type Mailer } from '../../server/mail/transport';
import type { MailKey } from '../../server/mail/key';
import { OPERATOR_TOKEN } from './operator';
import { testCert } from './tls';
import { createUsedLinks } from '../../server/store/usedLinks';
import { createBookingCalendar, type BookingCalendar } from '../../server/booking/calendar';

export { asOperator } from './operator';

/** A config as the server would read it from this environment. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', HEALTHZ_TOKEN: OPERATOR_TOKEN, ...env });
}

/** Every log line the app writes, parsed, for asserting what reaches an operator. */
export interface LogCapture {
  readonly lines: Record<string, unknown>[];
  text: () => string;
}

export function captureLogs(): { logger: pino.Logger; logs: LogCapture } {
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      raw.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const logger = pino({ level: 'info', base: undefined }, stream);
  return {
    logger,
    logs: {
      get lines() {
        return raw.map((l) => JSON.parse(l) as Record<string, unknown>);
      },
      text: () => raw.join('\n'),
    },
  };
}

/**
 * The app as the server builds it, logging into `logs`; its mailer trusts the tests' certificate.
 * `key`: the practice's key, as server/mail/key.ts loaded it; `now`: the clock its expiry is
 * checked against. `booking`: the calendar to use (a test's own); by default one reading
 * BOOKING_CALENDAR_URL from `env`, started (the test stops it).
 */
export function makeApp(
  options: {
    env?: Record<string, string>;
    mailer?: Mailer;
    key?: MailKey;
    now?: () => Date;
    booking?: BookingCalendar | null;
  } = {},
) {
  const config = testConfig(options.env);
  const { logger, logs } = captureLogs();
  const mailer =
    options.mailer ??
    createMailer(config, { ca: testCert(), key: options.key ?? null, ...(options.now ? { now: options.now } : {}) });
  const booking =
    options.booking !== undefined
      ? options.booking
      : config.booking
        ? createBookingCalendar(config.booking, logger)
        : null;
  if (options.booking === undefined) booking?.start();
  const app = appWith({ config, logger, mailer, booking });
  return { app, config, logs, mailer, booking };
}

/**
 * Every app's page compression: a page's best (brotli 11) compression runs on in the background
 * after its answer, and a jest worker whose test file ended while one still ran was reported as
 * "failed to exit gracefully". Each test file waits for them at its end.
 */
const compressions: PageCompression[] = [];
afterAll(() => Promise.all(compressions.map((c) => c.idle())));

/**
 * createApp with the services a test did not pass built as the worker would (a test's mailer
 * trusts the tests' certificate); booking only with the calendar a test passes, its holds in
 * memory unless given. What a test passes, it closes.
 */
export function appWith(deps: Pick<AppDeps, 'config' | 'logger'> & Partial<AppDeps>) {
  const { config, logger } = deps;
  const pageCompression = deps.pageCompression ?? createPageCompression();
  compressions.push(pageCompression);
  const mailer = deps.mailer ?? createMailer(config, { ca: testCert() });
  const booking = deps.booking ?? null;
  return createApp({
    ...deps,
    pageCompression,
    mailer,
    mailHealth: deps.mailHealth ?? createMailHealth(mailer, logger),
    rateLimit: deps.rateLimit ?? createRateLimitStore(config, logger),
    booking,
    holds: deps.holds ?? (booking && config.booking ? createHoldStore(config, holdUntil, logger) : null),
    usedLinks: deps.usedLinks ?? (booking && config.booking ? createUsedLinks(config) : null),
  });
}
