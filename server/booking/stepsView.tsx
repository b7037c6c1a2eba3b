import { bookableServices, bookingRules, serviceMinutes, type BookableService } from '../../content/booking';
import type { Lang } from '../../content/languages';
import { priceById } from '../../content/prices';
import { siteTexts } from '../../content/siteTexts';
import type { BookingFormat } from '../../content/texts/booking';
import { manageTexts } from '../../content/manageTexts';
import { translations } from '../../content/translations';
import { LRUCache } from 'lru-cache';
import { renderToStaticMarkup } from 'react-dom/server';
import { addDays, MINUTE_MS } from '../../views/days';
import { fill, localDigits } from '../../views/format';
import { formatPrice } from '../../views/formatPage';
import { BookingSteps } from '../../views/booking/BookingSteps.server';
import type { BookingFormState, BookingIslandData, BookingView, DayView, ServiceView } from '../../views/booking/model';
import { paths } from '../../views/routes';
import { emptyBooking } from '../../views/booking/validation';
import type { HoldStore } from '../store/holds';
import { earliestStart } from './answerWindow';
import type { BookingCalendar, CalendarState } from './calendar';
import type { Slot } from './interval';
import { isFormat, isService } from './request';
import { dayLabel, isoStart, localDate, timeLabel } from './when';

// What the booking page shows for one request: the services with their lengths and prices, and
// for the chosen one its free times (the calendar's, minus the times held for other visitors),
// grouped by day, the soonest first, as many weeks as asked for. Written in the page's language;
// the page (views/booking/BookingSteps.server.tsx) and the JSON for the script both come from here.

export interface BookingQuery {
  service?: unknown;
  format?: unknown;
  weeks?: unknown;
  /** A time to choose and focus (a declined request's mail links to each time it offers). */
  start?: unknown;
}

/** How many weeks can be asked for: all the way to the horizon. */
export const maxWeeks = () => Math.ceil(bookingRules.horizonDays / 7);
/** How many times "just taken" offers in its place. */
const NEAREST = 6;

async function servicesIn(lang: Lang): Promise<ServiceView[]> {
  const texts = await translations[lang].prices();
  return bookableServices.map((id) => {
    const price = priceById(id);
    const minutes = fill(price?.upTo ? texts.duration.upTo : texts.duration.minutes, {
      n: localDigits(String(serviceMinutes(id)), lang),
    });
    const amount = price?.amount;
    const written = amount ? formatPrice(amount, lang) : '';
    return {
      id,
      label: texts.prices[id].label,
      detail: written ? `${minutes} · ${written}` : minutes,
      minutes,
      price: written,
    };
  });
}

/**
 * A start as the page writes it, in one language: its Danish date, the day's label, the ISO start
 * and the time. The same starts come back request after request (the grid of the coming weeks),
 * and writing them through Intl and luxon is most of a page's cost once its steps are kept
 * (below), so each is written once. At most WRITTEN entries, the least recently used going first:
 * six weeks of starts in three languages are about 3,000.
 */
interface Written {
  date: string;
  label: string;
  start: string;
  time: string;
}
const WRITTEN = 10_000;
const written = new LRUCache<string, Written>({ max: WRITTEN });

function formatStart(time: Date, lang: Lang): Written {
  const key = `${lang} ${time.getTime()}`;
  let w = written.get(key);
  if (!w) {
    w = { date: localDate(time), label: dayLabel(time, lang), start: isoStart(time), time: timeLabel(time, lang) };
    written.set(key, w);
  }
  return w;
}

/** Slots as days of the page, in their order. */
export function daysOf(slots: readonly Slot[], lang: Lang): DayView[] {
  const days: DayView[] = [];
  for (const slot of slots) {
    const w = formatStart(slot.start, lang);
    let day = days.at(-1);
    if (day?.date !== w.date) {
      day = { date: w.date, label: w.label, slots: [] };
      days.push(day);
    }
    day.slots.push({ start: w.start, time: w.time });
  }
  return days;
}

