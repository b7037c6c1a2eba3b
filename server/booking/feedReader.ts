import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BookingConfig } from '../process/config';
import { FeedError } from './feedError';
import type { ParserTask } from './feedParser';
import type { FeedRequest, FeedResult } from './feedRead';

// Reads the feed on a thread of its own (feedParser.ts), one per read: downloading, parsing and
// expanding a practice's calendar takes from a tenth of a second to a few, and none of it may fall
// on the thread that answers requests. The thread has its own heap, bounded, so that a feed too
// large to read fails that read alone (the last good copy serves, as for any other failed read),
// and its own small young generation, so that the feed's short-lived lines take little memory; a
// read that outruns its time is terminated, even in the middle of a step; and a thread ends with
// its process, whatever ends it. A process of its own per read (decision 0016) cost Node's own
// floor of memory at every read, more than the read itself
// (docs/decisions/0036-feed-read-on-a-thread-of-its-own.md).

/**
 * The heap a read may take (MB). The read keeps only what decides busy times (about 1.4 MB of a
 * 20 MB Google-shaped feed); a small heap makes V8 collect the feed's lines often rather than
 * let them pile up, and what the thread's heap grew to stays with the server's process after the
 * read (docs/performance.md#reading-a-large-calendar). A feed that needs more is not what it seems:
 * that read fails alone, and the last good copy serves.
 */
export const PARSE_HEAP_MB = 32;

/** The thread's young generation (MB), where the feed's lines live and die: small, for the same reason. */
const PARSE_YOUNG_MB = 1;

/** The parser thread's name (the system cuts names at 15 characters). */
export const PARSER_THREAD = 'feed-parser';

/** A read that has not finished by then is given up (a pathological feed; the copy serves). */
const PARSE_TIMEOUT_MS = 120_000;

/**
 * Where the thread's code is: dist/feedParser.js next to dist/server.js in the build
 * (scripts/build.ts bundles both); from source (npm run dev, the tests) the TypeScript file,
 * run through tsx's loader, which is a development dependency.
 */
function parserEntry(): { file: string; execArgv: string[] } {
  if (!__filename.endsWith('.ts')) return { file: path.join(__dirname, 'feedParser.js'), execArgv: [] };
  return {
    file: path.join(__dirname, 'feedParser.ts'),
    execArgv: ['--import', pathToFileURL(require.resolve('tsx')).href],
  };
}

/** A message on the thread's port: one of the parser's (feedParser.ts's ParserMessage), or one of Node's own. */
type Posted = Partial<{ downloaded: number; complete: boolean; result: FeedResult; error: string }>;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** One read of the feed (the provider asked, the feed parsed unless unchanged), on a thread of its own; throws FeedError. `heapMb`: for tests; `stopped`: ends the read and its thread. */
export function readInThread(
  config: Pick<BookingConfig, 'source' | 'timeoutSeconds'>,
  request: FeedRequest,
  heapMb = PARSE_HEAP_MB,
  stopped?: AbortSignal,
): Promise<FeedResult> {
  const { source } = config;
  const task: ParserTask = {
    ...request,
    source: source.kind === 'url' ? { kind: 'url', url: source.url.href } : source,
    timeoutSeconds: config.timeoutSeconds,
    // A little before the server's own limit below, so that the thread says so itself.
    deadline: Date.now() + PARSE_TIMEOUT_MS,
  };
  let size = 'its size unknown';
  const entry = parserEntry();
  return new Promise((resolve, reject) => {
    const thread = new Worker(entry.file, {
      workerData: task,
      // The thread's name in the system's lists (top -H, /proc/<pid>/task/<tid>/comm): the operator's and the tests' way to see a read.
      name: PARSER_THREAD,
      execArgv: entry.execArgv,
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: PARSE_YOUNG_MB },
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
        settle(() => reject(new FeedError(`reading the feed (${size}) took longer than ${PARSE_TIMEOUT_MS / 1000} s`))),
      PARSE_TIMEOUT_MS + config.timeoutSeconds * 1000,
    );
    // Only the parser's own messages: under `node --watch` (npm run dev) Node posts on the same
    // port the files a thread loads.
    thread.on('message', ({ downloaded, complete, result, error }: Posted) => {
      if (typeof downloaded === 'number') size = `${complete ? '' : 'over '}${megabytes(downloaded)}`;
      else if (result) settle(() => resolve(result));
      else if (typeof error === 'string') settle(() => reject(new FeedError(error)));
    });
    thread.once('error', (err: Error & { code?: string }) =>
      settle(() =>
        reject(
          new FeedError(
            err.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? `the feed (${size}) needs more than the ${heapMb} MB of memory allowed for reading it`
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
