import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { testCert, testKey } from './tls';

// A calendar provider on loopback: serves feeds at secret-looking paths, as Outlook, Google,
// Fastmail, iCloud and Nextcloud do, and can be told to fail (an error status, no answer,
// garbage), so that tests read feeds over real HTTP (or https, with the tests' certificate).
// A feed may come gzip-encoded (to a client that accepts it), with a declared character set, and
// with an ETag or Last-Modified, in which case a conditional request for the same version is
// answered 304 Not Modified, as the providers do.

/** The Content-Encodings a provider may send. */
const PACK = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync };

export type FeedBehaviour =
  | {
      kind: 'ics';
      body: string | Buffer;
      /** The Content-Type (default text/calendar; charset=utf-8). */
      contentType?: string;
      /** Content-Encoding: the body packed so, when the request accepts it. */
      encoding?: keyof typeof PACK;
      etag?: string;
      lastModified?: string;
    }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'hang' }
  /** Sends the headers and the first half of the body, then nothing more. */
  | { kind: 'stall'; body: string }
  | { kind: 'redirect'; to: string };

export interface FeedServer {
  /** http://127.0.0.1:port */
  origin: string;
  set(path: string, behaviour: FeedBehaviour): void;
  /** How many requests each path has had. */
  hits(path: string): number;
  /** How many of them were answered 304 Not Modified. */
  notModified(path: string): number;
  /** The headers of each path's last request. */
  lastHeaders(path: string): IncomingMessage['headers'] | undefined;
  close(): Promise<void>;
}

export async function startFeedServer(options: { tls?: boolean } = {}): Promise<FeedServer> {
  const routes = new Map<string, FeedBehaviour>();
  const counts = new Map<string, number>();
  const notModified = new Map<string, number>();
  const headers = new Map<string, IncomingMessage['headers']>();
  const open = new Set<ServerResponse>();
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0] as string;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    headers.set(path, req.headers);
    const behaviour = routes.get(path);
    if (!behaviour) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    switch (behaviour.kind) {
      case 'ics': {
        const validators = {
          ...(behaviour.etag ? { etag: behaviour.etag } : {}),
          ...(behaviour.lastModified ? { 'last-modified': behaviour.lastModified } : {}),
        };
        // RFC 9110: If-None-Match wins; If-Modified-Since only without it.
        const unchanged = req.headers['if-none-match']
          ? req.headers['if-none-match'] === behaviour.etag
          : Boolean(behaviour.lastModified && req.headers['if-modified-since'] === behaviour.lastModified);
        if (unchanged) {
          notModified.set(path, (notModified.get(path) ?? 0) + 1);
          return void res.writeHead(304, validators).end();
        }
        const { encoding } = behaviour;
        const packed = encoding && new RegExp(`\\b${encoding}\\b`).test(String(req.headers['accept-encoding'] ?? ''));
        res
          .writeHead(200, {
            'content-type': behaviour.contentType ?? 'text/calendar; charset=utf-8',
            'cache-control': 'no-cache',
            ...validators,
            ...(packed ? { 'content-encoding': encoding } : {}),
          })
          .end(packed ? PACK[encoding](behaviour.body) : behaviour.body);
        return;
      }
      case 'status':
        res
          .writeHead(behaviour.status, { 'content-type': 'text/html' })
          .end(behaviour.body ?? `<html><body>Error ${behaviour.status}</body></html>`);
        return;
      case 'redirect':
        res.writeHead(301, { location: behaviour.to }).end();
        return;
      case 'stall':
        res
          .writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' })
          .write(behaviour.body.slice(0, behaviour.body.length / 2));
        open.add(res);
        res.on('close', () => open.delete(res));
        return;
      case 'hang':
        // Headers never come; the reader's time limit must end it.
        open.add(res);
        res.on('close', () => open.delete(res));
        return;
    }
  };
  const server = options.tls ? createHttpsServer({ cert: testCert(), key: testKey() }, handler) : createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    set: (path, behaviour) => void routes.set(path, behaviour),
    hits: (path) => counts.get(path) ?? 0,
    notModified: (path) => notModified.get(path) ?? 0,
    lastHeaders: (path) => headers.get(path),
    close: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
