import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import express from 'express';
import { createPageCompression, type PageCompression } from '../server/http/pageCompression';
import { routes } from '../views/routes';
import { appWith, captureLogs, testConfig } from './support/app';

// What a browser gets for a page: compressed as it asks, the same page after decompression, and
// never another visitor's page. Requests go over real HTTP with node:http, which (unlike
// supertest and fetch) shows the bytes as they were sent.

const BROWSER = 'gzip, deflate, br, zstd';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function listen(handler: http.RequestListener) {
  const server = http.createServer(handler).listen(0, '127.0.0.1');
  const ready = once(server, 'listening');
  const call = async (
    method: string,
    url: string,
    headers: Record<string, string> = {},
    body?: string,
  ): Promise<Raw> => {
    await ready;
    const { port } = server.address() as AddressInfo;
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method, path: url, headers }, async (res) => {
        const chunks: Buffer[] = [];
        for await (const chunk of res) chunks.push(chunk as Buffer);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
      });
      req.on('error', reject);
      req.end(body);
    });
  };
  return {
    call,
    get: (url: string, headers: Record<string, string> = {}) => call('GET', url, headers),
    close: () => server.close(),
  };
}

/** What a browser shows: the body with its content coding undone. */
function decoded(res: Raw): Buffer {
  switch (res.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(res.body);
    case 'gzip':
      return zlib.gunzipSync(res.body);
    case 'deflate':
      return zlib.inflateSync(res.body);
    default:
      return res.body;
  }
}

const brotli4 = (bytes: Buffer) =>
  zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });

let pages: PageCompression;
let site: ReturnType<typeof listen>;
beforeEach(() => {
  pages = createPageCompression();
  const { logger } = captureLogs();
  site = listen(
    appWith({ config: testConfig({ OUTBOX_DIR: '/tmp/outbox-compression-test' }), logger, pageCompression: pages }),
  );
});
afterEach(async () => {
  await pages.idle();
  site.close();
});

