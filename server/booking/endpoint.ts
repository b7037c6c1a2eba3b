import type express from 'express';
import type { Request } from 'express';
import { bookableServices, bookingRules, type BookableService } from '../../content/booking';
import type { Lang } from '../../content/languages';
import { serverTexts } from '../../content/serverTexts';
import type { BookingFlowTexts } from '../../content/links';
import type { BookingFormat } from '../../content/texts/booking';
import { translations } from '../../content/translations';
import { fill, ltr, withPhone } from '../../views/format';
import { BOOKING_PATH, type BookingFormState, type DayView, type SentView } from '../../views/booking/model';
import { emptyBooking, parseBooking, type BookingErrors, type BookingValues } from '../../views/booking/validation';
import { maxLength } from '../../views/forms/fields';
import { isInternationalPhone } from '../../views/booking/phone.server';
import { dialled, inTypedDigits } from './dialled';
import { paths } from '../../views/routes';
import type { Config } from '../process/config';
import { describeFailure, type Mailer } from '../mail/transport';
import type { RateLimitStore } from '../store/rateLimit';
import { visitorHasher, type HoldStore } from '../store/holds';
import type { RenderPage } from '../http/render';
import {
  FORM_FIELD_LIMIT,
  formRouter,
  mayHaveGone,
  pipelineRefusals,
  refunds,
  type FormResponse,
  type FormDefinition,
  type FormReply,
  type Outcome,
  type Posted,
  valuesOf,
} from '../forms/pipeline';
import { requestSession } from './requestSession';
import type { BookingCalendar } from './calendar';
import { renderSteps, daysOf, freeSlots, nearestSlots } from './stepsView';
import { isFormat, isService } from './request';
import { answerDue } from './answerWindow';
import { dayLabel, fullDayLabel, timeLabel } from './when';

// POST /api/booking: a request for a time, from the page's script (JSON) or from the form without
// JavaScript (urlencoded, answered with the page). Both take the forms' one pipeline
// (server/forms/pipeline.ts: limits, same-origin, counts, honeypot); then what is booking's own:
// the shared rules (views/booking/validation.ts), then requestSession.ts (is the time still
// offered, is the held share of the calendar within a quarter, hold it so that no one else can
// request it, mail it to the practice), and only when the mail server has taken it, "sent". A
// mail that fails releases the hold, and the visitor keeps everything they entered. Nothing a
// visitor typed reaches the log: only the outcome. The page's times for the script come from the
// booking page's own loader (server/http/loaders.ts), its URL asked for JSON.

/** Room for the short fields (service, format, start, lang, consent, website) and the field names. */
const BODY_SLACK = 4096;

type Extra = {
  fields: BookingErrors;
  /** After "just taken": the nearest free times. */
  nearest: DayView[];
  /** After "sent": what was asked for. */
  sent: SentView;
};

/** The visitor's values as far as they could be read, to give back with an error. */
const bookingValues = (body: unknown): BookingValues => ({
  ...valuesOf(body, ['service', 'format', 'start', 'name', 'email', 'phone', 'message'], ['consent']),
  reminder: wantsReminder(body),
});

/** The reminder's box: ticked in the form without JavaScript (the pipeline makes it true), or 'true' as the script posts the form's fields. */
function wantsReminder(body: unknown): boolean {
  const box = (typeof body === 'object' && body !== null ? body : {}) as { reminder?: unknown };
  return box.reminder === true || box.reminder === 'true';
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

/** A valid request: its values, its time, and its service and format as the calendar knows them. */
interface BookingRequest {
  values: BookingValues;
  service: BookableService;
  format: BookingFormat;
  start: Date;
}

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
    waiting: phone(r.waiting),
    full: phone(r.full),
    uncertain: phone(r.uncertain),
    general: serverTexts[lang].replies,
  };
}

