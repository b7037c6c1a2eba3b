import { Redis } from 'ioredis';
import request from 'supertest';
import { counterKeyPrefix } from '../server/store/rateLimit';
import { eventually } from './support/eventually';
import { postContact, send, startTestServer, visitorMessage, type BuiltServer } from './support/builtServer';
import { appWith, asOperator, captureLogs, testConfig } from './support/app';
import { describeRedis, startRedis, type RedisServer } from './support/redis';
import { useSmtp } from './support/smtp';

// The contact limit shared through a real Redis: by two server processes (two "machines" behind
// one router), and what happens when Redis goes away and comes back. A visitor can always write,
// and no flood gets more while Redis is away: each process counts the limits on its own meanwhile,
// the posts it served before included, its share of the limit (decisions 0027 and 0041); an
// operator sees it in the log (a warning, never an error) and in /healthz.

const PASSWORD = 'pw-Xq7-never-logged';
const health = async (port: number) =>
  JSON.parse((await send(port, 'GET', '/healthz', { headers: asOperator })).body) as {
    status: string;
    rateLimit: string;
  };
const warnings = (server: BuiltServer) =>
  server.lines().filter((l) => /^form limits unavailable: /.test(String(l.msg)));

describeRedis('two server processes sharing one Redis', () => {
  let redis: RedisServer;
  const smtp = useSmtp();
  let a: BuiltServer;
  let b: BuiltServer;

  beforeAll(async () => {
    redis = await startRedis({ password: PASSWORD });
    // Behind a router (TRUST_PROXY=1), X-Forwarded-For says who the visitor is.
    const env = {
      REDIS_URL: redis.url,
      SMTP_URL: smtp.url,
      TRUST_PROXY: '1',
      CONTACT_RATE_LIMIT: '3',
      CONTACT_RATE_WINDOW_MS: '60000',
      CONTACT_SITE_WINDOW_MS: '60000',
    };
    [a, b] = await Promise.all([startTestServer(env), startTestServer(env)]);
  }, 20_000);

  afterAll(async () => {
    a?.kill();
    b?.kill();
    await redis?.stop();
  });

  test('three posts from one visitor succeed across the two; the next is refused by either', async () => {
    expect(await health(a.port)).toEqual({ status: 'ok', rateLimit: 'redis' });
    expect(await health(b.port)).toEqual({ status: 'ok', rateLimit: 'redis' });
    const visitor = '203.0.113.1';
    expect((await postContact(a.port, visitor)).status).toBe(200);
    expect((await postContact(b.port, visitor)).status).toBe(200);
    expect((await postContact(a.port, visitor)).status).toBe(200);
    expect((await postContact(a.port, visitor)).status).toBe(429);
    expect((await postContact(b.port, visitor)).status).toBe(429);
    // Another visitor has a count of their own.
    expect((await postContact(b.port, '203.0.113.9')).status).toBe(200);
    expect(smtp.received).toHaveLength(4);

    // Redis holds nothing but the site's own keys, each gone after the window.
    const client = new Redis(redis.url, { lazyConnect: true });
    try {
      await client.connect();
      const keys = (await client.keys('*')).sort();
      // One per visitor, and the whole site's count (CONTACT_SITE_LIMIT): the four delivered.
      expect(keys).toEqual([
        `${counterKeyPrefix('contact-site')}site`,
        `${counterKeyPrefix('contact')}203.0.113.1`,
        `${counterKeyPrefix('contact')}203.0.113.9`,
      ]);
      expect(await client.get(`${counterKeyPrefix('contact-site')}site`)).toBe('4');
      for (const key of keys) expect(await client.pttl(key)).toBeLessThanOrEqual(60_000);
    } finally {
      client.disconnect();
    }
  });

  test('Redis stopped: each process counts the limit on its own, posts within it are delivered; started again: the shared limit is back', async () => {
    const visitor = '203.0.113.2';
    expect((await postContact(a.port, visitor)).status).toBe(200);
    await redis.stop();
    const delivered = smtp.received.length;
    // Three a process (CONTACT_RATE_LIMIT; one worker each), the one before included, then refused: not every post of a flood.
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await postContact(a.port, visitor)).status);
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
    expect((await postContact(b.port, visitor)).status).toBe(200);
    expect(smtp.received).toHaveLength(delivered + 3);
    expect(await health(a.port)).toEqual({ status: 'ok', rateLimit: 'redis-unavailable' });
    expect(await send(b.port, 'GET', '/priser')).toMatchObject({ status: 200 });
    // Once, not once per post or per reconnect attempt; it says why and what the site does; a warning, no error.
    for (const server of [a, b]) {
      await eventually(() => expect(warnings(server)).toHaveLength(1));
      expect(warnings(server)[0]).toMatchObject({ level: 40, store: 'form limits' });
      expect(String(warnings(server)[0]!.reason)).toMatch(/^Redis at redis:\/\/127\.0\.0\.1:\d+: /);
      expect(String(warnings(server)[0]!.msg)).toContain('each process counts');
      expect(server.lines().filter((l) => Number(l.level) >= 50)).toEqual([]);
    }

    await redis.start();
    await eventually(async () => {
      expect((await health(a.port)).rateLimit).toBe('redis');
      expect((await health(b.port)).rateLimit).toBe('redis');
    });
    const next = '203.0.113.3';
    for (const port of [b.port, a.port, b.port]) expect((await postContact(port, next)).status).toBe(200);
    expect((await postContact(a.port, next)).status).toBe(429);
    await a.waitForLine((l) => /^form limits in Redis again/.test(String(l.msg)));

    for (const server of [a, b]) expect(server.output()).not.toContain(PASSWORD);
  });
});

