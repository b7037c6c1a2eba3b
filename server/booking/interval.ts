import type { BookableService } from '../../content/booking';

// The booking's two shapes of time, and the joining of busy times, in their own module so that
// the feed, the free times and the calendar that puts them together can all use them without
// importing one another.

/** A span of busy time: from the feed, or held for a visitor (server/store/holds.ts lists its own, of the same shape). */
export interface Interval {
  start: Date;
  end: Date;
}

/** Sorted by start, overlapping and touching intervals joined (so that ends never go backwards); the input is left as it is. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.start.getTime() - b.start.getTime());
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.start.getTime() <= last.end.getTime()) {
      if (i.end.getTime() > last.end.getTime()) last.end = i.end;
    } else {
      out.push({ start: i.start, end: i.end });
    }
  }
  return out;
}

/** A free time of one service. */
export interface Slot {
  service: BookableService;
  start: Date;
  end: Date;
}
