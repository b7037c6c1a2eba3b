import express, { type Request, type Response } from 'express';
import { bookingAnswer } from '../../../content/bookingAnswer';
import { translations } from '../../../content/translations';
import { fill } from '../../../views/format';
import type { Config } from '../../process/config';
import type { Mailer } from '../../mail/transport';
import { offeredTimeUrl } from '../../mail/visitorMail';
import type { HoldStore } from '../../store/holds';
import type { RateLimitStore } from '../../store/rateLimit';
import type { UsedLinks } from '../../store/usedLinks';
import { perVisitorReads } from '../../forms/limits';
import { formRouter, refunds, type FormDefinition, type Outcome } from '../../forms/pipeline';
import type { BookingCalendar } from '../calendar';
import type { Slot } from '../interval';
import { freeSlots, maxWeeks, nearestSlots } from '../view';
import { fullDayLabel, isoStart, timeLabel } from '../when';
import { decide, usedFor, type Act, type DecideDeps, type DecisionResult } from './decide';
import { ANSWER_PATHS, ANSWER_POST_PATH } from './links';
import { answerPage, MESSAGE_MAX, type AnswerView, type OfferView } from './page';
import { openRequest, type AnswerRequest } from './token';
import { DAY_MS } from '../../../views/days';

// GET /booking/bekraeft and /booking/afvis: the practitioner's answer page for a booking request.
// It only shows: however often a mail scanner fetches it, nothing changes and nothing is sent.
// A link already used says what she decided (until the session); a link past its time, not
// used, shows the request and lets her decline only. POST /booking/svar: the page's button, a
// form like every other, through the one request pipeline (server/forms/pipeline.ts: size and
// field limits, same-origin, counting); what it does is decide() (decide.ts). Every answer is
// no-store and noindex; the log says only the outcome.

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
const WEEK_MS = 7 * DAY_MS;
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

type Problem = Extract<AnswerView, { kind: 'problem' }>['problem'];
const statusOf = {
  invalid: 400,
  forbidden: 403,
  expired: 410,
  refused: 400,
  taken: 409,
  delivery: 502,
  unavailable: 503,
} as const satisfies Record<Problem, number>;

/** A valid press: what, for which request (its link's text kept for the page again). */
interface Press {
  act: Act;
  request: AnswerRequest;
  expired: boolean;
  token: string;
  message: string;
  offers: readonly string[] | null;
  tell: boolean;
}

/** What an answer carries besides success and error: the page to show. */
interface Extra {
  view: AnswerView;
}

const isAct = (value: unknown): value is Act => value === 'confirm' || value === 'decline' || value === 'release';
const strings = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');

/** The answer page with its headers: no-store (the pipeline's too), noindex, no referrer to another site (the link is in the address; a same-origin post keeps its Origin, which the pipeline checks). */
function sendPage(res: Response, status: number, view: AnswerView, css: string) {
  res
    .status(status)
    .set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'same-origin' })
    .type('html')
    .send(answerPage(view, css));
}

