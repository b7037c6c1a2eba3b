import { Redis } from 'ioredis';
import { eventually } from './support/eventually';
import { asJson, send, type BuiltServer } from './support/builtServer';
import { simpleParser } from 'mailparser';
import request from 'supertest';
import { bookingRules } from '../content/booking';
import { bookingIn } from './support/texts';
import { answerDue } from '../server/booking/answerWindow';
import { bookingApp, offeredStarts, postJson, requestFor } from './support/booking';
import { fakeCalendar } from './support/fakeCalendar';
import { captureLogs } from './support/app';
import { asOperator } from './support/operator';
import { describeRedis, rearmRedis, startRedis, useRedis, type RedisServer } from './support/redis';
import { type TestSmtp, useSmtp } from './support/smtp';
import { HOLDS_KEY_PREFIX } from '../server/store/holds';
import { redisHolds } from '../server/store/holdsRedis';
import { withPhone } from '../views/format';
import { postsAtOnce, startTwoWorkers } from './support/twoWorkers';
import { HOUR_MS, MINUTE_MS } from '../views/days';

// Two visitors asking for the same time at the same moment, on the built server with two workers
// (WEB_CONCURRENCY=2, as a dyno runs it) with a real Redis shared by the workers. Exactly one is
// accepted and mailed; the other is told the time was just taken. Also: holds in Redis lapse and
// carry nothing about the visitor, a hold outlives a restart, and with Redis gone requests are
// refused with the phone number, nothing held or mailed, while the log warns (decision 0027).

/** The free starts the server offers for a service now (from the sample feed in the repository). */
async function freeStarts(server: BuiltServer, service: string): Promise<string[]> {
  const answer = await send(server.port, 'GET', `/booking?service=${service}&weeks=6`, asJson);
  expect(answer.status).toBe(200);
  return offeredStarts((JSON.parse(answer.body) as { html: string }).html);
}

/** The booking requests at once, each from a visitor of its own; the bodies as JSON. */
async function atOnce(server: BuiltServer, bodies: Record<string, unknown>[]) {
  const answers = await postsAtOnce(server, '/api/booking', bodies, 'booking request', (i) => `198.51.100.${i + 1}`);
  return {
    ...answers,
    bodies: answers.bodies.map((b) => JSON.parse(b) as { success: boolean; error?: string; html?: string }),
  };
}

/** Rounds of one time asked for by six visitors at once, until both workers have answered in one round. */
async function raceForOneTime(server: BuiltServer, smtp: TestSmtp) {
  for (let round = 0; round < 6; round++) {
    // Asked anew each round: the last round's hold (and its buffer) takes the next start or two.
    const [start] = await freeStarts(server, 'individuel');
    if (!start) throw new Error('no free time offered');
    const before = smtp.received.length;
    const visitors = Array.from({ length: 6 }, (_, i) =>
      requestFor('individuel', start, { name: `Besøgende ${i}`, email: `v${i}@example.com` }),
    );
    const { statuses, bodies, pids, outcomes } = await atOnce(server, visitors);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    expect(outcomes.sort()).toEqual(['requested', 'taken', 'taken', 'taken', 'taken', 'taken']);
    // The others are told so, and offered the nearest free times (not this one).
    for (const body of bodies.filter((b) => !b.success)) {
      expect(body.error).toBe(bookingIn.da.flow.replies.taken);
      const nearest = offeredStarts(body.html ?? '');
      expect(nearest.length).toBeGreaterThan(0);
      expect(nearest).not.toContain(start);
    }
    await eventually(() => expect(smtp.received.length).toBe(before + 1));
    expect(await freeStarts(server, 'individuel')).not.toContain(start);
    if (pids.size === 2) return;
  }
  throw new Error('no round reached both workers');
}

/** A couple's session and an individual one that would overlap (09:30 and 10:00 on one day), asked for at once: one of them. */
async function raceForOverlap(server: BuiltServer, smtp: TestSmtp) {
  const individual = await freeStarts(server, 'individuel');
  const couple = new Set(await freeStarts(server, 'par'));
  // Starts 30 minutes apart, both offered: a 75-minute session from the first meets the second.
  const pair = individual
    .map((s) => [s, new Date(Date.parse(s) - 30 * MINUTE_MS)] as const)
    .find(([, earlier]) => [...couple].some((c) => Date.parse(c) === earlier.getTime()));
  expect(pair).toBeDefined();
  const [later, earlier] = pair!;
  const earlierIso = [...couple].find((c) => Date.parse(c) === earlier.getTime()) as string;
  const before = smtp.received.length;
  const { statuses } = await atOnce(server, [requestFor('par', earlierIso), requestFor('individuel', later)]);
  expect(statuses.sort()).toEqual([200, 409]);
  await eventually(() => expect(smtp.received.length).toBe(before + 1));
}