describeRedis('Redis in-process: start-up without it, and TLS', () => {
  const smtp = useSmtp();
  function app(env: Record<string, string>) {
    const config = testConfig({ CONTACT_RATE_LIMIT: '2', ...env });
    const { logger, logs } = captureLogs();
    return { app: appWith({ config, logger }), logs };
  }
  const post = (target: ReturnType<typeof app>['app']) => request(target).post('/api/contact.php').send(visitorMessage);

  test('Redis down at start-up: one address gets its limit (not 30 mails); once Redis is up it counts again, with no restart, and the window of the outage keeps its count', async () => {
    const redis = await startRedis();
    await redis.stop();
    try {
      const { app: site, logs } = app({ REDIS_URL: redis.url, SMTP_URL: smtp.url });
      const statuses = [];
      for (let i = 0; i < 30; i++) statuses.push((await post(site)).status);
      expect(statuses).toEqual([200, 200, ...Array(28).fill(429)]);
      expect(smtp.received).toHaveLength(2);
      await request(site).get('/healthz').set(asOperator).expect(200, { status: 'ok', rateLimit: 'redis-unavailable' });
      expect(logs.lines.filter((l) => /^form limits unavailable: /.test(String(l.msg)))).toHaveLength(1);
      expect(logs.lines.filter((l) => Number(l.level) >= 50)).toEqual([]);

      await redis.start();
      await eventually(() =>
        request(site).get('/healthz').set(asOperator).expect(200, { status: 'ok', rateLimit: 'redis' }),
      );
      // Redis came back empty; the posts this process served in the window still count (no second
      // limit's worth), and the shared count has resumed.
      await post(site).expect(429);
      expect(smtp.received).toHaveLength(2);
      const client = new Redis(redis.url);
      try {
        const keys = await client.keys(`${counterKeyPrefix('contact')}*`);
        expect(keys).toHaveLength(1);
        expect(await client.get(keys[0] as string)).toBe('1');
      } finally {
        client.disconnect();
      }
    } finally {
      await redis.stop();
    }
  });

  test('rediss:// with a self-signed certificate: refused by default (one error line naming REDIS_TLS_CA), accepted with REDIS_TLS_REJECT_UNAUTHORIZED=0', async () => {
    const redis = await startRedis({ tls: true });
    try {
      const strict = app({ REDIS_URL: redis.url });
      const lenient = app({ REDIS_URL: redis.url, REDIS_TLS_REJECT_UNAUTHORIZED: '0' });
      await eventually(() =>
        request(lenient.app).get('/healthz').set(asOperator).expect(200, { status: 'ok', rateLimit: 'redis' }),
      );
      await request(strict.app)
        .get('/healthz')
        .set(asOperator)
        .expect(200, { status: 'ok', rateLimit: 'redis-unavailable' });
      await eventually(() =>
        expect(strict.logs.lines.filter((l) => l.level === 50)).toMatchObject([
          { variable: 'REDIS_TLS_CA (or REDIS_TLS_REJECT_UNAUTHORIZED)' },
        ]),
      );
      expect(strict.logs.text()).toMatch(/certificate does not verify \(DEPTH_ZERO_SELF_SIGNED_CERT\)/);
      expect(strict.logs.text()).not.toMatch(/form limits unavailable/);
      expect(lenient.logs.text()).toMatch(
        /connected over TLS, certificate NOT verified \(REDIS_TLS_REJECT_UNAUTHORIZED=0\)/,
      );
    } finally {
      await redis.stop();
    }
  });
});
