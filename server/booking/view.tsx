import { bookableServices, bookingRules, serviceMinutes, type BookableService } from '../../content/booking';
import type { Lang } from '../../content/languages';
import { therapyPrices, supervisionPrices } from '../../content/prices';
import type { BookingFormat } from '../../content/texts/booking';
import { translations } from '../../content/translations';
import { renderToStaticMarkup } from 'react-dom/server';
import { fill, formatPrice, localDigits } from '../../views/format';
import { BookingSteps } from '../../views/booking/BookingSteps';
import type { BookingFormState, BookingIsland, BookingView, DayView, ServiceView } from '../../views/booking/model';
import { paths } from '../../views/routes';
import { emptyBooking } from '../../views/booking/validation';
import type { HoldStore } from '../store/holds';
import type { BookingCalendar, Slot } from './calendar';
import { dayLabel, isoStart, localDate, timeLabel } from './when';

// What the booking page shows for one request: the services with their lengths and prices, and
// for the chosen one its free times (the calendar's, minus the times held for other visitors),
// grouped by day, the soonest first, as many weeks as asked for. Written in the page's language;
// the page (views/booking/BookingFlow.tsx) and the JSON for the script both come from here.

export interface BookingQuery {
  service?: unknown;
  format?: unknown;
  weeks?: unknown;
}

const DAY_MS = 86_400_000;
/** How many weeks can be asked for: all the way to the horizon. */
export const maxWeeks = () => Math.ceil(bookingRules.horizonDays / 7);
/** How many times "just taken" offers in its place. */
const NEAREST = 6;

export const isService = (value: unknown): value is BookableService => bookableServices.includes(value as BookableService);
export const isFormat = (value: unknown): value is BookingFormat => bookingRules.formats.includes(value as BookingFormat);

const prices = new Map([...therapyPrices.prices, ...supervisionPrices.prices].map((p) => [p.id, p]));

async function servicesIn(lang: Lang): Promise<ServiceView[]> {
  const texts = await translations[lang].prices();
  return bookableServices.map((id) => {
    const price = prices.get(id);
    const minutes = fill(price?.upTo ? texts.duration.upTo : texts.duration.minutes, { n: localDigits(String(serviceMinutes(id)), lang) });
    const amount = price?.amount;
    const written = amount ? formatPrice(amount, lang) : '';
    return { id, label: texts.prices[id].label, detail: written ? `${minutes} · ${written}` : minutes, minutes, price: written };
  });
}

/** Slots as days of the page, in their order. */
export function daysOf(slots: readonly Slot[], lang: Lang): DayView[] {
  const days: DayView[] = [];
  for (const slot of slots) {
    const date = localDate(slot.start);
    let day = days[days.length - 1];
    if (day?.date !== date) days.push((day = { date, label: dayLabel(slot.start, lang), slots: [] }));
    day.slots.push({ start: isoStart(slot.start), time: timeLabel(slot.start, lang) });
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

export const emptyForm: BookingFormState = { status: 'idle', values: emptyBooking, errors: {}, error: '' };

export interface ViewDeps {
  calendar: BookingCalendar;
  holds: HoldStore;
}

/** The free times for a service now, held times taken out; null when the calendar cannot be vouched for. */
export async function freeSlots(deps: ViewDeps, service: BookableService, now: Date): Promise<Slot[] | null> {
  const state = deps.calendar.state().state;
  if (state !== 'fresh' && state !== 'stale') return null;
  return deps.calendar.freeTimes(service, now, await deps.holds.list(now));
}

export async function bookingView(deps: ViewDeps, lang: Lang, query: BookingQuery, now: Date, form: BookingFormState = emptyForm): Promise<BookingView> {
  const service = isService(query.service) ? query.service : null;
  const format = isFormat(query.format) ? query.format : (bookingRules.formats[0] as BookingFormat);
  const asked = Number(query.weeks);
  const weeks = Number.isInteger(asked) ? Math.min(Math.max(asked, 1), maxWeeks()) : 1;
  const confirmDays = localDigits(String(bookingRules.confirmWithinWorkingDays), lang);
  const base = { services: await servicesIn(lang), formats: bookingRules.formats, service, format, weeks, confirmDays, form };
  const state = deps.calendar.state().state;
  if (state !== 'fresh' && state !== 'stale') return { ...base, open: false, days: [], more: false };
  if (!service) return { ...base, open: true, days: [], more: false };
  const slots = await freeSlots(deps, service, now);
  if (!slots) return { ...base, open: false, days: [], more: false };
  // Weeks count from the first day with a time, so the first week asked for is never empty.
  const first = slots[0];
  const until = first ? Date.parse(`${localDate(first.start)}T00:00:00Z`) + weeks * 7 * DAY_MS : 0;
  const shown = slots.filter((s) => Date.parse(`${localDate(s.start)}T00:00:00Z`) < until);
  return { ...base, open: true, days: daysOf(shown, lang), more: shown.length < slots.length };
}

/** The steps as the page shows them (views/booking/BookingSteps.tsx), and what the browser's check needs. */
export async function bookingIsland(deps: ViewDeps, lang: Lang, query: BookingQuery, now: Date, form?: BookingFormState): Promise<BookingIsland> {
  const view = await bookingView(deps, lang, query, now, form);
  const { flow } = await translations[lang].booking();
  const html = renderToStaticMarkup(
    <BookingSteps t={flow} view={view} lang={lang} page={paths.booking[lang]} privacy={paths.privacy[lang]} contact={paths.contact[lang]} />,
  );
  return { html, choices: { services: view.services.map((s) => s.id), formats: view.formats } };
}
