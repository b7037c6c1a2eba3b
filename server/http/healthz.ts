import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import type { BookingCalendar } from '../booking/calendar';
import { keyState } from '../mail/key';
import type { MailHealth } from '../mail/health';
import type { HoldStore } from '../store/holds';
import { REARM_COMMAND } from '../store/marker';
import type { UsedLinks } from '../store/usedLinks';

// GET /healthz and /healthz/mail, for the platform's health check and the operator's uptime
// monitor. Anyone learns that the process is up, and from /healthz/mail's status code whether
// mail can be delivered. How the site is set up and what is failing (the rate limit's store, an
// SMTP error code, the key's expiry) is the operator's to know: it comes only with HEALTHZ_TOKEN,
// as `Authorization: Bearer <token>` or, for a monitor that cannot set headers, `?token=<token>`.
// With the token /healthz answers 503 while booking cannot work (its feed cannot be read, Redis
// does not answer or lost its data), so that the operator's uptime monitor sees it; without it,
// always 200: the platform's health check must not restart a process that Redis cannot help.

/** What the operator's /healthz shows besides "ok": one entry per part of the site (server/http/app.ts). */
export type HealthDetails = Record<string, string | number | boolean | null | Record<string, unknown>>;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The token the request carries, if any: the Authorization header first, else the query. */
function givenToken(req: Request): string | undefined {
  const header = req.get('authorization');
  if (header !== undefined) return header.slice(0, 7).toLowerCase() === 'bearer ' ? header.slice(7).trim() : '';
  const query = req.query.token;
  return typeof query === 'string' ? query : query === undefined ? undefined : '';
}

/** What booking relies on, for the operator's /healthz. */
interface BookingParts {
  calendar: BookingCalendar;
  holds: HoldStore;
  usedLinks: UsedLinks | null;
}

/**
 * Why booking cannot work now, asked of its parts themselves (a read of the holds and of one used
 * link's mark, which checks Redis's marker too), or why her calendar cannot be written (its login
 * refused: only the operator can set a new password); null: it can, or booking is off.
 */
export function bookingProblem(
  booking: BookingParts | null,
  now: () => Date,
  herCalendar: { problem(): Promise<string | null> } | null = null,
): () => Promise<string | null> {
  return async () => {
    if (!booking) return null;
    const writing = await herCalendar?.problem();
    if (writing) return writing;
    const { calendar, holds, usedLinks } = booking;
    if (calendar.state().state === 'unavailable') return 'the calendar feed cannot be read';
    if ((await holds.list(now())) === null)
      return holds.state() === 'redis-forgot'
        ? `Redis lost its data: check her calendar, then ${REARM_COMMAND}`
        : 'booking holds: Redis does not answer';
    try {
      await usedLinks?.peek('healthz', now());
    } catch {
      return 'answer links: Redis does not answer';
    }
    if (!usedLinks) return 'answer links: no store';
    const owed = usedLinks.unfinished();
    // Answers mailed whose record Redis has not taken yet (this process's): made as soon as it does.
    return owed > 0 ? `answer links: ${owed} answer(s) mailed, their record not yet made final in Redis` : null;
  };
}

export function healthRouter(options: {
  token: string | null;
  details: () => HealthDetails | Promise<HealthDetails>;
  /** What keeps the site's booking from working, for the operator (bookingProblem). */
  problem: () => Promise<string | null>;
  mail: MailHealth;
}): express.Router {
  const expected = options.token === null ? null : digest(options.token);
  const router = express.Router();

  /**
   * 'operator' with the right token, 'anyone' with none; a wrong one (or one while no HEALTHZ_TOKEN
   * is set) is refused, so that a monitor set up wrongly shows as down instead of seeing too little.
   * Compared as SHA-256 digests in constant time: equal lengths, and no timing tells how much matched.
   */
  function who(req: Request, res: Response): 'operator' | 'anyone' | null {
    res.set('Cache-Control', 'no-store');
    const given = givenToken(req);
    if (given === undefined) return 'anyone';
    if (expected && timingSafeEqual(digest(given), expected)) return 'operator';
    res.status(401).set('WWW-Authenticate', 'Bearer').json({ status: 'unauthorized' });
    return null;
  }

  router.get('/healthz', async (req, res) => {
    const asker = who(req, res);
    if (asker === 'anyone') res.json({ status: 'ok' });
    if (asker !== 'operator') return;
    const problem = await options.problem();
    const details = await options.details();
    if (problem) res.status(503).json({ status: 'failing', problem, ...details });
    else res.json({ status: 'ok', ...details });
  });

  // The last known state of mail delivery, never a host, user or password; the code and the key's
  // expiry for the operator only.
  router.get('/healthz/mail', async (req, res) => {
    const asker = who(req, res);
    if (asker === null) return;
    const state = await options.mail.current();
    const key = keyState(options.mail.mailer.key);
    const failing = key.state === 'expired' || !state.ok;
    if (asker === 'anyone') {
      res.status(failing ? 503 : 200).json({ mail: failing ? 'failing' : 'ok' });
      return;
    }
    if (key.state === 'expired') res.status(503).json({ mail: 'failing', code: 'EKEYEXPIRED', expires: key.expires });
    else if (!state.ok) res.status(503).json({ mail: 'failing', code: state.code });
    else if (key.state === 'expires-soon') res.json({ mail: 'ok', key: 'expires-soon', expires: key.expires });
    else res.json({ mail: 'ok' });
  });

  return router;
}