describeRedis('two workers sharing a real Redis', () => {
  let redis: RedisServer;
  const smtp = useSmtp();
  let server: BuiltServer;

  beforeAll(async () => {
    redis = await startRedis({ password: 'pw-holds-never-logged' });
    // The visitors as the router names them: a time a visitor holds already is theirs, not "taken".
    server = await startTwoWorkers({ REDIS_URL: redis.url, SMTP_URL: smtp.url, TRUST_PROXY: '1' });
  }, 30_000);

  afterAll(async () => {
    server?.kill();
    await redis?.stop();
  });

  test('the same time from six visitors at once, on both workers: exactly one accepted, five told it was just taken', async () => {
    expect(JSON.parse((await send(server.port, 'GET', '/healthz', { headers: asOperator })).body)).toMatchObject({
      holds: 'redis',
    });
    await raceForOneTime(server, smtp);
  }, 30_000);

  test('overlapping times of two services at once: only one of them', async () => {
    await raceForOverlap(server, smtp);
  }, 20_000);

  test('Redis holds the service and the times only, each until it lapses', async () => {
    const client = new Redis(redis.url, { lazyConnect: true });
    try {
      await client.connect();
      const keys = await client.keys(`${HOLDS_KEY_PREFIX}*`);
      expect(keys.length).toBeGreaterThan(0);
      const entries = await client.zrange(`${HOLDS_KEY_PREFIX}holds`, '0', '-1');
      for (const entry of entries)
        expect(entry).toMatch(/^[0-9a-f-]{36}\|(individuel|par|familie|boern|supervision-individuel)\|\d+\|\d+$/);
      for (const key of keys) {
        const ttl = await client.pttl(key);
        expect(ttl).toBeGreaterThan(0);
        // Until the practitioner's answer is due (the end of the 2nd working day after today), no longer.
        expect(ttl).toBeLessThanOrEqual(answerDue(bookingRules, new Date()).getTime() - Date.now() + 1_000);
      }
      const everything = [
        ...keys,
        ...entries,
        ...(await Promise.all(keys.filter((k) => k.includes(':slice:')).map((k) => client.get(k)))),
      ].join(' ');
      for (const detail of ['Besøgende', 'Karen', '@example.com', '87 65 43 21', 'sover'])
        expect(everything).not.toContain(detail);
    } finally {
      client.disconnect();
    }
  });

  test('Redis gone: eight requests for one time across both workers are refused with the phone, nothing held or mailed; the log warns, never errs; back empty, it forgot until re-armed', async () => {
    const [start] = await freeStarts(server, 'familie');
    const before = smtp.received.length;
    await redis.stop();
    const visitors = Array.from({ length: 8 }, (_, i) =>
      requestFor('familie', start as string, { name: `Besøgende ${i}`, email: `r${i}@example.com` }),
    );
    const { statuses, bodies, outcomes } = await atOnce(server, visitors);
    expect(statuses).toEqual(Array(8).fill(503));
    expect(outcomes).toEqual(Array(8).fill('store-unavailable'));
    for (const body of bodies) expect(body.error).toBe(withPhone(bookingIn.da.flow.replies.unavailable, 'da'));
    await server.waitForLine(
      (l) => /^booking holds unavailable: Redis at redis:\/\/127\.0\.0\.1:\d+: /.test(String(l.msg)),
      5_000,
    );
    expect(server.output()).not.toContain('pw-holds-never-logged');
    expect(server.lines().filter((l) => Number(l.level) >= 50)).toEqual([]);
    expect(smtp.received).toHaveLength(before);
    await redis.start();
    // Redis answers again, empty (no persistence): it forgot, and booking stays refused with an
    // error line saying so, until the operator re-arms it (server/store/marker.ts).
    await eventually(async () => {
      await send(server.port, 'POST', '/api/booking', { json: requestFor('familie', start as string) });
      expect(server.lines().filter((l) => /lost its data/.test(String(l.msg))).length).toBeGreaterThan(0);
    }, 10_000);
    expect(smtp.received).toHaveLength(before);
    rearmRedis(redis.url);
    // Re-armed: the time is offered and held again, one request, one mail.
    await eventually(async () => {
      const answer = await send(server.port, 'POST', '/api/booking', { json: requestFor('familie', start as string) });
      expect(answer.status).toBe(200);
    }, 10_000);
    await eventually(() => expect(smtp.received).toHaveLength(before + 1));
    const mail = await simpleParser(smtp.received.at(-1)!.raw);
    expect(mail.text).toContain('Tiden er reserveret på hjemmesiden');
  }, 30_000);
});

