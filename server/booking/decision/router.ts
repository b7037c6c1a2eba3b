import express, { type Request, type Response } from 'express';
import { bookingAnswer, type Answer } from '../../../content/bookingAnswer';
import { translations } from '../../../content/translations';
import { fill } from '../../../views/format';
import { bookingQuery } from '../../../views/booking/model';
import { paths } from '../../../views/routes';
import type { Config } from '../../process/config';
import { describeFailure, type Mailer } from '../../mail/transport';
import { confirmedMail, declinedMail, type OfferedTime } from '../../mail/visitorMail';
import type { HoldStore } from '../../store/holds';
import type { RateLimitStore } from '../../store/rateLimit';
import type { UsedLinks } from '../../store/usedLinks';
import { perVisitorReads } from '../../forms/limits';
import { formRouter, refunds, type Answer as FormAnswer, type FormDefinition } from '../../forms/pipeline';
import type { BookingCalendar } from '../calendar';
import { freeSlots, maxWeeks, nearestSlots } from '../view';
import { fullDayLabel, timeLabel } from '../when';
import { ANSWER_PATHS, ANSWER_POST_PATH } from './links';
import { answerPage, MESSAGE_MAX, type AnswerView } from './page';
import { markOf, openRequest, type AnswerRequest } from './token';

// GET /booking/bekraeft and /booking/afvis: the practitioner's answer page for a booking request.
// It only shows: however often a mail scanner fetches it, nothing changes and nothing is sent.
// POST /booking/svar: the page's button, a form like every other, through the one request
// pipeline (server/forms/pipeline.ts: size and field limits, same-origin, counting). It acts
// once: the used-marker (server/store/usedLinks.ts) is claimed first, on every worker and machine
// at once, then the visitor's one mail goes out, and only then does the hold change (kept until
// the session, or freed). A mail that fails gives the marker back and changes nothing, so she can
// press again. Every answer is no-store and noindex; the log says only the outcome.

export interface AnswerDeps {
  config: Config;
  mailer: Mailer;
  calendar: BookingCalendar;
  holds: HoldStore;
  usedLinks: UsedLinks;
  rateLimit: RateLimitStore;
  /** The site's stylesheet (its hashed path). */
  css: string;
  /** The clock (a test moves it). */
  now?: () => Date;
}

/** How many free times a declined visitor is offered. */
const NEAREST = 5;
const DAY_MS = 86_400_000;
/**
 * Presses (and reads) one address may make, and presses the whole site acts on, per quarter of an
 * hour (BOOKING_ANSWER_RATE_LIMIT, BOOKING_ANSWER_SITE_LIMIT): the practitioner presses a few
 * times a day; a guesser of links gets a handful of decryptions, each refused.
 */
const PRESS_WINDOW_MS = 15 * 60_000;
const pressLimits = (booking: Config['booking']) => ({
  visitor: { limit: booking?.answerRateLimit ?? 20, windowMs: PRESS_WINDOW_MS },
  site: { limit: booking?.answerSiteLimit ?? 200, windowMs: PRESS_WINDOW_MS },
});

const statusOf = { invalid: 400, forbidden: 403, expired: 410, refused: 400, delivery: 502, unavailable: 503 } as const;

/** A valid press: which answer, for which request (its link's text kept for the page again). */
interface Press {
  answer: Answer;
  request: AnswerRequest;
  token: string;
  message: string;
}

/** What an answer carries besides success and error: the page to show. */
interface Extra {
  view: AnswerView;
}

const isAnswer = (value: unknown): value is Answer => value === 'confirm' || value === 'decline';

/** The answer page with its headers: no-store (the pipeline's too), noindex, no referrer to another site (the link is in the address; a same-origin post keeps its Origin, which the pipeline checks). */
function sendPage(res: Response, status: number, view: AnswerView, css: string) {
  res
    .status(status)
    .set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'same-origin' })
    .type('html')
    .send(answerPage(view, css));
}

