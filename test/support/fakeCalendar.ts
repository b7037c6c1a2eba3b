import { bookableServices, serviceMinutes, type BookableService } from '../../content/booking';
import type { BookingCalendar, CalendarState } from '../../server/booking/calendar';
import type { Interval, Slot } from '../../server/booking/interval';
import { overlaps } from '../../server/store/holds';
import { MINUTE_MS } from '../../views/days';

// A calendar with times the test chooses, for tests of the booking flow that must not depend on
// today's date or a feed: each service is offered at the given starts, less those that meet
// `alsoBusy` (held times) with the booking buffer, as the real calendar (server/booking/calendar.ts)
// treats them, and less those before `now`. Its state can be set to what a failing feed gives.

export interface FakeCalendar extends BookingCalendar {
  setState(state: CalendarState): void;
  /** What her feed shows busy (besides what the starts leave out): what busyDuring answers from. */
  setBusy(busy: readonly Interval[]): void;
}

export function fakeCalendar(
  starts: readonly string[],
  services: readonly BookableService[] = bookableServices,
): FakeCalendar {
  let state: CalendarState = { state: 'fresh', readAt: new Date(), busyBlocks: 0 };
  let feedBusy: readonly Interval[] = [];
  const slotsOf = (service: BookableService): Slot[] =>
    services.includes(service)
      ? starts
          .map((s) => new Date(s))
          .sort((a, b) => a.getTime() - b.getTime())
          .map((start) => ({ service, start, end: new Date(start.getTime() + serviceMinutes(service) * MINUTE_MS) }))
      : [];
  const vouched = () => state.state === 'fresh' || state.state === 'stale';
  // A freed session is no longer busy (server/booking/calendar.ts); her feed here shows none of the site's own.
  const free = (service: BookableService, now: Date, alsoBusy: readonly (Interval & { freed?: true })[] = []) =>
    slotsOf(service).filter(
      (slot) => slot.start > now && !alsoBusy.some((busy) => !busy.freed && overlaps(slot, busy)),
    );
  return {
    start: () => undefined,
    stop: () => undefined,
    state: () => state,
    host: () => 'fake',
    reads: () => ({ askedAt: null, changedAt: null }),
    invitations: () => null,
    ready: async () => undefined,
    freeTimes: (service, now, alsoBusy) => (vouched() ? free(service, now, alsoBusy) : null),
    isFree: (service, start, now, alsoBusy) =>
      vouched() ? free(service, now, alsoBusy).some((s) => s.start.getTime() === start.getTime()) : null,
    busyDuring: (time) =>
      vouched()
        ? feedBusy.some(
            (b) =>
              b.start < time.end &&
              b.end > time.start &&
              !(b.start.getTime() === time.start.getTime() && b.end.getTime() === time.end.getTime()),
          )
        : null,
    setState: (next) => {
      state = next;
    },
    setBusy: (busy) => {
      feedBusy = busy;
    },
  };
}