describe('a page is sent in the coding the browser asks for', () => {
  test.each([
    ['a browser', BROWSER, 'br'],
    ['a client asking for br only', 'br', 'br'],
    ['a client asking for gzip only', 'gzip', 'gzip'],
    ['a client refusing br with q=0', 'gzip, br;q=0', 'gzip'],
    ['a client rating gzip above br', 'br;q=0.5, gzip', 'gzip'],
    ['a client taking any coding (*)', '*', 'br'],
    ['a client refusing both with q=0', 'br;q=0, gzip;q=0', 'identity'],
    ['a client asking for identity', 'identity', 'identity'],
    ['a client sending no Accept-Encoding', undefined, 'identity'],
    // Not one the pages keep: the compression middleware still serves such a client.
    ['a client taking deflate only', 'deflate', 'deflate'],
  ])('%s (%s) gets %s, and the same page', async (_who, accept, coding) => {
    const encoding = coding === 'identity' ? undefined : coding;
    const plain = await site.get('/priser');
    const res = await site.get('/priser', accept === undefined ? {} : { 'Accept-Encoding': accept });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(decoded(res).equals(plain.body)).toBe(true);
    if (encoding) expect(res.body.length).toBeLessThan(plain.body.length / 2);
  });

  test('every route decompresses to exactly the page sent uncompressed, on the first request and once the map is filled', async () => {
    for (const route of routes) {
      const plain = await site.get(route.path);
      expect(plain.headers['content-encoding']).toBeUndefined();
      for (const accept of ['br', 'gzip']) {
        const first = await site.get(route.path, { 'Accept-Encoding': accept });
        await pages.idle();
        const later = await site.get(route.path, { 'Accept-Encoding': accept });
        for (const res of [first, later]) {
          expect({ route: route.path, encoding: res.headers['content-encoding'] }).toEqual({
            route: route.path,
            encoding: accept,
          });
          expect(decoded(res).equals(plain.body)).toBe(true);
          expect(res.headers['content-length']).toBe(String(res.body.length));
        }
      }
    }
  });

  test('a browser gets br no larger than brotli quality 4 gave it before, and smaller once the background compression is done', async () => {
    for (const route of routes) {
      const plain = (await site.get(route.path)).body;
      const first = await site.get(route.path, { 'Accept-Encoding': BROWSER });
      expect(first.body.length).toBeLessThanOrEqual(brotli4(plain).length * 1.02);
      await pages.idle();
      const later = await site.get(route.path, { 'Accept-Encoding': BROWSER });
      expect(later.body.length).toBeLessThan(brotli4(plain).length * 0.95);
    }
  });

  test('HEAD gives the headers of the GET in the same coding, without a body', async () => {
    for (const accept of [BROWSER, 'gzip', 'identity']) {
      const get = await site.get('/om-mig', { 'Accept-Encoding': accept });
      const head = await site.call('HEAD', '/om-mig', { 'Accept-Encoding': accept });
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      for (const name of ['content-encoding', 'content-type', 'etag', 'vary', 'cache-control'])
        expect(head.headers[name]).toBe(get.headers[name]);
    }
  });

  test('a browser revalidating with its ETag gets 304 without a body, whichever coding it was sent', async () => {
    const etags = new Set<string>();
    for (const accept of [BROWSER, 'gzip', 'identity']) {
      const page = await site.get('/terapi', { 'Accept-Encoding': accept });
      const etag = page.headers.etag as string;
      // Weak: one tag for the page in every coding (RFC 9110, 8.8.3.3), as Express makes it.
      expect(etag).toMatch(/^W\/"/);
      etags.add(etag);
      for (const asked of [BROWSER, 'gzip', 'identity']) {
        const again = await site.get('/terapi', { 'Accept-Encoding': asked, 'If-None-Match': etag });
        expect({ accept, asked, status: again.status, body: again.body.length }).toEqual({
          accept,
          asked,
          status: 304,
          body: 0,
        });
        expect(again.headers['vary']).toMatch(/Accept-Encoding/i);
      }
    }
    expect(etags.size).toBe(1);
    // A changed page (another ETag) is sent whole.
    expect((await site.get('/terapi', { 'Accept-Encoding': BROWSER, 'If-None-Match': 'W/"1-old"' })).status).toBe(200);
  });
});

describe('what the server keeps, and what it never keeps', () => {
  test("a no-JS reply with a visitor's values goes to that visitor only and is not kept", async () => {
    for (const route of routes) await site.get(route.path, { 'Accept-Encoding': BROWSER });
    await pages.idle();
    const before = pages.stats();

    const reply = await site.call(
      'POST',
      '/api/contact.php',
      {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: 'http://localhost:3000',
        'Accept-Encoding': BROWSER,
      },
      new URLSearchParams({
        name: 'Visitor Secret',
        email: 'secret@',
        phone: '',
        message: 'private words',
        consent: 'true',
      }).toString(),
    );
    expect(reply.status).toBe(400);
    expect(decoded(reply).toString()).toContain('value="Visitor Secret"');
    await pages.idle();

    expect(pages.stats()).toEqual(before);
    for (const { encoding, bytes } of pages.bodies()) {
      const text = (encoding === 'br' ? zlib.brotliDecompressSync(bytes) : zlib.gunzipSync(bytes)).toString();
      expect(text).not.toContain('Visitor Secret');
    }
    for (const accept of [BROWSER, 'gzip', 'identity']) {
      const next = decoded(await site.get('/kontakt', { 'Accept-Encoding': accept })).toString();
      expect(next).not.toContain('Visitor Secret');
      expect(next).not.toContain('private words');
    }
  });

  test('a 404 page and the thank-you page are compressed for their own request and not kept', async () => {
    for (const url of ['/findes-ikke', '/kontakt?sendt=1']) {
      const res = await site.get(url, { 'Accept-Encoding': BROWSER });
      expect(res.headers['content-encoding']).toBe('br');
      expect(decoded(res).toString()).toContain('</html>');
    }
    await pages.idle();
    expect(pages.stats().entries).toBe(0);
  });

  test('a page asked for again is not compressed again: every visitor after the first costs only the render', async () => {
    const quick = jest.spyOn(zlib, 'brotliCompressSync');
    try {
      for (let i = 0; i < 10; i++) await site.get('/', { 'Accept-Encoding': BROWSER });
      expect(quick).toHaveBeenCalledTimes(1);
    } finally {
      quick.mockRestore();
    }
  });

  test('a burst of first visitors to a page starts one background compression of it, not one each', async () => {
    const best = jest.spyOn(zlib, 'brotliCompress');
    try {
      const burst = await Promise.all(
        Array.from({ length: 30 }, () => site.get('/booking', { 'Accept-Encoding': BROWSER })),
      );
      expect(burst.every((r) => r.status === 200 && r.headers['content-encoding'] === 'br')).toBe(true);
      await pages.idle();
      expect(best).toHaveBeenCalledTimes(1);
    } finally {
      best.mockRestore();
    }
  });

  test.each([
    ['entries', { maxEntries: 6, maxBytes: 1_000_000, maxBackground: 2 }],
    ['bytes', { maxEntries: 1000, maxBytes: 25_000, maxBackground: 2 }],
  ])('many distinct pages never take more than the bound on %s, and the newest stay', async (_bound, limits) => {
    const small = createPageCompression(limits);
    const template = decoded(await site.get('/')).toString();
    const distinct = listen(
      express().get('/:n', (req, res) => {
        small.send(req, res, template.replace('</body>', `<p>page ${req.params.n}</p></body>`), true);
      }),
    );
    try {
      for (let n = 0; n < 40; n++) {
        for (const accept of ['br', 'gzip']) {
          const res = await distinct.get(`/${n}`, { 'Accept-Encoding': accept });
          expect(decoded(res).toString()).toContain(`<p>page ${n}</p>`);
        }
        if (n % 5 === 0) await small.idle();
        const { entries, bytes } = small.stats();
        expect(entries).toBeLessThanOrEqual(limits.maxEntries);
        expect(bytes).toBeLessThanOrEqual(limits.maxBytes);
      }
      await small.idle();
      // The bound was reached, not merely respected.
      expect(small.stats().entries).toBeGreaterThanOrEqual(4);
      expect(small.stats().entries).toBeLessThan(80);
      const quick = jest.spyOn(zlib, 'gzipSync');
      try {
        await distinct.get('/39', { 'Accept-Encoding': 'gzip' });
        expect(quick).not.toHaveBeenCalled();
      } finally {
        quick.mockRestore();
      }
    } finally {
      distinct.close();
    }
  });

  test('the default bound holds 21 pages in both codings three times over', async () => {
    const template = decoded(await site.get('/terapi')).toString();
    const distinct = listen(
      express().get('/:n', (req, res) => {
        pages.send(req, res, template.replace('</body>', `<p>page ${req.params.n}</p></body>`), true);
      }),
    );
    try {
      for (let n = 0; n < 63; n++)
        for (const accept of ['br', 'gzip']) await distinct.get(`/${n}`, { 'Accept-Encoding': accept });
      await pages.idle();
      expect(pages.stats().entries).toBe(126);
    } finally {
      distinct.close();
    }
  });
});
