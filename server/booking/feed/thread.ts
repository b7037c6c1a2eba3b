import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { FeedError, type FeedBounds, type LeftOut } from './bounds';
import { busyOfSieved, OneOffs, type OwnEvent } from './busy';
import { FeedSieve, type Sieved } from './sieve';
import { readSource, type FeedSource, type Validators } from './source';
import { gunzipped, isGzip } from './text';
import type { BusyIndex } from '../freeTimes';

// One read of the feed, and the thread it runs on, one per read (both sides of it: the server's,
// which starts the thread and waits, and the thread's, at the bottom). Downloading, parsing and
// expanding a practice's calendar takes from a tenth of a second to a few, and none of it may fall
// on the thread that answers requests. The thread has its own heap, bounded, so that a feed too
// large to read fails that read alone (the last good copy serves, as for any other failed read),
// and its own small young generation, so that the feed's short-lived lines take little memory; a
// read that outruns its time is terminated, even in the middle of a step; and a thread ends with
// its process, whatever ends it. A process of its own per read (decision 0016) cost Node's own
// floor of memory at every read, more than the read itself
// (docs/decisions/0036-feed-read-on-a-thread-of-its-own.md). Bundled as dist/feedParser.js too.

/** The thread's name in the system's lists (top -H, /proc/<pid>/task/<tid>/comm; cut at 15 characters). */
export const FEED_THREAD = 'feed-parser';

/** Where the feed is, how long its download may take (BOOKING_FETCH_TIMEOUT_SECONDS), and her addresses (BOOKING_CALENDAR_OWNER; none: the feed may say). */
export interface Feed {
  source: FeedSource;
  timeoutSeconds: number;
  owner?: readonly string[];
}

/** What a read is asked for: the busy times of a window, and the copy in use's ETag and Last-Modified (null: the feed in full). */
export interface FeedRequest {
  /** From and to (ms). */
  window: { from: number; to: number };
  validators: Validators | null;
  /** The UIDs of the events the site writes into her calendar (a RegExp's source): kept apart as `own`. */
  ownUids?: string;
}

/** Where her address came from: BOOKING_CALENDAR_OWNER ('set'), the feed ('feed'), nowhere (null: every invitation is busy). */
export type FeedOwner = Sieved['owner'];

/**
 * What a read brings: the provider's word that nothing changed (no parse), or the feed's busy
 * times, what was left out and why, how many invitations she has not accepted (not busy), where
 * her address came from (sieve.ts), and its validators.
 */
export type FeedResult =
  | { kind: 'not-modified' }
  | {
      kind: 'read';
      busy: BusyIndex;
      skipped: LeftOut[];
      unanswered: number;
      owner: FeedOwner;
      validators: Validators;
      own?: OwnEvent[];
    };

/** A source as it crosses to the thread: an address as text (a URL does not cross). */
type Sent = Exclude<FeedSource, { kind: 'url' }> | { kind: 'href'; href: string };

/** What the server gives the thread: the feed, what to ask, the bounds, and the whole read's deadline (ms since the epoch). */
interface Task {
  feed: { source: Sent; timeoutSeconds: number; owner: readonly string[] };
  request: FeedRequest;
  bounds: FeedBounds;
  deadline: number;
}

/** What the thread sends back: the feed's size as it comes in (for a message if the read runs out of memory), then the result or a FeedError's message. */
type Message = Partial<{ downloaded: number; complete: boolean; result: FeedResult; error: string }>;

const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

/**
 * Where the thread's code is: dist/feedParser.js next to dist/server.js in the build
 * (scripts/build.ts bundles both); from source (npm run dev, the tests) this file, run through
 * tsx's loader, which is a development dependency.
 */
function threadEntry(): { file: string; execArgv: string[] } {
  if (!__filename.endsWith('.ts')) return { file: path.join(__dirname, 'feedParser.js'), execArgv: [] };
  return { file: __filename, execArgv: ['--import', pathToFileURL(require.resolve('tsx')).href] };
}

