import { Redis } from 'ioredis';
import request from 'supertest';
import { bookableServices, serviceMinutes } from '../content/booking';
import { bookingIn } from './support/texts';
import { withPhone } from '../views/format';
import { HOLDS_KEY_PREFIX, visitorHasher } from '../server/store/holds';
import { redisHolds } from '../server/store/holdsRedis';
import { captureLogs } from './support/app';
import { bookingApp, comingStarts, offeredStarts, requestFor, type App } from './support/booking';
import { fakeCalendar } from './support/fakeCalendar';
import { describeRedis, useRedis } from './support/redis';
import { useSmtp } from './support/smtp';
import { HOUR_MS, MINUTE_MS } from '../views/days';

const { da, en, fa } = bookingIn;

// No one can take the calendar hostage (decision 0014): one live request per visitor, and
// unconfirmed requests together never hold more than a quarter of any service's times.

const smtp = useSmtp();

const from = (app: App, ip: string, body: Record<string, unknown>) =>
  request(app).post('/api/booking').set('Content-Type', 'application/json').set('X-Forwarded-For', ip).send(body);

/** Caps as configured by default; many requests per visitor allowed, so that the caps (not the limit) answer. */
const capped = (starts = comingStarts()) =>
  bookingApp({
    smtpUrl: smtp.url,
    calendar: fakeCalendar(starts),
    env: { TRUST_PROXY: '1', BOOKING_HOLDS_PER_VISITOR: '1', BOOKING_RATE_LIMIT: '100' },
  });

test('one visitor asking for four times: one accepted; the others told, in their language, that a request is waiting, with the phone number; one mail', async () => {
  const starts = comingStarts().filter((s) => s.includes('T09:00'));
  const { app, logs } = capped();
  await from(app, '203.0.113.20', requestFor('individuel', starts[0] as string)).expect(200);
  for (const [i, lang, texts] of [
    [1, 'da', da],
    [2, 'en', en],
    [3, 'fa', fa],
  ] as const) {
    const refused = await from(app, '203.0.113.20', requestFor('individuel', starts[i] as string, { lang })).expect(
      429,
    );
    expect(refused.body).toMatchObject({ success: false, error: withPhone(texts.flow.replies.waiting, lang) });
    // The form comes back with what the visitor entered.
    expect(refused.body.html).toContain('value="Karen Blixen"');
  }
  expect(smtp.received).toHaveLength(1);
  expect(logs.lines.filter((l) => l.outcome === 'already-waiting')).toHaveLength(3);
  // The time asked for in vain is still offered; another visitor can ask for it.
  await from(app, '203.0.113.21', requestFor('individuel', starts[1] as string)).expect(200);
  expect(smtp.received).toHaveLength(2);
});

test('thirteen addresses asking for the soonest time of the longest service until refused: no service loses more than a quarter of its times, and the mails are the accepted requests', async () => {
  // Ten days of times (40 per service): a quarter is reached within thirteen visitors.
  const { app } = capped(comingStarts().slice(0, 40));
  const longest = [...bookableServices].sort((a, b) => serviceMinutes(b) - serviceMinutes(a))[0]!;
  const offered = async (service: string) =>
    offeredStarts((await request(app).get(`/booking?service=${service}&weeks=6`)).text);
  const before = new Map(await Promise.all(bookableServices.map(async (s) => [s, await offered(s)] as const)));

  const statuses: number[] = [];
  for (let address = 1; address <= 13; address++) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const [soonest] = await offered(longest);
      const answer = await from(app, `198.51.100.${address}`, requestFor(longest, soonest as string));
      statuses.push(answer.status);
      if (answer.status !== 200) {
        if (answer.status === 503) expect(answer.body.error).toBe(withPhone(da.flow.replies.full, 'da'));
        break;
      }
    }
  }
  // Refused once a quarter was held, and every address after it too.
  expect(statuses).toContain(503);
  const accepted = statuses.filter((s) => s === 200).length;
  expect(accepted).toBeGreaterThan(0);
  for (const service of bookableServices) {
    const was = before.get(service)!.length;
    const lost = was - (await offered(service)).length;
    expect({ service, quarter: lost <= was / 4 }).toEqual({ service, quarter: true });
  }
  expect(smtp.received).toHaveLength(accepted);
});

describeRedis('the caps in Redis, and while Redis is away', () => {
  const redis = useRedis();
  test('the visitor count is one step with the hold; Redis holds no address; with Redis gone nothing is held and the log says why', async () => {
    const { logger, logs } = captureLogs();
    const holds = redisHolds(
      await redis.connect(),
      { until: (now) => new Date(now.getTime() + HOUR_MS), perVisitor: 1 },
      logger,
    );
    const visitor = visitorHasher('test-visitor-secret')('203.0.113.77');
    const at = (iso: string) => ({
      service: 'individuel' as const,
      start: new Date(iso),
      end: new Date(Date.parse(iso) + 50 * MINUTE_MS),
    });
    const client = new Redis(redis.url);
    try {
      const now = new Date();
      const results = await Promise.all(
        ['2027-02-01T09:00+01:00', '2027-02-02T09:00+01:00', '2027-02-03T09:00+01:00'].map((iso) =>
          holds.hold({ ...at(iso), visitor }, now),
        ),
      );
      expect(results.map((r) => r.result).sort()).toEqual(['held', 'waiting', 'waiting']);
      const keys = await client.keys('*');
      expect(keys.some((k) => k.startsWith(`${HOLDS_KEY_PREFIX}visitor:`))).toBe(true);
      for (const key of keys) {
        expect(key).not.toContain('203.0.113.77');
        const type = await client.type(key);
        const values = type === 'zset' ? await client.zrange(key, '0', '-1') : [String(await client.get(key))];
        for (const value of values) expect(value).not.toContain('203.0.113');
      }

      await redis.stop();
      const other = visitorHasher('test-visitor-secret')('203.0.113.78');
      // No process holds on its own: a second process could not see it, and a time would be held twice.
      expect((await holds.hold({ ...at('2027-03-01T09:00+01:00'), visitor: other }, now)).result).toBe('unavailable');
      expect(await holds.list(now)).toBeNull();
      expect(holds.state()).toBe('redis-unavailable');
      const warned = logs.lines.filter((l) => /^booking holds unavailable: /.test(String(l.msg)));
      expect(warned).toHaveLength(1);
      expect(warned[0]).toMatchObject({ level: 40, store: 'booking holds' });
      expect(String(warned[0]!.msg)).toContain('booking requests are refused with the phone number');
      expect(logs.text()).not.toContain('contact');
    } finally {
      client.disconnect();
    }
  });
});
