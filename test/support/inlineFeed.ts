import { FEED_BOUNDS, readFeed, type FeedRequest, type FeedResult } from '../../server/booking/feed';
import type { BookingConfig } from '../../server/process/config';

// For tests that read many feeds: the feed module's one read (server/booking/feed) in the test's
// own thread, without a thread's start and its heap bound; and a feed handed over as bytes, read
// the same way.

/** The feed at the configured address, read (politely) here. */
export const readInline =
  (config: BookingConfig) =>
  (request: FeedRequest): Promise<FeedResult> =>
    readFeed(config, request, FEED_BOUNDS, { here: true });

/** A feed of these bytes (as an answer declaring `charset` would bring them), read here at each read. */
export const bytesFeed =
  (bytes: Uint8Array, charset: string | null = null) =>
  (request: FeedRequest): Promise<FeedResult> =>
    readFeed({ source: { kind: 'bytes', bytes, charset }, timeoutSeconds: 10 }, request, FEED_BOUNDS, { here: true });
