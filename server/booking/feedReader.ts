import { fork } from 'node:child_process';
import { setPriority } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BookingConfig } from '../process/config';
import { FeedError } from './feedError';
import type { ParserMessage, ParserTask } from './feedParser';
import type { FeedRequest, FeedResult } from './feedRead';

// Reads the feed in a process of its own (feedParser.ts): downloading, parsing and expanding a
// practice's years of history takes seconds and hundreds of megabytes, and none of it may fall on
// the thread that answers requests or stay in its memory. The process exits after each read, so
// what it took goes back to the operating system at once (a worker thread's memory stays with the
// server until its next full garbage collection, which a quiet server may not have for minutes,
// and a download through the server leaves its buffers behind:
// docs/decisions/0016-feed-read-in-a-process-of-its-own.md). Its heap is bounded, so a feed too
// large to read fails that read alone (the last good copy serves, as for any other failed read),
// and it runs at a lower priority than the server, so that requests come first on a busy machine.

/**
 * The heap a read may take. A 20 MB Google-shaped feed (48,000 events, 940 weekly series since
 * 2016) needs about 380 MB of heap to parse (550 MB resident); the limit leaves headroom (docs/booking.md).
 */
export const PARSE_HEAP_MB = 512;

/**
 * V8's young generation for the parser: 2 MB. The feed's lines die young, and the default (up to
 * 16 MB a half) only lets them pile up between collections: a 20 MB Google-shaped feed peaked at
 * 130-175 MB resident with it, about 110 MB with 2 MB (49 MB for an empty feed), no slower
 * (measured 26 November 2026; docs/performance.md#reading-a-large-calendar). Not --lite-mode or
 * --jitless: they turn WebAssembly off, and fetch's HTTP parser is WebAssembly.
 */
const PARSER_FLAGS = ['--max-semi-space-size=2'];

/** A read that has not finished by then is given up (a pathological feed; the copy serves). */
const PARSE_TIMEOUT_MS = 120_000;

/** The parse's priority (nice): below the server's 0, so that requests come first, yet not so far below that a busy server starves it past its time limit. */
const PARSE_NICE = 5;

/**
 * Where the parser's code is: dist/feedParser.js next to dist/server.js in the build
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

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** One read of the feed (the provider asked, the feed parsed unless unchanged), in a process of its own; throws FeedError. `heapMb`: for tests; `stopped`: ends the read and its process. */
export function readInProcess(
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
    // A little before the server's own limit below, so that the parser says so itself.
    deadline: Date.now() + PARSE_TIMEOUT_MS,
  };
  let size = 'its size unknown';
  const entry = parserEntry();
  return new Promise((resolve, reject) => {
    const child = fork(entry.file, [], {
      execArgv: [...entry.execArgv, ...PARSER_FLAGS, `--max-old-space-size=${heapMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    if (child.pid) {
      try {
        setPriority(child.pid, PARSE_NICE);
      } catch {
        // Not allowed here: it runs at the server's priority.
      }
    }
    // Only to tell running out of memory from other ends; never logged (it is V8's, not ours).
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk;
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    // The download has its own limit (BOOKING_FETCH_TIMEOUT_SECONDS); this is for the whole read.
    const timer = setTimeout(
      () => {
        settle(() => reject(new FeedError(`reading the feed (${size}) took longer than ${PARSE_TIMEOUT_MS / 1000} s`)));
        child.kill('SIGKILL');
      },
      PARSE_TIMEOUT_MS + config.timeoutSeconds * 1000,
    );
    child.on('message', (message: ParserMessage) => {
      if ('downloaded' in message) size = `${message.complete ? '' : 'over '}${megabytes(message.downloaded)}`;
      else if ('result' in message) settle(() => resolve(message.result));
      else settle(() => reject(new FeedError(message.error)));
    });
    child.once('error', () =>
      settle(() => reject(new FeedError('the feed cannot be read (its parser did not start)'))),
    );
    child.once('exit', (code, signal) =>
      settle(() =>
        reject(
          new FeedError(
            /heap out of memory|heap limit/i.test(stderr)
              ? `the feed (${size}) needs more than the ${heapMb} MB of memory allowed for reading it`
              : `the feed cannot be read (its parser ended early: ${signal ?? `exit code ${code}`})`,
          ),
        ),
      ),
    );
    const stop = () => {
      settle(() => reject(new FeedError('the read was stopped')));
      child.kill('SIGKILL');
    };
    if (stopped?.aborted) return stop();
    stopped?.addEventListener('abort', stop, { once: true });
    child.once('exit', () => stopped?.removeEventListener('abort', stop));
    child.send(task);
  });
}
