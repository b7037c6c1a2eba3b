import type { FeedRequest, FeedResult } from '../../server/booking/feedRead';
import { readFeed } from '../../server/booking/feedRead';
import { busyOfFeed } from '../../server/booking/feed';
import { MAX_FEED_BYTES } from '../../server/booking/feedSource';
import type { BookingConfig } from '../../server/process/config';

// For tests that read many feeds: a read done in the test's own process by the code the parser
// thread runs (server/booking/feedRead.ts), without a thread's start and its heap limit; and a
// feed handed over as bytes, parsed the same way.

/** The feed at the configured address, read (politely) and parsed here. */
export const readInline =
  (config: BookingConfig) =>
  (request: FeedRequest): Promise<FeedResult> =>
    readFeed(config, request);

/** A feed of these bytes (as an answer declaring `charset` would bring them), parsed here at each read. */
export const bytesFeed =
  (bytes: Uint8Array, charset: string | null = null) =>
  async (request: FeedRequest): Promise<FeedResult> => ({
    kind: 'read',
    ...busyOfFeed({ bytes, charset, window: request.window, maxBytes: MAX_FEED_BYTES }),
    validators: { etag: null, lastModified: null },
  });

/** Every byte of a download, at once. */
export async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}