describeRedis('holds in Redis, one store', () => {
  const redis = useRedis();
  const smtp = useSmtp();
  const rulesFor = (ms: number) => ({ until: (now: Date) => new Date(now.getTime() + ms), perVisitor: 100 });

  test('overlapping holds (buffer included) are refused, one a buffer away is not; a released hold frees the time; a hold lapses after its time', async () => {
    const { logger } = captureLogs();
    const client = await redis.connect();
    const holds = redisHolds(client, rulesFor(48 * HOUR_MS), logger);
    // Redis drops a hold by its own clock (SET PX): a store whose holds last 720 ms.
    const brief = redisHolds(client, rulesFor(720), logger);
    {
      const at = (iso: string, minutes: number) => ({
        start: new Date(iso),
        end: new Date(Date.parse(iso) + minutes * MINUTE_MS),
      });
      const now = new Date();
      const first = await holds.hold(
        { visitor: 'visitor-1', service: 'individuel', ...at('2027-02-01T09:00+01:00', 50) },
        now,
      );
      expect(first.result).toBe('held');
      expect(
        (await holds.hold({ visitor: 'visitor-2', service: 'individuel', ...at('2027-02-01T09:00+01:00', 50) }, now))
          .result,
      ).toBe('taken');
      // Starts within the first's 50 minutes plus the 10-minute buffer, or ends within 10 minutes before it.
      expect(
        (await holds.hold({ visitor: 'visitor-3', service: 'par', ...at('2027-02-01T09:30+01:00', 75) }, now)).result,
      ).toBe('taken');
      expect(
        (await holds.hold({ visitor: 'visitor-4', service: 'par', ...at('2027-02-01T07:40+01:00', 75) }, now)).result,
      ).toBe('taken');
      // Exactly a buffer after its end: free.
      const after = await holds.hold(
        { visitor: 'visitor-5', service: 'individuel', ...at('2027-02-01T10:00+01:00', 50) },
        now,
      );
      expect(after.result).toBe('held');
      expect((await holds.list(new Date()))?.map((i) => i.start.toISOString())).toEqual([
        '2027-02-01T08:00:00.000Z',
        '2027-02-01T09:00:00.000Z',
      ]);
      if (after.result === 'held') await after.release();
      expect(
        (
          await holds.hold(
            { visitor: 'visitor-6', service: 'supervision-individuel', ...at('2027-02-01T10:00+01:00', 60) },
            now,
          )
        ).result,
      ).toBe('held');
      // Listed until it lapses: the page asks with its own clock.
      expect(await holds.list(new Date(now.getTime() + 48 * HOUR_MS + 1))).toEqual([]);

      // A brief hold: taken, then, once Redis has dropped it (waited for, not slept), free again,
      // and not before its time.
      const held = Date.now();
      const lapsing = { visitor: 'visitor-7', service: 'par' as const, ...at('2027-03-01T09:00+01:00', 75) };
      expect((await brief.hold(lapsing, new Date(held))).result).toBe('held');
      const again = await eventually(async () => {
        const result = await brief.hold(lapsing, new Date());
        expect(result.result).toBe('held');
        return Date.now();
      }, 10_000);
      expect(again - held).toBeGreaterThanOrEqual(720);
    }
  });

  test('a restart keeps the hold in Redis until the answer is due, so the sent card promises it; a new process still refuses the time', async () => {
    await redis.flush();
    // Friday 15 January 2027, 14:00: the answer is due by the end of Tuesday 19.
    let clock = new Date('2027-01-15T14:00:00+01:00');
    const start = '2027-01-21T09:00+01:00';
    const options = {
      smtpUrl: smtp.url,
      env: { REDIS_URL: redis.url },
      // Not the only time: a quarter of the offered times at most may be held (decision 0014).
      calendar: fakeCalendar([start, '2027-01-22T09:00+01:00', '2027-01-25T09:00+01:00', '2027-01-26T09:00+01:00']),
      now: () => clock,
    };
    const before = bookingApp(options);
    await before.services.ready;
    const sent = await postJson(before.app, requestFor('individuel', start)).expect(200);
    expect(sent.body.sent).toMatchObject({ held: true, answerBy: 'tirsdag 19. januar' });
    expect(sent.body.html).toContain(bookingIn.da.flow.sent.held);
    // The process stops; another starts with the same Redis.
    await before.services.close();
    const after = bookingApp(options);
    await after.services.ready;
    clock = new Date('2027-01-19T23:59:00+01:00');
    expect(offeredStarts((await request(after.app).get('/booking?service=individuel')).text)).not.toContain(start);
    // Asked again by the same visitor: her own request's time, known as hers after the restart, waiting; nothing sent.
    const again = await postJson(after.app, requestFor('individuel', start)).expect(429);
    expect(again.body.error).toBe(withPhone(bookingIn.da.flow.replies.waiting, 'da'));
    // Redis lets the keys lapse on its own clock, so the moved clock only reads them: the list counts to Tuesday's end.
    const client = new Redis(redis.url);
    const [, expiry] = await client.zrange(`${HOLDS_KEY_PREFIX}holds`, '0', '-1', 'WITHSCORES');
    client.disconnect();
    expect(Number(expiry)).toBe(Date.parse('2027-01-20T00:00:00+01:00'));
  });
});
