import type { Logger } from 'pino';
import type { BookableService } from '../../content/booking';
import type { BookingConfig } from '../process/config';

// The practitioner's calendar as the booking pages and endpoint see it: free starts per service,
// from the booking rules in content/booking.ts minus what the feed (BOOKING_CALENDAR_URL) says is
// busy. The feed is read in the background, never on a visitor's request.

export interface Interval {
  start: Date;
  end: Date;
}

export interface Slot {
  service: BookableService;
  start: Date;
  end: Date;
}

export type CalendarState =
  | { state: 'loading' } // not read yet: no free times offered
  | { state: 'fresh'; readAt: Date; busyBlocks: number }
  | { state: 'stale'; readAt: Date; busyBlocks: number; error: string } // last good copy, within its limit
  | { state: 'unavailable'; readAt: Date | null; error: string }; // cannot vouch: no free times offered

export interface BookingCalendar {
  /** Reads at once, then refreshes in the background (never on a visitor's request). */
  start(): void;
  stop(): void;
  state(): CalendarState;
  /** The feed's host only (never the secret address), for logs and /healthz. */
  host(): string;
  /** Resolves when the first read has finished (success or failure); for start-up and tests. */
  ready(): Promise<void>;
  /** Free starts for a service from `now` to the horizon, soonest first; null when the calendar cannot be vouched for. `alsoBusy`: held times etc., treated like busy blocks (with buffer). */
  freeTimes(service: BookableService, now: Date, alsoBusy?: readonly Interval[]): Slot[] | null;
  /** Whether exactly this start is offered now for this service (same rules). null: cannot vouch. */
  isFree(service: BookableService, start: Date, now: Date, alsoBusy?: readonly Interval[]): boolean | null;
}

export function createBookingCalendar(config: BookingConfig, log: Logger): BookingCalendar {
  // The seam's first commit: the signature FLOW codes against. The engine follows on this branch.
  void config;
  void log;
  throw new Error('createBookingCalendar: not built yet on issue-26engine (the seam only)');
}
