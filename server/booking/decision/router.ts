import express from 'express';
import { bookingAnswer } from '../../../content/bookingAnswer';
import type { Config } from '../../process/config';
import type { Mailer } from '../../mail/transport';
import type { HoldStore } from '../../store/holds';
import type { RateLimitStore } from '../../store/rateLimit';
import type { UsedLinks } from '../../store/usedLinks';
import { perVisitorReads } from '../../forms/limits';
import { formRouter } from '../../forms/pipeline';
import type { BookingCalendar } from '../calendar';
import { type CalendarWrites, ownEventUid } from '../herCalendar';
import { answerForm } from './answerForm';
import { pressLimits } from '../pressLimits';
import { manageLinks } from '../manage';
import { isAct, usedFor, type DecideDeps } from './decide';
import { ANSWER_PATHS, ANSWER_POST_PATH } from './links';
import { MESSAGE_SCRIPT_PATH, messageScript } from './messageBox';
import { nearestOffers } from './offers';
import { sendPage, type AnswerView } from './page';
import { openRequest } from './token';

// GET /booking/bekraeft and /booking/afvis: the practitioner's answer page for a booking request.
// It only shows: however often a mail scanner fetches it, nothing changes and nothing is sent.
// A link already used says what she decided (until the session), one whose mail may have gone
// says so and offers to send it again; a link past its time, not used, shows the request and
// lets her decline only. POST /booking/svar: the page's button, a
// form like every other (answerForm.ts), through the one request pipeline (server/forms/pipeline.ts:
// size and field limits, same-origin, counting); what it does is decide() (decide.ts). Every answer is
// no-store and noindex; the log says only the outcome.

export interface AnswerDeps {
  config: Config;
  mailer: Mailer;
  calendar: BookingCalendar;
  holds: HoldStore;
  usedLinks: UsedLinks;
  /** Her own calendar, written once an answer is final; null: not kept by the site. */
  herCalendar: CalendarWrites | null;
  rateLimit: RateLimitStore;
  /** The site's stylesheet (its hashed path). */
  css: string;
  /** The clock (a test moves it). */
  now?: () => Date;
}

export function answerRouter(deps: AnswerDeps): express.Router {
  const { config, calendar, holds, usedLinks, css } = deps;
  const booking = config.booking;
  if (!booking) throw new Error('the answer links need BOOKING_CALENDAR_URL');
  const now = deps.now ?? (() => new Date());
  const { secrets, videoUrl } = booking;
  const router = express.Router();
  const { nearestTimes, offerViews } = nearestOffers({ baseUrl: config.baseUrl, calendar, holds });
  const decideDeps: DecideDeps = {
    mail: { ...config, videoUrl },
    mailer: deps.mailer,
    holds,
    usedLinks,
    nearestTimes,
    feedBusy: (r, at) =>
      calendar.busyDuring(r, at, r.replaces ? ownEventUid(config.baseUrl, r.replaces.id) : undefined),
    manage: manageLinks({ ...config, booking }),
    herCalendar: deps.herCalendar,
  };

  // The page: shows, never acts. Each read decrypts a link: limited per visitor like the presses (forms/limits.ts).
  const reads = perVisitorReads('answer-read', pressLimits(config.booking).visitor, deps.rateLimit, (req, res) => {
    req.log.info({ outcome: 'rate-limited' }, 'booking answer');
    sendPage(res, 429, { kind: 'problem', problem: 'refused', text: bookingAnswer.rateLimited }, css);
  });
  const page: PageDeps = { secrets, baseUrl: config.baseUrl, usedLinks, offerViews, videoUrl, css, now };
  for (const decision of ['confirm', 'decline'] as const)
    router.get(ANSWER_PATHS[decision], reads, answerPage(decision, page));

  // The message box's one script (messageBox.ts): a phone number in order while she types it in Persian.
  router.get(MESSAGE_SCRIPT_PATH, messageScript);

  // The button's address opened as a page (a bookmark, the address bar after a press): nothing to show, nothing done.
  router.get(ANSWER_POST_PATH, (req, res) => {
    req.log.info({ outcome: 'invalid' }, 'booking answer');
    res.set('Allow', 'POST');
    sendPage(res, 405, { kind: 'problem', problem: 'invalid' }, css);
  });

  router.use(
    formRouter(answerForm({ config, decideDeps, offerViews, css, now }), {
      baseUrl: config.baseUrl,
      rateLimit: deps.rateLimit,
    }),
  );
  return router;
}

/** What the answer page needs to show a link. */
interface PageDeps {
  secrets: NonNullable<Config['booking']>['secrets'];
  baseUrl: string;
  usedLinks: UsedLinks;
  offerViews: ReturnType<typeof nearestOffers>['offerViews'];
  videoUrl: NonNullable<Config['booking']>['videoUrl'];
  css: string;
  now: () => Date;
}

/** GET of an answer link (`decision`'s): the page for the link as it stands, never an act. */
function answerPage(decision: 'confirm' | 'decline', deps: PageDeps): express.RequestHandler {
  const { secrets, usedLinks, offerViews, videoUrl, css, now } = deps;
  return async (req, res, next) => {
    try {
      const show = (status: number, view: AnswerView, logWord: string) => {
        req.log.info({ outcome: logWord }, 'booking answer');
        // The store does not answer: refused on purpose, a warning in the request log (server/http/requestLog.ts).
        if (status === 503) res.locals.logWord = logWord;
        sendPage(res, status, view, css);
      };
      const at = now();
      const opened = await openRequest(req.query.t, secrets, deps.baseUrl, at);
      if (!opened.ok && opened.why === 'invalid') return show(400, { kind: 'problem', problem: 'invalid' }, 'invalid');
      const { request } = opened;
      const token = String(req.query.t);
      // The session has begun: the link does nothing more, whatever was answered.
      if (request.start.getTime() <= at.getTime()) return show(410, { kind: 'problem', problem: 'past' }, 'past');
      let used: Awaited<ReturnType<typeof usedFor>>;
      try {
        used = await usedFor(usedLinks, request, at);
      } catch {
        return show(503, { kind: 'problem', problem: 'unavailable' }, 'unavailable');
      }
      if (used === 'pending') return show(503, { kind: 'problem', problem: 'pending' }, 'pending');
      if (used.withdrawn) return show(409, { kind: 'problem', problem: 'withdrawn' }, 'withdrawn');
      // Her answer's mail may have gone: what the site did, and "send again".
      const { uncertain } = used;
      if (uncertain && isAct(uncertain.act)) {
        const offers = uncertain.act === 'decline' ? await offerViews(request, at) : [];
        const { state } = used;
        const view: AnswerView = {
          kind: 'uncertain',
          act: uncertain.act,
          why: uncertain.why,
          state,
          request,
          token,
          offers,
        };
        return show(200, view, 'uncertain');
      }
      if (used.state.kind !== 'requested')
        return show(200, { kind: 'already', state: used.state, request, token }, 'already');
      if (!opened.ok) {
        const offers = await offerViews(request, at);
        return show(410, { kind: 'ask', decision: 'decline', request, token, offers, lapsed: true }, 'lapsed');
      }
      const offers = decision === 'decline' ? await offerViews(request, at) : [];
      show(200, { kind: 'ask', decision, request, token, offers, videoUrl }, 'shown');
    } catch (err) {
      next(err);
    }
  };
}