/** One read on a thread of its own; throws FeedError. `stopped`: ends the read and its thread. */
export function readInThread(
  feed: Feed,
  request: FeedRequest,
  bounds: FeedBounds,
  stopped?: AbortSignal,
): Promise<FeedResult> {
  // A little before the server's own limit below, so that the thread says so itself.
  const { source, timeoutSeconds, owner = [] } = feed;
  const sent: Sent = source.kind === 'url' ? { kind: 'href', href: source.url.href } : source;
  const task: Task = {
    feed: { source: sent, timeoutSeconds, owner: [...owner] },
    request,
    bounds,
    deadline: Date.now() + bounds.readMs,
  };
  let size = 'its size unknown';
  const entry = threadEntry();
  return new Promise((resolve, reject) => {
    const thread = new Worker(entry.file, {
      workerData: task,
      name: FEED_THREAD,
      execArgv: entry.execArgv,
      resourceLimits: { maxOldGenerationSizeMb: bounds.heapMb, maxYoungGenerationSizeMb: bounds.youngMb },
      // Its output is V8's or a library's, not ours: never in the log.
      stdout: true,
      stderr: true,
    });
    // Read and dropped: nothing may pile up unread.
    thread.stdout.resume();
    thread.stderr.resume();
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stopped?.removeEventListener('abort', stop);
      fn();
      void thread.terminate();
    };
    // The download has its own limit (BOOKING_FETCH_TIMEOUT_SECONDS); this is for the whole read.
    const timer = setTimeout(
      () =>
        settle(() => reject(new FeedError(`reading the feed (${size}) took longer than ${bounds.readMs / 1000} s`))),
      bounds.readMs + feed.timeoutSeconds * 1000,
    );
    // Only the thread's own messages: under `node --watch` (npm run dev) Node posts on the same
    // port the files a thread loads.
    thread.on('message', ({ downloaded, complete, result, error }: Message) => {
      if (typeof downloaded === 'number') size = `${complete ? '' : 'over '}${megabytes(downloaded)}`;
      else if (result) settle(() => resolve(result));
      else if (typeof error === 'string') settle(() => reject(new FeedError(error)));
    });
    thread.once('error', (err: Error & { code?: string }) =>
      settle(() =>
        reject(
          new FeedError(
            err.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? `the feed (${size}) needs more than the ${bounds.heapMb} MB of memory allowed for reading it`
              : 'the feed cannot be read (its parser failed)',
          ),
        ),
      ),
    );
    thread.once('exit', (code) =>
      settle(() => reject(new FeedError(`the feed cannot be read (its parser ended early: exit code ${code})`))),
    );
    const stop = () => settle(() => reject(new FeedError('the read was stopped')));
    if (stopped?.aborted) return stop();
    stopped?.addEventListener('abort', stop, { once: true });
  });
}

/** How a read reports while it runs: the feed's size now and then; `watch` now and then (it may throw to stop it). */
interface Progress {
  /** `complete`: the whole feed is in. */
  downloaded?: (bytes: number, complete: boolean) => void;
  watch?: () => void;
}

/**
 * One read in the calling thread (what the thread runs; tests that read many feeds call it
 * directly): ask the provider (politely, with the validators of the copy in use), and unless it
 * says nothing changed, read what it sends as it comes (sieve.ts keeps only what decides busy
 * times, busy.ts takes the one-off events as they come) and expand the rest. Throws FeedError.
 */
export async function readHere(
  feed: Feed,
  request: FeedRequest,
  bounds: FeedBounds,
  progress: Progress = {},
): Promise<FeedResult> {
  const { downloaded = () => undefined, watch = () => undefined } = progress;
  const download = await readSource(feed.source, feed.timeoutSeconds, bounds, request.validators);
  if (download.kind === 'not-modified') return download;
  const oneOffs = new OneOffs(request.window, request.ownUids ? new RegExp(request.ownUids) : null);
  const sieve = new FeedSieve(request.window, download.charset, bounds, oneOffs.take, feed.owner);
  let size = 0;
  for await (const chunk of unpackedChunks(download.chunks, bounds.feedBytes)) {
    size += chunk.byteLength;
    sieve.push(chunk);
    // Told each megabyte, so that a read that runs out of memory can be named by its size.
    if (Math.floor(size / MB) > Math.floor((size - chunk.byteLength) / MB)) downloaded(size, false);
    watch();
  }
  downloaded(size, true);
  const sieved = sieve.end();
  const { busy, skipped, own } = busyOfSieved(sieved, oneOffs, request.window, watch, bounds);
  const { unanswered, owner } = sieved;
  return { kind: 'read', busy, skipped, unanswered, owner, validators: download.validators, own };
}

/** The chunks as they come, unpacked if they are a gzipped file (a .ics.gz). */
async function* unpackedChunks(chunks: AsyncIterable<Uint8Array>, maxBytes: number): AsyncIterable<Uint8Array> {
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
  if (isGzip(first.value)) yield* gunzipped(rest, maxBytes);
  else yield* rest;
}

// The thread's side: one read, its result (or only our own words for what went wrong: another
// error's text could quote the address or the feed) sent back, and the thread ends.

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

async function runTask({ feed: { source, timeoutSeconds, owner }, request, bounds, deadline }: Task) {
  const send = (message: Message) => parentPort?.postMessage(message);
  try {
    const feed = {
      source: source.kind === 'href' ? { kind: 'url' as const, url: new URL(source.href) } : source,
      timeoutSeconds,
      owner,
    };
    const result = await readHere(feed, request, bounds, {
      downloaded: (bytes, complete) => send({ downloaded: bytes, complete }),
      watch: watcher(deadline),
    });
    send({ result });
  } catch (err) {
    send({ error: err instanceof FeedError ? err.message : 'the feed cannot be read (unexpected error)' });
  }
}

if (!isMainThread && (workerData as Partial<Task> | null)?.deadline) void runTask(workerData as Task);
