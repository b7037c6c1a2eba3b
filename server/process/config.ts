import { randomBytes } from 'node:crypto';
import { accessSync, constants, readFileSync } from 'node:fs';
import path from 'node:path';
import { practice } from '../../content/practice';

// Every environment variable is read and checked here, once, at start-up. A bad value stops
// the server with one line naming the variable and what it must be.

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
  /** false only for a Redis whose TLS certificate is self-signed (Heroku's Key-Value Store). */
  redisTlsRejectUnauthorized: boolean;
  /** The practice's public key or certificate, as given (server/mail/key.ts checks it); null: plain mail. */
  mailKey: MailKeySource | null;
  /** Online booking (BOOKING_CALENDAR_URL); null: booking off, /booking shows the spec's placeholder. */
  booking: BookingConfig | null;
}

/** Where the practitioner's calendar is read from, and how (server/booking/). */
export interface BookingConfig {
  /** BOOKING_CALENDAR_URL: a secret address (never logged or sent to a browser), https only in production; or a file. */
  source: { kind: 'url'; url: URL } | { kind: 'file'; path: string };
  /** BOOKING_REFRESH_SECONDS (default 300): how often the feed is read. */
  refreshSeconds: number;
  /** BOOKING_STALE_LIMIT_MINUTES (default 30): how long the last good copy serves when the feed cannot be read. */
  staleLimitMinutes: number;
  /** BOOKING_FETCH_TIMEOUT_SECONDS (default 10): per fetch. */
  timeoutSeconds: number;
  /**
   * BOOKING_SECRET: the key of the practitioner's answer links (server/booking/decision/token.ts),
   * then BOOKING_SECRET_PREVIOUS's while a rotation's old links live. Never logged.
   */
  secrets: Buffer[];
  /** No BOOKING_SECRET outside production: one made for this start (server/process/index.ts hands it to the workers). */
  secretGenerated: boolean;
  /** BOOKING_RATE_LIMIT per BOOKING_RATE_WINDOW_MS (default 3 an hour): one visitor's requests. */
  rateLimit: number;
  rateWindowMs: number;
  /** BOOKING_SITE_LIMIT per BOOKING_SITE_WINDOW_MS (default 20 an hour): the booking mails the practice receives at most. */
  siteLimit: number;
  siteWindowMs: number;
  /**
   * BOOKING_ANSWER_RATE_LIMIT (default 20) and BOOKING_ANSWER_SITE_LIMIT (default 200; 0: none) per
   * quarter of an hour: presses of the answer page's button (and reads of the page) per address,
   * and presses the whole site acts on. She presses a few times a day.
   */
  answerRateLimit: number;
  answerSiteLimit: number;
  /** BOOKING_HOLDS_PER_VISITOR (default 1): requested times one visitor may hold at once (decision 0014). */
  holdsPerVisitor: number;
  /** BOOKING_VISITOR_SECRET: the key of the visitors' hashes in the holds store; null: a random one per process (the primary's for its workers). */
  visitorSecret: string | null;
  /** BOOKING_VIDEO_URL: the practice's video room (https), in an online session's confirmation and event; null: she sends a link herself. */
  videoUrl: string | null;
}

/** MAIL_OPENPGP_KEY or MAIL_SMIME_CERT, read from the variable itself or from the file it names. */
export interface MailKeySource {
  variable: 'MAIL_OPENPGP_KEY' | 'MAIL_SMIME_CERT';
  text: string;
}

