import { parentPort, workerData } from 'node:worker_threads';
import type { BookingConfig } from '../process/config';
import { FeedError } from './feedError';
import { readFeed, type FeedRequest, type FeedResult } from './feedRead';

// The thread that reads the feed once (started by feedReader.ts, one per read): it asks the
// provider, downloads and parses the feed as it comes and expands it into busy times, sends those
// back, and ends. It runs in the server's process but on a thread and a heap of its own, so that
// no page waits for it and its garbage never lands in the server's heap; being a thread, it
// cannot outlive its server (decision 0036). Bundled as dist/feedParser.js.

/** What the server gives the thread: where the feed is (the address as text) and what to ask. */
export interface ParserTask extends FeedRequest {
  source: { kind: 'url'; url: string } | { kind: 'file'; path: string };
  timeoutSeconds: number;
  /** The whole read's deadline (ms since the epoch): past it, the thread gives up by itself. */
  deadline: number;
}

/** What it sends back: the feed's size as it comes in (for a message if the parse runs out of memory), then the result or a FeedError's message. */
type ParserMessage = { downloaded: number; complete: boolean } | { result: FeedResult } | { error: string };

const send = (message: ParserMessage) => parentPort?.postMessage(message);

/** Looked at during the work, at most every 200 ms: past the deadline the read is given up. */
function watcher(deadline: number) {
  let next = 0;
  return () => {
    const now = Date.now();
    if (now < next) return;
    next = now + 200;
    if (now > deadline) throw new FeedError('reading the feed took longer than its time limit');
  };
}

async function read(task: ParserTask) {
  const source: BookingConfig['source'] =
    task.source.kind === 'url' ? { kind: 'url', url: new URL(task.source.url) } : task.source;
  try {
    const result = await readFeed({ source, timeoutSeconds: task.timeoutSeconds }, task, {
      downloaded: (bytes, complete) => send({ downloaded: bytes, complete }),
      watch: watcher(task.deadline),
    });
    send({ result });
  } catch (err) {
    // Only our own messages: another error's text could quote the address or the feed.
    send({ error: err instanceof FeedError ? err.message : 'the feed cannot be read (unexpected error)' });
  }
}

void read(workerData as ParserTask);
