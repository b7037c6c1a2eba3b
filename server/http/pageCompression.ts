import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import Negotiator from 'negotiator';

// How a rendered page reaches a browser compressed, at a small fraction of the render's cost.
// Every browser asks for br or gzip. A compression stream per response (the `compression`
// middleware) cost as much CPU as the render itself, so pages halved the server's throughput.
// A page is whole once rendered, so it is compressed in one call, and the result is kept in a
// small LRU cache keyed by the body's hash (its ETag): bytes compressed before are not compressed again.
// Brotli's best quality (about 15 ms a page) is too slow for a request, so it runs on node's
// thread pool after the first answer and then replaces the quick quality-4 bytes in the map.
// Only a response the caller marks shareable (a 200 page with nothing of the visitor's in it)
// is kept; anything else is compressed for its own response and forgotten.

type Encoding = 'br' | 'gzip' | 'identity';

export interface Limits {
  /** Compressed bodies kept, over both encodings. */
  maxEntries: number;
  /** Their bytes together. */
  maxBytes: number;
  /** Best-quality compressions running at once in the background. */
  maxBackground: number;
}

/**
 * 21 pages (seven in three languages) in two encodings are 42 entries of 3-5 kB: a third of the
 * entries and a tenth of the bytes, so the map still holds every page when pages grow or are added.
 */
const defaultLimits: Limits = { maxEntries: 128, maxBytes: 2 * 1024 * 1024, maxBackground: 2 };

export interface PageCompression {
  /** Sends `html` as the response's body, compressed as the request accepts, with ETag and Vary. */
  send(req: Request, res: Response, html: string, shareable: boolean): void;
  /** What the map holds now, and how many background compressions are running. */
  stats(): { entries: number; bytes: number; background: number };
  /** Every compressed body in the map, for tests to look inside. */
  bodies(): Array<{ encoding: Encoding; bytes: Buffer }>;
  /** Settles once no background compression is running. */
  idle(): Promise<void>;
}

const CODINGS: Encoding[] = ['br', 'gzip'];

/**
 * The coding to send, negotiated by negotiator (what Express's req.acceptsEncodings uses) as RFC
 * 9110 12.5.3 says: the highest q the client gives, `*` for any it does not name, a q of 0 never;
 * br before gzip when the client rates them equally (br is smaller), which req.acceptsEncodings,
 * keeping the client's order, cannot say; identity when neither is acceptable or nothing is asked.
 */
function chooseEncoding(req: Request): Encoding {
  return (new Negotiator(req).encodings(CODINGS, { preferred: CODINGS })[0] as Encoding | undefined) ?? 'identity';
}

/**
 * Express's own weak ETag of the identity body (length and SHA-1), so ETags are as before.
 * Weak, it stands for the content in every coding (RFC 9110, 8.8.1 and 8.8.3.3), as it did
 * with the compression middleware: one tag, and If-None-Match matches whichever was sent.
 */
function weakEtag(body: Buffer): string {
  return `W/"${body.length.toString(16)}-${createHash('sha1').update(body).digest('base64').substring(0, 27)}"`;
}

const brotliParams = (quality: number, size: number) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});

/** One call on the request path: brotli 4 (what the middleware sent) and gzip 6, a few hundred µs. */
function compressNow(encoding: 'br' | 'gzip', body: Buffer): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, brotliParams(4, body.length))
    : zlib.gzipSync(body, { level: 6 });
}

interface Entry {
  bytes: Buffer;
  /** False while a better compression of the same body may still replace it (br at quality 4). */
  final: boolean;
}

export function createPageCompression(limits: Limits = defaultLimits): PageCompression {
  // Bounded by entries and by bytes together, the least recently used going first; an entry
  // larger than all the bytes is not kept.
  const map = new LRUCache<string, Entry>({
    max: limits.maxEntries,
    maxSize: limits.maxBytes,
    sizeCalculation: (entry) => Math.max(1, entry.bytes.length),
  });
  const background = new Map<string, Promise<void>>();

  /** Brotli 11 off the request path; at most one per body, and a bounded number at once. */
  function improveLater(key: string, body: Buffer) {
    if (background.has(key) || background.size >= limits.maxBackground) return;
    const job = new Promise<void>((resolve) => {
      zlib.brotliCompress(body, brotliParams(11, body.length), (err, best) => {
        background.delete(key);
        // On an error the quality-4 bytes simply stay; a later hit tries again.
        if (!err && map.has(key)) map.set(key, { bytes: best, final: true });
        resolve();
      });
    });
    background.set(key, job);
  }

  function compressed(encoding: 'br' | 'gzip', etag: string, body: Buffer): Buffer {
    const key = `${encoding} ${etag}`;
    const hit = map.get(key);
    if (hit) {
      if (!hit.final) improveLater(key, body);
      return hit.bytes;
    }
    const now = compressNow(encoding, body);
    // gzip at a higher level is no smaller for a page, so only br has something better to wait for.
    map.set(key, { bytes: now, final: encoding === 'gzip' });
    if (encoding === 'br') improveLater(key, body);
    return now;
  }

  return {
    send(req, res, html, shareable) {
      const body = Buffer.from(html);
      if (!res.get('Content-Type')) res.type('html');
      const etag = weakEtag(body);
      res.setHeader('ETag', etag);
      res.vary('Accept-Encoding');
      const encoding = chooseEncoding(req);
      // res.send answers 304 when the ETag matches (no compression needed) and HEAD without a body.
      if (encoding === 'identity' || req.fresh) {
        res.send(body);
        return;
      }
      // Shareable is decided by the caller, and checked once more here: only a 200 is ever kept.
      const bytes =
        shareable && res.statusCode === 200 ? compressed(encoding, etag, body) : compressNow(encoding, body);
      res.setHeader('Content-Encoding', encoding);
      res.send(bytes);
    },
    stats: () => ({ entries: map.size, bytes: map.calculatedSize, background: background.size }),
    bodies: () =>
      [...map.entries()].map(([key, entry]) => ({
        encoding: key.slice(0, key.indexOf(' ')) as Encoding,
        bytes: entry.bytes,
      })),
    idle: async () => {
      await Promise.all(background.values());
    },
  };
}
