import { bookableServices } from '../../content/booking';
import { overlaps } from '../store/holds';
import type { BookingCalendar } from './calendar';
import type { Interval } from './interval';

// How much of the calendar unconfirmed requests may hold together: at most a quarter of any
// service's offered times in the horizon (decision 0014), so that whatever bots do, three
// quarters of every service's times stay bookable. A hold of one service blocks the times of
// every service it meets (the buffer included), so each service is counted on its own.

const HELD_SHARE = 1 / 4;

/**
 * Whether these holds stay within the share for every service: true, false, or null when the
 * calendar cannot be vouched for (booking is unavailable anyway).
 */
export function withinShare(
  calendar: BookingCalendar,
  holds: readonly (Interval & { confirmed?: true; freed?: true })[],
  now: Date,
): boolean | null {
  // A time the practitioner confirmed is hers, not a request's (server/booking/decision/); a freed one is nobody's.
  const held = holds.filter((hold) => !hold.confirmed && !hold.freed);
  for (const service of bookableServices) {
    // What the practitioner offers, holds not taken out.
    const offered = calendar.freeTimes(service, now);
    if (offered === null) return null;
    const blocked = offered.filter((slot) => held.some((hold) => overlaps(slot, hold))).length;
    if (blocked > offered.length * HELD_SHARE) return false;
  }
  return true;
}
