import type { BookableService } from '../../content/booking';

// The booking's two shapes of time, and the joining of busy times, in their own module so that
// the feed, the free times and the calendar that puts them together can all use them without
// importing one another.

/** A span of busy time: from the feed, or held for a visitor (server/store/holds.ts lists its own, of the same shape). */
export interface Interval {
  start: Date;
  end: Date;
}

/**
 * A held time as the calendar is given it (server/store/holds.ts lists them): busy, or `freed`:
 * a confirmed session cancelled on the site, whose own event in her calendar no longer makes the
 * time busy (a busy time of exactly it is left out), so that the time is offered again at once.
 */
export type HeldSpan = Interval & { freed?: true };

/** Sorted by start, overlapping and touching intervals joined (so that ends never go backwards); the input is left as it is. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const merged = mergeSpans(
    intervals.map((i) => i.start.getTime()),
    intervals.map((i) => i.end.getTime()),
  );
  return Array.from(merged.starts, (start, k) => ({ start: new Date(start), end: new Date(merged.ends[k] as number) }));
}

/**
 * The same on instants (ms): the starts and ends of spans, in any order, into the joined spans'
 * starts and ends, sorted. Without an object per span: the feed's tens of thousands of one-off
 * events are merged so (server/booking/feed/busy.ts).
 */
export function mergeSpans(
  starts: ArrayLike<number>,
  ends: ArrayLike<number>,
): { starts: Float64Array; ends: Float64Array } {
  const order = Uint32Array.from({ length: starts.length }, (_, k) => k).sort(
    (a, b) => (starts[a] as number) - (starts[b] as number),
  );
  const outStarts = new Float64Array(order.length);
  const outEnds = new Float64Array(order.length);
  let n = 0;
  for (const k of order) {
    const start = starts[k] as number;
    const end = ends[k] as number;
    if (n > 0 && start <= (outEnds[n - 1] as number)) {
      if (end > (outEnds[n - 1] as number)) outEnds[n - 1] = end;
    } else {
      outStarts[n] = start;
      outEnds[n] = end;
      n++;
    }
  }
  return { starts: outStarts.slice(0, n), ends: outEnds.slice(0, n) };
}

/** A free time of one service. */
export interface Slot {
  service: BookableService;
  start: Date;
  end: Date;
}
