import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { BookingConfig } from '../process/config';
import { FeedError } from './feedError';
import { declaredCharset } from './feedText';

// Fetches the feed's bytes: from its https address (http only outside production, for tests on
// loopback) within a time limit and a size limit, or from a file when trying booking locally.
// Politely: when the provider sent an ETag or Last-Modified, the next request asks whether the
// feed changed since (If-None-Match, If-Modified-Since), and a 304 costs neither a download nor
// a parse. gzip-encoded answers are unpacked by fetch (the size limit counts the unpacked bytes).
// This runs in the process that parses the feed (feedParser.ts): the server never holds its bytes.
// The address is a secret (whoever has it reads the practitioner's calendar): no error message
// made here carries it, or anything a server said, only what went wrong in our own words.

/** A practitioner's calendar with years of history is well under this; a larger answer is not a calendar. */
export const MAX_FEED_BYTES = 20 * 1024 * 1024;

/** The feed's host (for an address) or file name (for a file): what logs and /healthz may name. */
export function sourceHost(source: BookingConfig['source']): string {
  return source.kind === 'url' ? source.url.host : `file ${path.basename(source.path)}`;
}

/** What the provider said identifies this version of the feed, to ask next time whether it changed. */
export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

/**
 * The feed as it comes (its bytes, as they arrive, and its declared character set), or the
 * provider's word that it did not change. The bytes are read once, by whoever parses them; the
 * time and size limits hold until the last one (and end the read with a FeedError).
 */
export type Download =
  | { kind: 'feed'; chunks: AsyncIterable<Uint8Array>; charset: string | null; validators: Validators }
  | { kind: 'not-modified' };

/** Reads the feed; with `validators` (from the copy in use) only if it changed since. */
export async function readSource(
  config: Pick<BookingConfig, 'source' | 'timeoutSeconds'>,
  maxBytes = MAX_FEED_BYTES,
  validators: Validators | null = null,
): Promise<Download> {
  const { source } = config;
  if (source.kind === 'file')
    return {
      kind: 'feed',
      chunks: await readFile(source.path, maxBytes),
      charset: null,
      validators: { etag: null, lastModified: null },
    };
  return fetchFeed(source.url, config.timeoutSeconds, maxBytes, validators);
}

async function readFile(file: string, maxBytes: number): Promise<AsyncIterable<Uint8Array>> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch {
    throw new FeedError('the file cannot be read');
  }
  try {
    if ((await handle.stat()).size > maxBytes) throw new FeedError(tooLarge(maxBytes));
  } catch (err) {
    await handle.close();
    throw err;
  }
  // The stream closes the file when it ends.
  return handle.createReadStream();
}

async function fetchFeed(
  url: URL,
  timeoutSeconds: number,
  maxBytes: number,
  validators: Validators | null,
): Promise<Download> {
  const controller = new AbortController();
  // The limit counts the time spent waiting for the provider, not the time the reader takes with
  // each piece (the feed is parsed as it comes): it is paused while a chunk is handed on.
  let deadline = Date.now() + timeoutSeconds * 1000;
  let timer = setTimeout(() => controller.abort(), timeoutSeconds * 1000);
  let response: Response;
  const headers: Record<string, string> = {
    accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1',
    'accept-encoding': 'gzip, deflate, br',
    'user-agent': 'booking calendar reader',
  };
  if (validators?.etag) headers['if-none-match'] = validators.etag;
  if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
  const refuse = async (message: string) => {
    clearTimeout(timer);
    await response.body?.cancel();
    throw new FeedError(message);
  };
  try {
    response = await fetch(url, { signal: controller.signal, redirect: 'follow', headers });
  } catch (err) {
    clearTimeout(timer);
    throw fetchError(err, controller.signal.aborted, timeoutSeconds);
  }
  // A redirect may not leave https (iCloud's addresses redirect to the calendar's own server).
  if (url.protocol === 'https:' && !response.url.startsWith('https:'))
    return refuse('the feed redirected to an address without https');
  if (response.status === 304 && validators) {
    clearTimeout(timer);
    await response.body?.cancel();
    return { kind: 'not-modified' };
  }
  if (!response.ok) return refuse(`the feed answered HTTP ${response.status}`);
  if (Number(response.headers.get('content-length')) > maxBytes) return refuse(tooLarge(maxBytes));
  const body = response.body;
  async function* chunks(): AsyncIterable<Uint8Array> {
    let size = 0;
    try {
      for await (const chunk of body ?? []) {
        size += chunk.byteLength;
        if (size > maxBytes) {
          controller.abort();
          throw new FeedError(tooLarge(maxBytes));
        }
        clearTimeout(timer);
        const handedOn = Date.now();
        yield chunk;
        deadline += Date.now() - handedOn;
        timer = setTimeout(() => controller.abort(), Math.max(0, deadline - Date.now()));
      }
    } catch (err) {
      if (err instanceof FeedError) throw err;
      throw fetchError(err, controller.signal.aborted, timeoutSeconds);
    } finally {
      clearTimeout(timer);
    }
  }
  return {
    kind: 'feed',
    chunks: chunks(),
    charset: declaredCharset(response.headers.get('content-type')),
    validators: { etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') },
  };
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
