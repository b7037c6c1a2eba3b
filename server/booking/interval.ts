import type { BookableService } from '../../content/booking';

// The booking's two shapes of time, in their own module so that the feed, the free times and
// the calendar that puts them together can all use them without importing one another.

/** A span of busy time: from the feed, or held for a visitor (server/store/holds.ts lists its own, of the same shape). */
export interface Interval {
  start: Date;
  end: Date;
}

/** A free time of one service. */
export interface Slot {
  service: BookableService;
  start: Date;
  end: Date;
}
