import { busyOfFeed } from '../../server/booking/feed';
import type { FeedStream } from '../../server/booking/feedReader';
import type { Download } from '../../server/booking/feedSource';
import type { BusyIndex } from '../../server/booking/freeTimes';

// For tests that read many feeds: the feed's bytes parsed by the function the parser process runs
// (server/booking/feed.ts busyOfFeed), inline, since a process per read costs a few hundred
// milliseconds; and a feed handed over as bytes, as a download would.

/** Every byte of a download, at once. */
export async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

export async function parseInline(input: FeedStream): Promise<BusyIndex> {
  const { chunks, ...meta } = input;
  return busyOfFeed({ ...meta, bytes: await collect(chunks) });
}

export function downloadOf(bytes: Uint8Array, charset: string | null = null): Download {
  return {
    kind: 'feed',
    chunks: (async function* () {
      yield bytes;
    })(),
    charset,
    validators: { etag: null, lastModified: null },
  };
}