export function answerRouter(deps: AnswerDeps): express.Router {
  const { config, mailer, calendar, holds, usedLinks, css } = deps;
  const now = deps.now ?? (() => new Date());
  const secrets = config.booking?.secrets ?? [];
  const router = express.Router();

  const problem = (
    p: Exclude<keyof typeof statusOf, 'refused'>,
    outcome: string = p,
    refund: readonly ('visitor' | 'site')[] = [],
  ): FormAnswer<Extra> => ({
    status: statusOf[p],
    outcome,
    reply: { success: false, view: { kind: 'problem', problem: p } },
    refund,
  });

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

  // The page: shows, never acts. Each read decrypts a link: limited per visitor like the presses (forms/limits.ts).
  const reads = perVisitorReads('answer-read', pressLimits(config.booking).visitor, deps.rateLimit, (req, res) => {
    req.log.info({ outcome: 'rate-limited' }, 'booking answer');
    sendPage(res, 429, { kind: 'problem', problem: 'refused', text: bookingAnswer.rateLimited }, css);
  });
  for (const answer of ['confirm', 'decline'] as const)
    router.get(ANSWER_PATHS[answer], reads, async (req, res, next) => {
      try {
        const show = (status: number, view: AnswerView, outcome: string) => {
          req.log.info({ outcome }, 'booking answer');
          // The store does not answer: refused on purpose, a warning in the request log (server/http/requestLog.ts).
          if (status === 503) res.locals.outcome = outcome;
          sendPage(res, status, view, css);
        };
        const opened = await openRequest(req.query.t, secrets, config.baseUrl, now());
        if (!opened.ok) return show(statusOf[opened.why], { kind: 'problem', problem: opened.why }, opened.why);
        let used: string | null;
        try {
          used = await usedLinks.peek(markOf(opened.request.id), now());
        } catch {
          return show(503, { kind: 'problem', problem: 'unavailable' }, 'unavailable');
        }
        if (isAnswer(used)) return show(200, { kind: 'already', answer: used }, 'already');
        show(200, { kind: 'ask', answer, request: opened.request, token: String(req.query.t) }, 'shown');
      } catch (err) {
        next(err);
      }
    });

  // The button's address opened as a page (a bookmark, the address bar after a press): nothing to show, nothing done.
  router.get(ANSWER_POST_PATH, (req, res) => {
    req.log.info({ outcome: 'invalid' }, 'booking answer');
    res.set('Allow', 'POST');
    sendPage(res, 405, { kind: 'problem', problem: 'invalid' }, css);
  });

  // The button: a form like every other (server/forms/pipeline.ts).
  const form: FormDefinition<Press, Extra> = {
    id: 'answer',
    logMessage: 'booking answer',
    path: ANSWER_POST_PATH,
    fieldLimits: { t: 4096, message: MESSAGE_MAX },
    bodySlack: 1024,
    fieldCount: 10,
    fields: ['t', 'answer', 'message'],
    checkboxes: [],
    limits: { ...pressLimits(config.booking), counters: { visitor: 'answer', site: 'answer-site' } },
    texts: async () => ({ rateLimited: bookingAnswer.rateLimited, siteLimited: bookingAnswer.rateLimited }),
    async parse(body) {
      const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
      // A link that is not ours is no typing mistake: it keeps the sender's count, so guessing links stays
      // limited; the site's cap, taken only after this check (forms/pipeline.ts), it never touches.
      if (!isAnswer(b.answer)) return { ok: false, answer: problem('invalid', 'invalid', refunds.none) };
      const opened = await openRequest(b.t, secrets, config.baseUrl, now());
      if (!opened.ok) return { ok: false, answer: problem(opened.why, opened.why, refunds.none) };
      const press = {
        answer: b.answer,
        request: opened.request,
        token: b.t as string,
        message: b.answer === 'decline' && typeof b.message === 'string' ? b.message : '',
      };
      if (press.message.length > MESSAGE_MAX) {
        const error = fill(bookingAnswer.messageTooLong, { max: String(MESSAGE_MAX) });
        const view: AnswerView = { kind: 'ask', ...press, error };
        return {
          ok: false,
          answer: { status: 400, outcome: 'too-long', reply: { success: false, view }, refund: refunds.invalid },
        };
      }
      return { ok: true, value: press };
    },
    async act({ answer, request, message }, { req }) {
      const at = now();
      const mark = markOf(request.id);
      let claimed: Awaited<ReturnType<UsedLinks['claim']>>;
      try {
        // The mark lives while the session lies ahead, so the page says which answer was given (decision 0028).
        const until = new Date(Math.max(request.expires.getTime(), request.start.getTime()));
        claimed = await usedLinks.claim(mark, answer, until, at);
      } catch (err) {
        req.log.warn({ reason: (err as Error).message }, 'booking answer links cannot be checked');
        return problem('unavailable', 'unavailable', refunds.nothingSent);
      }
      if (!claimed.first) {
        const given: Answer = claimed.answer === 'decline' ? 'decline' : 'confirm';
        // Nothing sent: the site's count goes back, so a forwarded link pressed again and again locks nobody out.
        const view: AnswerView = { kind: 'already', answer: given };
        return { status: 409, outcome: 'already', reply: { success: false, view }, refund: refunds.nothingSent };
      }
      const hold = { service: request.service, start: request.start, end: request.end, visitor: request.visitor };
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
        return problem('delivery', 'delivery-failed', refunds.notDelivered);
      }
      if (answer === 'confirm') {
        if (!(await holds.keep(request.hold, hold, request.start, at)))
          req.log.warn('booking answer: the confirmed time could not be kept in the holds store');
      } else await holds.release(request.hold, hold);
      return {
        status: 200,
        outcome: answer === 'confirm' ? 'confirmed' : 'declined',
        reply: { success: true, view: { kind: 'done', answer } },
      };
    },
    /** Always the page (it has no script): the form's own view, or the pipeline's refusal in its words. */
    async respond(_req: Request, res: Response, { status, reply }) {
      const view: AnswerView = reply.view ?? { kind: 'problem', problem: 'refused', text: reply.error ?? '' };
      sendPage(res, status, view, css);
    },
  };
  router.use(formRouter(form, { baseUrl: config.baseUrl, rateLimit: deps.rateLimit }));
  return router;
}
