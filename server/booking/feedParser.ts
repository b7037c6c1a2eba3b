import { busyOfFeed, type FeedInput } from './feed';
import { FeedError } from './feedError';
import type { BusyIndex } from './freeTimes';

// The process that reads one feed (started by feedReader.ts, one per read): it is told the feed's
// character set and the window wanted, is handed the bytes on stdin as they are downloaded,
// decodes and parses them and expands them into busy times, sends those back, and exits, so that
// every byte the parse took goes back to the operating system with it. Bundled as dist/feedParser.js.

export type ParserAnswer = { busy: BusyIndex } | { error: string };

function answer(message: ParserAnswer) {
  process.send?.(message, () => process.exit(0));
}

process.once('message', async (meta: Omit<FeedInput, 'bytes'>) => {
  const parts: Buffer[] = [];
  for await (const chunk of process.stdin) parts.push(chunk as Buffer);
  try {
    answer({ busy: busyOfFeed({ ...meta, bytes: Buffer.concat(parts) }) });
  } catch (err) {
    // Only our own messages: ical.js's could quote the feed.
    answer({ error: err instanceof FeedError ? err.message : 'the feed cannot be read (unexpected error)' });
  }
});
// The server went away (stopped, or restarted): nobody waits for the answer.
process.once('disconnect', () => process.exit(0));
