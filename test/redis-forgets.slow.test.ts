import { Redis } from 'ioredis';
import { simpleParser } from 'mailparser';
import request from 'supertest';
import { bookingIn } from './support/texts';
import { withPhone } from '../views/format';
import { MARKER_KEY } from '../server/store/marker';
import { asOperator } from './support/app';
import { bookingApp, postJson, requestFor, type App } from './support/booking';
import { fakeCalendar } from './support/fakeCalendar';
import { describeRedis, rearmRedis, useRedis } from './support/redis';
import { useSmtp } from './support/smtp';

// A Redis that forgets (issue 45 point 3): held and confirmed times live in Redis, and one that
// loses them (here FLUSHALL, as a restart without persistence or a failover would) must not let a
// confirmed time be booked again. The marker (server/store/marker.ts) is gone: booking requests and
// answers are refused with the phone number, one error line says why and what to do, the
// operator's /healthz answers 503; the documented re-arm (npm run redis:rearm) ends it.

const BASE = 'http://localhost:3000';
const TIME = '2027-01-14T10:00+01:00';
const OTHERS = Array.from({ length: 12 }, (_, i) => `2027-01-${15 + i}T09:00+01:00`);
const CLOCK = new Date('2027-01-05T19:00:00Z');

const smtp = useSmtp();

describeRedis('a Redis that forgets', () => {
  const redis = useRedis();

  /** The app with its holds and used links in the test's Redis, once connected. */
  async function app() {
    const made = bookingApp({
      smtpUrl: smtp.url,
      calendar: fakeCalendar([TIME, ...OTHERS]),
      now: () => CLOCK,
      env: { REDIS_URL: redis.url },
    });
    await made.services.ready;
    return made;
  }

  /** The confirm link of the last request mail. */
  async function confirmLink(): Promise<string> {
    const mail = await simpleParser(smtp.received.at(-1)!.raw);
    const link = /Bekræft tiden: (\S+)/.exec(mail.text ?? '')?.[1] as string;
    return link.slice(BASE.length);
  }
  const press = (target: App, link: string) =>
    request(target)
      .post('/booking/svar')
      .type('form')
      .set('Origin', BASE)
      .send({ t: new URL(link, BASE).searchParams.get('t'), answer: 'confirm' });
  const second = { name: 'Anden', email: 'anden@example.com' };

  test('FLUSHALL after a confirmation: the time is never confirmed for a second client; an error line says why; re-armed, booking works again', async () => {
    const { app: site, logs } = await app();
    await postJson(site, requestFor('par', TIME)).expect(200);
    const link = await confirmLink();
    await press(site, link).expect(200);
    expect(smtp.received.at(-1)!.to).toEqual(['karen@example.com']);
    await request(site).get('/healthz').set(asOperator).expect(200);

    await redis.flush();
    const before = smtp.received.length;
    // A second client asks for the confirmed time: refused with the phone number, nothing mailed.
    const refused = await postJson(site, requestFor('par', TIME, second)).expect(503);
    expect(refused.body.error).toBe(withPhone(bookingIn.da.flow.replies.unavailable, 'da'));
    // The practitioner's press on the old link (its used mark is gone too) sends nothing, and says so at once:
    // a refusal after data loss is no late reply to ask again (it took 6.2 s before issue 51).
    const pressedAt = Date.now();
    await press(site, link).expect(503);
    expect(Date.now() - pressedAt).toBeLessThan(1_000);
    expect(smtp.received).toHaveLength(before);
    const errors = logs.lines.filter((l) => l.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.msg).toMatch(/Redis at redis:\/\/127\.0\.0\.1:\d+ lost its data: the marker .* is gone/);
    expect(errors[0]?.msg).toMatch(/check the practitioner's calendar .* re-arm with `npm run redis:rearm`/i);
    // The operator's monitor sees it; the platform's check (no token) does not restart the process for it.
    const health = await request(site).get('/healthz').set(asOperator).expect(503);
    expect(health.body).toMatchObject({ status: 'failing', holds: 'redis-forgot' });
    await request(site).get('/healthz').expect(200);
    // Still refused on the next requests, with no second error line.
    await postJson(site, requestFor('par', OTHERS[0] as string, second)).expect(503);
    expect(logs.lines.filter((l) => l.level === 50)).toHaveLength(1);

    // The operator checked the calendar and re-arms, with the documented command on the built server.
    rearmRedis(redis.url);
    await request(site).get('/healthz').set(asOperator).expect(200);
    await postJson(site, requestFor('par', OTHERS[0] as string, second)).expect(200);
  });

  test('a process that had served no booking request when Redis forgot refuses too: it read the marker when it connected', async () => {
    const { app: idle, logs } = await app();
    await redis.flush();
    await postJson(idle, requestFor('par', OTHERS[3] as string, second)).expect(503);
    expect(logs.lines.filter((l) => l.level === 50).map((l) => l.msg)).toEqual([
      expect.stringMatching(/lost its data: the marker .* is gone/),
    ]);
    rearmRedis(redis.url);
  });

  test('a process that starts on a Redis without the marker writes it once, and one started later reads it', async () => {
    await redis.flush();
    const first = await app();
    await postJson(first.app, requestFor('par', OTHERS[1] as string)).expect(200);
    const admin = new Redis(redis.url);
    try {
      const marker = await admin.get(MARKER_KEY);
      expect(marker).toMatch(/^site /);
      // It is the one key the site writes without an expiry.
      expect(await admin.pttl(MARKER_KEY)).toBe(-1);
      const later = await app();
      await postJson(later.app, requestFor('par', OTHERS[2] as string, second)).expect(200);
      expect(await admin.get(MARKER_KEY)).toBe(marker);
      expect([...first.logs.lines, ...later.logs.lines].filter((l) => l.level === 50)).toEqual([]);
    } finally {
      admin.disconnect();
    }
  });
});
