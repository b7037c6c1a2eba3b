import { open, type FileHandle } from 'node:fs/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { pipeline, type Readable, type Transform } from 'node:stream';
import zlib from 'node:zlib';
import type { BookingConfig } from '../process/config';
import { FeedError } from './feedError';
import { declaredCharset } from './feedText';

// Fetches the feed's bytes: from its https address (http only outside production, for tests on
// loopback) within a time limit and a size limit, or from a file when trying booking locally.
// Politely: when the provider sent an ETag or Last-Modified, the next request asks whether the
// feed changed since (If-None-Match, If-Modified-Since), and a 304 costs neither a download nor
// a parse. Answers packed for the way (gzip, deflate, br) are unpacked as they come (the size
// limit counts the unpacked bytes).
// This runs on the thread that parses the feed (feedParser.ts): the server's own heap never holds its bytes.
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

/** How many redirects a feed may take (iCloud's webcal:// address takes one). */
const MAX_REDIRECTS = 5;

/** The answer to one GET, its redirects followed (never from https to anything else). */
async function get(url: URL, headers: Record<string, string>, signal: AbortSignal): Promise<IncomingMessage> {
  for (let hops = 0; ; hops++) {
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      (url.protocol === 'https:' ? https : http).get(url, { headers, signal }, resolve).once('error', reject);
    });
    const location = response.headers.location;
    if (!REDIRECTS.has(response.statusCode ?? 0) || !location) return response;
    response.resume();
    if (hops >= MAX_REDIRECTS) throw new FeedError('the feed redirected too many times');
    const next = new URL(location, url);
    if (url.protocol === 'https:' && next.protocol !== 'https:')
      throw new FeedError('the feed redirected to an address without https');
    url = next;
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The body as it was sent, unpacked when the provider packed it (Content-Encoding). */
function decoded(response: IncomingMessage): Readable {
  const encoding = String(response.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const unpack = UNPACK[encoding];
  if (!unpack) return response;
  // pipeline passes an error of either side on, and ends both.
  return pipeline(response, unpack(), () => undefined);
}

const UNPACK: Record<string, () => Transform> = {
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};

// With node:http rather than fetch: on the parser thread, fetch's HTTP client costs some 15 MB more
// at every read (docs/performance.md#reading-a-large-calendar).
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
  const headers: Record<string, string> = {
    accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1',
    'accept-encoding': 'gzip, deflate, br',
    'user-agent': 'booking calendar reader',
  };
  if (validators?.etag) headers['if-none-match'] = validators.etag;
  if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
  let response: IncomingMessage;
  try {
    response = await get(url, headers, controller.signal);
  } catch (err) {
    clearTimeout(timer);
    throw err instanceof FeedError ? err : fetchError(err, controller.signal.aborted, timeoutSeconds);
  }
  const refuse = (message: string) => {
    clearTimeout(timer);
    response.destroy();
    throw new FeedError(message);
  };
  const status = response.statusCode ?? 0;
  if (status === 304 && validators) {
    clearTimeout(timer);
    response.destroy();
    return { kind: 'not-modified' };
  }
  if (status < 200 || status > 299) return refuse(`the feed answered HTTP ${status}`);
  if (Number(response.headers['content-length']) > maxBytes) return refuse(tooLarge(maxBytes));
  const body = decoded(response);
  async function* chunks(): AsyncIterable<Uint8Array> {
    let size = 0;
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
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
      body.destroy();
    }
  }
  return {
    kind: 'feed',
    chunks: chunks(),
    charset: declaredCharset(response.headers['content-type'] ?? null),
    validators: { etag: header(response, 'etag'), lastModified: header(response, 'last-modified') },
  };
}

const header = (response: IncomingMessage, name: string) => {
  const value = response.headers[name];
  return typeof value === 'string' ? value : null;
};

function tooLarge(maxBytes: number) {
  return maxBytes >= 1024 * 1024
    ? `the feed is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`
    : `the feed is larger than ${Math.round(maxBytes / 1024)} kB`;
}

/** In our words: a time-out, or the network's error code (never the error's text, which may quote the address). */
function fetchError(err: unknown, timedOut: boolean, timeoutSeconds: number): FeedError {
  if (timedOut) return new FeedError(`no answer from the feed within ${timeoutSeconds} s`);
  const { code } = (err as { code?: unknown } | null) ?? {};
  if (typeof code !== 'string' || !/^[A-Z0-9_]{2,40}$/.test(code)) return new FeedError('the feed cannot be reached');
  return new FeedError(`the feed cannot be reached (${code})`);
}
