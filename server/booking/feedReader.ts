import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FeedInput } from './feed';
import { FeedError } from './feedError';
import type { BusyIndex } from './freeTimes';

// Reads a feed's bytes into busy times in a worker thread of its own (feedWorker.ts): parsing and
// expanding a practice's years of history takes seconds and hundreds of megabytes, and neither
// may fall on the thread that answers requests or stay in its heap. The thread ends after each
// read, so the memory it took is given back; its heap is bounded, so a feed too large to read
// fails that read alone (the last good copy serves, as for any other failed read).

/**
 * The heap a read may take. A 20 MB Google-shaped feed (48,000 events, 940 weekly series since
 * 2016) needs about 380 MB to parse whole; the limit leaves headroom above that (docs/booking.md).
 */
export const PARSE_HEAP_MB = 512;

/** A read that has not finished by then is given up (a pathological feed; the copy serves). */
const PARSE_TIMEOUT_MS = 120_000;

/**
 * Where the worker thread's code is: dist/feedWorker.js next to dist/server.js in the build
 * (scripts/build.ts bundles both); from source (npm run dev, the tests) the TypeScript file,
 * run through tsx's loader, which is a development dependency.
 */
function workerEntry(): { file: string; execArgv?: string[] } {
  const built = path.join(__dirname, 'feedWorker.js');
  if (!__filename.endsWith('.ts')) return { file: built };
  return {
    file: path.join(__dirname, 'feedWorker.ts'),
    execArgv: ['--import', pathToFileURL(require.resolve('tsx')).href],
  };
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The feed's busy times over `input.window`, worked out in a worker thread; throws FeedError. `heapMb`: for tests. */
export function readInWorker(input: FeedInput, heapMb = PARSE_HEAP_MB): Promise<BusyIndex> {
  const size = input.bytes.byteLength;
  // Handed over, not copied; a small Buffer may share its memory with others, so it is copied first.
  const bytes =
    input.bytes.byteOffset === 0 && input.bytes.byteLength === input.bytes.buffer.byteLength
      ? input.bytes
      : new Uint8Array(input.bytes);
  const entry = workerEntry();
  return new Promise((resolve, reject) => {
    const worker = new Worker(entry.file, {
      workerData: { ...input, bytes },
      transferList: [bytes.buffer as ArrayBuffer],
      execArgv: entry.execArgv,
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const timer = setTimeout(() => {
      settle(() =>
        reject(new FeedError(`reading the feed (${megabytes(size)}) took longer than ${PARSE_TIMEOUT_MS / 1000} s`)),
      );
      void worker.terminate();
    }, PARSE_TIMEOUT_MS);
    worker.once('message', (answer: { busy: BusyIndex } | { error: string }) =>
      settle(() => ('busy' in answer ? resolve(answer.busy) : reject(new FeedError(answer.error)))),
    );
    worker.once('error', (err: Error & { code?: string }) =>
      settle(() =>
        reject(
          new FeedError(
            err.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? `the feed (${megabytes(size)}) needs more than the ${heapMb} MB of memory allowed for reading it`
              : 'the feed cannot be read (its reading thread failed)',
          ),
        ),
      ),
    );
    worker.once('exit', () =>
      settle(() => reject(new FeedError('the feed cannot be read (its reading thread ended early)'))),
    );
  });
}
