import { parentPort, workerData } from 'node:worker_threads';
import { busyOfFeed, type FeedInput } from './feed';
import { FeedError } from './feedError';

// The worker thread that reads one feed (started by feedReader.ts, one per read): it decodes and
// parses the bytes it is handed and expands them into busy times, posts those back, and ends, so
// that every byte the parse took is given back with its heap. Bundled as dist/feedWorker.js.

const input = workerData as FeedInput;
try {
  const busy = busyOfFeed(input);
  parentPort?.postMessage({ busy }, [busy.starts.buffer as ArrayBuffer, busy.ends.buffer as ArrayBuffer]);
} catch (err) {
  // Only our own messages: ical.js's could quote the feed.
  parentPort?.postMessage({
    error: err instanceof FeedError ? err.message : 'the feed cannot be read (unexpected error)',
  });
}
