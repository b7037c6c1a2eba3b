import { Redis } from 'ioredis';
import { bookableServices, serviceMinutes } from '../content/booking';
import { offeredStarts, requestFor, SAMPLE_FEED } from './support/booking';
import { eventually } from './support/eventually';
import { asJson, send, startTestServer, type BuiltServer, type LogLine } from './support/builtServer';
import { hangUp, raw } from './support/rawHttp';
import { describeRedis, startRedis, type RedisServer } from './support/redis';
import { type TestSmtp, useSmtp } from './support/smtp';

// The second probe's attacks on booking, replayed on the built server as production runs it
// (behind one proxy, booking on, the default limits and caps), in one process and with two
// workers sharing a real Redis: hung-up posts, one visitor asking again and again, thirteen
// addresses taking the soonest times of the longest service, junk X-Forwarded-For values, Redis
// killed mid-run (booking refused, nothing held or mailed); and invalid posts, whose refusals write no stack trace.
// (The heavy one, 12,000 junk values against a 64 MB heap, is booking-probe.slow.test.ts.)

const longest = [...bookableServices].sort((a, b) => serviceMinutes(b) - serviceMinutes(a))[0]!;

async function freeStarts(server: BuiltServer, service: string): Promise<string[]> {
  const answer = await send(server.port, 'GET', `/booking?service=${service}&weeks=6`, asJson);
  expect(answer.status).toBe(200);
  return offeredStarts((JSON.parse(answer.body) as { html: string }).html);
}

/** Every service's offered starts, counted. */
async function offeredCounts(server: BuiltServer): Promise<Map<string, number>> {
  return new Map(
    await Promise.all(bookableServices.map(async (s) => [s, (await freeStarts(server, s)).length] as const)),
  );
}

const ask = (server: BuiltServer, ip: string, body: Record<string, unknown>) =>
  send(server.port, 'POST', '/api/booking', { json: body, headers: { 'X-Forwarded-For': ip } });

const requests = (server: BuiltServer) => server.lines().filter((l: LogLine) => l.msg === 'booking request').length;

/** The probe's attacks on one set-up; `redis` when the set-up shares one. */
function probe(setup: () => { server: BuiltServer; smtp: TestSmtp; redis?: RedisServer; workers: number }) {
  let before: Map<string, number>;
  beforeAll(async () => {
    before = await offeredCounts(setup().server);
  });

  test('one address, 15 posts hung up plus one that waits: at most one mail, one hold (16 and 16 before)', async () => {
    const { server, smtp } = setup();
    const mails = smtp.received.length;
    const seen = requests(server);
    const starts = await freeStarts(server, 'individuel');
    for (let i = 0; i < 15; i++)
      await hangUp(
        server.port,
        {
          method: 'POST',
          target: '/api/booking',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.15' },
          body: JSON.stringify(requestFor('individuel', starts[i * 3] as string)),
        },
        5,
      );
    // Every post handled to its end, answered or not.
    await eventually(() => expect(requests(server)).toBe(seen + 15), 20_000);
    const last = await ask(server, '203.0.113.15', requestFor('individuel', starts[50] as string));
    expect(last.status).toBe(429);
    await eventually(() => expect(smtp.received.length - mails).toBe(1));
  }, 40_000);

  test('one visitor asking for four times: one accepted, one mail', async () => {
    const { server, smtp } = setup();
    const mails = smtp.received.length;
    const starts = await freeStarts(server, 'individuel');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await ask(server, '203.0.113.4', requestFor('individuel', starts[i * 4] as string))).status);
    expect(statuses).toEqual([200, 429, 429, 429]);
    await eventually(() => expect(smtp.received.length - mails).toBe(1));
  }, 20_000);

  test('thirteen addresses asking for the soonest time of the longest service until refused: every mail is an accepted request, no service loses more than a quarter of its times', async () => {
    const { server, smtp } = setup();
    const mails = smtp.received.length;
    let accepted = 0;
    for (let address = 1; address <= 13; address++) {
      for (let attempt = 0; attempt < 5; attempt++) {
        const [soonest] = await freeStarts(server, longest);
        const answer = await ask(server, `198.51.100.${address}`, requestFor(longest, soonest as string));
        if (answer.status !== 200) break;
        accepted++;
      }
    }
    expect(accepted).toBeLessThanOrEqual(13);
    await eventually(() => expect(smtp.received.length - mails).toBe(accepted));
    const after = await offeredCounts(server);
    for (const service of bookableServices) {
      const was = before.get(service)!;
      expect({ service, lost: was - after.get(service)! <= was / 4 }).toEqual({ service, lost: true });
    }
  }, 60_000);

  test('junk X-Forwarded-For values are one visitor (the proxy address), and none reaches the log', async () => {
    const { server, smtp } = setup();
    const mails = smtp.received.length;
    const starts = await freeStarts(server, 'individuel');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const junk = `junk-${i}-${'x'.repeat(300)}`;
      const answer = await ask(server, junk, requestFor('individuel', starts[i * 2] as string));
      statuses.push(answer.status);
    }
    // One visitor: one request at most, every other refused (rate-limited or waiting; or, once the
    // earlier attacks hold a quarter of a service's times, told that none can be held).
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 429 || s === 503)).toBe(true);
    // The contact form's too.
    const contact = await send(server.port, 'POST', '/api/contact.php', {
      json: { name: 'Anna', email: 'anna@example.com', message: 'Hej', consent: true },
      headers: { 'X-Forwarded-For': `junk-contact-${'y'.repeat(300)}` },
    });
    expect(contact.status).toBe(200);
    await eventually(() => expect(smtp.received.length - mails).toBeLessThanOrEqual(2));
    expect(server.output()).not.toContain('junk-');
    expect(server.output()).not.toMatch(/"stack"|\n\s+at /);
  }, 30_000);

  test('none of these floods paged the operator: the refusals they caused (the held share full, the limits) are warnings or info, nothing at level 50', () => {
    const { server } = setup();
    expect(
      server.lines().filter((l) => l.msg === 'booking request' && l.outcome !== 'requested').length,
    ).toBeGreaterThan(0);
    expect(server.lines().filter((l) => Number(l.level) >= 50)).toEqual([]);
  });
}

