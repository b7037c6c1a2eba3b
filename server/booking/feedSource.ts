import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { BookingConfig } from '../process/config';
import { FeedError } from './feed';

// Fetches the feed's text: from its https address (http only outside production, for tests on
// loopback) within a time limit and a size limit, or from a file when trying booking locally.
// The address is a secret (whoever has it reads the practitioner's calendar): no error message
// made here carries it, or anything a server said, only what went wrong in our own words.

/** A practitioner's calendar with years of history is well under this; a larger answer is not a calendar. */
const MAX_FEED_BYTES = 20 * 1024 * 1024;

/** The feed's host (for an address) or file name (for a file): what logs and /healthz may name. */
export function sourceHost(source: BookingConfig['source']): string {
  return source.kind === 'url' ? source.url.host : `file ${path.basename(source.path)}`;
}

export async function readSource(config: BookingConfig, maxBytes = MAX_FEED_BYTES): Promise<string> {
  const { source } = config;
  return source.kind === 'file'
    ? readFile(source.path, maxBytes)
    : fetchFeed(source.url, config.timeoutSeconds, maxBytes);
}

async function readFile(file: string, maxBytes: number): Promise<string> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch {
    throw new FeedError('the file cannot be read');
  }
  try {
    if ((await handle.stat()).size > maxBytes) throw new FeedError(tooLarge(maxBytes));
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

async function fetchFeed(url: URL, timeoutSeconds: number, maxBytes: number): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutSeconds * 1000);
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        signal: controller.signal,
        redirect: 'follow',
        headers: { accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1', 'user-agent': 'booking calendar reader' },
      });
    } catch (err) {
      throw fetchError(err, controller.signal.aborted, timeoutSeconds);
    }
    // A redirect may not leave https (iCloud's addresses redirect to the calendar's own server).
    if (url.protocol === 'https:' && !response.url.startsWith('https:')) {
      await response.body?.cancel();
      throw new FeedError('the feed redirected to an address without https');
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new FeedError(`the feed answered HTTP ${response.status}`);
    }
    const declared = Number(response.headers.get('content-length'));
    if (declared > maxBytes) {
      await response.body?.cancel();
      throw new FeedError(tooLarge(maxBytes));
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body ?? []) {
        size += chunk.byteLength;
        if (size > maxBytes) {
          controller.abort();
          throw new FeedError(tooLarge(maxBytes));
        }
        chunks.push(chunk);
      }
    } catch (err) {
      if (err instanceof FeedError) throw err;
      throw fetchError(err, controller.signal.aborted, timeoutSeconds);
    }
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    clearTimeout(timer);
  }
}

function tooLarge(maxBytes: number) {
  return maxBytes >= 1024 * 1024
    ? `the feed is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`
    : `the feed is larger than ${Math.round(maxBytes / 1024)} kB`;
}

/** In our words: a time-out, or the network's error code (never the error's text, which may quote the address). */
function fetchError(err: unknown, timedOut: boolean, timeoutSeconds: number): FeedError {
  if (timedOut) return new FeedError(`no answer from the feed within ${timeoutSeconds} s`);
  const cause = (err as { cause?: { code?: unknown } } | null)?.cause;
  const code = typeof cause?.code === 'string' && /^[A-Z0-9_]{2,40}$/.test(cause.code) ? cause.code : null;
  return new FeedError(code ? `the feed cannot be reached (${code})` : 'the feed cannot be reached');
}
