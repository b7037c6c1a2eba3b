import { DateTime } from 'luxon';
import { simpleParser } from 'mailparser';
import request from 'supertest';
import { bookingRules } from '../content/booking';
import type { Lang } from '../content/languages';
import { manageTexts } from '../content/manageTexts';
import { serverTexts } from '../content/serverTexts';
import { answerDue } from '../server/booking/answerWindow';
import { createReminders } from '../server/booking/decision/reminder';
import { withPhone } from '../views/format';
import { postJson, requestFor } from './support/booking';
import {
  confirmed,
  manageApp,
  offered,
  OTHER_TIMES,
  pressManage,
  SESSIONS,
  useManageClock,
  visitor,
} from './support/manage';
import { describeRedis, useRedis } from './support/redis';
import { startSmtp, type SmtpOptions, type TestSmtp } from './support/smtp';
import { bookingIn, phoneInText } from './support/texts';

// The visitor's forms when the mail server keeps the message and answers DATA 20 s late, after
// the site's budget of 18 s (decisions 0050, 0052): the contact form, a booking request and her own move
// of an appointment, at once, each told "may have reached me" (202, the log's word `unknown`,
// nothing personal logged), nothing sent again by itself. With Redis, as production keeps it: after
// a restart the requested times are still held, her page still says the practice may not know,
// the practice's due-day reminder brings the request's links, and the request sent again sends
// nothing. And in English and Persian, the phone in place: the contact form's reply, and the
// client's page after a cancel whose practice mail got no reply. The fast
// suite's cases (a server that hangs up instead) are in contact-api, contact-nojs, booking-flow
// and manage.test.ts.

useManageClock();
const options: SmtpOptions = { storesAtOnce: true };
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp(options);
});
afterAll(() => smtp.close());
afterEach(() => {
  options.delayMs = undefined;
  options.hangUpAfterData = undefined;
  options.onData = undefined;
});

const message = {
  name: 'Anna Hansen',
  email: 'anna@example.com',
  phone: '12 34 56 78',
  message: 'Hej, jeg vil gerne tale med dig.',
  consent: true,
};
const postContact = (app: Parameters<typeof request>[0], lang: Lang) =>
  request(app)
    .post('/api/contact.php')
    .set('Content-Type', 'application/json')
    .send(JSON.stringify({ ...message, lang }));

/** 09.30 on the day the answer to a request made at `at` is due: the reminder's morning. */
const dueMorning = (at: Date) =>
  DateTime.fromJSDate(new Date(answerDue(bookingRules, at).getTime() - 1), { zone: bookingRules.timeZone })
    .set({ hour: 9, minute: 30 })
    .toJSDate();

describeRedis('a mail server that answers 20 s late, with Redis', () => {
  const redis = useRedis();
  const made: ReturnType<typeof manageApp>[] = [];
  afterAll(() => Promise.all(made.map((w) => w.services.close())));
  const app = () => {
    const w = manageApp(smtp, { env: { REDIS_URL: redis.url, BOOKING_ANSWER_RATE_LIMIT: '10000' } });
    made.push(w);
    return w;
  };

  test('the contact form, a request and her move at once: each "may have reached me", held, remembered; after a restart the same, and nothing sent again', async () => {
    const w = app();
    await w.services.ready;
    const { manage } = await confirmed(smtp, w.app, SESSIONS.afternoon);
    const [asked, moveTo] = [OTHER_TIMES[0] as string, OTHER_TIMES[1] as string];
    const requestedAt = new Date();
    smtp.received.length = 0;

    options.delayMs = 20_000;
    const [contact, booking, move] = await Promise.all([
      postContact(w.app, 'da'),
      postJson(w.app, requestFor('individuel', asked, { email: 'other@example.com' })),
      pressManage(w.app, manage, 'move', { start: moveTo }),
    ]);
    expect([contact.status, booking.status, move.status]).toEqual([202, 202, 202]);
    expect(contact.body).toEqual({ success: false, error: withPhone(serverTexts.da.replies.uncertain, 'da') });
    const [before] = withPhone(bookingIn.da.flow.replies.uncertain, 'da').split('{day}');
    expect(booking.body.error).toContain(before);
    expect(move.text).toContain('Det er ikke sikkert, at jeg har fået besked');
    // All three reached the mail server; no second copy of any.
    expect(smtp.received.map((m) => m.to[0])).toEqual(Array(3).fill('praksis@example.dk'));
    for (const msg of ['contact form', 'booking request', 'appointment change'])
      expect(w.logs.lines).toContainEqual(expect.objectContaining({ msg, outcome: 'unknown' }));
    for (const personal of [message.name, message.email, message.message, 'other@example.com', visitor.name])
      expect(w.logs.text()).not.toContain(personal);
    options.delayMs = undefined;

    // A restart: the held times, her page and the request's reminder come from Redis.
    const after = app();
    await after.services.ready;
    expect(await offered(after.app, asked)).toBe(false);
    expect(await offered(after.app, moveTo)).toBe(false);
    const page = await request(after.app).get(manage).expect(200);
    expect(page.text).toContain(`Ring eller send sms til ${phoneInText}, så jeg er sikker på at vide det.`);
    // Her request sent again: her own time, waiting; nothing more goes.
    await postJson(after.app, requestFor('individuel', asked, { email: 'other@example.com' })).expect(429);
    expect(smtp.received).toHaveLength(3);
    // The due morning: the practice is reminded of the request (and of the move), with the answer's links.
    const { config, services, holds, logger } = after;
    const reminders = createReminders({
      config,
      mailer: services.mailer,
      holds,
      logger,
      now: () => dueMorning(requestedAt),
    });
    expect(await reminders.look()).toBe(2);
    const reminded = await Promise.all(smtp.received.slice(3).map((m) => simpleParser(m.raw)));
    expect(reminded.map((m) => m.text).join('\n')).toMatch(/Bekræft tiden: http/);
  }, 60_000);
});

test.each(['en', 'fa'] as const)(
  '%s: the contact form says "may have reached me" in the language, with the phone',
  async (lang) => {
    options.hangUpAfterData = true;
    const w = manageApp(smtp);
    const before = smtp.received.length;
    const res = await postContact(w.app, lang).expect(202);
    expect(res.body).toEqual({ success: false, error: withPhone(serverTexts[lang].replies.uncertain, lang) });
    expect(res.body.error).toContain(phoneInText);
    expect(smtp.received).toHaveLength(before + 1);
  },
);

test.each(['en', 'fa'] as const)(
  '%s: her cancel whose practice mail gets no reply: her page says I may not know, in her language, with the phone',
  async (lang) => {
    const w = manageApp(smtp);
    const { manage } = await confirmed(smtp, w.app, SESSIONS.afternoon, { lang });
    // The practice's mail (the next one) kept and never answered; her receipt after it answered.
    let mails = 0;
    options.onData = () => {
      mails += 1;
      options.hangUpAfterData = mails === 1;
    };
    const { title, text } = manageTexts[lang].problems.uncertain;
    const said = [title, withPhone(text, lang)];
    const pressed = await pressManage(w.app, manage, 'cancel', { lang }).expect(202);
    for (const words of said) expect(pressed.text).toContain(words);
    const later = await request(w.app).get(manage).expect(200);
    for (const words of said) expect(later.text).toContain(words);
    expect(later.text).toContain(`<html lang="${lang}"`);
  },
);