/** SMTP_URL read into its parts. Health data leaves the server only over TLS 1.2 or newer. */
export interface SmtpConfig {
  host: string;
  port: number;
  /** smtps://: TLS from the first byte. smtp://: plain until STARTTLS, which is then required. */
  implicitTls: boolean;
  auth?: { user: string; pass: string };
  /** SMTP_INSECURE=1: a plain local test server without TLS is allowed (never in production). */
  insecure: boolean;
  /** For logs: scheme, host and port, never the user or password. */
  display: string;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return n;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function email(env: Env, name: string, fallback: string): string {
  const raw = env[name] || fallback;
  // MAIL_FROM may carry a display name: "Psykolog Aalborg <web@example.dk>".
  const address = /<([^>]*)>\s*$/.exec(raw)?.[1] ?? raw;
  if (!EMAIL.test(address) || /[\r\n]/.test(raw)) {
    throw new ConfigError(`${name} must be an email address, optionally "Name <address>" (got "${raw}")`);
  }
  return raw;
}

const SMTP_EXAMPLE = 'smtps://user:password@smtp.example.dk:465 or smtp://user:password@smtp.example.dk:587';

function smtpConfig(raw: string, insecureFlag: string | undefined, production: boolean): SmtpConfig {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`SMTP_URL must be an smtp:// or smtps:// URL, like ${SMTP_EXAMPLE}`);
  }
  if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
    throw new ConfigError(`SMTP_URL must be an smtp:// or smtps:// URL, like ${SMTP_EXAMPLE}`);
  }
  // A setting in the query (e.g. tls.rejectUnauthorized=false) could weaken TLS without anyone noticing.
  if (url.search || (url.pathname && url.pathname !== '/')) {
    throw new ConfigError('SMTP_URL takes no path or query: only scheme, user, password, host and port');
  }
  if (insecureFlag !== undefined && insecureFlag !== '' && insecureFlag !== '1') {
    throw new ConfigError(`SMTP_INSECURE must be 1 or unset (got "${insecureFlag}")`);
  }
  const insecure = insecureFlag === '1';
  if (insecure && production) {
    throw new ConfigError(
      'SMTP_INSECURE is refused in production: contact messages are health data and travel only over TLS',
    );
  }
  if (insecure && url.protocol === 'smtps:') {
    throw new ConfigError('SMTP_INSECURE applies to smtp:// only; smtps:// always uses TLS');
  }
  const implicitTls = url.protocol === 'smtps:';
  const port = url.port ? Number(url.port) : implicitTls ? 465 : 587;
  const user = decodeURIComponent(url.username);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port,
    implicitTls,
    ...(user ? { auth: { user, pass: decodeURIComponent(url.password) } } : {}),
    insecure,
    display: `${url.protocol}//${url.host}`,
  };
}

function mailKeySource(env: Env): MailKeySource | null {
  const given = (['MAIL_OPENPGP_KEY', 'MAIL_SMIME_CERT'] as const).filter((name) => env[name]);
  if (given.length > 1)
    throw new ConfigError('MAIL_OPENPGP_KEY and MAIL_SMIME_CERT are both set: set one of them (OpenPGP or S/MIME)');
  const variable = given[0];
  if (!variable) return null;
  const raw = env[variable] as string;
  // Inline (a host may turn its line breaks into "\n"), or the path of a file; never echoed.
  if (raw.includes('-----BEGIN')) return { variable, text: raw.replace(/\\n/g, '\n') };
  try {
    return { variable, text: readFileSync(raw.trim(), 'utf8') };
  } catch {
    throw new ConfigError(
      `${variable} must be ${variable === 'MAIL_OPENPGP_KEY' ? 'an ASCII-armoured OpenPGP public key' : 'a PEM certificate'} or the path of a file with one, and no such file can be read`,
    );
  }
}

/** HEALTHZ_TOKEN: long enough not to be guessed, and sendable in a header and a query as it is. */
function healthzToken(env: Env): string | null {
  const token = env.HEALTHZ_TOKEN;
  if (!token) return null;
  // Never echoed: it is a secret.
  if (!/^[A-Za-z0-9._~-]{32,256}$/.test(token)) {
    throw new ConfigError(
      'HEALTHZ_TOKEN must be 32 to 256 letters, digits or . _ ~ - (e.g. the output of `openssl rand -hex 32`)',
    );
  }
  return token;
}