/** The answer's last day, as the visitor reads it: the day before the midnight it is due by. */
const answerBy = (at: Date, lang: Lang) => dayLabel(new Date(answerDue(bookingRules, at).getTime() - 1), lang);

/** What the success card and the no-JavaScript page say was asked for. */
function sentView(
  flow: BookingFlowTexts,
  lang: Lang,
  serviceLabel: string,
  format: BookingFormat,
  start: Date,
  phone: string,
  at: Date,
  held: boolean,
): SentView {
  const when = fill(flow.when, { day: fullDayLabel(start, lang), time: timeLabel(start, lang) });
  const lines = [
    `${flow.sent.service}: ${serviceLabel}`,
    `${flow.sent.time}: ${when}`,
    `${flow.sent.format}: ${flow.formats[format]}`,
    `${flow.sent.phone}: ${ltr(inTypedDigits(dialled(phone).text, phone), lang)}`,
  ];
  return { lines, answerBy: answerBy(at, lang), held };
}

/**
 * Every outcome carries the booking steps as they now are (views/booking/BookingSteps.server.tsx):
 * sent, or the form with everything the visitor entered and what went wrong. Without
 * JavaScript that is the booking page again; the script swaps the same HTML in. The
 * pipeline's own refusals (a body that could not be read, the limits) carry no steps for the
 * script: it keeps the form as it is and shows the error. So a flood of refused posts costs
 * no page each.
 */
async function respondWithSteps(
  deps: { render: RenderPage; calendar: BookingCalendar; holds: HoldStore; now: () => Date },
  req: Request,
  { logWord, reply }: Outcome<Extra>,
  { lang, noScript }: Pick<Posted, 'lang' | 'noScript'>,
): Promise<FormResponse> {
  const { render, calendar, holds, now } = deps;
  if (!noScript && pipelineRefusals.includes(logWord)) return { json: reply };
  const values = bookingValues(req.body);
  const state: BookingFormState = reply.success
    ? { status: 'sent', values: emptyBooking, errors: {}, error: '', ...(reply.sent ? { sent: reply.sent } : {}) }
    : {
        status: 'error',
        values,
        errors: reply.fields ?? {},
        error: reply.error ?? '',
        ...(reply.nearest ? { nearest: reply.nearest } : {}),
      };
  const island = await renderSteps(
    { calendar, holds },
    lang,
    { service: values.service, format: values.format },
    now(),
    state,
  );
  if (noScript) return { page: (await render(paths.booking[lang], island)).html };
  return { json: { ...reply, html: island.html } };
}

/** A request refused with nothing sent: the site's count given back. */
const refused = (status: number, logWord: string, error: string): Outcome<Extra> => ({
  status,
  logWord,
  reply: { success: false, error },
  refund: refunds.nothingSent,
});

/** The services and formats a request may name. */
const choices = { services: bookableServices, formats: bookingRules.formats };

/** A post read by the shared rules (views/booking/validation.ts): the request, or 400 with each field's error. */
async function parseRequest(body: unknown, lang: Lang): ReturnType<FormDefinition<BookingRequest, Extra>['parse']> {
  const r = await replies(lang);
  const parsed = parseBooking(body, r.flow.fieldErrors, r.general, lang, choices, isInternationalPhone);
  if (parsed.ok && isService(parsed.values.service) && isFormat(parsed.values.format))
    return {
      ok: true,
      value: {
        values: { ...parsed.values, reminder: wantsReminder(body) },
        service: parsed.values.service,
        format: parsed.values.format,
        start: parsed.start,
      },
    };
  const reply: FormReply<Extra> = { success: false, error: r.general.invalid, fields: parsed.ok ? {} : parsed.errors };
  return { ok: false, refused: { status: 400, logWord: 'invalid', reply, refund: refunds.invalid } };
}

