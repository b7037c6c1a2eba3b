import type { BookingConfig } from '../process/config';
import { FeedError } from './feedError';
import { readFeed, type FeedRequest, type FeedResult } from './feedRead';

// The process that reads the feed once (started by feedReader.ts, one per read): it asks the
// provider, downloads and parses the feed and expands it into busy times, sends those back, and
// exits, so that every byte the download and the parse took goes back to the operating system
// with it, and the server never holds the feed. Bundled as dist/feedParser.js.

/** What the server sends: where the feed is (the address as text: a URL does not cross processes) and what to ask. */
export interface ParserTask extends FeedRequest {
  source: { kind: 'url'; url: string } | { kind: 'file'; path: string };
  timeoutSeconds: number;
}

/** What it sends back: the feed's size once downloaded (for a message if the parse runs out of memory), then the result or a FeedError's message. */
export type ParserMessage = { downloaded: number } | { result: FeedResult } | { error: string };

function send(message: ParserMessage, then: () => void = () => undefined) {
  process.send?.(message, then);
}

process.once('message', async (task: ParserTask) => {
  const source: BookingConfig['source'] =
    task.source.kind === 'url' ? { kind: 'url', url: new URL(task.source.url) } : task.source;
  try {
    const result = await readFeed({ source, timeoutSeconds: task.timeoutSeconds }, task, (bytes) =>
      send({ downloaded: bytes }),
    );
    send({ result }, () => process.exit(0));
  } catch (err) {
    // Only our own messages: another error's text could quote the address or the feed.
    const error = err instanceof FeedError ? err.message : 'the feed cannot be read (unexpected error)';
    send({ error }, () => process.exit(0));
  }
});
// The server went away (stopped, or restarted): nobody waits for the answer.
process.once('disconnect', () => process.exit(0));
