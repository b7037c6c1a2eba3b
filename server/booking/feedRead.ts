import type { BookingConfig } from '../process/config';
import { busyOfSieved } from './feed';
import { MAX_FEED_BYTES, readSource, type Validators } from './feedSource';
import { FeedSieve } from './feedSieve';
import { gunzipped, isGzip } from './feedText';
import type { BusyIndex } from './freeTimes';

// One read of the feed, as the parser thread does it (feedParser.ts): ask the provider (politely,
// with the validators of the copy in use), and unless it says nothing changed, read what it sends
// as it comes (feedSieve.ts keeps only what decides busy times), and expand that into the busy
// times of the window wanted (feed.ts).

/** What a read is asked for. */
export interface FeedRequest {
  /** The copy in use's ETag and Last-Modified (null: ask for the feed in full). */
  validators: Validators | null;
  /** The busy times wanted: from and to (ms). */
  window: { from: number; to: number };
}

/** What a read brings: the provider's word that nothing changed (no parse), or the feed's busy times and the recurring events left out (UIDs). */
export type FeedResult =
  | { kind: 'not-modified' }
  | { kind: 'read'; busy: BusyIndex; validators: Validators; skipped: string[] };

/** How a read reports while it runs: the feed's size once it is all in; `watch` now and then (it may throw to stop it). */
export interface ReadProgress {
  /** `complete`: the whole feed is in. */
  downloaded?: (bytes: number, complete: boolean) => void;
  watch?: () => void;
}

const MB = 1024 * 1024;

/** Reads and parses in this process. Throws FeedError. */
export async function readFeed(
  config: Pick<BookingConfig, 'source' | 'timeoutSeconds'>,
  request: FeedRequest,
  progress: ReadProgress = {},
): Promise<FeedResult> {
  const { downloaded = () => undefined, watch = () => undefined } = progress;
  const download = await readSource(config, MAX_FEED_BYTES, request.validators);
  if (download.kind === 'not-modified') return download;
  const sieve = new FeedSieve(request.window, download.charset);
  let size = 0;
  for await (const chunk of unpackedChunks(download.chunks)) {
    size += chunk.byteLength;
    sieve.push(chunk);
    // Told each megabyte, so that a read that runs out of memory can be named by its size.
    if (Math.floor(size / MB) > Math.floor((size - chunk.byteLength) / MB)) downloaded(size, false);
    watch();
  }
  downloaded(size, true);
  const { busy, skipped } = busyOfSieved(sieve.end(), request.window, watch);
  return { kind: 'read', busy, skipped, validators: download.validators };
}

/** The chunks as they come, unpacked if they are a gzipped file (a .ics.gz). */
async function* unpackedChunks(chunks: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  const iterator = chunks[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return;
  const rest: AsyncIterable<Uint8Array> = {
    async *[Symbol.asyncIterator]() {
      yield first.value;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    },
  };
  // A gzip file's first chunk holds at least its two-byte signature.
  if (isGzip(first.value)) yield* gunzipped(rest, MAX_FEED_BYTES);
  else yield* rest;
}
