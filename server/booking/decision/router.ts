import express, { type NextFunction, type Request, type Response } from 'express';
import type { Answer } from '../../../content/bookingAnswer';
import { bookingAnswer } from '../../../content/bookingAnswer';
import { translations } from '../../../content/translations';
import { fill } from '../../../views/format';
import { bookingQuery } from '../../../views/booking/model';
import { paths } from '../../../views/routes';
import type { Config } from '../../process/config';
import { describeFailure, type Mailer } from '../../mail/transport';
import { confirmedMail, declinedMail, type OfferedTime } from '../../mail/visitorMail';
import type { HoldStore } from '../../store/holds';
import type { UsedLinks } from '../../store/usedLinks';
import type { BookingCalendar } from '../calendar';
import { freeSlots, maxWeeks, nearestSlots } from '../view';
import { fullDayLabel, timeLabel } from '../when';
import { ANSWER_PATHS } from './links';
import { answerPage, MESSAGE_MAX, type AnswerView } from './page';
import { markOf, openRequest, type AnswerRequest } from './token';

// GET and POST /booking/bekraeft and /booking/afvis: the practitioner's answer to a booking request.
// A GET only shows (however often a mail scanner fetches it, nothing changes and nothing is sent);
// the page's button, a same-origin POST, acts once: the used-marker (server/store/usedLinks.ts) is
// claimed first, on every worker and machine at once, then the visitor's one mail goes out, and
// only then does the hold change (kept until the session, or freed). A mail that fails gives the
// marker back and changes nothing, so she can press again. Every answer is no-store and noindex;
// the log says only the outcome.

export interface AnswerDeps {
  config: Config;
  mailer: Mailer;
  calendar: BookingCalendar;
  holds: HoldStore;
  usedLinks: UsedLinks;
  /** The site's stylesheet (its hashed path). */
  css: string;
  /** The clock (a test moves it). */
  now?: () => Date;
}

type Outcome =
  | 'shown'
  | 'confirmed'
  | 'declined'
  | 'already'
  | 'invalid'
  | 'expired'
  | 'forbidden'
  | 'too-long'
  | 'delivery-failed'
  | 'unavailable';

/** How many free times a declined visitor is offered. */
const NEAREST = 5;
const DAY_MS = 86_400_000;
/** A token and a message at their longest, percent-encoded, with room to spare. */
const BODY_LIMIT = 4096 + MESSAGE_MAX * 9 + 1024;

/**
 * A form post is any site's to send: accepted only from the site's own pages (Origin, or without
 * one Sec-Fetch-Site), as the contact and booking forms do.
 */
export function isSameOrigin(req: Request, baseUrl: string): boolean {
  const origin = req.get('origin');
  const ours = [new URL(baseUrl).origin, `${req.protocol}://${req.get('host')}`];
  return origin ? ours.includes(origin) : req.get('sec-fetch-site') === 'same-origin';
}

const statusOf: Record<Exclude<AnswerView, { kind: 'ask' | 'done' | 'already' }>['problem'], number> = {
  invalid: 400,
  forbidden: 403,
  expired: 410,
  delivery: 502,
  unavailable: 503,
};

