import { DateTime } from 'luxon';
import { PRACTICE_TIME_ZONE } from '../../content/practice';

// The practice's cancellation rule (content/<lang>/prices.json's terms): free by 12.00 the day
// before and at least 24 hours before, so the earlier of the two binds (a session at 10.00 is
// cancelled free by 10.00 the day before). Worked out in the practice's time zone with luxon:
// "the day before" is the calendar day before in Denmark, and the 24 hours are real hours, so a
// Sunday session after the change to summer time has its deadline at 09.00 on Saturday.
// The deadline's own second is still free: "senest kl. 12.00" is kept by a cancellation at
// 12.00.00 (and 12.00.00,999), and one at 12.00.01 is late (decision 0059).

/** The last moment to cancel free of charge. */
export function cancellationDeadline(start: Date): Date {
  const local = DateTime.fromJSDate(start, { zone: PRACTICE_TIME_ZONE });
  const noonBefore = local.minus({ days: 1 }).set({ hour: 12, minute: 0, second: 0, millisecond: 0 });
  const dayBefore = local.minus({ hours: 24 });
  return DateTime.min(noonBefore, dayBefore).toJSDate();
}

/** Whether a cancellation at `at` is free: until the deadline's second has passed. */
export function isFreeCancellation(start: Date, at: Date): boolean {
  return Math.floor(at.getTime() / 1000) <= Math.floor(cancellationDeadline(start).getTime() / 1000);
}