/** The `count` free times nearest to `to`, in time order (after "just taken"). */
export function nearestSlots(slots: readonly Slot[], to: Date, count = NEAREST): Slot[] {
  const distance = (s: Slot) => Math.abs(s.start.getTime() - to.getTime());
  return [...slots]
    .sort((a, b) => distance(a) - distance(b))
    .slice(0, count)
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}

const emptyForm: BookingFormState = { status: 'idle', values: emptyBooking, errors: {}, error: '' };

export interface StepsDeps {
  calendar: BookingCalendar;
  holds: HoldStore;
}

/**
 * Free times as the calendar last gave them for a service (server/booking/calendar.ts), kept
 * while nothing they depend on changed: the same read of the feed, the same holds, and under a
 * minute old. Computing six weeks of them is most of a booking page's cost, and the page is
 * asked for far more often than any of these change, nor the first day a time may be on
 * (answerWindow.ts: it moves at midnight, so a kept list never holds a time the calendar would no
 * longer offer); at the far end it may lack what the last minute brought within the horizon.
 * A request is always checked against the calendar itself (calendar.isFree).
 */
interface Computed {
  readAt: number;
  holds: string;
  at: number;
  earliest: number;
  slots: Slot[];
}
/** Per calendar (a process has one; tests make many), per service: at most five entries a calendar. */
const computed = new WeakMap<BookingCalendar, Map<BookableService, Computed>>();
const KEEP_MS = MINUTE_MS;

/**
 * The calendar's state, asked at most once a second: it changes at the pace of the feed's reads
 * and limits (minutes), and asking costs (it counts the busy blocks in the horizon). One entry a
 * calendar.
 */
const states = new WeakMap<BookingCalendar, { at: number; state: CalendarState }>();
function stateOf(calendar: BookingCalendar, now: Date): CalendarState {
  const known = states.get(calendar);
  const at = now.getTime();
  if (known && at >= known.at && at - known.at < 1_000) return known.state;
  const state = calendar.state();
  states.set(calendar, { at, state });
  return state;
}

/** The free times for a service now, held times taken out; null when the calendar cannot be vouched for. */
export async function freeSlots(deps: StepsDeps, service: BookableService, now: Date): Promise<Slot[] | null> {
  const state = stateOf(deps.calendar, now);
  if (state.state !== 'fresh' && state.state !== 'stale') return null;
  const held = await deps.holds.list(now);
  // Times held where the store cannot be asked cannot be vouched for either (decision 0027).
  if (!held) return null;
  const holds = held.map((h) => `${h.start.getTime()}-${h.end.getTime()}${h.freed ? 'f' : ''}`).join(',');
  const at = now.getTime();
  const earliest = earliestStart(bookingRules, at);
  let mine = computed.get(deps.calendar);
  if (!mine) {
    mine = new Map();
    computed.set(deps.calendar, mine);
  }
  let kept = mine.get(service);
  if (
    !kept ||
    kept.readAt !== state.readAt.getTime() ||
    kept.holds !== holds ||
    kept.earliest !== earliest ||
    at < kept.at ||
    at - kept.at >= KEEP_MS
  ) {
    const slots = deps.calendar.freeTimes(service, now, held);
    if (!slots) return null;
    kept = { readAt: state.readAt.getTime(), holds, at, earliest, slots };
    mine.set(service, kept);
  }
  return kept.slots;
}

/** What a GET asks for, read from its query. */
function chosen(query: BookingQuery) {
  const service = isService(query.service) ? query.service : null;
  const format = isFormat(query.format) ? query.format : (bookingRules.formats[0] as BookingFormat);
  const asked = Number(query.weeks);
  const weeks = Number.isInteger(asked) ? Math.min(Math.max(asked, 1), maxWeeks()) : 1;
  const start = typeof query.start === 'string' && query.start.length <= 40 ? query.start : null;
  return { service, format, weeks, start };
}

