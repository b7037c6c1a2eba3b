import { eventually } from './support/eventually';
import { postContact, send, startTestServer, type BuiltServer } from './support/builtServer';
import { asOperator } from './support/operator';
import { describeRedis, startRedis, type RedisServer } from './support/redis';
import { useSmtp } from './support/smtp';

// The contact limit across a Redis restart (issue 45): two workers, one address posting before,
// while and after Redis restarts empty (no persistence), all within one window. Each worker had
// let it have the whole limit while Redis was away and the shared count started anew after it:
// 12 mails against the limit of 5. Now each worker counts its share (the limit over
// WEB_CONCURRENCY) with the posts it served before the outage, for the window of the outage.

const LIMIT = 5;
const WORKERS = 2;
/** When one worker served every post before the outage, the other still has its share to give. */
const AT_MOST = LIMIT + Math.floor(LIMIT / WORKERS);

describeRedis('the contact limit while Redis restarts, two workers', () => {
  let redis: RedisServer;
  const smtp = useSmtp();
  let server: BuiltServer;

  beforeAll(async () => {
    redis = await startRedis();
  }, 20_000);
  afterAll(async () => {
    await redis?.stop();
  });
  // A server of its own per case: a window after an outage counts shares, and each case starts before one.
  beforeEach(async () => {
    server = await startTestServer({
      WEB_CONCURRENCY: String(WORKERS),
      REDIS_URL: redis.url,
      SMTP_URL: smtp.url,
      TRUST_PROXY: '1',
      CONTACT_RATE_LIMIT: String(LIMIT),
      CONTACT_SITE_LIMIT: '0',
    });
    await eventually(
      () =>
        expect(
          new Set(
            server
              .lines()
              .filter((l) => typeof l.port === 'number')
              .map((l) => l.pid),
          ).size,
        ).toBe(2),
      10_000,
    );
  }, 30_000);
  afterEach(() => server?.kill());

  /** Both workers count in Redis again (a health check goes to either: several in a row say so). */
  const bothInRedis = () =>
    eventually(async () => {
      for (let i = 0; i < 6; i++) {
        const reply = await send(server.port, 'GET', '/healthz', { headers: asOperator });
        expect(JSON.parse(reply.body).rateLimit).toBe('redis');
      }
    }, 15_000);

  test.each([0, 2, 5])(
    '%i posts before the restart, 10 while Redis is away, 10 after: at most the limit and a share',
    async (before) => {
      const address = `203.0.113.${before + 50}`;
      const delivered = () => smtp.received.length;
      const start = delivered();
      for (let i = 0; i < before; i++) await postContact(server.port, address);
      await redis.stop();
      for (let i = 0; i < 10; i++) await postContact(server.port, address);
      await redis.start();
      await bothInRedis();
      for (let i = 0; i < 10; i++) await postContact(server.port, address);
      const sent = delivered() - start;
      process.stdout.write(`contact limit across a Redis restart: ${before} before, ${sent} delivered\n`);
      // The workers take connections themselves (SCHED_NONE): how the posts before fell decides
      // between the limit (5) and, when one worker served them all, the limit and the other's share.
      expect(sent).toBeLessThanOrEqual(AT_MOST);
      expect(sent).toBeGreaterThan(0);
    },
    60_000,
  );
});