const BOOKING_VARIABLES = [
  'BOOKING_SECRET',
  'BOOKING_SECRET_PREVIOUS',
  'BOOKING_REFRESH_SECONDS',
  'BOOKING_STALE_LIMIT_MINUTES',
  'BOOKING_FETCH_TIMEOUT_SECONDS',
  'BOOKING_RATE_LIMIT',
  'BOOKING_RATE_WINDOW_MS',
  'BOOKING_SITE_LIMIT',
  'BOOKING_SITE_WINDOW_MS',
  'BOOKING_ANSWER_RATE_LIMIT',
  'BOOKING_ANSWER_SITE_LIMIT',
  'BOOKING_HOLDS_PER_VISITOR',
  'BOOKING_VISITOR_SECRET',
  'BOOKING_VIDEO_URL',
];

/** BOOKING_VIDEO_URL: an https address (it goes to clients as it is); none: null. */
function videoUrl(env: Env): string | null {
  const raw = env.BOOKING_VIDEO_URL;
  if (!raw) return null;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {}
  if (url?.protocol !== 'https:' || url.username || url.password)
    throw new ConfigError(
      "BOOKING_VIDEO_URL must be an https:// address without a user or password (the practice's video room, e.g. https://meet.example.com/sara)",
    );
  return url.href;
}

/** BOOKING_VISITOR_SECRET: as HEALTHZ_TOKEN, long enough not to be guessed; never echoed. */
function visitorSecret(env: Env): string | null {
  const secret = env.BOOKING_VISITOR_SECRET;
  if (!secret) return null;
  if (!/^[A-Za-z0-9._~-]{32,256}$/.test(secret))
    throw new ConfigError(
      'BOOKING_VISITOR_SECRET must be 32 to 256 letters, digits or . _ ~ - (e.g. the output of `openssl rand -hex 32`)',
    );
  return secret;
}

const FEED_EXAMPLE = "https://calendar.example.com/…/basic.ics (the calendar's published or secret iCal address)";

const SECRET_BYTES = 32;
const SECRET_HOWTO = '`openssl rand -base64 32`';

/**
 * BOOKING_SECRET (or _PREVIOUS): at least 32 random bytes, written as hex or base64 (the output of
 * `openssl rand -base64 32` or `-hex 32`). Never echoed: it is a secret.
 */