/** The booking form as the pipeline (server/forms/pipeline.ts) takes it: its rules, the hold and the mail, its answers. */
function bookingForm(deps: BookingDeps): FormDefinition<BookingRequest, Extra> {
  const { config, mailer, render, calendar, holds } = deps;
  const booking = config.booking;
  if (!booking) throw new Error('the booking form needs BOOKING_CALENDAR_URL');
  const now = deps.now ?? (() => new Date());
  const visitorId = visitorHasher(booking.visitorSecret);
  type Reply = FormReply<Extra>;

  async function taken(lang: Lang, service: BookableService, start: Date, posted: Posted): Promise<Outcome<Extra>> {
    const slots = await freeSlots({ calendar, holds }, service, now());
    const nearest = slots ? daysOf(nearestSlots(slots, start), lang) : [];
    // The taken time is no longer theirs to send again.
    posted.req.body = { ...(posted.req.body as object), start: '' };
    const reply: Reply = { success: false, error: (await replies(lang)).taken, nearest };
    return { status: 409, logWord: 'taken', reply, refund: refunds.nothingSent };
  }

  return {
    id: 'booking',
    logMessage: 'booking request',
    path: BOOKING_PATH,
    fieldLimits: maxLength,
    bodySlack: BODY_SLACK,
    fieldCount: FORM_FIELD_LIMIT,
    fields: ['service', 'format', 'start', 'name', 'email', 'phone', 'message', 'lang'],
    checkboxes: ['consent', 'reminder'],
    limits: {
      visitor: { limit: booking.rateLimit, windowMs: booking.rateWindowMs },
      site: { limit: booking.siteLimit, windowMs: booking.siteWindowMs },
      counters: { visitor: 'booking', site: 'booking-site' },
    },
    texts: async (lang) => {
      const r = await replies(lang);
      return { rateLimited: r.rateLimited, siteLimited: r.delivery };
    },
    parse: (body, { lang }) => parseRequest(body, lang),
    async act({ values, service, format, start }, posted) {
      const { req, lang } = posted;
      const r = await replies(lang);
      const at = now();
      const done = await requestSession(
        { config: { ...config, booking }, mailer, calendar, holds, visitorId },
        { values, service, format, start, lang, visitor: posted.visitor },
        at,
      );
      switch (done.result) {
        case 'taken':
          return taken(lang, service, start, posted);
        case 'unavailable':
        case 'store-unavailable':
          // Logged at info with its outcome (the store's own warning says why): no error for what the operator must fix.
          return refused(503, done.result, r.unavailable);
        case 'not-held':
          // The store answered the release: "not sent, try again in a moment" (the visitor's values stay).
          return refused(503, 'not-held', r.delivery);
        case 'held-share-full':
          return refused(503, 'held-share-full', r.full);
        case 'already-waiting':
          return refused(429, 'already-waiting', r.waiting);
        case 'delivery-failed': {
          // The error's codes only: an SMTP reply can quote addresses.
          req.log.error(describeFailure(done.error), 'booking request not delivered');
          const reply: Reply = { success: false, error: r.delivery };
          return { status: 502, logWord: 'delivery-failed', reply, refund: refunds.notDelivered };
        }
        case 'uncertain':
          // It may have reached her: the time stays held for the visitor, whose details stay in the form (decision 0052).
          req.log.warn(
            describeFailure(done.error),
            'booking request: no reply from the mail server after it was handed over',
          );
          return mayHaveGone({ success: false, error: fill(r.uncertain, { day: answerBy(at, lang) }) });
      }
      const label = (await translations[lang].prices()).prices[service].label;
      const sent = sentView(r.flow, lang, label, format, start, values.phone, at, done.kept);
      return { status: 200, logWord: 'requested', reply: { success: true, sent } };
    },
    respond: (req, outcome, to) => respondWithSteps({ render, calendar, holds, now }, req, outcome, to),
  };
}

export function bookingRouter(deps: BookingDeps): express.Router {
  return formRouter(bookingForm(deps), { baseUrl: deps.config.baseUrl, rateLimit: deps.rateLimit });
}
