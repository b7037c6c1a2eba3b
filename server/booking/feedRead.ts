import type { BookingConfig } from '../process/config';
import { busyOfFeed } from './feed';
import { MAX_FEED_BYTES, readSource, type Validators } from './feedSource';
import type { BusyIndex } from './freeTimes';

// One read of the feed, as the parser process does it (feedParser.ts): ask the provider (politely,
// with the validators of the copy in use), and unless it says nothing changed, parse what it sends
// into the busy times of the window wanted.

/** What a read is asked for. */
export interface FeedRequest {
  /** The copy in use's ETag and Last-Modified (null: ask for the feed in full). */
  validators: Validators | null;
  /** The busy times wanted: from and to (ms). */
  window: { from: number; to: number };
}

/** What a read brings: the provider's word that nothing changed (no parse), or the feed's busy times. */
export type FeedResult = { kind: 'not-modified' } | { kind: 'read'; busy: BusyIndex; validators: Validators };

/** Reads and parses in this process; `downloaded`: told the feed's size once it is all in. Throws FeedError. */
export async function readFeed(
  config: Pick<BookingConfig, 'source' | 'timeoutSeconds'>,
  request: FeedRequest,
  downloaded: (bytes: number) => void = () => undefined,
): Promise<FeedResult> {
  const download = await readSource(config, MAX_FEED_BYTES, request.validators);
  if (download.kind === 'not-modified') return download;
  const parts: Uint8Array[] = [];
  for await (const chunk of download.chunks) parts.push(chunk);
  const bytes = Buffer.concat(parts);
  parts.length = 0;
  downloaded(bytes.byteLength);
  const busy = busyOfFeed({ bytes, charset: download.charset, window: request.window, maxBytes: MAX_FEED_BYTES });
  return { kind: 'read', busy, validators: download.validators };
}