/** The times shown for a choice: `weeks` weeks from the first day with a time (so the first week asked for is never empty); the booking page's and a move's (server/booking/manage/). */
export async function timesFor(deps: StepsDeps, lang: Lang, service: BookableService | null, weeks: number, now: Date) {
  const state = stateOf(deps.calendar, now).state;
  if (state !== 'fresh' && state !== 'stale') return { open: false, shown: [], more: false };
  if (!service) return { open: true, shown: [], more: false };
  const slots = await freeSlots(deps, service, now);
  if (!slots) return { open: false, shown: [], more: false };
  const first = slots[0];
  if (!first) return { open: true, shown: [], more: false };
  // The slots are in time order: the shown ones are those before the first day past the weeks.
  const until = addDays(formatStart(first.start, lang).date, weeks * 7);
  const end = slots.findIndex((s) => formatStart(s.start, lang).date >= until);
  const shown = end === -1 ? slots : slots.slice(0, end);
  return { open: true, shown, more: shown.length < slots.length };
}

async function viewOf(
  lang: Lang,
  c: {
    service: BookableService | null;
    format: BookingFormat;
    weeks: number;
    open: boolean;
    shown: Slot[];
    more: boolean;
  },
  form: BookingFormState,
): Promise<BookingView> {
  const confirmDays = localDigits(String(bookingRules.confirmWithinWorkingDays), lang);
  return {
    services: await servicesIn(lang),
    formats: bookingRules.formats,
    service: c.service,
    format: c.format,
    weeks: c.weeks,
    confirmDays,
    form,
    open: c.open,
    days: daysOf(c.shown, lang),
    more: c.more,
  };
}

/**
 * The steps' HTML of views nobody has typed anything into (the pages a GET shows), by what they
 * show: the same times give the same HTML, rendered once; rendering six weeks of times is by far
 * a booking page's largest cost (docs/performance.md). Views with a visitor's values (the answers
 * to a request) are rendered for their request only and never kept. At most STEPS entries, the
 * least recently used going first: each service and format in three languages, at each number of
 * weeks, is about 180.
 */
const STEPS = 256;
const steps = new LRUCache<string, string>({ max: STEPS });

/** The steps as the page shows them (views/booking/BookingSteps.server.tsx), and what the browser's check needs. */
export async function renderSteps(
  deps: StepsDeps,
  lang: Lang,
  query: BookingQuery,
  now: Date,
  form?: BookingFormState,
): Promise<BookingIslandData> {
  const choices = { services: [...bookableServices], formats: bookingRules.formats };
  const c = chosen(query);
  const times = await timesFor(deps, lang, c.service, c.weeks, now);
  // A time the address asks for, if it is still free: chosen and focused (rendered for this request only).
  const asked =
    !form && c.start && times.shown.some((s) => formatStart(s.start, lang).start === c.start) ? c.start : null;
  if (asked) form = { ...emptyForm, values: { ...emptyForm.values, start: asked } };
  const key = form
    ? null
    : `${lang} ${bookingRules.clientLink} ${c.service} ${c.format} ${c.weeks} ${times.open} ${times.more} ${times.shown.map((s) => s.start.getTime()).join(',')}`;
  const kept = key ? steps.get(key) : undefined;
  if (kept) return { html: kept, choices };
  const view = {
    ...(await viewOf(lang, { ...c, ...times }, form ?? emptyForm)),
    ...(asked ? { focusStart: asked } : {}),
  };
  const { flow } = await translations[lang].booking();
  const html = renderToStaticMarkup(
    <BookingSteps
      t={flow}
      view={view}
      lang={lang}
      page={paths.booking[lang]}
      privacy={paths.privacy[lang]}
      contact={paths.contact[lang]}
      cancellation={`${paths.prices[lang]}#cancellation-section`}
      who={siteTexts[lang].practice}
      manage={manageTexts[lang].bookingForm}
      clientLink={bookingRules.clientLink}
    />,
  );
  if (key) steps.set(key, html);
  return { html, choices };
}