function bookingSecret(env: Env, name: 'BOOKING_SECRET' | 'BOOKING_SECRET_PREVIOUS'): Buffer | null {
  const raw = (env[name] ?? '').trim();
  if (!raw) return null;
  const bytes = /^(?:[0-9a-f]{2})+$/i.test(raw)
    ? Buffer.from(raw, 'hex')
    : /^[A-Za-z0-9+/_-]+={0,2}$/.test(raw)
      ? Buffer.from(raw.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
      : null;
  if (!bytes || bytes.length < SECRET_BYTES) {
    throw new ConfigError(
      `${name} must be at least ${SECRET_BYTES} random bytes written as hex or base64 (make one with ${SECRET_HOWTO})`,
    );
  }
  return bytes;
}

/** BOOKING_CALENDAR_URL and its companions. The address is a secret: no message here repeats it. */
function bookingConfig(env: Env, production: boolean): BookingConfig | null {
  const raw = (env.BOOKING_CALENDAR_URL ?? '').trim();
  // The hold now lasts exactly as long as the page promises (decision 0024): a number here could only make it a lie.
  if (env.BOOKING_HOLD_HOURS)
    throw new ConfigError(
      "BOOKING_HOLD_HOURS is no longer read: a requested time is held until the practitioner's answer is due (content/booking.ts, confirmWithinWorkingDays working days); remove the variable",
    );
  if (!raw) {
    const stray = BOOKING_VARIABLES.find((name) => env[name]);
    if (stray) throw new ConfigError(`${stray} only applies to online booking, and BOOKING_CALENDAR_URL is not set`);
    return null;
  }
  let source: BookingConfig['source'];
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new ConfigError(
        `BOOKING_CALENDAR_URL must be an https:// address of an iCalendar feed, like ${FEED_EXAMPLE}`,
      );
    }
    // Outlook and iCloud hand out webcal:// addresses: the same feed over https.
    if (url.protocol === 'webcal:') url = new URL(`https:${raw.trim().slice('webcal:'.length)}`);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new ConfigError(
        `BOOKING_CALENDAR_URL must be an https:// address of an iCalendar feed, like ${FEED_EXAMPLE}`,
      );
    }
    if (url.protocol === 'http:' && production) {
      throw new ConfigError(
        "BOOKING_CALENDAR_URL must be https:// in production: the address and the calendar are the practitioner's",
      );
    }
    if (url.username || url.password) {
      throw new ConfigError(
        "BOOKING_CALENDAR_URL must not carry a user name or password: use the calendar's published (secret) address",
      );
    }
    source = { kind: 'url', url };
  } else {
    if (production) {
      throw new ConfigError(
        'BOOKING_CALENDAR_URL must be an https:// address in production; a file path is for trying booking locally',
      );
    }
    const file = path.resolve(raw);
    try {
      accessSync(file, constants.R_OK);
    } catch {
      throw new ConfigError(
        `BOOKING_CALENDAR_URL is neither an https:// address nor a file that can be read (e.g. docs/sample-calendar.ics)`,
      );
    }
    source = { kind: 'file', path: file };
  }
  const refreshSeconds = integer(env, 'BOOKING_REFRESH_SECONDS', 300, 30, 3600);
  const staleLimitMinutes = integer(env, 'BOOKING_STALE_LIMIT_MINUTES', 30, 1, 24 * 60);
  // Otherwise even a feed that never fails would be too old between two reads.
  if (staleLimitMinutes * 60 <= refreshSeconds) {
    throw new ConfigError(
      `BOOKING_STALE_LIMIT_MINUTES (${staleLimitMinutes}) must be longer than BOOKING_REFRESH_SECONDS (${refreshSeconds} s)`,
    );
  }
  const secret = bookingSecret(env, 'BOOKING_SECRET');
  const previous = bookingSecret(env, 'BOOKING_SECRET_PREVIOUS');
  if (!secret && production) {
    throw new ConfigError(
      `BOOKING_SECRET must be set in production when booking is on: it keeps the practitioner's answer links (make one with ${SECRET_HOWTO})`,
    );
  }
  if (!secret && previous) throw new ConfigError('BOOKING_SECRET_PREVIOUS only applies beside a BOOKING_SECRET');
  return {
    source,
    secrets: [secret ?? randomBytes(SECRET_BYTES), ...(previous ? [previous] : [])],
    secretGenerated: !secret,
    refreshSeconds,
    staleLimitMinutes,
    timeoutSeconds: integer(env, 'BOOKING_FETCH_TIMEOUT_SECONDS', 10, 1, 60),
    rateLimit: integer(env, 'BOOKING_RATE_LIMIT', 3, 1, 10000),
    rateWindowMs: integer(env, 'BOOKING_RATE_WINDOW_MS', 60 * 60 * 1000, 1000, 24 * 60 * 60 * 1000),
    siteLimit: integer(env, 'BOOKING_SITE_LIMIT', 20, 0, 1_000_000),
    siteWindowMs: integer(env, 'BOOKING_SITE_WINDOW_MS', 60 * 60 * 1000, 1000, 24 * 60 * 60 * 1000),
    answerRateLimit: integer(env, 'BOOKING_ANSWER_RATE_LIMIT', 20, 1, 10000),
    answerSiteLimit: integer(env, 'BOOKING_ANSWER_SITE_LIMIT', 200, 0, 1_000_000),
    holdsPerVisitor: integer(env, 'BOOKING_HOLDS_PER_VISITOR', 1, 1, 100),
    visitorSecret: visitorSecret(env),
    videoUrl: videoUrl(env),
  };
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = env.NODE_ENV || 'development';
  if (nodeEnv !== 'development' && nodeEnv !== 'production' && nodeEnv !== 'test') {
    throw new ConfigError(`NODE_ENV must be development, production or test (got "${nodeEnv}")`);
  }
  const production = nodeEnv === 'production';
  const port = integer(env, 'PORT', 3000, 0, 65535);

  const baseUrl = (env.BASE_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  let parsed: URL | null = null;
  try {
    parsed = new URL(baseUrl);
  } catch {
    parsed = null;
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.pathname !== '/' || parsed.search) {
    throw new ConfigError(
      `BASE_URL must be an absolute http(s) URL with no path, like https://www.example.dk (got "${env.BASE_URL}")`,
    );
  }

  const smtp = env.SMTP_URL ? smtpConfig(env.SMTP_URL, env.SMTP_INSECURE, production) : null;
  if (!smtp && production) {
    throw new ConfigError('SMTP_URL must be set in production: contact messages cannot be delivered without it');
  }
  if (!smtp && env.SMTP_INSECURE) {
    throw new ConfigError('SMTP_INSECURE only applies to an smtp:// SMTP_URL, and none is set');
  }

  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);
  }

  const redisUrl = env.REDIS_URL || null;
  if (redisUrl !== null) {
    let url: URL | null = null;
    try {
      url = new URL(redisUrl);
      decodeURIComponent(url.password); // the Redis client decodes it: a stray % would throw there
    } catch {
      url = null;
    }
    // Never echo the value: it carries the password.
    if (
      !url ||
      (url.protocol !== 'redis:' && url.protocol !== 'rediss:') ||
      !url.hostname ||
      !/^\/?\d*$/.test(url.pathname) ||
      url.search
    ) {
      throw new ConfigError(
        'REDIS_URL must be a redis:// or rediss:// URL, like rediss://:password@redis.example.com:6379',
      );
    }
  }
  const tlsVerify = env.REDIS_TLS_REJECT_UNAUTHORIZED || '1';
  if (tlsVerify !== '0' && tlsVerify !== '1') {
    throw new ConfigError(
      `REDIS_TLS_REJECT_UNAUTHORIZED must be 1 (verify Redis's certificate) or 0 (accept a self-signed one) (got "${tlsVerify}")`,
    );
  }

  // A Heroku-style host sets WEB_CONCURRENCY from the dyno's size; beyond 64 it is a mistake.
  const webConcurrency = integer(env, 'WEB_CONCURRENCY', 1, 1, 64);
  // What must be remembered or shared lives in Redis, never in one process's memory (decision 0028).
  if (webConcurrency > 1 && !redisUrl) {
    throw new ConfigError(
      `REDIS_URL must be set when WEB_CONCURRENCY is above 1 (got ${webConcurrency}): the workers share the forms' limits, held times and used answer links only through Redis (or set WEB_CONCURRENCY=1)`,
    );
  }
  const booking = bookingConfig(env, production);
  if (booking && production && !redisUrl) {
    throw new ConfigError(
      'REDIS_URL must be set in production when booking is on: held and confirmed times and used answer links must outlive a restart (decision 0028)',
    );
  }

  return {
    port,
    env: nodeEnv,
    production,
    baseUrl,
    trustProxy: integer(env, 'TRUST_PROXY', 0, 0, 10),
    smtp,
    mailTo: email(env, 'MAIL_TO', practice.email),
    mailFrom: email(env, 'MAIL_FROM', practice.email),
    outboxDir: path.resolve(env.OUTBOX_DIR || 'var/outbox'),
    logLevel,
    contactRateLimit: integer(env, 'CONTACT_RATE_LIMIT', 5, 1, 10000),
    contactRateWindowMs: integer(env, 'CONTACT_RATE_WINDOW_MS', 15 * 60 * 1000, 1000, 24 * 60 * 60 * 1000),
    contactSiteLimit: integer(env, 'CONTACT_SITE_LIMIT', 100, 0, 1_000_000),
    contactSiteWindowMs: integer(env, 'CONTACT_SITE_WINDOW_MS', 60 * 60 * 1000, 1000, 24 * 60 * 60 * 1000),
    healthzToken: healthzToken(env),
    webConcurrency,
    redisUrl,
    redisTlsRejectUnauthorized: tlsVerify === '1',
    mailKey: mailKeySource(env),
    booking,
  };
}
