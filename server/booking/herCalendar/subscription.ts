import { createHash, timingSafeEqual } from 'node:crypto';
import express from 'express';
import { perVisitorReads } from '../../forms/limits';
import type { RateLimitStore } from '../../store/rateLimit';
import { HOUR_MS } from '../../../views/days';

// The private subscription address (CALENDAR_SUBSCRIPTION_TOKEN): her confirmed sessions from now
// on as an iCalendar feed, for the calendars the site cannot write without an OAuth app of its
// own (Google Calendar, Outlook), which she adds once by URL. The token is compared as SHA-256
// digests in constant time against every configured token (the current one and, during a
// rotation, the previous one); any other address under /kalender/ is the site's plain 404, saying
// nothing. Every read is counted per address like the answer page's, so guessing costs the
// guesser. Never stored by a cache, never indexed; the request log shows the path without the token.

/** Where the address lives: /kalender/<token>.ics. */
export const SUBSCRIPTION_PATH = '/kalender/';
/** Reads per address in the window: a calendar app asks every few minutes at most. */
const READS = { limit: 60, windowMs: HOUR_MS };

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether `given` is one of `tokens`, every one compared in full, in constant time. */
function matches(given: string, tokens: readonly Buffer[]): boolean {
  const mine = digest(given);
  let found = false;
  for (const token of tokens) found = timingSafeEqual(mine, token) || found;
  return found;
}

export function subscriptionRouter(deps: {
  tokens: readonly string[];
  rateLimit: RateLimitStore;
  /** The feed's text now; throws when the store does not answer. */
  calendarText(): Promise<string>;
}): express.Router {
  const tokens = deps.tokens.map(digest);
  const router = express.Router();
  const reads = perVisitorReads('calendar-feed', READS, deps.rateLimit, (req, res) => {
    req.log.warn({ outcome: 'rate-limited' }, 'calendar subscription');
    res.status(429).set('Cache-Control', 'no-store').type('text').send('Too many requests');
  });
  router.get(`${SUBSCRIPTION_PATH}:file`, reads, async (req, res, next) => {
    const file = String(req.params.file);
    if (!file.endsWith('.ics') || !matches(file.slice(0, -'.ics'.length), tokens)) return next();
    res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' });
    let text: string;
    try {
      text = await deps.calendarText();
    } catch {
      // A calendar app keeps the copy it has and asks again later.
      res.locals.logWord = 'unavailable';
      return void res.status(503).set('Retry-After', '300').type('text').send('Try again later');
    }
    res.set('Content-Disposition', 'attachment; filename="aftaler.ics"');
    res.type('text/calendar; charset=utf-8').send(text);
  });
  return router;
}
