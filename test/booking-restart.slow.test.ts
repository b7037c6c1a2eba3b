import { simpleParser } from 'mailparser';
import { bookingAnswer } from '../content/bookingAnswer';
import { bookingIn } from './support/texts';
import { withPhone } from '../views/format';
import { eventually } from './support/eventually';
import { asJson, send, type BuiltServer } from './support/builtServer';
import { TEST_BOOKING_SECRET, offeredStarts, requestFor } from './support/booking';
import { describeRedis, useRedis } from './support/redis';
import { useSmtp } from './support/smtp';
import { startTwoWorkers } from './support/twoWorkers';

// A promise survives a restart of every process (decision 0028): with Redis, the built server with
// two workers is stopped and started again between the steps. A requested time stays held; a
// confirmed time stays taken, and its link, pressed again (decline), says it was confirmed and
// sends nothing, for as long as the session lies ahead.

describeRedis('a restart of every process, with Redis', () => {
  const redis = useRedis();
  const smtp = useSmtp();
  let server: BuiltServer | undefined;
  afterAll(() => server?.kill());

  const start = async () => {
    // One waiting request per visitor, as in production (startTwoWorkers allows many).
    server = await startTwoWorkers({
      REDIS_URL: redis.url,
      SMTP_URL: smtp.url,
      BOOKING_SECRET: TEST_BOOKING_SECRET,
      BOOKING_HOLDS_PER_VISITOR: '1',
      // Visitors as the router names them: another visitor is told "taken", the one who holds the time "waiting".
      TRUST_PROXY: '1',
    });
    return server;
  };
  const restart = async () => {
    await server?.stop();
    return start();
  };
  const offered = async (s: BuiltServer) => {
    const answer = await send(s.port, 'GET', '/booking?service=individuel&weeks=6', asJson);
    return offeredStarts((JSON.parse(answer.body) as { html: string }).html);
  };
  const press = (s: BuiltServer, t: string, answer: 'confirm' | 'decline') =>
    send(s.port, 'POST', '/booking/svar', { json: { t, answer } });

  test('requested, restarted: still held; confirmed, restarted: not offered, and a decline press on the link sends nothing', async () => {
    let s = await start();
    const [time] = await offered(s);
    if (!time) throw new Error('no free time offered');
    expect((await send(s.port, 'POST', '/api/booking', { json: requestFor('individuel', time) })).status).toBe(200);
    await eventually(() => expect(smtp.received).toHaveLength(1));
    const text = (await simpleParser(smtp.received[0]!.raw)).text ?? '';
    const token = /Bekræft tiden: \S+\/booking\/bekraeft\?t=(\S+)/.exec(text)![1] as string;

    s = await restart();
    expect(await offered(s)).not.toContain(time);
    const again = await send(s.port, 'POST', '/api/booking', {
      json: requestFor('individuel', time, { email: 'other@example.com' }),
      headers: { 'X-Forwarded-For': '198.51.100.9' },
    });
    expect(again.status).toBe(409);
    // One request waits per visitor through a restart too (the visitors' key is derived from
    // BOOKING_SECRET, not made anew at each start): another time from the same address waits.
    const [other] = (await offered(s)).filter((t) => t !== time);
    const waiting = await send(s.port, 'POST', '/api/booking', {
      json: requestFor('individuel', other as string, { email: 'karen2@example.com' }),
    });
    expect(waiting.status).toBe(429);
    expect((JSON.parse(waiting.body) as { error: string }).error).toBe(
      withPhone(bookingIn.da.flow.replies.waiting, 'da'),
    );

    expect((await press(s, token, 'confirm')).status).toBe(200);
    await eventually(() => expect(smtp.received).toHaveLength(2));

    s = await restart();
    expect(await offered(s)).not.toContain(time);
    const declined = await press(s, token, 'decline');
    expect(declined.status).toBe(409);
    expect(declined.body).toContain(bookingAnswer.already.confirm.title);
    const page = await send(s.port, 'GET', `/booking/afvis?t=${token}`);
    expect(page.body).toContain(bookingAnswer.already.confirm.title);
    // Nothing more was mailed: the request and the confirmation only.
    expect(smtp.received).toHaveLength(2);
    expect(s.lines().filter((l) => Number(l.level) >= 50)).toEqual([]);
  }, 120_000);
});
