import { readFileSync } from 'node:fs';
import type { BookingConfig } from '../process/config';
import { FeedError } from './feedError';
import { readFeed, type FeedRequest, type FeedResult } from './feedRead';

// The process that reads the feed once (started by feedReader.ts, one per read): it asks the
// provider, downloads and parses the feed and expands it into busy times, sends those back, and
// exits, so that every byte the download and the parse took goes back to the operating system
// with it, and the server never holds the feed. Bundled as dist/feedParser.js.
// It never outlives the server that started it: it has its own deadline, and it exits when the
// server goes (stopped, killed, crashed), also in the middle of a parse, whose work looks now and
// then whether its parent is still there (an IPC 'disconnect' event cannot run while the parse
// holds the event loop).

/** What the server sends: where the feed is (the address as text: a URL does not cross processes) and what to ask. */
export interface ParserTask extends FeedRequest {
  source: { kind: 'url'; url: string } | { kind: 'file'; path: string };
  timeoutSeconds: number;
  /** The whole read's deadline (ms since the epoch): past it, the parser gives up by itself. */
  deadline: number;
}

/** What it sends back: the feed's size as it comes in (for a message if the parse runs out of memory), then the result or a FeedError's message. */
export type ParserMessage = { downloaded: number; complete: boolean } | { result: FeedResult } | { error: string };

function send(message: ParserMessage, then: () => void = () => undefined) {
  process.send?.(message, then);
}

const parent = process.ppid;

/** Whether the process that started this one is still its parent (after it goes, the system re-parents this one). */
function parentAlive(): boolean {
  try {
    // Linux: the live parent pid (process.ppid is read once, at start-up). After the comm field, which may hold spaces.
    const stat = readFileSync('/proc/self/stat', 'latin1');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent;
  } catch {
    try {
      process.kill(parent, 0);
      return true;
    } catch {
      return false;
    }
  }
}

/** Looked at during the work, at most every 200 ms: the parent gone ends the process, the deadline the read. */
function watcher(deadline: number) {
  let next = 0;
  return () => {
    const now = Date.now();
    if (now < next) return;
    next = now + 200;
    if (!parentAlive()) process.exit(0);
    if (now > deadline) throw new FeedError('reading the feed took longer than its time limit');
  };
}

process.once('message', async (task: ParserTask) => {
  const source: BookingConfig['source'] =
    task.source.kind === 'url' ? { kind: 'url', url: new URL(task.source.url) } : task.source;
  const watch = watcher(task.deadline);
  // While the event loop is free (a download waiting), the same look every second.
  setInterval(() => {
    if (!parentAlive() || Date.now() > task.deadline) process.exit(0);
  }, 1000).unref();
  try {
    const result = await readFeed({ source, timeoutSeconds: task.timeoutSeconds }, task, {
      downloaded: (bytes, complete) => send({ downloaded: bytes, complete }),
      watch,
    });
    send({ result }, () => process.exit(0));
  } catch (err) {
    // Only our own messages: another error's text could quote the address or the feed.
    const error = err instanceof FeedError ? err.message : 'the feed cannot be read (unexpected error)';
    send({ error }, () => process.exit(0));
  }
});
// The server went away (stopped, or restarted): nobody waits for the answer.
process.once('disconnect', () => process.exit(0));