export function answerRouter(deps: AnswerDeps): express.Router {
  const { config, calendar, holds, usedLinks, css } = deps;
  const now = deps.now ?? (() => new Date());
  const secrets = config.booking?.secrets ?? [];
  const videoUrl = config.booking?.videoUrl ?? null;
  const router = express.Router();

  /** The nearest free times of the same service, the declined one left out. */
  async function nearest(r: AnswerRequest, at: Date): Promise<Slot[]> {
    const slots = (await freeSlots({ calendar, holds }, r.service, at)) ?? [];
    return nearestSlots(
      slots.filter((s) => s.start.getTime() !== r.start.getTime()),
      r.start,
      NEAREST,
    );
  }

  /** As the visitor's mail offers them: in their language, each a link to that very time on the booking page. */
  const nearestTimes: DecideDeps['nearestTimes'] = async (r, at) => {
    const { flow } = await translations[r.lang].booking();
    return (await nearest(r, at)).map((slot) => {
      // Enough weeks for the time to be on the page the link opens.
      const weeks = Math.min(maxWeeks(), Math.max(1, Math.ceil((slot.start.getTime() - at.getTime()) / WEEK_MS) + 1));
      const start = isoStart(slot.start);
      return {
        start,
        label: fill(flow.when, { day: fullDayLabel(slot.start, r.lang), time: timeLabel(slot.start, r.lang) }),
        url: offeredTimeUrl(config.baseUrl, r, start, weeks),
      };
    });
  };

  /** The same times as her decline page lists them, in Danish. */
  async function offerViews(r: AnswerRequest, at: Date): Promise<OfferView[]> {
    const { flow } = await translations.da.booking();
    return (await nearest(r, at)).map((slot) => ({
      start: isoStart(slot.start),
      label: fill(flow.when, { day: fullDayLabel(slot.start, 'da'), time: timeLabel(slot.start, 'da') }),
    }));
  }

  const decideDeps: DecideDeps = {
    mail: { ...config, videoUrl },
    mailer: deps.mailer,
    holds,
    usedLinks,
    nearestTimes,
  };

  // The page: shows, never acts. Each read decrypts a link: limited per visitor like the presses (forms/limits.ts).
  const reads = perVisitorReads('answer-read', pressLimits(config.booking).visitor, deps.rateLimit, (req, res) => {
    req.log.info({ outcome: 'rate-limited' }, 'booking answer');
    sendPage(res, 429, { kind: 'problem', problem: 'refused', text: bookingAnswer.rateLimited }, css);
  });
  for (const decision of ['confirm', 'decline'] as const)
    router.get(ANSWER_PATHS[decision], reads, async (req, res, next) => {
      try {
        const show = (status: number, view: AnswerView, outcome: string) => {
          req.log.info({ outcome }, 'booking answer');
          // The store does not answer: refused on purpose, a warning in the request log (server/http/requestLog.ts).
          if (status === 503) res.locals.outcome = outcome;
          sendPage(res, status, view, css);
        };
        const at = now();
        const opened = await openRequest(req.query.t, secrets, config.baseUrl, at);
        if (!opened.ok && opened.why === 'invalid')
          return show(400, { kind: 'problem', problem: 'invalid' }, 'invalid');
        const { request } = opened;
        const token = String(req.query.t);
        let used: Act | null;
        try {
          used = await usedFor(usedLinks, request, at);
        } catch {
          return show(503, { kind: 'problem', problem: 'unavailable' }, 'unavailable');
        }
        if (used) return show(200, { kind: 'already', act: used, request, token }, 'already');
        if (!opened.ok) {
          const offers = await offerViews(request, at);
          return show(410, { kind: 'ask', decision: 'decline', request, token, offers, lapsed: true }, 'lapsed');
        }
        const offers = decision === 'decline' ? await offerViews(request, at) : [];
        show(200, { kind: 'ask', decision, request, token, offers, videoUrl }, 'shown');
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

  const problem = (
    p: Exclude<Problem, 'refused'>,
    outcome: string = p,
    refund: readonly ('visitor' | 'site')[] = [],
  ): Outcome<Extra> => ({
    status: statusOf[p],
    outcome,
    reply: { success: false, view: { kind: 'problem', problem: p } },
    refund,
  });

  /** decide()'s result as the page and the log say it. */
  function outcomeOf(result: DecisionResult, press: Press, req: Request): Outcome<Extra> {
    const { request, token } = press;
    switch (result.kind) {
      case 'done': {
        if (result.warning) req.log.warn(`booking answer: ${result.warning}`);
        const outcome = { confirm: 'confirmed', decline: 'declined', release: 'released' }[result.act];
        return {
          status: 200,
          outcome,
          reply: {
            success: true,
            view: { kind: 'done', act: result.act, request, videoUrl, told: result.told === true },
          },
        };
      }
      case 'already':
        // Nothing sent: the site's count goes back, so a forwarded link pressed again and again locks nobody out.
        return {
          status: 409,
          outcome: 'already',
          reply: { success: false, view: { kind: 'already', act: result.act, request, token } },
          refund: refunds.nothingSent,
        };
      case 'taken':
        return problem('taken', 'taken', refunds.nothingSent);
      case 'refused':
        return press.expired
          ? problem('expired', 'expired', refunds.none)
          : problem('invalid', 'invalid', refunds.none);
      case 'unavailable':
        req.log.warn({ reason: result.reason }, 'booking answer links cannot be checked');
        return problem('unavailable', 'unavailable', refunds.nothingSent);
      case 'delivery':
        // The error's codes only: an SMTP reply can quote the visitor's address.
        req.log.error(result.failure, 'booking answer not delivered');
        return problem('delivery', 'delivery-failed', refunds.notDelivered);
    }
  }

  // The button: a form like every other (server/forms/pipeline.ts).
  const form: FormDefinition<Press, Extra> = {
    id: 'answer',
    logMessage: 'booking answer',
    path: ANSWER_POST_PATH,
    fieldLimits: { t: 4096, message: MESSAGE_MAX },
    bodySlack: 1024,
    fieldCount: 12,
    fields: ['t', 'answer', 'message', 'tell'],
    checkboxes: [],
    limits: { ...pressLimits(config.booking), counters: { visitor: 'answer', site: 'answer-site' } },
    texts: async () => ({ rateLimited: bookingAnswer.rateLimited, siteLimited: bookingAnswer.rateLimited }),
    async parse(body) {
      const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
      // A link that is not ours is no typing mistake: it keeps the sender's count, so guessing links stays
      // limited; the site's cap, taken only after this check (forms/pipeline.ts), it never touches.
      if (!isAct(b.answer)) return { ok: false, refused: problem('invalid', 'invalid', refunds.none) };
      const opened = await openRequest(b.t, secrets, config.baseUrl, now());
      if (!opened.ok && opened.why === 'invalid')
        return { ok: false, refused: problem('invalid', 'invalid', refunds.none) };
      const press: Press = {
        act: b.answer,
        request: opened.request,
        expired: !opened.ok,
        token: b.t as string,
        message: b.answer === 'decline' && typeof b.message === 'string' ? b.message : '',
        offers: b.shown ? strings(b['offer[]']) : null,
        tell: b.answer === 'release' && b.tell === '1',
      };
      if (press.message.length > MESSAGE_MAX && press.act === 'decline') {
        const error = fill(bookingAnswer.messageTooLong, { max: String(MESSAGE_MAX) });
        const offers = await offerViews(press.request, now());
        const view: AnswerView = { kind: 'ask', decision: 'decline', ...press, offers, lapsed: press.expired, error };
        return {
          ok: false,
          refused: { status: 400, outcome: 'too-long', reply: { success: false, view }, refund: refunds.invalid },
        };
      }
      return { ok: true, value: press };
    },
    async act(press, { req }) {
      return outcomeOf(await decide(decideDeps, press, now()), press, req);
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
