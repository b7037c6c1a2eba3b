import type { BookingConfig } from './booking';
import { ConfigError, token, urlOf, type Env } from './parse';

// Her own calendar kept by the site (server/booking/herCalendar/): written over CalDAV
// (CALDAV_URL, CALDAV_USERNAME, CALDAV_PASSWORD), and/or served at a secret subscription address
// (CALENDAR_SUBSCRIPTION_TOKEN, with CALENDAR_SUBSCRIPTION_TOKEN_PREVIOUS during a rotation).
// Both off until set; both need booking on. No message here repeats the password or a token.

/** A CalDAV calendar collection and the login that may write to it. */
export interface CaldavAccount {
  /** CALDAV_URL: the calendar collection, ending in '/'; never with a user or password in it. */
  url: URL;
  username: string;
  /** CALDAV_PASSWORD: an app password. Never logged, never in a URL. */
  password: string;
}

export interface HerCalendarConfig {
  /** Written over CalDAV; null: not written. */
  caldav: CaldavAccount | null;
  /** The subscription address's tokens: the current one, then the previous one during a rotation; empty: no address. */
  subscriptionTokens: string[];
  /** Who the calendar provider is, as the privacy policy names it (a processor). */
  provider: string;
}

const CALDAV_VARIABLES = ['CALDAV_URL', 'CALDAV_USERNAME', 'CALDAV_PASSWORD'] as const;
const OWN_VARIABLES = [
  ...CALDAV_VARIABLES,
  'CALENDAR_SUBSCRIPTION_TOKEN',
  'CALENDAR_SUBSCRIPTION_TOKEN_PREVIOUS',
  'CALENDAR_PROVIDER',
];

/** The providers the policy can name from CALDAV_URL's host alone. */
const KNOWN_HOSTS: [RegExp, string][] = [
  [/(^|\.)icloud\.com$/, 'Apple (iCloud)'],
  [/(^|\.)fastmail\.com$/, 'Fastmail'],
];

/** How the site keeps her calendar besides reading it: the privacy policy, her answer page and her request mail say it. */
export function herCalendarWay(c: HerCalendarConfig | null): 'none' | 'caldav' | 'subscription' | 'both' {
  if (!c) return 'none';
  const subscription = c.subscriptionTokens.length > 0;
  return c.caldav ? (subscription ? 'both' : 'caldav') : 'subscription';
}

/** Her calendar's settings; null: the site neither writes her calendar nor serves the address. */
export function herCalendarConfig(
  env: Env,
  production: boolean,
  booking: BookingConfig | null,
): HerCalendarConfig | null {
  const set = OWN_VARIABLES.filter((name) => env[name]);
  if (set.length === 0) return null;
  if (!booking) throw new ConfigError(`${set[0]} only applies to online booking, and BOOKING_CALENDAR_URL is not set`);
  const caldav = caldavAccount(env, production);
  const subscriptionTokens = [
    token(env, 'CALENDAR_SUBSCRIPTION_TOKEN'),
    token(env, 'CALENDAR_SUBSCRIPTION_TOKEN_PREVIOUS'),
  ].filter((t): t is string => t !== null);
  if (env.CALENDAR_SUBSCRIPTION_TOKEN_PREVIOUS && !env.CALENDAR_SUBSCRIPTION_TOKEN)
    throw new ConfigError('CALENDAR_SUBSCRIPTION_TOKEN_PREVIOUS only applies beside a CALENDAR_SUBSCRIPTION_TOKEN');
  if (subscriptionTokens.length === 2 && subscriptionTokens[0] === subscriptionTokens[1])
    throw new ConfigError('CALENDAR_SUBSCRIPTION_TOKEN_PREVIOUS must differ from CALENDAR_SUBSCRIPTION_TOKEN');
  if (!caldav && subscriptionTokens.length === 0)
    throw new ConfigError('CALENDAR_PROVIDER only applies beside CALDAV_URL or CALENDAR_SUBSCRIPTION_TOKEN');
  return { caldav, subscriptionTokens, provider: providerOf(env, caldav) };
}

/** CALDAV_URL, CALDAV_USERNAME and CALDAV_PASSWORD: all three or none. */
function caldavAccount(env: Env, production: boolean): CaldavAccount | null {
  const given = CALDAV_VARIABLES.filter((name) => env[name]);
  if (given.length === 0) return null;
  const missing = CALDAV_VARIABLES.find((name) => !env[name]);
  if (missing)
    throw new ConfigError(`${missing} must be set beside ${given.join(' and ')}: writing her calendar needs all three`);
  const url = urlOf((env.CALDAV_URL as string).trim());
  if (url?.protocol !== 'https:' && !(url?.protocol === 'http:' && !production))
    throw new ConfigError(
      'CALDAV_URL must be the https:// address of her calendar collection, like https://caldav.fastmail.com/dav/calendars/user/sara@example.dk/<calendar-id>/ (docs/operations.md, Her calendar)',
    );
  if (url.username || url.password || url.search || url.hash)
    throw new ConfigError(
      'CALDAV_URL must be the bare address of the calendar collection: no user name or password (CALDAV_USERNAME and CALDAV_PASSWORD hold them), no query',
    );
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  const username = (env.CALDAV_USERNAME as string).trim();
  const password = env.CALDAV_PASSWORD as string;
  if (/[\r\n:]/.test(username) || /[\r\n]/.test(password))
    throw new ConfigError('CALDAV_USERNAME must not contain a colon or a line break, nor CALDAV_PASSWORD a line break');
  return { url, username, password };
}

/** CALENDAR_PROVIDER, or the provider CALDAV_URL's host names; the subscription's reader cannot be told, so it must be named. */
function providerOf(env: Env, caldav: CaldavAccount | null): string {
  const named = (env.CALENDAR_PROVIDER ?? '').trim();
  if (named) {
    if (named.length > 80 || /[\p{Cc}<>{}]/u.test(named))
      throw new ConfigError('CALENDAR_PROVIDER must be a short name on one line, like "Google (Google Kalender)"');
    return named;
  }
  if (!caldav)
    throw new ConfigError(
      'CALENDAR_PROVIDER must be set beside CALENDAR_SUBSCRIPTION_TOKEN: the calendar service that reads the address (e.g. "Google" or "Microsoft (Outlook)"), which the privacy policy names as a processor',
    );
  const host = caldav.url.hostname;
  return KNOWN_HOSTS.find(([pattern]) => pattern.test(host))?.[1] ?? host;
}
