import express, { type NextFunction, type Request, type Response } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import { bookableServices, bookingRules, serviceMinutes } from '../../content/booking';
import { isLang, type Lang } from '../../content/languages';
import { serverTexts } from '../../content/serverTexts';
import type { BookingFlowTexts, BookingFormat } from '../../content/texts/booking';
import { translations } from '../../content/translations';
import { fill, withPhone } from '../../views/format';
import {
  BOOKING_PATH,
  type BookingFormState,
  type BookingView,
  type DayView,
  type SentView,
} from '../../views/booking/model';
import { emptyBooking, parseBooking, type BookingErrors, type BookingValues } from '../../views/booking/validation';
import { maxLength } from '../../views/contact/validation';
import { langOfPath, paths } from '../../views/routes';
import type { Config } from '../process/config';
import { describeFailure, type Mailer } from '../mail/transport';
import { composeBookingMail } from '../mail/bookingMail';
import { replyAddress } from '../mail/practiceMail';
import { answerLinks } from './decision/links';
import type { RateLimitStore } from '../store/rateLimit';
import type { HoldStore } from '../store/holds';
import type { RenderPage } from '../http/render';
import type { BookingCalendar } from './calendar';
import { bookingIsland, daysOf, freeSlots, isFormat, isService, nearestSlots } from './view';
import { fullDayLabel, timeLabel } from './when';

// POST /api/booking: a request for a time, from the page's script (JSON) or from the form without
// JavaScript (urlencoded, answered with the page). Both take the same path: rate limit, honeypot,
// the shared rules (views/booking/validation.ts), is the time still offered, hold it
// (server/store/holds.ts) so that no one else can request it, mail it to the practice, and only
// when the mail server has taken it, "sent". A mail that fails releases the hold, and the visitor
// keeps everything they entered. Nothing a visitor typed reaches the log: only the outcome.
// GET /api/booking/times: the page's times as JSON, for the script to show without a page load.

export const TIMES_PATH = '/api/booking/times';

/** As the contact endpoint's: room for every field at its longest in the costliest encoding. */
const BODY_LIMIT = Object.values(maxLength).reduce((sum, n) => sum + n, 0) * 9 + 4096;

type Outcome =
  | 'requested'
  | 'taken'
  | 'invalid'
  | 'rate-limited'
  | 'delivery-failed'
  | 'unavailable'
  | 'spam'
  | 'rejected';

interface Reply {
  success: boolean;
  error?: string;
  fields?: BookingErrors;
  /** After "just taken": the nearest free times. */
  nearest?: DayView[];
  /** After "sent": what was asked for. */
  sent?: SentView;
}

const isForm = (req: Request) => Boolean(req.is('application/x-www-form-urlencoded'));

/** The visitor's language: the body's "lang"; a body that could not be read leaves it to the page it came from. */
function langOf(req: Request): Lang {
  const given = (req.body as { lang?: unknown } | undefined)?.lang;
  if (isLang(given)) return given;
  if (req.body !== undefined) return 'da';
  try {
    const referer = req.get('referer');
    return referer ? langOfPath(new URL(referer).pathname) : 'da';
  } catch {
    return 'da';
  }
}

/** The visitor's values as far as they could be read, to give back with an error. */
function valuesOf(body: unknown): BookingValues {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    service: text(b.service),
    format: text(b.format),
    start: text(b.start),
    name: text(b.name),
    email: text(b.email),
    phone: text(b.phone),
    message: text(b.message),
    consent: b.consent === true,
  };
}

/**
 * The contact form's rate limit store (server/store/rateLimit.ts: Redis, the cluster primary or
 * memory) with booking's own keys, so that a message and a booking request do not use up each
 * other's quota. A store of its own, as express-rate-limit wants one per limiter.
 */
function bookingKeys(store: Store | undefined): Store | undefined {
  if (!store) return undefined;
  const key = (k: string) => `booking:${k}`;
  return {
    localKeys: store.localKeys,
    init: (options) => store.init?.(options),
    increment: (k) => store.increment(key(k)),
    decrement: (k) => store.decrement(key(k)),
    resetKey: (k) => store.resetKey(key(k)),
  };
}

export interface BookingDeps {
  config: Config;
  mailer: Mailer;
  render: RenderPage;
  rateLimit: RateLimitStore;
  calendar: BookingCalendar;
  holds: HoldStore;
  /** The clock (a test moves it). */
  now?: () => Date;
}

