import { simpleParser } from 'mailparser';
import request from 'supertest';
import { markOf, openRequest } from '../server/booking/decision/token';
import { DAY_MS, MINUTE_MS } from '../views/days';
import { DateTime } from 'luxon';
import { bookingRules } from '../content/booking';
import { answerDue, holdUntil } from '../server/booking/answerWindow';
import { createReminders } from '../server/booking/decision/reminder';
import { createMailer } from '../server/mail/transport';
import { redisHolds } from '../server/store/holdsRedis';
import { rearm } from '../server/store/marker';
import { connectRedis } from '../server/store/redis';
import { captureLogs } from './support/app';
import { bookingApp, bookingConfig, comingStarts, postJson, pressAnswer, requestFor } from './support/booking';
import { testCert } from './support/tls';
import { startDelayProxy, type DelayProxy } from './support/delayProxy';
import { eventually } from './support/eventually';
import { fakeCalendar } from './support/fakeCalendar';
import { describeRedis, useRedis } from './support/redis';
import { useSmtp } from './support/smtp';

// Redis's reply later than the client's 1 s timeout, the command itself run (a congested network
// to a hosted Redis): a real redis-server behind a TCP proxy (test/support/delayProxy.ts) that makes
// the reply to one chosen command 1.5 s late, a real SMTP server. Each command of a press, and of
// a booking request, is made late in turn: the practitioner's press still sends the client
// exactly one mail and keeps the time; the visitor told "not sent" finds the time free and their
// retry reaches the practice once.

const smtp = useSmtp();
/** A server that holds each message 1.5 s: a press still sending when the next comes. */
const slow = useSmtp({ delayMs: 1_500 });

/** The commands of booking's stores (holds, marks), and of the forms' limits. */
const BOOKING_KEYS = 'psykolog-aalborg:booking:';
const LIMIT_KEYS = 'psykolog-aalborg:rl:';

/** Starts that never overlap (two hours apart at least), one for each round. */
const starts = comingStarts().filter((s) => !s.includes('T09:30'));

