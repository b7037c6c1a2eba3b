import type { BookingRules } from '../../content/booking';
import { danishPublicHolidays } from './holidays';

// Whether the practice is closed on a local date: a Danish public holiday (when the rules say so,
// computed for every year: holidays.ts), or one of the practice's own closed days in
// content/booking.ts ('MM-DD' every year, 'YYYY-MM-DD' once). Used by the free times and by the
// working days the practitioner's answer is counted in.

interface Closed {
  own: Set<string>;
  /** Public holidays per year, worked out once each. */
  years: Map<number, Set<string>>;
}

const cache = new WeakMap<BookingRules, Closed>();

/** Whether the practice is closed on a local date 'YYYY-MM-DD'. */
export function isClosed(rules: BookingRules, date: string): boolean {
  let c = cache.get(rules);
  if (!c) {
    c = { own: new Set(rules.closedDates), years: new Map() };
    cache.set(rules, c);
  }
  if (c.own.has(date) || c.own.has(date.slice(5))) return true;
  if (!rules.closedOnPublicHolidays) return false;
  const year = Number(date.slice(0, 4));
  let holidays = c.years.get(year);
  if (!holidays) {
    holidays = new Set(danishPublicHolidays(year));
    c.years.set(year, holidays);
  }
  return holidays.has(date);
}
