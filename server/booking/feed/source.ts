import { open, type FileHandle } from 'node:fs/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { pipeline, type Readable, type Transform } from 'node:stream';
import zlib from 'node:zlib';
import type { BookingConfig } from '../../process/config';
import { FeedError, tooLarge, type FeedBounds } from './bounds';
import { declaredCharset } from './text';

// Fetches the feed's bytes: from its https address (http only outside production, for tests on
// loopback) within a time limit and a size limit, or from a file when trying booking locally.
// Politely: when the provider sent an ETag or Last-Modified, the next request asks whether the
// feed changed since (If-None-Match, If-Modified-Since), and a 304 costs neither a download nor
// a parse. Answers packed for the way (gzip, deflate, br) are unpacked as they come (the size
// limit counts the unpacked bytes).
// This runs on the thread that reads the feed (thread.ts): the server's own heap never holds its bytes.
// The address is a secret (whoever has it reads the practitioner's calendar): no error message
// made here carries it, or anything a server said, only what went wrong in our own words.

/**
 * Where a feed is: the configured address or file (BOOKING_CALENDAR_URL), or bytes already here
 * as an answer declaring `charset` would bring them (tests, tools).
 */
export type FeedSource = BookingConfig['source'] | { kind: 'bytes'; bytes: Uint8Array; charset: string | null };

/** The feed's host (for an address) or file name (for a file): what logs and /healthz may name. */
export function sourceHost(source: FeedSource): string {
  if (source.kind === 'url') return source.url.host;
  return source.kind === 'file' ? `file ${path.basename(source.path)}` : 'bytes';
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

const NO_VALIDATORS: Validators = { etag: null, lastModified: null };

/** Reads the feed (the download within `timeoutSeconds`); with `validators` (from the copy in use) only if it changed since. */
export async function readSource(
  source: FeedSource,
  timeoutSeconds: number,
  bounds: Pick<FeedBounds, 'feedBytes' | 'redirects'>,
  validators: Validators | null = null,
): Promise<Download> {
  if (source.kind === 'bytes') {
    if (source.bytes.byteLength > bounds.feedBytes) throw tooLarge(bounds.feedBytes);
    return { kind: 'feed', chunks: once(source.bytes), charset: source.charset, validators: NO_VALIDATORS };
  }
  if (source.kind === 'file')
    return {
      kind: 'feed',
      chunks: await readFile(source.path, bounds.feedBytes),
      charset: null,
      validators: NO_VALIDATORS,
    };
  return fetchFeed(source.url, timeoutSeconds, bounds, validators);
}

async function* once(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  yield bytes;
}

async function readFile(file: string, maxBytes: number): Promise<AsyncIterable<Uint8Array>> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch {
    throw new FeedError('the file cannot be read');
  }
  try {
    if ((await handle.stat()).size > maxBytes) throw tooLarge(maxBytes);
  } catch (err) {
    await handle.close();
    throw err;
  }
  // The stream closes the file when it ends.
  return handle.createReadStream();
}

/** The answer to one GET, its redirects followed (never from https to anything else). */
async function get(
  url: URL,
  headers: Record<string, string>,
  signal: AbortSignal,
  redirects: number,
): Promise<IncomingMessage> {
  for (let hops = 0; ; hops++) {
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      (url.protocol === 'https:' ? https : http).get(url, { headers, signal }, resolve).once('error', reject);
    });
    const location = response.headers.location;
    if (!REDIRECTS.has(response.statusCode ?? 0) || !location) return response;
    response.resume();
    if (hops >= redirects) throw new FeedError('the feed redirected too many times');
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
  bounds: Pick<FeedBounds, 'feedBytes' | 'redirects'>,
  validators: Validators | null,
): Promise<Download> {
  const maxBytes = bounds.feedBytes;
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
    response = await get(url, headers, controller.signal, bounds.redirects);
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
  if (Number(response.headers['content-length']) > maxBytes) return refuse(tooLarge(maxBytes).message);
  const body = decoded(response);
  async function* chunks(): AsyncIterable<Uint8Array> {
    let size = 0;
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        size += chunk.byteLength;
        if (size > maxBytes) {
          controller.abort();
          throw tooLarge(maxBytes);
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

/** In our words: a time-out, or the network's error code (never the error's text, which may quote the address). */
function fetchError(err: unknown, timedOut: boolean, timeoutSeconds: number): FeedError {
  if (timedOut) return new FeedError(`no answer from the feed within ${timeoutSeconds} s`);
  const { code } = (err as { code?: unknown } | null) ?? {};
  if (typeof code !== 'string' || !/^[A-Z0-9_]{2,40}$/.test(code)) return new FeedError('the feed cannot be reached');
  return new FeedError(`the feed cannot be reached (${code})`);
}
