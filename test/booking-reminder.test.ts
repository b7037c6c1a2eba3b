import { DateTime } from 'luxon';
import { simpleParser } from 'mailparser';
import { bookingRules } from '../content/booking';
import { answerDue, holdUntil } from '../server/booking/answerWindow';
import { createReminders } from '../server/booking/decision/reminder';
import { createMailer } from '../server/mail/transport';
import { memoryHolds } from '../server/store/holdsMemory';
import { redisHolds } from '../server/store/holdsRedis';
import { connectRedis } from '../server/store/redis';
import { captureLogs } from './support/app';
import { bookingApp, bookingConfig, postJson, pressAnswer, requestFor } from './support/booking';
import { fakeCalendar } from './support/fakeCalendar';
import { describeRedis, startRedis, type RedisServer } from './support/redis';
import { useSmtp } from './support/smtp';
import { testCert } from './support/tls';
import { HOUR_MS } from '../views/days';

// No request lapses in silence: on the morning its answer is due, the practice gets one reminder
// per unanswered request (server/booking/decision/reminder.ts), none for answered ones, once
// across processes and restarts. The clock is the test's; the mails go to a real SMTP server.

const WINTER = '2027-01-14T10:00+01:00';
const SUMMER = '2027-06-17T10:00+02:00';
const OTHERS = Array.from({ length: 12 }, (_, i) => `2027-01-${18 + i}T09:00+01:00`);

const smtp = useSmtp();

/** `hour` o'clock Danish time on the day the answer to a request made at `at` is due. */
const onDueDay = (at: Date, hour: number) =>
  DateTime.fromJSDate(answerDue(bookingRules, at), { zone: bookingRules.timeZone })
    .minus({ milliseconds: 1 })
    .set({ hour, minute: 30 })
    .toJSDate();

test('the due morning: one reminder per unanswered request with its links, none for an answered one, none twice', async () => {
  // A week before WINTER: its links within the horizon, as the answer page requires.
  let clock = new Date('2027-01-05T19:00:00Z');
  const { app, config, holds, logs } = bookingApp({
    smtpUrl: smtp.url,
    calendar: fakeCalendar([WINTER, SUMMER, ...OTHERS]),
    now: () => clock,
  });
  const links: string[] = [];
  for (const start of [WINTER, SUMMER, OTHERS[0]!]) {
    await postJson(app, requestFor('par', start)).expect(200);
    links.push(/Bekræft tiden: (\S+)/.exec((await simpleParser(smtp.received.at(-1)!.raw)).text ?? '')![1]!);
  }
  // She answers the first.
  const confirm = new URL(links[0]!);
  await pressAnswer(app, confirm.searchParams.get('t'), 'confirm').expect(200);
  smtp.received.length = 0;
  const reminders = createReminders({
    config,
    mailer: createMailer(config, { ca: testCert() }),
    holds,
    logger: captureLogs().logger,
    now: () => clock,
  });
  // The evening it was asked and at dawn on the due day: nothing yet.
  const requestedAt = clock;
  expect(await reminders.look()).toBe(0);
  clock = onDueDay(requestedAt, 7);
  expect(await reminders.look()).toBe(0);
  clock = onDueDay(requestedAt, 8);
  expect(await reminders.look()).toBe(2);
  expect(smtp.received).toHaveLength(2);
  const mails = await Promise.all(smtp.received.map((m) => simpleParser(m.raw)));
  for (const m of mails) expect(m.to && 'value' in m.to ? m.to.value[0]?.address : '').toBe('praksis@example.dk');
  expect(mails.map((m) => m.subject).sort()).toEqual([
    'Påmindelse: Parterapi mandag 18. januar kl. 09.00 venter på dit svar',
    'Påmindelse: Parterapi torsdag 17. juni kl. 10.00 venter på dit svar',
  ]);
  const summer = mails.find((m) => m.subject?.includes('juni'))!;
  expect(summer.text).toContain('Linkene i forespørgslens mail virker til og med i dag.');
  // Her links again, the very ones of the request mail: no name, no address in the reminder itself.
  expect(summer.text).toContain(`Bekræft tiden: ${links[1]}`);
  expect(summer.text).not.toContain('Karen');
  expect(summer.text).not.toContain('karen@');
  // Looked again (another tick, another worker): nothing more.
  clock = new Date(clock.getTime() + 3 * HOUR_MS);
  expect(await reminders.look()).toBe(0);
  expect(smtp.received).toHaveLength(2);
  expect(logs.text()).not.toContain('karen');
});

