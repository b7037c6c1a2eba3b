import { hkdfSync, randomBytes } from 'node:crypto';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { HOUR_MS } from '../../../views/days';
import { ConfigError, integer, token, urlOf, windowMs, type Env } from './parse';

// Online booking: where the practitioner's calendar is read from (BOOKING_CALENDAR_URL, a secret
// address no message here repeats), the answer links' keys, and booking's limits.

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
   * BOOKING_CALENDAR_OWNER: her addresses in the calendar (lower case), so that an invitation she
   * has not accepted or has declined is not busy (server/booking/feed/invitation.ts); empty: the
   * feed may say (Google's X-WR-CALNAME), else every invitation is busy.
   */
  owner: string[];
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
  /**
   * The key of the visitors' hashes in the holds store: BOOKING_VISITOR_SECRET, or else one derived
   * from BOOKING_SECRET, so that one visitor's holds count as one on every worker and machine and
   * through a restart (the cap of one waiting request is no limit a restart resets).
   */
  visitorSecret: string;
  /** BOOKING_VIDEO_URL: the practice's video room (https), in an online session's confirmation and event; null: she sends a link herself. */
  videoUrl: string | null;
}

const BOOKING_VARIABLES = [
  'BOOKING_SECRET',
  'BOOKING_SECRET_PREVIOUS',
  'BOOKING_REFRESH_SECONDS',
  'BOOKING_STALE_LIMIT_MINUTES',
  'BOOKING_FETCH_TIMEOUT_SECONDS',
  'BOOKING_CALENDAR_OWNER',
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

const FEED_EXAMPLE = "https://calendar.example.com/…/basic.ics (the calendar's published or secret iCal address)";
const SECRET_BYTES = 32;
/** The least number of different byte values in BOOKING_SECRET's bytes. */
const SECRET_MIN_VALUES = 16;
const SECRET_HOWTO = '`openssl rand -base64 32`';

/** BOOKING_CALENDAR_URL and its companions; null: booking off. */
export function bookingConfig(env: Env, production: boolean): BookingConfig | null {
  const raw = (env.BOOKING_CALENDAR_URL ?? '').trim();
  if (!raw) {
    const stray = BOOKING_VARIABLES.find((name) => env[name]);
    if (stray) throw new ConfigError(`${stray} only applies to online booking, and BOOKING_CALENDAR_URL is not set`);
    return null;
  }
  const source = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? feedUrl(raw, production) : feedFile(raw, production);
  const refreshSeconds = integer(env, 'BOOKING_REFRESH_SECONDS', 300, 30, 3600);
  const staleLimitMinutes = integer(env, 'BOOKING_STALE_LIMIT_MINUTES', 30, 1, 24 * 60);
  // Otherwise even a feed that never fails would be too old between two reads.
  if (staleLimitMinutes * 60 <= refreshSeconds) {
    throw new ConfigError(
      `BOOKING_STALE_LIMIT_MINUTES (${staleLimitMinutes}) must be longer than BOOKING_REFRESH_SECONDS (${refreshSeconds} s)`,
    );
  }
  const linkSecrets = secrets(env, production);
  return {
    source,
    ...linkSecrets,
    refreshSeconds,
    staleLimitMinutes,
    timeoutSeconds: integer(env, 'BOOKING_FETCH_TIMEOUT_SECONDS', 10, 1, 60),
    owner: calendarOwner(env),
    rateLimit: integer(env, 'BOOKING_RATE_LIMIT', 3, 1, 10000),
    rateWindowMs: windowMs(env, 'BOOKING_RATE_WINDOW_MS', HOUR_MS),
    siteLimit: integer(env, 'BOOKING_SITE_LIMIT', 20, 0, 1_000_000),
    siteWindowMs: windowMs(env, 'BOOKING_SITE_WINDOW_MS', HOUR_MS),
    answerRateLimit: integer(env, 'BOOKING_ANSWER_RATE_LIMIT', 20, 1, 10000),
    answerSiteLimit: integer(env, 'BOOKING_ANSWER_SITE_LIMIT', 200, 0, 1_000_000),
    holdsPerVisitor: integer(env, 'BOOKING_HOLDS_PER_VISITOR', 1, 1, 100),
    visitorSecret: token(env, 'BOOKING_VISITOR_SECRET') ?? derivedVisitorSecret(linkSecrets.secrets[0] as Buffer),
    videoUrl: videoUrl(env),
  };
}

/** A key of its own for the visitors' hashes, from the links' key (HKDF): neither reveals the other. */
const derivedVisitorSecret = (linkSecret: Buffer) =>
  Buffer.from(hkdfSync('sha256', linkSecret, Buffer.alloc(0), 'psykolog-aalborg booking visitor ids', 32)).toString(
    'hex',
  );

/** The feed's web address (webcal:// read as https://). */
function feedUrl(raw: string, production: boolean): BookingConfig['source'] {
  let url = urlOf(raw);
  // Outlook and iCloud hand out webcal:// addresses: the same feed over https.
  if (url?.protocol === 'webcal:') url = new URL(`https:${raw.trim().slice('webcal:'.length)}`);
  if (url?.protocol !== 'https:' && url?.protocol !== 'http:') {
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
  return { kind: 'url', url };
}

/** A feed in a file, for trying booking locally. */
function feedFile(raw: string, production: boolean): BookingConfig['source'] {
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
  return { kind: 'file', path: file };
}

/** The answer links' keys: BOOKING_SECRET (one made for this start outside production), then BOOKING_SECRET_PREVIOUS's. */
function secrets(env: Env, production: boolean): Pick<BookingConfig, 'secrets' | 'secretGenerated'> {
  const secret = bookingSecret(env, 'BOOKING_SECRET');
  const previous = bookingSecret(env, 'BOOKING_SECRET_PREVIOUS');
  if (!secret && production) {
    throw new ConfigError(
      `BOOKING_SECRET must be set in production when booking is on: it keeps the practitioner's answer links (make one with ${SECRET_HOWTO})`,
    );
  }
  if (!secret && previous) throw new ConfigError('BOOKING_SECRET_PREVIOUS only applies beside a BOOKING_SECRET');
  return {
    secrets: [secret ?? randomBytes(SECRET_BYTES), ...(previous ? [previous] : [])],
    secretGenerated: !secret,
  };
}

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
  // 32 random bytes have fewer than 16 different values once in 10^16 draws; a repeated
  // character or pattern has a handful (decision 0055).
  if (new Set(bytes).size < SECRET_MIN_VALUES) {
    throw new ConfigError(
      `${name} is not random: its ${bytes.length} bytes have only ${new Set(bytes).size} different values, a random one has about 30 (make one with ${SECRET_HOWTO})`,
    );
  }
  return bytes;
}

/** BOOKING_CALENDAR_OWNER: one or more addresses, separated by commas, as the calendar writes them (a mailto: before each allowed). */
function calendarOwner(env: Env): string[] {
  const raw = (env.BOOKING_CALENDAR_OWNER ?? '').trim();
  if (!raw) return [];
  const addresses = raw.split(',').map((a) =>
    a
      .trim()
      .replace(/^mailto:/i, '')
      .toLowerCase(),
  );
  if (!addresses.every((a) => /^[^\s@,;:<>"]+@[^\s@,;:<>"]+\.[^\s@,;:<>"]+$/.test(a)))
    throw new ConfigError(
      "BOOKING_CALENDAR_OWNER must be the calendar's owner's email address (several separated by commas), as her invitations name her, e.g. praksis@example.dk",
    );
  return addresses;
}

/** BOOKING_VIDEO_URL: an https address (it goes to clients as it is); none: null. */
function videoUrl(env: Env): string | null {
  const raw = env.BOOKING_VIDEO_URL;
  if (!raw) return null;
  const url = urlOf(raw);
  if (url?.protocol !== 'https:' || url.username || url.password)
    throw new ConfigError(
      "BOOKING_VIDEO_URL must be an https:// address without a user or password (the practice's video room, e.g. https://meet.example.com/sara)",
    );
  return url.href;
}
