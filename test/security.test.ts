import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import request from 'supertest';
import { practice, searchFacts } from '../content/practice';
import { routes } from '../views/routes';
import { DIST_DIR, loadAssets } from '../server/http/render';
import { securityTxt } from '../server/http/securityTxt';
import { asOperator, makeApp } from './support/app';
import { OPERATOR_TOKEN } from './support/operator';
import { DAY_MS } from '../views/days';

const { app } = makeApp({ env: { OUTBOX_DIR: '/tmp/outbox-security-test' } });

async function responses() {
  const page = await request(app).get('/');
  const asset = /href="(\/assets\/[^"]+\.css)"/.exec(page.text)![1]!;
  return {
    page,
    notFound: await request(app).get('/findes-ikke'),
    asset: await request(app).get(asset),
    missingAsset: await request(app).get('/assets/nope.js'),
    api: await request(app).post('/api/contact.php').set('Content-Type', 'application/json').send('{}'),
    robots: await request(app).get('/robots.txt'),
  };
}

describe('security headers on every kind of response', () => {
  test('CSP, referrer, permissions and framing headers are on pages, assets, the API and 404s', async () => {
    for (const [kind, res] of Object.entries(await responses())) {
      const csp = res.headers['content-security-policy'] as string;
      expect({ kind, csp }).toEqual({ kind, csp: expect.stringContaining("default-src 'self'") });
      for (const directive of [
        "script-src 'self'",
        "style-src 'self'",
        'frame-src https://www.openstreetmap.org',
        "frame-ancestors 'none'",
        "form-action 'self'",
        "base-uri 'none'",
        "object-src 'none'",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(csp).not.toMatch(/unsafe-/);
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy']).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      // Old browsers without CSP's frame-ancestors still refuse to frame the site.
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  test('no page has an inline script or a style attribute, which the CSP would block', async () => {
    for (const route of routes) {
      const html = (await request(app).get(route.path)).text;
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      for (const tag of scripts) expect(tag).toMatch(/src="\/assets\/|type="application\/(ld\+)?json"/);
      expect(html).not.toMatch(/\sstyle="/);
      expect(html).not.toMatch(/\son[a-z]+="/);
    }
  });

  test('HSTS for at least a year in production only', async () => {
    expect((await request(app).get('/')).headers['strict-transport-security']).toBeUndefined();
    const prod = makeApp({ env: { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' } }).app;
    const hsts = (await request(prod).get('/')).headers['strict-transport-security'] as string;
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31536000);
  });

  test("behind a trusted proxy in production, http is redirected to https on BASE_URL's host (a post with 308); untrusted, the header is ignored", async () => {
    const env = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      TRUST_PROXY: '1',
      BASE_URL: 'https://www.example.dk',
    };
    const proxied = makeApp({ env }).app;
    // The Host a request names is never where it is sent.
    await request(proxied)
      .get('/priser?x=1')
      .set('X-Forwarded-Proto', 'http')
      .set('Host', 'evil.example')
      .expect(301)
      .expect('Location', 'https://www.example.dk/priser?x=1')
      .expect('Cache-Control', 'public, max-age=3600');
    // A contact post over plain http is not read: the browser sends it again over https.
    const post = await request(proxied)
      .post('/api/contact.php')
      .set('X-Forwarded-Proto', 'http')
      .send({ name: 'Anna' })
      .expect(308);
    expect(post.headers.location).toBe('https://www.example.dk/api/contact.php');
    expect(post.headers['cache-control']).toBe('no-store');
    await request(proxied).get('/priser').set('X-Forwarded-Proto', 'https').expect(200);
    const direct = makeApp({ env: { ...env, TRUST_PROXY: '0' } }).app;
    await request(direct).get('/priser').set('X-Forwarded-Proto', 'http').expect(200);
  });

  test.each([
    ['/priser/', '/priser'],
    ['/en/prices///', '/en/prices'],
    ['//evil.example/', '/evil.example'],
    ['/\\evil.example/', '/evil.example'],
    ['/\\/evil.example', '/evil.example'],
    ['/priser/?x=1', '/priser?x=1'],
  ])('%s is redirected to %s: on this site, cacheable', async (from, to) => {
    const res = await request(app).get(from).expect(301);
    expect(res.headers.location).toBe(to);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  test('no other redirect: a folder of files is not redirected to itself with a slash (serve-static did, without Cache-Control)', async () => {
    for (const folder of ['/assets', '/assets/', '/.well-known'])
      expect((await request(app).get(folder)).status).toBe(404);
  });

  test('HTML is compressed with gzip or brotli', async () => {
    const page = await request(app).get('/').set('Accept-Encoding', 'br');
    expect(page.headers['content-encoding']).toBe('br');
    const gz = await request(app).get('/om-mig').set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  /** The bytes as sent: supertest and fetch would decompress them. */
  async function rawGet(url: string, acceptEncoding: string) {
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http
          .get({ host: '127.0.0.1', port, path: url, headers: { 'Accept-Encoding': acceptEncoding } }, resolve)
          .on('error', reject),
      );
      const chunks: Buffer[] = [];
      for await (const chunk of res) chunks.push(chunk as Buffer);
      return { headers: res.headers, body: Buffer.concat(chunks) };
    } finally {
      server.close();
    }
  }

  test('CSS and JS are sent as the build compressed them: brotli, else gzip, else plain', async () => {
    const assets = loadAssets();
    const onDisk = (url: string) => readFileSync(path.join(DIST_DIR, 'public', url));
    for (const url of [assets.css, assets.js]) {
      const type = url.endsWith('.css') ? /^text\/css/ : /javascript/;
      for (const [accept, encoding, file] of [
        ['br, gzip', 'br', `${url}.br`],
        ['gzip, deflate', 'gzip', `${url}.gz`],
        ['identity', undefined, url],
      ] as const) {
        const res = await rawGet(url, accept);
        expect({ url, accept, encoding: res.headers['content-encoding'] }).toEqual({ url, accept, encoding });
        // The very bytes of the precompressed file: nothing compresses them again on the way.
        expect(res.body.equals(onDisk(file))).toBe(true);
        expect(res.headers['content-type']).toMatch(type);
        expect(res.headers.vary).toMatch(/Accept-Encoding/i);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    }
  });
});

describe('search engines', () => {
  test('robots.txt names the sitemap; the sitemap lists every page of every language with its alternates', async () => {
    const robots = await request(app)
      .get('/robots.txt')
      .expect(200)
      .expect('Content-Type', /text\/plain/);
    expect(robots.text).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    const sitemap = await request(app).get('/sitemap.xml').expect(200).expect('Content-Type', /xml/);
    expect(sitemap.text).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const urls = [...sitemap.text.matchAll(/<url><loc>([^<]+)<\/loc>(.*?)<\/url>/g)];
    expect(urls.map((m) => m[1])).toEqual(routes.map((r) => `http://localhost:3000${r.path}`));
    expect(routes).toHaveLength(21);
    // /en/prices names /priser, /en/prices and /fa/prices, and Danish for everyone else.
    const prices = urls.find((m) => m[1] === 'http://localhost:3000/en/prices')?.[2];
    expect([...(prices ?? '').matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`)).toEqual([
      'da http://localhost:3000/priser',
      'en http://localhost:3000/en/prices',
      'fa http://localhost:3000/fa/prices',
      'x-default http://localhost:3000/priser',
    ]);
  });

  test('BASE_URL makes canonical and sitemap URLs absolute on the real host', async () => {
    const prod = makeApp({ env: { BASE_URL: 'https://www.psykolog-aalborg.example' } }).app;
    expect((await request(prod).get('/priser')).text).toContain(
      '<link rel="canonical" href="https://www.psykolog-aalborg.example/priser">',
    );
    expect((await request(prod).get('/sitemap.xml')).text).toContain(
      '<loc>https://www.psykolog-aalborg.example/kontakt</loc>',
    );
  });

  test('the JSON-LD parses and carries the phone, address, hours and languages from content/', async () => {
    const html = (await request(app).get('/')).text;
    const json = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1];
    const data = JSON.parse(json as string);
    expect(data['@type']).toBe('Psychologist');
    expect(data.telephone).toBe(practice.phoneE164);
    expect(data.address.streetAddress).toBe(practice.address.street);
    expect(data.address.postalCode).toBe(practice.address.postalCode);
    expect(data.openingHoursSpecification[0]).toMatchObject({ opens: '11:00', closes: '14:00' });
    expect(data.knowsLanguage.map((l: { alternateName: string }) => l.alternateName)).toEqual(['da', 'en', 'fa']);
    expect(data.inLanguage).toBe('da');
    expect(data.priceRange).toBe(searchFacts.priceRange);
  });

  test('Open Graph and Twitter large-card tags are on every page (the picture: test/share.test.ts)', async () => {
    for (const route of routes) {
      const html = (await request(app).get(route.path)).text;
      expect(html).toContain('<meta property="og:title"');
      expect(html).toContain('<meta property="og:description"');
      expect(html).toContain(`<meta property="og:url" content="http://localhost:3000${route.path}">`);
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    }
  });
});

describe('/.well-known/security.txt (RFC 9116)', () => {
  test("names the practice's email, the languages, and an Expires date in the coming year", async () => {
    const res = await request(app)
      .get('/.well-known/security.txt')
      .expect(200)
      .expect('Content-Type', /text\/plain/);
    expect(res.text).toContain(`Contact: mailto:${practice.email}\n`);
    expect(res.text).toContain('Preferred-Languages: da, en\n');
    expect(res.text).toContain('Canonical: http://localhost:3000/.well-known/security.txt\n');
    const expires = Date.parse(/^Expires: (\S+)$/m.exec(res.text)?.[1] ?? '');
    expect(expires).toBeGreaterThan(Date.now() + 30 * DAY_MS);
    expect(expires).toBeLessThan(Date.now() + 365 * DAY_MS);
  });

  test('Expires moves with the calendar, so it is never in the past however long the server runs', () => {
    const later = securityTxt('https://www.example.dk', new Date('2031-03-05T17:00:00Z'));
    expect(later).toContain('Expires: 2031-09-01T00:00:00.000Z\n');
  });
});

describe('health and failures', () => {
  test('/healthz tells anyone only that the process is up; the operator (HEALTHZ_TOKEN) how the rate limit is stored; it is not logged', async () => {
    const { app: fresh, logs } = makeApp();
    const anyone = await request(fresh).get('/healthz').expect(200, { status: 'ok' });
    expect(anyone.headers['cache-control']).toBe('no-store');
    await request(fresh).get('/healthz').set(asOperator).expect(200, { status: 'ok', rateLimit: 'memory' });
    await request(fresh)
      .get('/healthz')
      .query({ token: OPERATOR_TOKEN })
      .expect(200, { status: 'ok', rateLimit: 'memory' });
    // A wrong token is refused, so that a monitor set up wrongly shows as down.
    await request(fresh).get('/healthz').set('Authorization', `Bearer ${OPERATOR_TOKEN}x`).expect(401);
    await request(fresh).get('/healthz').query({ token: 'x' }).expect(401);
    expect(logs.lines).toHaveLength(0);
    // With no HEALTHZ_TOKEN, nobody gets the details.
    const { app: open } = makeApp({ env: { HEALTHZ_TOKEN: '' } });
    await request(open).get('/healthz').expect(200, { status: 'ok' });
    await request(open).get('/healthz').set(asOperator).expect(401);
  });

  test('/healthz and /healthz/mail carry the same security headers as every page (nosniff; HSTS in production)', async () => {
    const { app: production } = makeApp({
      env: { NODE_ENV: 'production', SMTP_URL: 'smtps://localhost:465', BASE_URL: 'https://www.example.dk' },
    });
    for (const target of ['/healthz', '/healthz/mail']) {
      const res = await request(production).get(target).set(asOperator);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    }
    const healthz = await request(app).get('/healthz');
    expect(healthz.headers['x-content-type-options']).toBe('nosniff');
    expect(healthz.headers['x-frame-options']).toBe('DENY');
  });

  test('HEALTHZ_TOKEN must be long and plain enough to be a secret one can send', () => {
    expect(() => makeApp({ env: { HEALTHZ_TOKEN: 'short' } })).toThrow(/HEALTHZ_TOKEN must be 32 to 256/);
    expect(() => makeApp({ env: { HEALTHZ_TOKEN: `${'x'.repeat(32)} y` } })).toThrow(/HEALTHZ_TOKEN/);
  });
});
