import { DateTime } from 'luxon';
import { bookingRules, type BookingRules } from '../../content/booking';
import { isClosed } from './closedDays';
import { isoWeekday } from './localTime';

// The practitioner's promise in time: she answers a request within `confirmWithinWorkingDays`
// working days (Monday to Friday, not the public holidays or the owner's closed days, in Danish time), not counting the
// day it came. The time stays held on the site until her answer is due, and no time can be
// requested before `noticeDaysAfterAnswer` days after that day, so her answer always comes before
// the cancellation deadline. One computation for the hold, the first free time, the mail and the
// words (decision 0024).

/** Whether a local date 'YYYY-MM-DD' is a working day: Monday to Friday and not closed. */
function isWorkingDay(rules: BookingRules, date: string): boolean {
  return isoWeekday(date) <= 5 && !isClosed(rules, date);
}

interface Day {
  /** The local day of the request: [from, to) in milliseconds. */
  from: number;
  to: number;
  due: number;
  earliest: number;
}

/**
 * Both answers change only at local midnight, and every request for a page of times asks them
 * (luxon's zone arithmetic was a tenth of that page's CPU time): each rules' last day is kept.
 */
const lastDay = new WeakMap<BookingRules, Day>();

function dayOf(rules: BookingRules, now: Date | number): Day {
  const at = typeof now === 'number' ? now : now.getTime();
  const known = lastDay.get(rules);
  if (known && at >= known.from && at < known.to) return known;
  const start = DateTime.fromMillis(at, { zone: rules.timeZone }).startOf('day');
  let day = start;
  // A year without a working day is a broken list of closed days.
  for (let counted = 0, guard = 0; counted < rules.confirmWithinWorkingDays && guard < 366; guard++) {
    day = day.plus({ days: 1 });
    if (isWorkingDay(rules, day.toISODate() as string)) counted++;
  }
  const due = day.plus({ days: 1 });
  const entry = {
    from: start.toMillis(),
    to: start.plus({ days: 1 }).toMillis(),
    due: due.toMillis(),
    earliest: due.plus({ days: rules.noticeDaysAfterAnswer }).toMillis(),
  };
  lastDay.set(rules, entry);
  return entry;
}

/**
 * When the answer to a request sent at `now` is due: the end (local midnight) of the
 * `confirmWithinWorkingDays`th working day after the request's own day. Friday 14:00 with 2
 * working days: the end of Tuesday (Wednesday 00:00).
 */
export const answerDue = (rules: BookingRules, now: Date | number): Date => new Date(dayOf(rules, now).due);

/** Until when a time requested at `now` is held: when the answer is due (the hold stores' `until`). */
export const holdUntil = (now: Date): Date => answerDue(bookingRules, now);

/** The first instant a time may start at for a request sent at `now` (local midnight). */
export const earliestStart = (rules: BookingRules, now: Date | number): number => dayOf(rules, now).earliest;

const longest = new WeakMap<BookingRules, number>();

/**
 * The longest a request's answer may take, from the start of the day it came to when it is due:
 * two working days and a weekend, or about a week over the owner's closed dates (Christmas). An
 * answer link lives at most this long (decision 0024), so a link claiming longer is not ours.
 * Found once per rules: each weekday, and the week before each closed date.
 */
export function longestAnswerWindow(rules: BookingRules): number {
  let ms = longest.get(rules);
  if (ms === undefined) {
    ms = 0;
    const anchors = [
      DateTime.now().setZone(rules.timeZone),
      ...rules.closedDates.map((d) => DateTime.fromISO(d, { zone: rules.timeZone })),
    ];
    for (const anchor of anchors)
      for (let back = 0; back <= 7; back++) {
        const day = anchor.minus({ days: back }).startOf('day').toMillis();
        ms = Math.max(ms, answerDue(rules, day).getTime() - day);
      }
    longest.set(rules, ms);
  }
  return ms;
}
