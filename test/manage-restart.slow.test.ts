import { simpleParser } from 'mailparser';
import { send, type BuiltServer } from './support/builtServer';
import { TEST_BOOKING_SECRET, offeredStarts, requestFor } from './support/booking';
import { eventually } from './support/eventually';
import { manageLinkIn } from './support/manage';
import { describeRedis, useRedis } from './support/redis';
import { type SmtpOptions, useSmtp } from './support/smtp';
import { startTwoWorkers } from './support/twoWorkers';

// A deploy in the middle of the client's cancellation: the built server with two workers and a
// real Redis is sent SIGTERM once the practitioner's mail of it is with an SMTP server that holds
// its reply 12 s. Whether the stop lets the press finish or cuts it, after the restart her link
// ends in one state (cancelled) and exactly one mail to each party: pressed again, it sends what
// was not sent, once the stopped press's claim has lapsed (decision 0039).

describeRedis('SIGTERM in the middle of a client’s cancellation', () => {
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
  const cancel = (s: BuiltServer, t: string) =>
    send(s.port, 'POST', '/booking/aftale/skift', { json: { t, act: 'cancel', lang: 'da' } }).catch(
      (err: Error) => err,
    );
  /** How many mails with such a subject (the practice's go to MAIL_TO, the practice's address by default). */
  const mails = async (subject: RegExp) =>
    (await Promise.all(smtp.received.map((m) => simpleParser(m.raw)))).filter((m) => subject.test(m.subject ?? ''))
      .length;

  test('SIGTERM while the SMTP server holds the practitioner’s mail 12 s: after the restart, one mail to each party', async () => {
    let s = await start();
    const [time] = offeredStarts((await send(s.port, 'GET', '/booking?service=individuel')).body);
    if (!time) throw new Error('no free time offered');
    const asked = await send(s.port, 'POST', '/api/booking', {
      json: requestFor('individuel', time, { email: 'restart@example.com' }),
    });
    expect(asked.status).toBe(200);
    const request = (await simpleParser(smtp.received.at(-1)!.raw)).text ?? '';
    const answer = /Bekræft tiden: \S+\/booking\/bekraeft\?t=(\S+)/.exec(request)![1] as string;
    expect((await send(s.port, 'POST', '/booking/svar', { json: { t: answer, answer: 'confirm' } })).status).toBe(200);
    const confirmation = (await simpleParser(smtp.received.at(-1)!.raw)).text ?? '';
    const t = new URL(manageLinkIn(confirmation), 'http://x').searchParams.get('t') as string;

    smtpOptions.delayMs = 12_000;
    const started = smtp.started;
    const pressing = cancel(s, t);
    // The practitioner's mail is with the SMTP server: the deploy comes now.
    await eventually(() => expect(smtp.started).toBe(started + 1));
    await s.stop(35_000);
    await pressing;
    smtpOptions.delayMs = undefined;

    s = await start();
    // Pressed again until it stands: "being sent" (503) while a stopped press's claim lapses.
    await eventually(
      async () => {
        const res = await cancel(s, t);
        expect([200, 409]).toContain(res instanceof Error ? res.message : res.status);
      },
      90_000,
      2_000,
    );
    const page = await send(s.port, 'GET', `/booking/aftale?t=${t}`);
    expect(page.body).toContain('Aftalen er aflyst.');
    // The held replies have come by now (12 s), each counted only if its client was still there.
    await eventually(async () => expect(await mails(/^Afbud: /)).toBe(1), 20_000);
    await eventually(async () => expect(await mails(/^Din aftale .* er aflyst$/)).toBe(1), 20_000);
  }, 180_000);
});
