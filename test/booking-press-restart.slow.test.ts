import { simpleParser } from 'mailparser';
import { bookingAnswer } from '../content/bookingAnswer';
import { eventually } from './support/eventually';
import { send, type BuiltServer } from './support/builtServer';
import { TEST_BOOKING_SECRET, offeredStarts, requestFor } from './support/booking';
import { describeRedis, useRedis } from './support/redis';
import { type SmtpOptions, useSmtp } from './support/smtp';
import { startTwoWorkers } from './support/twoWorkers';

// A deploy in the middle of her press (issue 45): the built server with two workers and a real
// Redis is sent SIGTERM once the client's mail is with an SMTP server that holds its reply 12 s.
// Whether the stop lets the press finish or cuts it (a mail whose client hung up before the reply
// does not count as sent), after the restart her link ends in exactly one mail to the client and
// says so: pressed again, it sends what was not sent, once its claim has lapsed (decision 0039).

describeRedis('SIGTERM in the middle of a press', () => {
  const redis = useRedis();
  const smtpOptions: SmtpOptions = {};
  // Read on each event: a test makes the server slow (delayMs) and then quick again.
  const smtp = useSmtp(smtpOptions);
  let server: BuiltServer | undefined;
  afterAll(() => server?.kill());

  const start = async () => {
    server = await startTwoWorkers({
      REDIS_URL: redis.url,
      SMTP_URL: smtp.url,
      BOOKING_SECRET: TEST_BOOKING_SECRET,
      BOOKING_ANSWER_RATE_LIMIT: '1000',
    });
    return server;
  };
  const press = (s: BuiltServer, t: string) =>
    send(s.port, 'POST', '/booking/svar', { json: { t, answer: 'confirm' } }).catch((err: Error) => err);
  const toClient = () => smtp.received.filter((m) => m.to.includes('restart@example.com')).length;

  test('SIGTERM while the SMTP server holds the client mail 12 s: after the restart, exactly one mail to the client', async () => {
    let s = await start();
    const [time] = offeredStarts((await send(s.port, 'GET', '/booking?service=individuel')).body);
    if (!time) throw new Error('no free time offered');
    const request = await send(s.port, 'POST', '/api/booking', {
      json: requestFor('individuel', time, { email: 'restart@example.com' }),
    });
    expect(request.status).toBe(200);
    const text = (await simpleParser(smtp.received.at(-1)!.raw)).text ?? '';
    const token = /Bekræft tiden: \S+\/booking\/bekraeft\?t=(\S+)/.exec(text)![1] as string;

    smtpOptions.delayMs = 12_000;
    const started = smtp.started;
    const pressing = press(s, token);
    // The client's mail is with the SMTP server: the deploy comes now.
    await eventually(() => expect(smtp.started).toBe(started + 1));
    await s.stop(35_000);
    await pressing;
    smtpOptions.delayMs = undefined;

    s = await start();
    // Pressed again until the answer stands: "being sent" (503) while a stopped press's claim lapses.
    await eventually(
      async () => {
        const res = await press(s, token);
        expect([200, 409]).toContain(res instanceof Error ? res.message : res.status);
      },
      90_000,
      2_000,
    );
    const page = await send(s.port, 'GET', `/booking/bekraeft?t=${token}`);
    expect(page.body).toContain(bookingAnswer.already.confirm.title);
    // The SMTP server's held reply has come by now (12 s), counted only if its client was still there.
    await eventually(() => expect(toClient()).toBe(1), 15_000);
    expect(toClient()).toBe(1);
  }, 180_000);
});