describe('a reminder whose mail server never answers after taking it in', () => {
  const silent = useSmtp({ storesAtOnce: true, hangUpAfterData: true });
  test('it may have gone: a warning, and no second one by itself', async () => {
    const config = bookingConfig(silent.url);
    const { logger, logs } = captureLogs();
    const requestedAt = new Date('2026-11-25T19:00:00Z');
    const holds = memoryHolds({ until: holdUntil, perVisitor: 10 });
    const session = { service: 'individuel' as const, start: new Date('2027-01-14T09:00:00Z'), visitor: 'v' };
    await holds.hold({ ...session, end: new Date('2027-01-14T09:50:00Z'), id: 'hold-1' }, requestedAt);
    await holds.remember('hold-1', 'sealed-request', requestedAt);
    const mailer = createMailer(config, { ca: testCert() });
    const reminders = createReminders({ config, mailer, holds, logger, now: () => onDueDay(requestedAt, 9) });
    await reminders.look();
    await reminders.look();
    expect(silent.received).toHaveLength(1);
    expect(logs.lines.map((l) => [l.level, l.msg])).toEqual([
      [40, 'booking reminder: no reply from the mail server, it may have gone'],
    ]);
  });
});

describeRedis('reminders with the holds in a real Redis', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis.stop());

  test('two processes look at once: one reminder; after a restart of both, none again', async () => {
    const config = bookingConfig(smtp.url, { REDIS_URL: redis.url });
    const { logger } = captureLogs();
    const requestedAt = new Date('2026-11-25T19:00:00Z');
    const clock = onDueDay(requestedAt, 9);
    const processes = () =>
      [0, 1].map(() => {
        // A process: its own Redis client, as the composition root makes it.
        const client = connectRedis({ redisUrl: redis.url, redisTlsRejectUnauthorized: false }, logger);
        const holds = redisHolds(client, { until: holdUntil, perVisitor: 10 }, logger);
        const mailer = createMailer(config, { ca: testCert() });
        return { client, holds, reminders: createReminders({ config, mailer, holds, logger, now: () => clock }) };
      });
    const first = processes();
    await Promise.all(first.map((p) => p.client.ready));
    const held = await first[0]!.holds.hold(
      {
        service: 'individuel',
        start: new Date('2027-01-14T09:00:00Z'),
        end: new Date('2027-01-14T09:50:00Z'),
        visitor: 'v',
        id: 'hold-1',
      },
      requestedAt,
    );
    expect(held).toMatchObject({ result: 'held', id: 'hold-1' });
    // Its mail went: the sealed request rides with it.
    await first[0]!.holds.remember('hold-1', 'sealed-request', requestedAt);
    const counts = await Promise.all(first.map((p) => p.reminders.look()));
    expect(counts.sort()).toEqual([0, 1]);
    expect(smtp.received).toHaveLength(1);
    expect((await simpleParser(smtp.received[0]!.raw)).text).toContain(
      'Bekræft tiden: http://localhost:3000/booking/bekraeft?t=sealed-request',
    );
    await Promise.all(first.map((p) => p.client.close()));
    const again = processes();
    await Promise.all(again.map((p) => p.client.ready));
    expect(await Promise.all(again.map((p) => p.reminders.look()))).toEqual([0, 0]);
    expect(smtp.received).toHaveLength(1);
    await Promise.all(again.map((p) => p.client.close()));
  });
});
