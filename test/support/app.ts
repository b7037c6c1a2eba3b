import { Writable } from 'node:stream';
import pino from 'pino';
import { loadConfig, type Config } from '../../server/process/config';
import { createApp } from '../../server/http/app';
import { createServices, type ServiceOverrides, type Services } from '../../server/process/services';
import { createPageCompression, type PageCompression } from '../../server/http/pageCompression';
import type { Mailer } from '../../server/mail/transport';
import type { MailKey } from '../../server/mail/key';
import { OPERATOR_TOKEN } from './operator';
import { testCert } from './tls';
import type { BookingCalendar } from '../../server/booking/calendar';

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
 * Every app's page compression: a page's best (brotli 11) compression runs on in the background
 * after its answer, and a jest worker whose test file ended while one still ran was reported as
 * "failed to exit gracefully". Each test file waits for them at its end, and closes the services
 * its apps were built with.
 */
const compressions: PageCompression[] = [];
const built: Services[] = [];
afterAll(async () => {
  await Promise.all(compressions.map((c) => c.idle()));
  await Promise.all(built.splice(0).map((s) => s.close()));
});

/**
 * The services as production's composition root builds them (server/process/services.ts), with
 * what the test gives instead (a mailer, a calendar, a clock, a Redis client); a mailer built here
 * trusts the tests' certificate. Closed at the end of the test file: a service added to
 * createServices reaches every test's app through here (decision 0029).
 */
export function testServices(config: Config, logger: pino.Logger, overrides: ServiceOverrides = {}): Services {
  const services = createServices(config, logger, {
    ...overrides,
    mailerOptions: { ca: testCert(), ...overrides.mailerOptions },
  });
  built.push(services);
  return services;
}

/** What a test may give an app instead of what the composition root builds. */
export interface AppOptions extends ServiceOverrides {
  config: Config;
  logger: pino.Logger;
  /** Compressed pages kept across requests; a test passes its own to look inside. */
  pageCompression?: PageCompression;
}

/** createApp on testServices: the app as the worker builds it, with what the test gives instead. */
export function appWith({ config, logger, pageCompression = createPageCompression(), ...overrides }: AppOptions) {
  compressions.push(pageCompression);
  return createApp({ ...testServices(config, logger, overrides), config, logger, pageCompression });
}

/**
 * The app as the server builds it from `env`, logging into `logs`. `key`: the practice's key, as
 * server/mail/key.ts loaded it; `now`: the clock its expiry is checked against and booking reads.
 * `calendar`: the calendar to use (a test's own, null: booking off); by default one reading
 * BOOKING_CALENDAR_URL from `env`, started (closed with the file's services; a test may stop it).
 */
export function makeApp(
  options: {
    env?: Record<string, string>;
    mailer?: Mailer;
    key?: MailKey;
    now?: () => Date;
    calendar?: BookingCalendar | null;
  } = {},
) {
  const config = testConfig(options.env);
  const { logger, logs } = captureLogs();
  const services = testServices(config, logger, {
    ...(options.mailer ? { mailer: options.mailer } : {}),
    mailerOptions: { key: options.key ?? null, ...(options.now ? { now: options.now } : {}) },
    ...(options.calendar !== undefined ? { calendar: options.calendar } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  services.start();
  const pageCompression = createPageCompression();
  compressions.push(pageCompression);
  const app = createApp({ ...services, config, logger, pageCompression });
  return { app, config, logs, mailer: services.mailer, calendar: services.calendar, services };
}