describeRedis('late Redis replies', () => {
  const redis = useRedis();
  let proxy: DelayProxy;
  beforeAll(async () => {
    proxy = await startDelayProxy(Number(new URL(redis.url).port));
  });
  afterAll(() => proxy.close());
  // A delay armed by a test that failed strikes no other.
  afterEach(() => proxy.delayReplyTo(Number.POSITIVE_INFINITY));

  const app = () =>
    bookingApp({
      smtpUrl: smtp.url,
      calendar: fakeCalendar(starts),
      env: { REDIS_URL: proxy.url, BOOKING_ANSWER_RATE_LIMIT: '10000', BOOKING_ANSWER_SITE_LIMIT: '0' },
    });
  let used = 0;
  const nextStart = () => starts[used++] as string;
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email)).length;

  /** A request for `start` from `email`, mailed to the practice; its links' token. */
  async function requested(made: ReturnType<typeof app>, start: string, email: string): Promise<string> {
    await postJson(made.app, requestFor('individuel', start, { email })).expect(200);
    const mail = smtp.received.at(-1);
    const text = (await simpleParser(mail!.raw)).text ?? '';
    return /Bekræft tiden: \S+\/booking\/bekraeft\?t=(\S+)/.exec(text)![1] as string;
  }

  /** Whether the store keeps `start` as a confirmed session. */
  const kept = async (made: ReturnType<typeof app>, start: string) =>
    (await made.holds.list(new Date()))?.some((h) => h.start.getTime() === Date.parse(start) && h.confirmed) ?? false;

  test.each([
    ['booking', BOOKING_KEYS],
    ["the limits'", LIMIT_KEYS],
  ])(
    'a press made late at each of its %s Redis commands in turn, then pressed again: one mail, the time kept',
    async (_, keys) => {
      const made = app();
      await made.services.ready;
      // How many commands a press sends, measured on one that nothing delays.
      const plain = await requested(made, nextStart(), 'plain@example.com');
      const before = proxy.commands(keys);
      await pressAnswer(made.app, plain, 'confirm').expect(200);
      const commands = proxy.commands(keys) - before;
      expect(commands).toBeGreaterThanOrEqual(1);

      const firstPresses: number[] = [];
      for (let k = 1; k <= commands; k++) {
        const start = nextStart();
        const email = `client-${k}@example.com`;
        const token = await requested(made, start, email);
        proxy.delayReplyTo(k, keys);
        const first = await pressAnswer(made.app, token, 'confirm');
        expect({ k, struck: proxy.struck() }).toEqual({ k, struck: true });
        firstPresses.push(first.status);
        // Pressed again until the answer stands: "being sent" (503) at most while a press's claim lapses.
        await eventually(
          async () => expect((await pressAnswer(made.app, token, 'confirm')).status).not.toBe(503),
          75_000,
          2_000,
        );
        const page = await request(made.app).get(`/booking/bekraeft?t=${token}`);
        expect(page.text).toContain('Du har bekræftet tiden');
        expect({ k, mails: mailsTo(email) }).toEqual({ k, mails: 1 });
        expect(await kept(made, start)).toBe(true);
      }
      // Every first press either finished (200) or sent nothing and said so.
      for (const status of firstPresses) expect([200, 503]).toContain(status);
    },
    600_000,
  );

  test('a booking request made late at each of its Redis commands: sent once, or "not sent" with the time free and the retry sent once', async () => {
    const made = app();
    await made.services.ready;
    const before = proxy.commands(BOOKING_KEYS);
    await requested(made, nextStart(), 'plain-visitor@example.com');
    const commands = proxy.commands(BOOKING_KEYS) - before;
    expect(commands).toBeGreaterThanOrEqual(3);

    let notSent = 0;
    const outcomes: (number | string)[] = [];
    for (let k = 1; k <= commands; k++) {
      const start = nextStart();
      const email = `visitor-${k}@example.com`;
      const mails = smtp.received.length;
      proxy.delayReplyTo(k, BOOKING_KEYS);
      const first = await postJson(made.app, requestFor('individuel', start, { email }));
      expect(proxy.struck()).toBe(true);
      outcomes.push(first.status);
      if (first.status !== 200) {
        notSent++;
        expect(first.status).toBe(503);
        outcomes[outcomes.length - 1] = (JSON.parse(first.text) as { error: string }).error.includes(
          'Prøv igen om lidt',
        )
          ? 'not sent, try again'
          : 'not sent, call';
        expect(smtp.received.length).toBe(mails);
        // Nothing of it is held: the time is offered again, and the same visitor may ask again at once.
        await eventually(async () =>
          expect((await made.holds.list(new Date()))?.some((h) => h.start.getTime() === Date.parse(start))).toBe(false),
        );
        await postJson(made.app, requestFor('individuel', start, { email })).expect(200);
      }
      expect(smtp.received.length).toBe(mails + 1);
      expect(smtp.received.at(-1)!.to).toEqual(['praksis@example.dk']);
      await eventually(async () =>
        expect(
          (await made.holds.list(new Date()))?.filter((h) => h.start.getTime() === Date.parse(start)),
        ).toHaveLength(1),
      );
    }
    // The hold's own command made late is among them: told "not sent", never held for days.
    expect(notSent).toBeGreaterThanOrEqual(1);
    process.stderr.write(`booking request, first answers per late command: ${outcomes.join(' ')}\n`);
  }, 300_000);

  test('a second press while the first one sends: "being sent", nothing sent by it; the answer stands after', async () => {
    const made = bookingApp({
      smtpUrl: slow.url,
      calendar: fakeCalendar(starts),
      env: { REDIS_URL: redis.url, BOOKING_ANSWER_RATE_LIMIT: '10000' },
    });
    await made.services.ready;
    await postJson(made.app, requestFor('individuel', nextStart(), { email: 'twice@example.com' })).expect(200);
    const text = (await simpleParser(slow.received.at(-1)!.raw)).text ?? '';
    const token = /Bekræft tiden: \S+\/booking\/bekraeft\?t=(\S+)/.exec(text)![1] as string;
    const first = pressAnswer(made.app, token, 'confirm').then((res) => res);
    // The first press's claim taken, its mail held by the SMTP server: the page and a second press say it is being sent.
    await eventually(async () =>
      expect((await request(made.app).get(`/booking/bekraeft?t=${token}`)).text).toContain('Svaret bliver sendt'),
    );
    const second = await pressAnswer(made.app, token, 'confirm');
    expect(second.status).toBe(503);
    expect(second.text).toContain('Prøv igen om et minut');
    expect((await first).status).toBe(200);
    expect((await pressAnswer(made.app, token, 'confirm')).text).toContain('Du har bekræftet tiden');
    expect(slow.received.filter((m) => m.to.includes('twice@example.com'))).toHaveLength(1);
  }, 30_000);

  test('a press whose process stopped mid-mail leaves its claim: "being sent" for a minute, then "the mail may have gone"; her resend sends once', async () => {
    const made = app();
    await made.services.ready;
    const token = await requested(made, nextStart(), 'stopped@example.com');
    const { client } = await redis.connect();
    // What a worker stopped after taking the claim leaves behind (exactlyOnce.ts: begin, then the mail).
    const opened = await openRequest(token, made.config.booking!.secrets, made.config.baseUrl, new Date());
    if (!opened.ok) throw new Error('the link is not ours');
    const id = markOf(opened.request.id);
    const pending = `psykolog-aalborg:booking:pending:${id}`;
    await client.set(pending, `confirm|a-stopped-press|${Date.now()}|1`, 'PX', DAY_MS);
    const meanwhile = await pressAnswer(made.app, token, 'confirm');
    expect(meanwhile.status).toBe(503);
    expect(meanwhile.text).toContain('Svaret bliver sendt');
    // A minute later (the claim's time moved back): its mail may have gone, and nothing is sent by itself.
    await client.set(pending, `confirm|a-stopped-press|${Date.now() - 61_000}|1`, 'KEEPTTL');
    const later = await pressAnswer(made.app, token, 'decline');
    expect(later.status).toBe(409);
    expect(later.text).toContain('Mailen er måske sendt');
    expect(mailsTo('stopped@example.com')).toBe(0);
    // Her resend of the confirmation: once.
    expect((await pressAnswer(made.app, token, 'confirm', { again: '1' })).status).toBe(200);
    expect((await pressAnswer(made.app, token, 'confirm', { again: '1' })).text).toContain('Du har bekræftet tiden');
    expect(mailsTo('stopped@example.com')).toBe(1);
  });

  test('the due-day reminder made late at each of its commands in turn: sent once, never lost', async () => {
    const config = bookingConfig(smtp.url, { REDIS_URL: proxy.url });
    const { logger } = captureLogs();
    const requestedAt = new Date('2026-11-25T19:00:00Z');
    // 09.30 on the day the answer is due.
    const clock = DateTime.fromJSDate(new Date(answerDue(bookingRules, requestedAt).getTime() - 1), {
      zone: bookingRules.timeZone,
    })
      .set({ hour: 9, minute: 30 })
      .toJSDate();
    const store = connectRedis({ redisUrl: proxy.url, redisTlsRejectUnauthorized: false }, logger);
    await store.ready;
    const holds = redisHolds(store, { until: holdUntil, perVisitor: 10 }, logger);
    const mailer = createMailer(config, { ca: testCert() });
    const reminders = createReminders({ config, mailer, holds, logger, now: () => clock });
    const admin = await redis.connect();
    const dueRequest = async (round: number) => {
      // A clean Redis for each round, re-armed as the operator would: the store saw the marker, and a
      // Redis that forgets stops booking (server/store/marker.ts).
      await redis.flush();
      await rearm(admin.client);
      const start = new Date(Date.parse('2027-01-14T09:00:00Z') + round * DAY_MS);
      const hold = {
        service: 'individuel' as const,
        start,
        end: new Date(start.getTime() + 50 * MINUTE_MS),
        visitor: 'v',
      };
      expect((await holds.hold({ ...hold, id: `hold-${round}` }, requestedAt)).result).toBe('held');
      expect(await holds.remember(`hold-${round}`, `sealed-${round}`, requestedAt)).toBe(true);
    };
    const reminded = () => smtp.received.filter((m) => m.to.includes('praksis@example.dk')).length;
    try {
      await dueRequest(0);
      const before = proxy.commands(BOOKING_KEYS);
      expect(await reminders.look()).toBe(1);
      const commands = proxy.commands(BOOKING_KEYS) - before;
      for (let k = 1; k <= commands; k++) {
        await dueRequest(k);
        const mails = reminded();
        proxy.delayReplyTo(k, BOOKING_KEYS);
        await reminders.look();
        expect(proxy.struck()).toBe(true);
        // Every ten minutes another look: the reminder comes once, and never again.
        await eventually(
          async () => {
            await reminders.look();
            expect(reminded()).toBe(mails + 1);
          },
          75_000,
          2_000,
        );
        expect(await reminders.look()).toBe(0);
        expect(reminded()).toBe(mails + 1);
      }
    } finally {
      await store.close();
    }
  }, 300_000);

  test('answered, the sealed request is gone; the mark lives a month past the session', async () => {
    await redis.flush();
    const made = app();
    await made.services.ready;
    const start = nextStart();
    const token = await requested(made, start, 'month@example.com');
    await pressAnswer(made.app, token, 'confirm').expect(200);
    const { client } = await redis.connect();
    // Before the answer, the sealed request rides with its hold (for the due-day reminder); after it, nothing of it stays.
    expect(await client.keys('psykolog-aalborg:booking:sealed:*')).toEqual([]);
    const keys = await client.keys('psykolog-aalborg:booking:used:*');
    const ttls = await Promise.all(keys.map((key) => client.pttl(key)));
    const last = Math.max(...ttls) + Date.now();
    expect(last - Date.parse(start)).toBeGreaterThan(29 * DAY_MS);
  });
});