export function answerRouter(deps: AnswerDeps): express.Router {
  const { config, mailer, calendar, holds, usedLinks, css } = deps;
  const now = deps.now ?? (() => new Date());
  const secrets = config.booking?.secrets ?? [];
  const router = express.Router();

  function send(req: Request, res: Response, status: number, view: AnswerView, outcome: Outcome) {
    req.log.info({ outcome }, 'booking answer');
    res
      .status(status)
      .set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' })
      .type('html')
      .send(answerPage(view, css));
  }
  const problem = (req: Request, res: Response, p: keyof typeof statusOf, outcome: Outcome = p as Outcome) =>
    send(req, res, statusOf[p], { kind: 'problem', problem: p }, outcome);

  /** The request the link carries, or the page that says why there is none. */
  async function opened(req: Request, res: Response, token: unknown): Promise<AnswerRequest | null> {
    const result = await openRequest(token, secrets, config.baseUrl, now());
    if (result.ok) return result.request;
    problem(req, res, result.why);
    return null;
  }

  /** The nearest free times of the same service, the declined one left out, as links to the booking page. */
  async function nearestTimes(r: AnswerRequest, at: Date): Promise<OfferedTime[]> {
    const slots = (await freeSlots({ calendar, holds }, r.service, at)) ?? [];
    const others = slots.filter((s) => s.start.getTime() !== r.start.getTime());
    const { flow } = await translations[r.lang].booking();
    return nearestSlots(others, r.start, NEAREST).map((slot) => {
      // Enough weeks for the time to be on the page the link opens.
      const weeks = Math.min(
        maxWeeks(),
        Math.max(1, Math.ceil((slot.start.getTime() - at.getTime()) / (7 * DAY_MS)) + 1),
      );
      return {
        label: fill(flow.when, { day: fullDayLabel(slot.start, r.lang), time: timeLabel(slot.start, r.lang) }),
        url: `${config.baseUrl}${paths.booking[r.lang]}${bookingQuery(r.service, r.format, weeks)}`,
      };
    });
  }

  async function show(answer: Answer, req: Request, res: Response) {
    const request = await opened(req, res, req.query.t);
    if (!request) return;
    let used: string | null;
    try {
      used = await usedLinks.peek(markOf(request.id), now());
    } catch {
      return problem(req, res, 'unavailable');
    }
    if (used === 'confirm' || used === 'decline')
      return send(req, res, 200, { kind: 'already', answer: used }, 'already');
    send(req, res, 200, { kind: 'ask', answer, request, token: String(req.query.t) }, 'shown');
  }

  async function act(answer: Answer, req: Request, res: Response) {
    if (!isSameOrigin(req, config.baseUrl)) return problem(req, res, 'forbidden');
    const body = (req.body ?? {}) as Record<string, unknown>;
    const request = await opened(req, res, body.t);
    if (!request) return;
    const token = body.t as string;
    const message = answer === 'decline' && typeof body.message === 'string' ? body.message : '';
    if (message.length > MESSAGE_MAX) {
      const error = fill(bookingAnswer.messageTooLong, { max: String(MESSAGE_MAX) });
      return send(req, res, 400, { kind: 'ask', answer, request, token, message, error }, 'too-long');
    }
    const at = now();
    const mark = markOf(request.id);
    let claimed: Awaited<ReturnType<UsedLinks['claim']>>;
    try {
      claimed = await usedLinks.claim(mark, answer, request.expires, at);
    } catch (err) {
      req.log.warn({ reason: (err as Error).message }, 'booking answer links cannot be checked');
      return problem(req, res, 'unavailable');
    }
    if (!claimed.first) {
      const given = claimed.answer === 'decline' ? 'decline' : 'confirm';
      return send(req, res, 409, { kind: 'already', answer: given }, 'already');
    }
    const hold = { service: request.service, start: request.start, end: request.end };
    // A time that could not be held when requested is held now under the request's own id.
    const holdId = request.hold ?? request.id;
    try {
      const mail =
        answer === 'confirm'
          ? await confirmedMail(config, request, at)
          : declinedMail(config, request, message, await nearestTimes(request, at), at);
      await mailer.deliverToVisitor(mail);
    } catch (err) {
      // The error's codes only: an SMTP reply can quote the visitor's address.
      req.log.error(describeFailure(err), 'booking answer not delivered');
      await usedLinks.unclaim(mark, answer);
      return problem(req, res, 'delivery', 'delivery-failed');
    }
    if (answer === 'confirm') {
      if (!(await holds.keep(holdId, hold, request.start, at)))
        req.log.warn('booking answer: the confirmed time could not be kept in the holds store');
    } else await holds.release(holdId, hold);
    send(req, res, 200, { kind: 'done', answer }, answer === 'confirm' ? 'confirmed' : 'declined');
  }

  const urlencoded = express.urlencoded({ limit: BODY_LIMIT, extended: false, parameterLimit: 10 });
  for (const answer of ['confirm', 'decline'] as const) {
    router
      .route(ANSWER_PATHS[answer])
      .get((req, res, next) => show(answer, req, res).catch(next))
      .post(urlencoded, (req, res, next) => act(answer, req, res).catch(next))
      .all((req, res) => {
        res.set('Allow', 'GET, HEAD, POST');
        send(req, res, 405, { kind: 'problem', problem: 'invalid' }, 'invalid');
      });
    // A body that cannot be read (too large, too many fields, another charset): the link's page says so.
    router.use(ANSWER_PATHS[answer], (err: { status?: number }, req: Request, res: Response, next: NextFunction) => {
      if (err.status && err.status >= 400 && err.status < 500) return problem(req, res, 'invalid');
      next(err);
    });
  }
  return router;
}
