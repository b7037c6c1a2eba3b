import { Redis } from 'ioredis';
import request from 'supertest';
import { asOperator } from './support/app';
import { bookingApp, comingStarts } from './support/booking';
import { eventually } from './support/eventually';
import { fakeCalendar } from './support/fakeCalendar';
import { describeRedis, useRedis } from './support/redis';
import { useSmtp } from './support/smtp';

// What the operator's uptime monitor sees (issue 45 point 6): with HEALTHZ_TOKEN, /healthz answers
// 503 while booking cannot work (Redis refuses the handshake, the feed cannot be read), naming
// why, and 200 again once it can; without the token it stays 200, as the platform's check wants.

const PASSWORD = 'the-right-password';
const smtp = useSmtp();

describeRedis("the operator's /healthz while booking cannot work", () => {
  const redis = useRedis({ password: PASSWORD });

  async function site() {
    const calendar = fakeCalendar(comingStarts());
    const made = bookingApp({ smtpUrl: smtp.url, calendar, env: { REDIS_URL: redis.url } });
    await made.services.ready;
    return { ...made, calendar };
  }
  const operator = (app: Awaited<ReturnType<typeof site>>['app']) => request(app).get('/healthz').set(asOperator);

  test('Redis refuses the handshake (its password changed): 503 naming it, 200 again once it takes the password', async () => {
    const { app, logs } = await site();
    await operator(app).expect(200);
    const admin = new Redis(redis.url);
    try {
      // The provider rotates the password: every new connection's AUTH is refused.
      await admin.config('SET', 'requirepass', 'a-rotated-password');
      await admin.call('CLIENT', 'KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
      const failing = await eventually(async () => (await operator(app).expect(503)).body, 10_000);
      expect(failing).toMatchObject({
        status: 'failing',
        problem: 'booking holds: Redis does not answer',
        holds: 'redis-unavailable',
      });
      await request(app).get('/healthz').expect(200, { status: 'ok' });
      await eventually(() =>
        expect(logs.lines.filter((l) => l.level === 50 && l.variable === 'REDIS_URL')).toHaveLength(1),
      );
      await operator(app).expect(503);
      await admin.config('SET', 'requirepass', PASSWORD);
      await eventually(() => operator(app).expect(200), 10_000);
    } finally {
      await admin.config('SET', 'requirepass', PASSWORD).catch(() => undefined);
      admin.disconnect();
    }
  });

  test('the feed cannot be read: 503 naming it, 200 again once it is read', async () => {
    const { app, calendar } = await site();
    await operator(app).expect(200);
    calendar.setState({ state: 'unavailable', readAt: null, error: 'HTTP 500' });
    expect((await operator(app).expect(503)).body).toMatchObject({ problem: 'the calendar feed cannot be read' });
    await request(app).get('/healthz').expect(200);
    calendar.setState({ state: 'fresh', readAt: new Date(), busyBlocks: 3 });
    await operator(app).expect(200);
  });
});
