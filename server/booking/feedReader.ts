import { fork } from 'node:child_process';
import { setPriority } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import type { FeedInput } from './feed';
import { FeedError } from './feedError';
import type { ParserAnswer } from './feedParser';
import type { BusyIndex } from './freeTimes';

// Reads a feed's bytes into busy times in a process of its own (feedParser.ts): parsing and
// expanding a practice's years of history takes seconds and hundreds of megabytes, and neither
// may fall on the thread that answers requests or stay in its memory. The bytes go to it as
// they are downloaded, so the server never holds the feed itself. The process exits after
// each read, so what the parse took goes back to the operating system at once (a worker thread's
// memory stays with the server until its next full garbage collection, which a quiet server may
// not have for minutes: docs/decisions/0016-feed-parsed-in-a-child-process.md). Its heap is
// bounded, so a feed too large to read fails that read alone (the last good copy serves, as for
// any other failed read), and it runs at a lower priority than the server, so that the server's
// requests come first on a busy machine.

/**
 * The heap a read may take. A 20 MB Google-shaped feed (48,000 events, 940 weekly series since
 * 2016) needs about 380 MB to parse; the limit leaves headroom above that (docs/booking.md).
 */
export const PARSE_HEAP_MB = 512;

/** A read that has not finished by then is given up (a pathological feed; the copy serves). */
const PARSE_TIMEOUT_MS = 120_000;

/** The parse's priority (nice): below the server's 0, so that answering requests comes first. */
const PARSE_NICE = 10;

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

/** What a read is given: the feed's bytes as they arrive (a Download's), and what the parse needs besides. */
export interface FeedStream extends Omit<FeedInput, 'bytes'> {
  chunks: AsyncIterable<Uint8Array>;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The feed's busy times over `input.window`, worked out in a process of its own; throws FeedError. `heapMb`: for tests. */
export function readInProcess(input: FeedStream, heapMb = PARSE_HEAP_MB): Promise<BusyIndex> {
  const { chunks, ...meta } = input;
  let bytes = 0;
  const size = () => megabytes(bytes);
  const entry = parserEntry();
  return new Promise((resolve, reject) => {
    const child = fork(entry.file, [], {
      execArgv: [...entry.execArgv, `--max-old-space-size=${heapMb}`],
      serialization: 'advanced',
      stdio: ['pipe', 'ignore', 'pipe', 'ipc'],
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
    const timer = setTimeout(() => {
      settle(() => reject(new FeedError(`reading the feed (${size()}) took longer than ${PARSE_TIMEOUT_MS / 1000} s`)));
      child.kill('SIGKILL');
    }, PARSE_TIMEOUT_MS);
    child.once('message', (answer: ParserAnswer) =>
      settle(() => ('busy' in answer ? resolve(answer.busy) : reject(new FeedError(answer.error)))),
    );
    child.once('error', () =>
      settle(() => reject(new FeedError('the feed cannot be read (its parser did not start)'))),
    );
    child.once('exit', (code, signal) =>
      settle(() =>
        reject(
          new FeedError(
            /heap out of memory|heap limit/i.test(stderr)
              ? `the feed (${size()}) needs more than the ${heapMb} MB of memory allowed for reading it`
              : `the feed cannot be read (its parser ended early: ${signal ?? `exit code ${code}`})`,
          ),
        ),
      ),
    );
    child.send(meta);
    const counted = Readable.from(chunks).on('data', (chunk: Uint8Array) => (bytes += chunk.byteLength));
    pipeline(counted, child.stdin!).catch((err: unknown) => {
      // The download failed (its own error says how), or the parser ended early (its exit says why).
      if (err instanceof FeedError) {
        settle(() => reject(err));
        child.kill('SIGKILL');
      }
    });
  });
}
