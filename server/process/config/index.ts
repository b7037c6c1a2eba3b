import path from 'node:path';
import { practice } from '../../../content/practice';
import { MINUTE_MS } from '../../../views/days';
import { bookingConfig, type BookingConfig } from './booking';
import { editorConfig, type EditorConfig } from './editor';
import { herCalendarConfig, type HerCalendarConfig } from './herCalendar';
import { ConfigError, email, integer, token, urlOf, windowMs, type Env } from './parse';
import { redisSettings } from './redis';
import { mailKeySource, smtpConfig, type MailKeySource, type SmtpConfig } from './smtp';

export type { BookingConfig } from './booking';
export type { EditorConfig, EditorLogin } from './editor';
export { herCalendarWay, type CaldavAccount, type HerCalendarConfig } from './herCalendar';
export { ConfigError } from './parse';
export type { MailKeySource, SmtpConfig } from './smtp';

// Every environment variable is read and checked here, once, at start-up. A bad value stops
// the server with one line naming the variable and what it must be. Each part reads its own:
// mail (smtp.ts), Redis and the workers (redis.ts), booking (booking.ts), her calendar (herCalendar.ts);
// parse.ts has the readers.

export interface Config {
  port: number;
  env: 'development' | 'production' | 'test';
  production: boolean;
  baseUrl: string;
  /** Number of proxy hops in front of the app (0: none, trust no X-Forwarded-* header). */
  trustProxy: number;
  /** Where contact messages are delivered; null: the outbox folder (never in production). */
  smtp: SmtpConfig | null;
  mailTo: string;
  mailFrom: string;
  outboxDir: string;
  logLevel: string;
  contactRateLimit: number;
  contactRateWindowMs: number;
  /** Messages the whole site takes per window, from all visitors together (0: no such cap). */
  contactSiteLimit: number;
  contactSiteWindowMs: number;
  /** The operator's token for /healthz's details and /healthz/mail's (null: nobody gets them). */
  healthzToken: string | null;
  // Scaling out (server/process/cluster.ts, server/store/).
  /** Worker processes on this machine; 1 runs no separate primary. */
  webConcurrency: number;
  /** The Redis the stores share across processes, machines and restarts: the forms' limits, booking's holds and used links (null: none; required with booking in production and with several workers). */
  redisUrl: string | null;
  /** false only for a Redis whose TLS certificate is self-signed (Heroku's Key-Value Store) and no REDIS_TLS_CA can be had. */
  redisTlsRejectUnauthorized: boolean;
  /** REDIS_TLS_CA: the provider's CA (PEM) that Redis's certificate is verified with; null: the usual authorities. */
  redisTlsCa: string | null;
  /** The practice's public key or certificate, as given (server/mail/key.ts checks it); null: plain mail. */
  mailKey: MailKeySource | null;
  /** Online booking (BOOKING_CALENDAR_URL); null: booking off, /booking shows the spec's placeholder. */
  booking: BookingConfig | null;
  /** Her own calendar kept by the site (CALDAV_URL, CALENDAR_SUBSCRIPTION_TOKEN); null: neither (server/booking/herCalendar/). */
  herCalendar: HerCalendarConfig | null;
  /** The owner's editor at /admin/ and her GitHub login (server/http/editor.ts); null: none is served (production without EDITOR_REPO). */
  editor: EditorConfig | null;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = env.NODE_ENV || 'development';
  if (nodeEnv !== 'development' && nodeEnv !== 'production' && nodeEnv !== 'test') {
    throw new ConfigError(`NODE_ENV must be development, production or test (got "${nodeEnv}")`);
  }
  const production = nodeEnv === 'production';
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const baseUrl = (env.BASE_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  const parsed = urlOf(baseUrl);
  if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.pathname !== '/' || parsed.search) {
    throw new ConfigError(
      `BASE_URL must be an absolute http(s) URL with no path, like https://www.example.dk (got "${env.BASE_URL}")`,
    );
  }
  const smtp = smtpConfig(env, production);
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);
  }
  const redis = redisSettings(env);
  const booking = bookingConfig(env, production);
  const trustProxy = trustedProxies(env, production);
  if (booking && production && !redis.redisUrl) {
    throw new ConfigError(
      'REDIS_URL must be set in production when booking is on: held and confirmed times and used answer links must outlive a restart (decision 0028)',
    );
  }
  return {
    port,
    env: nodeEnv,
    production,
    baseUrl,
    trustProxy,
    smtp,
    mailTo: email(env, 'MAIL_TO', practice.email),
    mailFrom: email(env, 'MAIL_FROM', practice.email),
    outboxDir: path.resolve(env.OUTBOX_DIR || 'var/outbox'),
    logLevel,
    contactRateLimit: integer(env, 'CONTACT_RATE_LIMIT', 5, 1, 10000),
    contactRateWindowMs: windowMs(env, 'CONTACT_RATE_WINDOW_MS', 15 * MINUTE_MS),
    contactSiteLimit: integer(env, 'CONTACT_SITE_LIMIT', 100, 0, 1_000_000),
    contactSiteWindowMs: windowMs(env, 'CONTACT_SITE_WINDOW_MS', 60 * MINUTE_MS),
    healthzToken: token(env, 'HEALTHZ_TOKEN'),
    ...redis,
    mailKey: mailKeySource(env),
    booking,
    herCalendar: herCalendarConfig(env, production, booking),
    editor: editorConfig(env, production, parsed),
  };
}

/**
 * TRUST_PROXY, the proxies in front that append to X-Forwarded-For. A Heroku-style host runs
 * every process behind its router and says so with DYNO (web.1, release.3): there, in
 * production, 0 would make the router's address every visitor's, so that one visitor's limit is
 * the whole site's, and plain http would never be moved to https (decision 0055).
 */
function trustedProxies(env: Env, production: boolean): number {
  const trustProxy = integer(env, 'TRUST_PROXY', 0, 0, 10);
  if (production && trustProxy === 0 && env.DYNO)
    throw new ConfigError(
      `TRUST_PROXY must be 1 or more in production behind a Heroku-style router (DYNO is set): without it every visitor has the router's address, so the forms' limits count the whole site as one visitor (docs/operations.md#behind-proxies-trust_proxy)`,
    );
  return trustProxy;
}
