import { FEED_BOUNDS, type FeedBounds } from './bounds';
import { readHere, readInThread, type Feed, type FeedRequest, type FeedResult } from './thread';

// The calendar feed as one module: one read of the practitioner's calendar feed into the busy
// times of a window, what was left out and why, and whether the feed changed. Everything it reads
// is bounded by one table (bounds.ts, which docs/booking.md quotes). Nothing outside this folder
// imports its other files (test/feed-module.test.ts says so). Inside, in the order a read runs:
// thread.ts (the read and its thread), source.ts (the download), text.ts (bytes to text),
// lines.ts (content lines), sieve.ts (what decides busy times, kept as it is read), event.ts (a
// kept event's dates), busy.ts (into busy times with ical.js), expansion.ts (series, within
// bounds), times.ts (instants and zones).

export { FEED_BOUNDS, FeedError, type FeedBounds, type LeftOut } from './bounds';
export type { OwnEvent } from './busy';
export { sourceHost, type Validators } from './source';
export { FEED_THREAD, type Feed, type FeedOwner, type FeedRequest, type FeedResult } from './thread';

/**
 * One read of the feed: the provider asked (politely, with `request.validators`), the feed read as
 * it comes, its busy times over `request.window` within `bounds`. On a thread of its own, with its
 * own bounded heap (`here`: in the calling thread, without a heap bound: for tests and tools that
 * read many feeds); `stopped` ends the read and its thread. Throws FeedError.
 */
export function readFeed(
  feed: Feed,
  request: FeedRequest,
  bounds: FeedBounds = FEED_BOUNDS,
  options: { stopped?: AbortSignal; here?: boolean } = {},
): Promise<FeedResult> {
  return options.here ? readHere(feed, request, bounds) : readInThread(feed, request, bounds, options.stopped);
}
