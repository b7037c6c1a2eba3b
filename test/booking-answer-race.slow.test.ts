import { Redis } from 'ioredis';
import { simpleParser } from 'mailparser';
import { eventually } from './support/eventually';
import { asJson, send, type BuiltServer } from './support/builtServer';
import { TEST_BOOKING_SECRET, offeredStarts, requestFor } from './support/booking';
import { describeRedis, startRedis, useRedis, type RedisServer } from './support/redis';
import { type TestSmtp, useSmtp } from './support/smtp';
import { USED_KEY_PREFIX } from '../server/store/usedLinksRedis';
import { redisHolds } from '../server/store/holdsRedis';
import { captureLogs } from './support/app';
import { postsAtOnce, startTwoWorkers } from './support/twoWorkers';
import { DAY_MS, MINUTE_MS } from '../views/days';

// The practitioner presses the button twice at once (a double tap, two devices), on the built
// server with two workers (WEB_CONCURRENCY=2) with a real Redis shared by the workers. Exactly
// one press sends the visitor's mail; the others say it is being sent or was sent. The mark in
// Redis is a hash and the answer, nothing of the request, and lives until a month past the
// session (decisions 0028, 0039).

/** A request for the soonest free time, mailed; its confirm link's token (from the mail's text). */
const requestedStarts: number[] = [];
async function requestedToken(server: BuiltServer, smtp: TestSmtp, n: number): Promise<string> {
  const times = await send(server.port, 'GET', '/booking?service=individuel&weeks=6', asJson);
  const [start] = offeredStarts((JSON.parse(times.body) as { html: string }).html);
  if (!start) throw new Error('no free time offered');
  requestedStarts.push(Date.parse(start));
  const before = smtp.received.length;
  const answer = await send(server.port, 'POST', '/api/booking', {
    json: requestFor('individuel', start, { email: `v${n}@example.com` }),
  });
  expect(answer.status).toBe(200);
  await eventually(() => expect(smtp.received.length).toBe(before + 1));
  const text = (await simpleParser(smtp.received.at(-1)!.raw)).text ?? '';
  return /Bekræft tiden: \S+\/booking\/bekraeft\?t=(\S+)/.exec(text)![1] as string;
}

/** Four presses of one link at once, each on its own connection; which worker answered each. */
async function pressesAtOnce(server: BuiltServer, token: string) {
  const press = { t: token, answer: 'confirm' };
  const { statuses, pids } = await postsAtOnce(server, '/booking/svar', [press, press, press, press], 'booking answer');
  return { statuses: statuses.sort(), pids };
}

/** Rounds of a new request and four presses at once, until both workers answered in one round: one mail each round. */
async function oneMailPerRequest(server: BuiltServer, smtp: TestSmtp) {
  for (let i = 0; i < 6; i++) {
    const token = await requestedToken(server, smtp, i);
    const before = smtp.received.length;
    const { statuses, pids } = await pressesAtOnce(server, token);
    // The others are told the answer is being sent (503) while the first one's mail goes, or that it was sent (409).
    expect(statuses[0]).toBe(200);
    for (const status of statuses.slice(1)) expect([409, 503]).toContain(status);
    // Each press is answered after its mail, if any, was sent: all four answered, one mail, to the visitor.
    expect(smtp.received.length).toBe(before + 1);
    expect(smtp.received.at(-1)!.to).toEqual([`v${i}@example.com`]);
    if (pids.size === 2) return;
  }
  throw new Error('no round reached both workers');
}

describeRedis('two workers sharing a real Redis', () => {
  let redis: RedisServer;
  const smtp = useSmtp();
  let server: BuiltServer;

  beforeAll(async () => {
    redis = await startRedis();
    server = await startTwoWorkers({ REDIS_URL: redis.url, SMTP_URL: smtp.url, BOOKING_SECRET: TEST_BOOKING_SECRET });
  }, 30_000);

  afterAll(async () => {
    server?.kill();
    await redis?.stop();
  });

  test('four presses of one link at once, on both workers: exactly one mail to the visitor', async () => {
    await oneMailPerRequest(server, smtp);
  }, 40_000);

  test('Redis keeps a hash and the answer, nothing of the request, until a month past the session', async () => {
    const client = new Redis(redis.url, { lazyConnect: true });
    try {
      await client.connect();
      const keys = await client.keys(`${USED_KEY_PREFIX}*`);
      expect(keys.length).toBe(requestedStarts.length);
      const ends: number[] = [];
      for (const key of keys) {
        expect(key.slice(USED_KEY_PREFIX.length)).toMatch(/^[\w-]{43}$/);
        expect(await client.get(key)).toBe('confirm');
        ends.push(Date.now() + (await client.pttl(key)));
      }
      // Each mark lapses 30 days after its session begins (decision 0039): a link pressed before then finds it.
      ends.sort((a, b) => a - b);
      const starts = [...requestedStarts].sort((a, b) => a - b);
      for (const [i, end] of ends.entries()) expect(Math.abs(end - starts[i]! - 30 * DAY_MS)).toBeLessThan(5_000);
    } finally {
      client.disconnect();
    }
  });
});

describeRedis('keep and release in Redis, one store', () => {
  const redis = useRedis();

  test("a kept hold outlives the hold time and is the visitor's no longer; a released one frees the time", async () => {
    const { logger } = captureLogs();
    // Holds of 1.8 s; one hold per visitor.
    const holds = redisHolds(
      await redis.connect(),
      { until: (now) => new Date(now.getTime() + 1_800), perVisitor: 1 },
      logger,
    );
    {
      const at = (iso: string, minutes: number, visitor = 'visitor-a') => ({
        service: 'individuel' as const,
        start: new Date(iso),
        end: new Date(Date.parse(iso) + minutes * MINUTE_MS),
        visitor,
      });
      const first = at('2027-02-01T09:00+01:00', 50);
      const held = await holds.hold(first, new Date());
      if (held.result !== 'held') throw new Error(held.result);
      // One hold per visitor: a second waits.
      expect((await holds.hold(at('2027-02-02T09:00+01:00', 50), new Date())).result).toBe('waiting');
      expect(await holds.keep(held.id, first, new Date(Date.now() + 60_000), new Date())).toBe(true);
      // Kept: the visitor may ask again, and the list says it is confirmed.
      const next = await holds.hold(at('2027-02-02T09:00+01:00', 50), new Date());
      expect(next.result).toBe('held');
      await new Promise((r) => setTimeout(r, 2_000));
      const live = await holds.list(new Date());
      expect(live?.map((h) => [h.start.toISOString(), h.confirmed ?? false])).toEqual([
        ['2027-02-01T08:00:00.000Z', true],
      ]);
      expect((await holds.hold(at('2027-02-01T09:00+01:00', 50, 'visitor-b'), new Date())).result).toBe('taken');
      await holds.release(held.id, first);
      // Free: listed as a freed session only (her own event of it no longer makes it busy), until it would have begun.
      expect(await holds.list(new Date())).toEqual([
        { service: first.service, start: first.start, end: first.end, freed: true },
      ]);
      expect((await holds.hold(at('2027-02-01T09:00+01:00', 50, 'visitor-b'), new Date())).result).toBe('held');
    }
  });
});