const smtp = useSmtp();

const env = () => ({
  SMTP_URL: smtp.url,
  BOOKING_CALENDAR_URL: SAMPLE_FEED,
  TRUST_PROXY: '1',
});

describe('one process', () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startTestServer(env());
    await server.waitForLine((l) => /^booking on/.test(String(l.msg)), 10_000);
  }, 20_000);
  afterAll(() => server?.kill());
  probe(() => ({ server, smtp, workers: 1 }));

  test.each([
    [
      'a body beyond the limit',
      413,
      { 'Content-Type': 'application/json' },
      JSON.stringify({ message: 'x'.repeat(300_000) }),
    ],
    ['a body that is not JSON', 400, { 'Content-Type': 'application/json' }, '{"name":'],
    ['an unsupported charset', 415, { 'Content-Type': 'application/json; charset=klingon' }, '{}'],
    ['another content type', 415, { 'Content-Type': 'text/plain' }, 'hello'],
  ])('booking: %s (%i) is logged at info or warn, without a stack', async (_what, status, headers, body) => {
    const id = `probe-booking-${status}-${Math.random().toString(36).slice(2)}`;
    const answer = await raw(server.port, {
      method: 'POST',
      target: '/api/booking',
      headers: { ...headers, 'X-Request-Id': id },
      body,
    });
    expect(answer.status).toBe(status);
    const mine = () => server.lines().filter((l) => (l.req as { id?: string } | undefined)?.id === id);
    await eventually(() =>
      expect(mine().some((l) => (l.res as { statusCode?: number } | undefined)?.statusCode === status)).toBe(true),
    );
    for (const line of mine()) {
      expect(line.level as number).toBeLessThanOrEqual(40);
      expect(JSON.stringify(line)).not.toMatch(/"stack"|"err"/);
    }
  });
});

describeRedis('two workers sharing a real Redis', () => {
  let server: BuiltServer;
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
    server = await startTestServer({ ...env(), WEB_CONCURRENCY: '2', REDIS_URL: redis.url });
    await eventually(
      () => expect(server.lines().filter((l) => /^booking on/.test(String(l.msg)))).toHaveLength(2),
      15_000,
    );
  }, 30_000);
  afterAll(async () => {
    server?.kill();
    await redis?.stop();
  });
  probe(() => ({ server, smtp, redis, workers: 2 }));

  test('each worker has one Redis connection, shared by the limits and the holds', async () => {
    const client = new Redis(redis.url);
    try {
      const list = String(await client.call('CLIENT', 'LIST'));
      // Every connection but this one's: the two workers', one each.
      expect(list.trim().split('\n')).toHaveLength(3);
    } finally {
      client.disconnect();
    }
  });

  test('Redis killed mid-run: every request is refused with the phone number, nothing held or mailed; a warning, no error', async () => {
    // The times offered while Redis answered: with Redis away the page offers none.
    const starts = await freeStarts(server, 'individuel');
    await redis.stop();
    const mails = smtp.received.length;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await ask(server, '203.0.113.66', requestFor('individuel', starts[i * 4] as string))).status);
    // Refused (503 with the phone number) until this process's own count of the visitor says 429.
    expect(statuses[0]).toBe(503);
    for (const status of statuses) expect([503, 429]).toContain(status);
    await server.waitForLine((l) => /^booking holds unavailable/.test(String(l.msg)), 5_000);
    expect(smtp.received.length).toBe(mails);
    expect(server.lines().filter((l) => (l.level as number) >= 50)).toEqual([]);
  }, 30_000);
});

describeRedis('two workers, invalid posts', () => {
  let server: BuiltServer;
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
    server = await startTestServer({ ...env(), WEB_CONCURRENCY: '2', REDIS_URL: redis.url });
    await eventually(
      () => expect(server.lines().filter((l) => /^booking on/.test(String(l.msg)))).toHaveLength(2),
      15_000,
    );
  }, 30_000);
  afterAll(async () => {
    server?.kill();
    await redis?.stop();
  });

  test('six invalid posts (three to each form) write no stack trace, and are counted in Redis', async () => {
    const seen = server.lines().length;
    for (let i = 0; i < 3; i++) {
      expect((await ask(server, '203.0.113.70', requestFor('individuel', 'tomorrow', { email: 'nope' }))).status).toBe(
        400,
      );
      const contact = await send(server.port, 'POST', '/api/contact.php', {
        json: { name: 'Anna', email: 'nope', message: 'Hej', consent: true },
        headers: { 'X-Forwarded-For': '203.0.113.70' },
      });
      expect(contact.status).toBe(400);
    }
    await eventually(() =>
      expect(
        server
          .lines()
          .slice(seen)
          .filter((l) => l.outcome === 'invalid'),
      ).toHaveLength(6),
    );
    expect(server.output()).not.toMatch(/\n\s+at |"stack"|ERR_ERL/);
    expect(server.lines().filter((l) => (l.level as number) >= 50)).toEqual([]);
  }, 20_000);
});
