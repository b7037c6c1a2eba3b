import { Redis } from 'ioredis';
import { simpleParser } from 'mailparser';
import request from 'supertest';
import { startDelayProxy, type DelayProxy } from './support/delayProxy';
import { eventually } from './support/eventually';
import {
  answerLinksIn,
  confirmed,
  lastMail,
  manageApp,
  manageLinkIn,
  offered,
  OTHER_TIMES,
  pressAnswer,
  pressManage,
  SESSIONS,
  useManageClock,
  visitor,
} from './support/manage';
import { describeRedis, useRedis } from './support/redis';
import { useSmtp } from './support/smtp';

// The client's own appointment with its state in Redis, as production keeps it: opening her link
// changes no key; two tabs pressing at once end in one state and one mail to each party; two
// clients moving into one free time at once, one gets it; a press whose Redis reply comes late,
// at each of its commands in turn, still ends in one state and one mail each; and once the
// session has begun, nothing of the client's is left in Redis. A real redis-server (behind a TCP
// proxy that delays a chosen reply), a real SMTP server, the clock moved (Date only).

const smtp = useSmtp();
useManageClock();

describeRedis('the client’s own appointment, in Redis', () => {
  const redis = useRedis();
  let proxy: DelayProxy;
  let direct: Redis;
  beforeAll(async () => {
    proxy = await startDelayProxy(Number(new URL(redis.url).port));
    direct = new Redis(redis.url);
  });
  const made: ReturnType<typeof manageApp>[] = [];
  afterAll(async () => {
    // The apps' Redis clients first, while the proxy they reach Redis through still stands.
    await Promise.all(made.map((w) => w.services.close()));
    direct.disconnect();
    await proxy.close();
  });
  afterEach(() => proxy.delayReplyTo(Number.POSITIVE_INFINITY));

  const app = (options: { starts?: readonly string[] } = {}) => {
    const w = manageApp(smtp, {
      ...options,
      env: { REDIS_URL: proxy.url, BOOKING_ANSWER_RATE_LIMIT: '10000', BOOKING_ANSWER_SITE_LIMIT: '0' },
    });
    made.push(w);
    return w;
  };
  /** Every key and its value (strings as they are, sorted sets as their members), for "nothing changed". */
  async function snapshot(): Promise<Record<string, string>> {
    const all: Record<string, string> = {};
    for (const key of await direct.keys('*')) {
      const type = await direct.type(key);
      all[key] =
        type === 'string'
          ? ((await direct.get(key)) ?? '')
          : JSON.stringify(await direct.zrange(key, '0', '-1', 'WITHSCORES'));
    }
    return all;
  }
  const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address)).length;

  test('her link fetched as scanners and previews do (GET, HEAD, the move’s page, three times each): no key or value changes, no mail', async () => {
    const w = app();
    await w.services.ready;
    const { manage } = await confirmed(smtp, w.app, OTHER_TIMES[3] as string);
    const before = await snapshot();
    for (let i = 0; i < 3; i++) {
      await request(w.app).get(manage).expect(200);
      await request(w.app).head(manage).expect(200);
      await request(w.app).get(`${manage}&flyt=1`).expect(200);
    }
    const after = await snapshot();
    // Only the reads' own count moves (per address, a quarter of an hour): never booking's state.
    const booking = (s: Record<string, string>) =>
      Object.fromEntries(Object.entries(s).filter(([k]) => k.startsWith('psykolog-aalborg:booking:')));
    expect(booking(after)).toEqual(booking(before));
    expect(smtp.received).toHaveLength(0);
  });

  test('two tabs, four presses of cancel at once: one state, one mail to each party; the old link says cancelled', async () => {
    const w = app();
    await w.services.ready;
    const start = OTHER_TIMES[4] as string;
    const { manage } = await confirmed(smtp, w.app, start);
    const presses = await Promise.all([0, 1, 2, 3].map(() => pressManage(w.app, manage, 'cancel')));
    expect(presses.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of presses) expect([200, 409, 503]).toContain(r.status);
    expect(mailsTo('praksis@example.dk')).toBe(1);
    expect(mailsTo(visitor.email)).toBe(1);
    expect(await offered(w.app, start)).toBe(true);
    expect((await request(w.app).get(manage).expect(200)).text).toContain('Aftalen er aflyst.');
  });

  test('two clients moving into one free time at once: one gets it; the other is told it is gone and keeps her own', async () => {
    const w = app();
    await w.services.ready;
    const [a, b, to] = [OTHER_TIMES[5], OTHER_TIMES[6], OTHER_TIMES[7]] as string[];
    const one = await confirmed(smtp, w.app, a as string, { email: 'one@example.com' });
    const two = await confirmed(smtp, w.app, b as string, { email: 'two@example.com' });
    const [r1, r2] = await Promise.all([
      pressManage(w.app, one.manage, 'move', { start: to as string }),
      pressManage(w.app, two.manage, 'move', { start: to as string }),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([200, 409]);
    const lost = r1.status === 409 ? r1 : r2;
    expect(lost.text).toContain('Den tid, du valgte, er lige blevet taget. Din egen tid er uændret.');
    // One move request reached the practice; both old times are still their clients'.
    expect(smtp.received.filter((m) => m.to.includes('praksis@example.dk'))).toHaveLength(1);
    expect(await offered(w.app, a as string)).toBe(false);
    expect(await offered(w.app, b as string)).toBe(false);
  });

  test('a cancel whose Redis reply comes late, at each of its commands in turn: one state and one mail to each party', async () => {
    const w = app({ starts: OTHER_TIMES });
    await w.services.ready;
    const keys = 'psykolog-aalborg:booking:';
    // How many commands a press sends, measured on one that nothing delays.
    const plain = await confirmed(smtp, w.app, OTHER_TIMES[8] as string, { email: 'plain@example.com' });
    const before = proxy.commands(keys);
    await pressManage(w.app, plain.manage, 'cancel').expect(200);
    const commands = proxy.commands(keys) - before;
    expect(commands).toBeGreaterThanOrEqual(2);
    smtp.received.length = 0;
    for (let k = 1; k <= commands; k++) {
      const email = `late-${k}@example.com`;
      const start = OTHER_TIMES[8 + k] as string;
      const { manage } = await confirmed(smtp, w.app, start, { email });
      proxy.delayReplyTo(k, keys);
      await pressManage(w.app, manage, 'cancel');
      expect({ k, struck: proxy.struck() }).toEqual({ k, struck: true });
      // Pressed again until it stands: "being sent" (503) at most while a claim lapses.
      await eventually(
        async () => expect((await request(w.app).get(manage)).text).toContain('Aftalen er aflyst.'),
        75_000,
        2_000,
      );
      await pressManage(w.app, manage, 'cancel');
      // Since its confirmation (confirmed() empties the server's list): one mail to each party.
      expect({ k, client: mailsTo(email), practice: mailsTo('praksis@example.dk') }).toEqual({
        k,
        client: 1,
        practice: 1,
      });
      expect(await offered(w.app, start)).toBe(true);
    }
  }, 600_000);

  test('the reminder in Redis: kept encrypted until it is sent or the session begins, one mail with two processes looking, then nothing of hers', async () => {
    const w = app();
    const other = app();
    await Promise.all([w.services.ready, other.services.ready]);
    const { manage } = await confirmed(smtp, w.app, SESSIONS.noon, { reminder: true, email: 'remind@example.com' });
    await confirmed(smtp, w.app, SESSIONS.morning, { reminder: true, email: 'unsent@example.com' });
    const kept = await snapshot();
    // Her address and name only ever encrypted: no value holds either in the clear.
    expect(JSON.stringify(kept)).not.toMatch(/remind@example\.com|unsent@example\.com|Blixen/);
    const reminders = Object.keys(kept).filter((k) => k.includes(':booking:remind:'));
    expect(reminders).toHaveLength(2);
    // Each lapses by itself when its session begins at the latest.
    for (const key of reminders) {
      const ttl = await direct.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(Date.now() + ttl).toBeLessThanOrEqual(Date.parse(SESSIONS.noon) + 1_000);
    }
    // Sunday 8 March, 12.00 Danish time: both processes look at once; the 10.00 session's came at 10.00.
    w.at('2026-03-08T11:00:00Z');
    const sent = await Promise.all([
      w.services.appointmentReminders!.look(),
      other.services.appointmentReminders!.look(),
    ]);
    expect(sent.reduce((a, b) => a + b)).toBe(2);
    expect(mailsTo('remind@example.com')).toBe(1);
    expect(mailsTo('unsent@example.com')).toBe(1);
    const mail = await simpleParser(smtp.received.find((m) => m.to.includes('remind@example.com'))!.raw);
    expect(manageLinkIn(mail.text ?? '')).toBe(manage);
    // Sent: deleted at once, claims and all; and nothing else of hers was ever kept.
    const after = await snapshot();
    expect(Object.keys(after).filter((k) => /:booking:remind(ing)?:/.test(k))).toEqual([]);
    expect(JSON.stringify(after)).not.toMatch(/remind@example\.com|unsent@example\.com|Blixen|Karen/);
    expect(
      await Promise.all([w.services.appointmentReminders!.look(), other.services.appointmentReminders!.look()]),
    ).toEqual([0, 0]);
  });

  test('while a move waits the client cancels: both times freed; her answer to the move then says it has lapsed, and sends nothing', async () => {
    const w = app();
    await w.services.ready;
    const [from, to] = [OTHER_TIMES[20], OTHER_TIMES[21]] as string[];
    const { manage } = await confirmed(smtp, w.app, from as string);
    await pressManage(w.app, manage, 'move', { start: to as string }).expect(200);
    const move = answerLinksIn((await lastMail(smtp)).text ?? '');
    expect((await request(w.app).get(manage).expect(200)).text).toContain('Du har bedt om at flytte tiden til');
    await pressManage(w.app, manage, 'cancel').expect(200);
    expect(await offered(w.app, from as string)).toBe(true);
    expect(await offered(w.app, to as string)).toBe(true);
    smtp.received.length = 0;
    const answer = await pressAnswer(w.app, move.confirm, 'confirm').expect(409);
    expect(answer.text).toContain('Flytningen er bortfaldet');
    expect((await request(w.app).get(move.confirm).expect(409)).text).toContain('Flytningen er bortfaldet');
    expect(smtp.received).toHaveLength(0);
  });

  test('the reminder moves with a confirmed move: none at the old time, one at the new', async () => {
    const w = app();
    await w.services.ready;
    const { manage } = await confirmed(smtp, w.app, SESSIONS.afternoon, { reminder: true, email: 'moves@example.com' });
    const to = '2026-03-24T13:00+01:00';
    await pressManage(w.app, manage, 'move', { start: to }).expect(200);
    await pressAnswer(w.app, answerLinksIn((await lastMail(smtp)).text ?? '').confirm, 'confirm').expect(200);
    smtp.received.length = 0;
    const look = () => w.services.appointmentReminders!.look();
    // The old session's reminder would have come on Sunday 8 March at 14.00: gone with it.
    w.at('2026-03-08T13:30:00Z');
    expect(await look()).toBe(0);
    // The new one's: Sunday 22 March at 13.00.
    w.at('2026-03-22T12:00:00Z');
    expect(await look()).toBe(1);
    expect(mailsTo('moves@example.com')).toBe(1);
  });
});