export function bookingRouter(deps: BookingDeps): express.Router {
  const { config, mailer, render, calendar, holds } = deps;
  const now = deps.now ?? (() => new Date());
  // createApp mounts booking only with a calendar, which BOOKING_CALENDAR_URL turns on.
  const bookingConfig =
    config.booking ??
    (() => {
      throw new Error('online booking needs its configuration (BOOKING_CALENDAR_URL)');
    })();
  const router = express.Router();
  const choices = { services: bookableServices, formats: bookingRules.formats };

  /** This language's replies, the phone number filled in. */
  async function replies(lang: Lang) {
    const { flow } = await translations[lang].booking();
    const phone = (text: string) => withPhone(text, lang);
    const r = flow.replies;
    return {
      flow,
      taken: r.taken,
      delivery: phone(r.delivery),
      rateLimited: phone(r.rateLimited),
      unavailable: phone(r.unavailable),
      general: serverTexts[lang].replies,
    };
  }

  /**
   * Every answer carries the booking steps as they now are (views/booking/BookingSteps.tsx): sent,
   * or the form with everything the visitor entered and what went wrong. Without JavaScript that
   * is the booking page again; the script swaps the same HTML in. A body that could not be read
   * (rejected) has no steps: the script keeps the form as it is and shows the error.
   */
  async function reply(req: Request, res: Response, status: number, body: Reply, outcome: Outcome) {
    req.log.info({ outcome }, 'booking request');
    res.set('Cache-Control', 'no-store');
    const form = isForm(req);
    if (!form && outcome === 'rejected') {
      res.status(status).json(body);
      return;
    }
    const lang = langOf(req);
    const values = valuesOf(req.body);
    const state: BookingFormState = body.success
      ? { status: 'sent', values: emptyBooking, errors: {}, error: '', ...(body.sent ? { sent: body.sent } : {}) }
      : {
          status: 'error',
          values,
          errors: body.fields ?? {},
          error: body.error ?? '',
          ...(body.nearest ? { nearest: body.nearest } : {}),
        };
    const island = await bookingIsland(
      { calendar, holds },
      lang,
      { service: values.service, format: values.format },
      now(),
      state,
    );
    if (form)
      res
        .status(status)
        .type('html')
        .send((await render(paths.booking[lang], undefined, island)).html);
    else res.status(status).json({ ...body, html: island.html });
  }

  const limiter = rateLimit({
    windowMs: config.contactRateWindowMs,
    limit: config.contactRateLimit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    // A request that was refused, taken or not delivered does not use up the visitor's quota.
    skipFailedRequests: true,
    validate: { xForwardedForHeader: false },
    store: bookingKeys(deps.rateLimit.store),
    // Should the store fail, the request goes through unlimited, as a contact message does.
    passOnStoreError: true,
    logger: deps.rateLimit.logger,
    handler: (req, res, next) =>
      replies(langOf(req))
        .then((r) => reply(req, res, 429, { success: false, error: r.rateLimited }, 'rate-limited'))
        .catch(next),
  });

  const json = express.json({ limit: BODY_LIMIT, strict: false });
  const urlencoded = express.urlencoded({ limit: BODY_LIMIT, extended: false });
  function parseBody(req: Request, res: Response, next: NextFunction) {
    if (req.is('application/json')) return json(req, res, next);
    if (isForm(req)) return urlencoded(req, res, next);
    return reply(
      req,
      res,
      415,
      { success: false, error: serverTexts[langOf(req)].replies.unsupportedType },
      'rejected',
    );
  }

  /** A urlencoded post is any site's to send: accept it only from our own pages (as the contact endpoint does). */
  function sameOrigin(req: Request, res: Response, next: NextFunction) {
    if (!isForm(req)) return next();
    const origin = req.get('origin');
    const ours = [new URL(config.baseUrl).origin, `${req.protocol}://${req.get('host')}`];
    const ok = origin ? ours.includes(origin) : req.get('sec-fetch-site') === 'same-origin';
    if (ok) return next();
    req.log.info({ outcome: 'rejected' }, 'booking request');
    res
      .status(403)
      .set('Cache-Control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(serverTexts[langOf(req)].replies.forbidden);
  }

  /** What the success card and the no-JavaScript page say was asked for. */
  function sentView(
    flow: BookingFlowTexts,
    lang: Lang,
    serviceLabel: string,
    format: BookingFormat,
    start: Date,
  ): SentView {
    const when = fill(flow.when, { day: fullDayLabel(start, lang), time: timeLabel(start, lang) });
    return [
      `${flow.sent.service}: ${serviceLabel}`,
      `${flow.sent.time}: ${when}`,
      `${flow.sent.format}: ${flow.formats[format]}`,
    ];
  }

  async function taken(
    req: Request,
    res: Response,
    r: Awaited<ReturnType<typeof replies>>,
    lang: Lang,
    service: (typeof bookableServices)[number],
    start: Date,
  ) {
    const slots = await freeSlots({ calendar, holds }, service, now());
    const nearest = slots ? daysOf(nearestSlots(slots, start), lang) : [];
    // The taken time is no longer theirs to send again.
    if (isForm(req)) req.body = { ...req.body, start: '' };
    await reply(req, res, 409, { success: false, error: r.taken, nearest }, 'taken');
  }

  async function handle(req: Request, res: Response) {
    const body: unknown = isForm(req) ? { ...req.body, consent: req.body?.consent === 'true' } : req.body;
    if (isForm(req)) req.body = body;
    const lang = langOf(req);
    const honeypot = (body as { website?: unknown } | null)?.website;
    if (typeof honeypot === 'string' && honeypot.trim() !== '') {
      await reply(req, res, 200, { success: true }, 'spam');
      return;
    }
    const r = await replies(lang);
    const parsed = parseBooking(body, r.flow.fieldErrors, r.general, lang, choices);
    if (!parsed.ok || !isService(parsed.values.service) || !isFormat(parsed.values.format)) {
      await reply(
        req,
        res,
        400,
        { success: false, error: r.general.invalid, fields: parsed.ok ? {} : parsed.errors },
        'invalid',
      );
      return;
    }
    const { values, start } = parsed;
    const service = values.service as (typeof bookableServices)[number];
    const format = values.format as BookingFormat;
    const at = now();

    const free = calendar.isFree(service, start, at, await holds.list(at));
    if (free === null) {
      await reply(req, res, 503, { success: false, error: r.unavailable }, 'unavailable');
      return;
    }
    if (!free) return taken(req, res, r, lang, service, start);

    const end = new Date(start.getTime() + serviceMinutes(service) * 60_000);
    const hold = await holds.hold({ service, start, end }, at);
    if (hold.outcome === 'taken') return taken(req, res, r, lang, service, start);

    const heldUntil =
      hold.outcome === 'held' ? new Date(at.getTime() + (config.booking?.holdHours ?? 0) * 3_600_000) : null;
    // The practitioner answers with one of two links that carry the request itself (decision/links.ts).
    const links = await answerLinks(
      { baseUrl: config.baseUrl, booking: bookingConfig },
      {
        hold: hold.outcome === 'held' ? hold.id : null,
        service,
        format,
        start,
        end,
        name: values.name,
        email: replyAddress(values.email),
        lang,
      },
      at,
    );
    const mail = composeBookingMail(config, { ...values, service, format, start, end, lang }, at, heldUntil, links);
    try {
      await mailer.deliverMail(mail);
    } catch (err) {
      // The error's codes only: an SMTP reply can quote addresses.
      req.log.error(describeFailure(err), 'booking request not delivered');
      if (hold.outcome === 'held') await hold.release();
      await reply(req, res, 502, { success: false, error: r.delivery }, 'delivery-failed');
      return;
    }
    const label = (await translations[lang].prices()).prices[service].label;
    await reply(req, res, 200, { success: true, sent: sentView(r.flow, lang, label, format, start) }, 'requested');
  }

  router
    .route(BOOKING_PATH)
    .post(parseBody, limiter, sameOrigin, (req, res, next) => handle(req, res).catch(next))
    .all((req, res) => {
      res.set({ Allow: 'POST', 'Cache-Control': 'no-store' });
      res.status(405).json({ success: false, error: serverTexts[langOf(req)].replies.method });
    });

  // The times for the page's script: the same view the page is rendered from.
  router.get(TIMES_PATH, async (req, res, next) => {
    try {
      const lang = isLang(req.query.lang) ? req.query.lang : 'da';
      const view = await bookingIsland({ calendar, holds }, lang, req.query, now());
      res.set('Cache-Control', 'no-store').json(view);
    } catch (err) {
      next(err);
    }
  });

  // Errors of the body parsers: too large, unreadable, an unsupported charset.
  router.use(
    BOOKING_PATH,
    (err: { status?: number; type?: string }, req: Request, res: Response, next: NextFunction) => {
      const g = serverTexts[langOf(req)].replies;
      if (err.type === 'entity.too.large')
        return reply(req, res, 413, { success: false, error: g.tooLarge }, 'rejected');
      if (err.status === 415) return reply(req, res, 415, { success: false, error: g.unsupportedType }, 'rejected');
      if (err.status === 400) return reply(req, res, 400, { success: false, error: g.malformed }, 'rejected');
      next(err);
    },
  );

  return router;
}
