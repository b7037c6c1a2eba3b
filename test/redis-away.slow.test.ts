import request from 'supertest';
import { redisHolds } from '../server/store/holdsRedis';
import { appWith, captureLogs } from './support/app';
import { bookingConfig } from './support/booking';
import { fakeCalendar } from './support/fakeCalendar';
import { manageApp, OTHER_TIMES, pressAnswer, requested, SESSIONS, useManageClock } from './support/manage';
import { describeRedis, useRedis } from './support/redis';
import { useSmtp } from './support/smtp';
import { MINUTE_MS } from '../views/days';

// The stores whose answer a promise depends on, when Redis does not answer: each asks again for
// about 3 s of the wall clock before it gives up (server/store/retry.ts), so these wait that long.
// `npm test` has Redis gone for booking's requests on two workers (booking-race.test.ts) and for
// the holds (booking-caps.test.ts); here her answer page's used links and the holds' overlap check.

const smtp = useSmtp();
useManageClock();

test('the store of used links does not answer (Redis away): 503, nothing sent, she presses again later', async () => {
  // The links of a request taken while Redis answered (here: by an app without Redis, same secret);
  // then Redis is away (nothing listens on port 9) for the app her press reaches.
  const links = await requested(smtp, manageApp(smtp).app, SESSIONS.afternoon);
  const config = bookingConfig(smtp.url, { REDIS_URL: 'redis://127.0.0.1:9' });
  const { logger, logs } = captureLogs();
  const app = appWith({ config, logger, calendar: fakeCalendar([...Object.values(SESSIONS), ...OTHER_TIMES]) });
  const page = await request(app).get(links.confirm).expect(503);
  expect(page.text).toContain('Prøv igen om lidt');
  const pressed = await pressAnswer(app, links.confirm, 'confirm').expect(503);
  expect(pressed.text).toContain('kun får én e-mail');
  expect(smtp.received).toHaveLength(0);
  // What the operator is told: warnings, never an error (docs/operations.md).
  expect(logs.lines.filter((l) => Number(l.level) >= 50)).toEqual([]);
});

describeRedis('the holds in Redis', () => {
  const redis = useRedis();
  test('Redis away: whether a hold overlaps another has no answer (null), not "no"', async () => {
    const holds = redisHolds(
      await redis.connect(),
      { until: (now) => new Date(now.getTime() + 60_000), perVisitor: 1 },
      captureLogs().logger,
    );
    const start = new Date(SESSIONS.afternoon);
    const hold = { service: 'par' as const, start, end: new Date(start.getTime() + 75 * MINUTE_MS), visitor: 'a' };
    const held = await holds.hold(hold, new Date());
    if (held.result !== 'held') throw new Error(held.result);
    expect(await holds.overlapping(held.id, hold, new Date())).toBe(false);
    await redis.stop();
    expect(await holds.overlapping(held.id, hold, new Date())).toBeNull();
  });
});
