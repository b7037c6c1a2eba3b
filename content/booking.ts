import { type BookableService, bookableServices } from './choices';
import { closedDates } from './closedDays';
import bookingJson from './facts/booking.json';
import { PRACTICE_TIME_ZONE } from './practice';
import { priceGroups, type PriceId } from './prices';
import { type BookingJson, WEEKDAYS } from './schema/facts';

// The practice's booking rules: when sessions can be requested online, for what, and how far
// ahead. The owner edits the week and the closed days in content/facts/booking.json; everything is in the practice's time (PRACTICE_TIME_ZONE in practice.ts,
// Europe/Copenhagen), whatever the season. The calendar feed (BOOKING_CALENDAR_URL) then takes away what is busy.

// The services bookable online are a choice of the booking facts (content/choices.ts); the booking code imports them from here.
export { type BookableService, bookableServices };

type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** One opening on a weekday: "HH:MM" to "HH:MM" local time, and which services may be held in it. */
interface BookingSpan {
  from: string;
  to: string;
  services: BookableService[];
}

export interface BookingRules {
  timeZone: typeof PRACTICE_TIME_ZONE;
  /** Per ISO weekday (1 = Monday … 7 = Sunday): opening spans "HH:MM"-"HH:MM" local time and which services may start in them. */
  week: Partial<Record<IsoWeekday, BookingSpan[]>>;
  bufferMinutes: number; // free time kept between sessions (both sides of a busy block)
  /**
   * The first day a time can be requested on, counted in days after the day the practitioner's
   * answer is due (the end of the `confirmWithinWorkingDays`th working day after the request).
   * At least 1: then her answer always comes before the cancellation deadline (12 o'clock the
   * day before and at least 24 hours before), so a visitor can still cancel a confirmed time.
   */
  noticeDaysAfterAnswer: number;
  horizonDays: number; // how far ahead (e.g. 42)
  /** Closed on the Danish public holidays, worked out for every year (server/booking/holidays.ts): no list to renew. */
  closedOnPublicHolidays: boolean;
  /** The practice's own closed days besides those, a period's each: 'MM-DD' every year (Christmas Eve), 'YYYY-MM-DD' once (a holiday, a course). */
  closedDates: string[];
  stepMinutes: number; // start times on this grid within a span (e.g. 15 or 30)
  formats: ('clinic' | 'online')[];
  /**
   * The practitioner answers every request within this many working days (Monday to Friday, not
   * the closed dates), not counting the day it came; the time stays held on the site until then.
   */
  confirmWithinWorkingDays: number;
  /**
   * The client's own link in every confirmation (server/booking/manage/): cancel free before the
   * deadline, move once, or say she will not come. false: no mail carries it, and the terms name
   * sms and phone only.
   */
  clientLink: boolean;
}

const isBookable = (service: string): service is BookableService =>
  (bookableServices as readonly string[]).includes(service);

/** A span's services as the JSON names them; the content check (content/schema/facts.ts) refuses another name first. */
function services(names: string[]): BookableService[] {
  const unknown = names.find((name) => !isBookable(name));
  if (unknown !== undefined) throw new Error(`content/facts/booking.json: '${unknown}' is not a bookable service`);
  return names.filter(isBookable);
}

/** content/facts/booking.json: the week and the practice's own closed days (declared and checked by content/schema/facts.ts). */
const facts: BookingJson = bookingJson;

/** content/facts/booking.json's weekdays (monday … sunday, in order) as ISO weekdays, 1 … 7. */
const isoWeekdays = Object.fromEntries(Object.keys(WEEKDAYS).map((day, i) => [day, i + 1])) as Record<
  keyof typeof WEEKDAYS,
  IsoWeekday
>;

/** The week of content/facts/booking.json: per ISO weekday, its spans. */
const openings: BookingRules['week'] = Object.fromEntries(
  Object.entries(facts.week).map(([day, spans]) => [
    isoWeekdays[day as keyof typeof WEEKDAYS],
    spans.map((span) => ({ ...span, services: services(span.services) })),
  ]),
);

export const bookingRules: BookingRules = {
  timeZone: PRACTICE_TIME_ZONE,
  week: openings,
  bufferMinutes: 10,
  noticeDaysAfterAnswer: 1,
  horizonDays: 42,
  closedOnPublicHolidays: true,
  closedDates: facts.closedDays.flatMap(closedDates),
  stepMinutes: 30,
  formats: ['clinic', 'online'],
  confirmWithinWorkingDays: 2,
  clientLink: facts.clientLink,
};

const lengths = new Map<PriceId, number>();
for (const group of priceGroups)
  for (const price of group.prices) if (price.minutes !== undefined) lengths.set(price.id, price.minutes);

/** Length in minutes, from content/prices.ts (individuel 50, par 75, familie 75, boern 50, supervision-individuel 60). */
export function serviceMinutes(service: BookableService): number {
  const minutes = lengths.get(service);
  // Only reachable if someone removes a length from prices.ts; the tests check every service.
  if (minutes === undefined) throw new Error(`content/prices.ts gives no length for the bookable service ${service}`);
  return minutes;
}
