import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import request from 'supertest';
import { bookableServices, bookingRules, serviceMinutes } from '../content/booking';
import { priceGroups } from '../content/prices';
import { checkRules } from '../server/booking/freeTimes';
import { siteSettings } from '../server/http/siteSettings';
import { ConfigError, loadConfig } from '../server/process/config';
import { createBookingCalendar } from '../server/booking/calendar';
import { captureLogs, makeApp } from './support/app';
import { offeredStarts } from './support/booking';
import { startTestServer } from './support/builtServer';
import { startFeedServer } from './support/feedServer';
import { asOperator } from './support/operator';
import { HOUR_MS } from '../views/days';

// BOOKING_CALENDAR_URL and its companions: booking is off without it; with it, the address is
// checked at start-up (one line naming the variable, never repeating the secret address), and the
// server reads the feed in the background, says so in one start-up line, and tells /healthz.

const SAMPLE = path.resolve(__dirname, '..', 'docs', 'sample-calendar.ics');
const SECRET = 'dG9wLXNlY3JldC1mZWVk';
const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });
const refusal = (env: Record<string, string>) => {
  try {
    config(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  throw new Error('accepted');
};

describe('the configuration', () => {
  test('BOOKING_CALENDAR_OWNER: her addresses, as the calendar names her (lower case, a mailto: allowed), or a line naming the variable and never its value', () => {
    expect(
      config({ BOOKING_CALENDAR_URL: SAMPLE, BOOKING_CALENDAR_OWNER: ' Praksis@Example.dk, mailto:sara@gmail.com ' })
        .booking?.owner,
    ).toEqual(['praksis@example.dk', 'sara@gmail.com']);
    for (const bad of ['praksis', 'a@b.dk; c@d.dk', 'Sara <sara@example.dk>'])
      expect(() => config({ BOOKING_CALENDAR_URL: SAMPLE, BOOKING_CALENDAR_OWNER: bad })).toThrow(
        /^BOOKING_CALENDAR_OWNER must be the calendar's owner's email address \(several separated by commas\)/,
      );
    expect(() => config({ BOOKING_CALENDAR_OWNER: 'praksis@example.dk' })).toThrow(
      'BOOKING_CALENDAR_OWNER only applies to online booking',
    );
  });

  test("BOOKING_VIDEO_URL: the practice's video room, https, or none", () => {
    expect(config({ BOOKING_CALENDAR_URL: SAMPLE }).booking?.videoUrl).toBeNull();
    expect(
      config({ BOOKING_CALENDAR_URL: SAMPLE, BOOKING_VIDEO_URL: 'https://meet.example.com/sara' }).booking?.videoUrl,
    ).toBe('https://meet.example.com/sara');
  });

  test('off without BOOKING_CALENDAR_URL: no booking, and the pages are told so', () => {
    expect(config({}).booking).toBeNull();
    expect(siteSettings(config({})).booking).toBe(false);
  });

  test('an https address, with the defaults', () => {
    const c = config({ BOOKING_CALENDAR_URL: `https://outlook.office365.com/owa/calendar/${SECRET}/calendar.ics` });
    expect(c.booking).toEqual({
      source: { kind: 'url', url: new URL(`https://outlook.office365.com/owa/calendar/${SECRET}/calendar.ics`) },
      refreshSeconds: 300,
      staleLimitMinutes: 30,
      timeoutSeconds: 10,
      // Her address in the calendar: none set (the feed may say; else every invitation is busy).
      owner: [],
      // Outside production without BOOKING_SECRET: one made for this start.
      secrets: [expect.any(Buffer)],
      secretGenerated: true,
      rateLimit: 3,
      rateWindowMs: HOUR_MS,
      siteLimit: 20,
      siteWindowMs: HOUR_MS,
      answerRateLimit: 20,
      answerSiteLimit: 200,
      holdsPerVisitor: 1,
      videoUrl: null,
      visitorSecret: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(c.booking?.secrets[0]).toHaveLength(32);
    expect(siteSettings(c).booking).toBe(true);
  });

  test("the visitors' key: BOOKING_VISITOR_SECRET, or derived from BOOKING_SECRET (the same on every dyno and after a restart, never the links' key itself)", () => {
    const hex = randomBytes(32).toString('hex');
    const env = { BOOKING_CALENDAR_URL: 'docs/sample-calendar.ics', BOOKING_SECRET: hex };
    const once = config(env).booking?.visitorSecret;
    expect(once).toMatch(/^[0-9a-f]{64}$/);
    expect(config(env).booking?.visitorSecret).toBe(once);
    expect(config({ ...env, BOOKING_SECRET: randomBytes(32).toString('hex') }).booking?.visitorSecret).not.toBe(once);
    expect(once).not.toBe(hex);
    const own = randomBytes(20).toString('hex');
    expect(config({ ...env, BOOKING_VISITOR_SECRET: own }).booking?.visitorSecret).toBe(own);
  });

  test('webcal:// (as Outlook and iCloud give it) is read over https', () => {
    const c = config({ BOOKING_CALENDAR_URL: `webcal://p42-caldav.icloud.com/published/2/${SECRET}` });
    expect(c.booking?.source).toEqual({
      kind: 'url',
      url: new URL(`https://p42-caldav.icloud.com/published/2/${SECRET}`),
    });
  });

  test('in production too (https), and a file path for trying it locally', () => {
    const production = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtps://web:pw@smtp.example.dk',
      BOOKING_SECRET: randomBytes(32).toString('base64'),
      REDIS_URL: 'rediss://:pw@redis.example.com:6379',
    };
    expect(
      config({
        ...production,
        BOOKING_CALENDAR_URL: `https://calendar.google.com/calendar/ical/x/private-${SECRET}/basic.ics`,
      }).booking,
    ).not.toBeNull();
    expect(config({ BOOKING_CALENDAR_URL: 'docs/sample-calendar.ics' }).booking?.source).toEqual({
      kind: 'file',
      path: SAMPLE,
    });
    expect(config({ BOOKING_CALENDAR_URL: 'http://127.0.0.1:8080/feed.ics' }).booking?.source.kind).toBe('url');
  });

  test('BOOKING_SECRET: required in production when booking is on, at least 32 bytes as hex or base64, never echoed; a previous one for a rotation', () => {
    const feed = { BOOKING_CALENDAR_URL: `https://calendar.google.com/calendar/ical/x/private-${SECRET}/basic.ics` };
    const production = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtps://web:pw@smtp.example.dk',
      REDIS_URL: 'rediss://:pw@redis.example.com:6379',
      ...feed,
    };
    expect(refusal({ ...production })).toBe(
      "BOOKING_SECRET must be set in production when booking is on: it keeps the practitioner's answer links (make one with `openssl rand -base64 32`)",
    );
    const short = 'c2hvcnQtYW5kLXNlY3JldA==';
    const message = refusal({ ...production, BOOKING_SECRET: short });
    expect(message).toBe(
      'BOOKING_SECRET must be at least 32 random bytes written as hex or base64 (make one with `openssl rand -base64 32`)',
    );
    expect(message).not.toContain(short);
    expect(refusal({ ...feed, BOOKING_SECRET: 'not a secret at all, though quite long enough!' })).toMatch(
      /^BOOKING_SECRET must be at least 32 random bytes/,
    );
    const hex = randomBytes(32).toString('hex');
    const previous = randomBytes(32);
    const base64 = previous.toString('base64');
    const c = config({ ...production, BOOKING_SECRET: hex, BOOKING_SECRET_PREVIOUS: base64 });
    expect(c.booking?.secrets).toEqual([Buffer.from(hex, 'hex'), previous]);
    expect(c.booking?.secretGenerated).toBe(false);
    expect(refusal({ ...feed, BOOKING_SECRET_PREVIOUS: base64 })).toBe(
      'BOOKING_SECRET_PREVIOUS only applies beside a BOOKING_SECRET',
    );
    expect(refusal({ BOOKING_SECRET: hex })).toBe(
      'BOOKING_SECRET only applies to online booking, and BOOKING_CALENDAR_URL is not set',
    );
  });

  test('BOOKING_SECRET too plain to be random: one character repeated, a short pattern, a word in base64 (fewer than 16 different byte values)', () => {
    const feed = { BOOKING_CALENDAR_URL: 'docs/sample-calendar.ics' };
    const plain = [
      'a'.repeat(64),
      'ab'.repeat(32),
      '0123456789abcdef'.repeat(4),
      Buffer.from('secret-'.repeat(6)).toString('base64'),
      Buffer.alloc(32, 9).toString('base64'),
    ];
    for (const secret of plain) {
      const message = refusal({ ...feed, BOOKING_SECRET: secret });
      expect(message).toMatch(/^BOOKING_SECRET is not random: its \d+ bytes have only \d+ different values/);
      expect(message).not.toContain(secret);
      expect(
        refusal({ ...feed, BOOKING_SECRET: randomBytes(32).toString('hex'), BOOKING_SECRET_PREVIOUS: secret }),
      ).toMatch(/^BOOKING_SECRET_PREVIOUS is not random/);
    }
    // What the docs and Heroku's generator make passes, every time.
    for (let i = 0; i < 200; i++) {
      expect(config({ ...feed, BOOKING_SECRET: randomBytes(32).toString('base64') }).booking).not.toBeNull();
      expect(config({ ...feed, BOOKING_SECRET: randomBytes(32).toString('hex') }).booking).not.toBeNull();
    }
  });

  test('the companions', () => {
    const c = config({
      BOOKING_CALENDAR_URL: 'docs/sample-calendar.ics',
      BOOKING_REFRESH_SECONDS: '120',
      BOOKING_STALE_LIMIT_MINUTES: '60',
      BOOKING_FETCH_TIMEOUT_SECONDS: '5',
    });
    expect(c.booking).toMatchObject({ refreshSeconds: 120, staleLimitMinutes: 60, timeoutSeconds: 5 });
  });

  test.each([
    [
      { BOOKING_CALENDAR_URL: `ftp://calendar.example.com/${SECRET}.ics` },
      /^BOOKING_CALENDAR_URL must be an https:\/\/ address of an iCalendar feed/,
    ],
    [{ BOOKING_CALENDAR_URL: `https://exa mple.com/${SECRET}` }, /^BOOKING_CALENDAR_URL must be an https:\/\/ address/],
    [
      { BOOKING_CALENDAR_URL: `https://user:${SECRET}@calendar.example.com/cal.ics` },
      /must not carry a user name or password/,
    ],
    [
      {
        BOOKING_CALENDAR_URL: `http://calendar.example.com/${SECRET}.ics`,
        NODE_ENV: 'production',
        SMTP_URL: 'smtps://a:b@smtp.example.dk',
      },
      /must be https:\/\/ in production/,
    ],
    [
      {
        BOOKING_CALENDAR_URL: 'docs/sample-calendar.ics',
        NODE_ENV: 'production',
        SMTP_URL: 'smtps://a:b@smtp.example.dk',
      },
      /must be an https:\/\/ address in production; a file path is for trying/,
    ],
    [{ BOOKING_CALENDAR_URL: `docs/${SECRET}.ics` }, /neither an https:\/\/ address nor a file that can be read/],
    [
      { BOOKING_REFRESH_SECONDS: '120' },
      /^BOOKING_REFRESH_SECONDS only applies to online booking, and BOOKING_CALENDAR_URL is not set$/,
    ],
    [
      { BOOKING_CALENDAR_URL: 'docs/sample-calendar.ics', BOOKING_REFRESH_SECONDS: '5' },
      /^BOOKING_REFRESH_SECONDS must be a whole number from 30 to 3600/,
    ],
    [
      { BOOKING_CALENDAR_URL: 'docs/sample-calendar.ics', BOOKING_FETCH_TIMEOUT_SECONDS: 'soon' },
      /^BOOKING_FETCH_TIMEOUT_SECONDS must be a whole number/,
    ],
    [
      {
        BOOKING_CALENDAR_URL: 'docs/sample-calendar.ics',
        BOOKING_STALE_LIMIT_MINUTES: '5',
        BOOKING_REFRESH_SECONDS: '600',
      },
      /BOOKING_STALE_LIMIT_MINUTES \(5\) must be longer than BOOKING_REFRESH_SECONDS \(600 s\)/,
    ],
    [{ BOOKING_RATE_LIMIT: '3' }, /^BOOKING_RATE_LIMIT only applies to online booking/],
    [
      { BOOKING_CALENDAR_URL: 'docs/sample-calendar.ics', BOOKING_RATE_LIMIT: '0' },
      /^BOOKING_RATE_LIMIT must be a whole number from 1 to 10000/,
    ],
    [
      { BOOKING_CALENDAR_URL: 'docs/sample-calendar.ics', BOOKING_RATE_WINDOW_MS: '10' },
      /^BOOKING_RATE_WINDOW_MS must be a whole number from 1000 to 86400000/,
    ],
    [
      { BOOKING_CALENDAR_URL: 'docs/sample-calendar.ics', BOOKING_SITE_LIMIT: '-1' },
      /^BOOKING_SITE_LIMIT must be a whole number from 0 to 1000000/,
    ],
    [
      { BOOKING_CALENDAR_URL: 'docs/sample-calendar.ics', BOOKING_SITE_WINDOW_MS: 'hour' },
      /^BOOKING_SITE_WINDOW_MS must be a whole number/,
    ],
    [
      { BOOKING_CALENDAR_URL: 'docs/sample-calendar.ics', BOOKING_HOLDS_PER_VISITOR: '0' },
      /^BOOKING_HOLDS_PER_VISITOR must be a whole number from 1 to 100/,
    ],
    [
      { BOOKING_CALENDAR_URL: 'docs/sample-calendar.ics', BOOKING_VISITOR_SECRET: 'short' },
      /^BOOKING_VISITOR_SECRET must be 32 to 256/,
    ],
    [
      { BOOKING_CALENDAR_URL: 'docs/sample-calendar.ics', BOOKING_VIDEO_URL: 'http://meet.example.com/sara' },
      /^BOOKING_VIDEO_URL must be an https:\/\/ address/,
    ],
    [
      { BOOKING_CALENDAR_URL: 'docs/sample-calendar.ics', BOOKING_VIDEO_URL: 'https://sara:pw@meet.example.com/' },
      /^BOOKING_VIDEO_URL must be an https:\/\/ address without a user or password/,
    ],
    [{ BOOKING_VIDEO_URL: 'https://meet.example.com/sara' }, /^BOOKING_VIDEO_URL only applies to online booking/],
  ])('refused: %j', (env, message) => {
    const text = refusal(env);
    expect(text).toMatch(message);
    // The address is a secret: never repeated.
    expect(text).not.toContain(SECRET);
  });

  test('the built server refuses a bad address with one line naming the variable, not the address', () => {
    const server = path.resolve(__dirname, '..', 'dist', 'server.js');
    const run = spawnSync(process.execPath, [server], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        PORT: '0',
        BOOKING_CALENDAR_URL: `gopher://calendar.example.com/${SECRET}`,
      },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^Configuration error: BOOKING_CALENDAR_URL must be an https:\/\/ address/),
    ]);
    expect(run.stderr + run.stdout).not.toContain(SECRET);
  });
});

describe("the owner's rules (content/booking.ts)", () => {
  test('are consistent, and each bookable service has the length of its price', () => {
    expect(checkRules(bookingRules)).toEqual([]);
    const lengths = Object.fromEntries(bookableServices.map((s) => [s, serviceMinutes(s)]));
    expect(lengths).toEqual({ individuel: 50, par: 75, familie: 75, boern: 50, 'supervision-individuel': 60 });
    const prices = new Map(priceGroups.flatMap((g) => g.prices).map((p) => [p.id, p.minutes]));
    for (const s of bookableServices) expect(prices.get(s)).toBe(serviceMinutes(s));
  });

  test('a mistake in them is named at start-up', () => {
    const broken = {
      ...bookingRules,
      week: {
        1: [{ from: '16:00', to: '09:00', services: ['individuel' as const] }],
        2: [{ from: '9:00', to: '12:00', services: ['par' as const] }],
      },
      closedDates: ['2026-02-30'],
      stepMinutes: 0,
    };
    expect(checkRules(broken)).toEqual([
      'stepMinutes must be 5 or more (is 0)',
      'week 1: 16:00-09:00 ends before it starts',
      'week 2: not a time of day "HH:MM": "9:00"',
      'closedDates: "2026-02-30" is not a date YYYY-MM-DD',
    ]);
  });
});

describe('running', () => {
  test('/healthz gives the operator the booking state: the host, how old the copy is, busy blocks; never the address', async () => {
    const feeds = await startFeedServer();
    const body = (await import('node:fs')).readFileSync(SAMPLE, 'utf8');
    feeds.set(`/private-${SECRET}/basic.ics`, { kind: 'ics', body });
    const { app, calendar, logs } = makeApp({
      env: { BOOKING_CALENDAR_URL: `${feeds.origin}/private-${SECRET}/basic.ics` },
    });
    try {
      await calendar?.ready();
      const res = await request(app).get('/healthz').set(asOperator).expect(200);
      expect(res.body).toEqual({
        status: 'ok',
        rateLimit: 'memory',
        booking: {
          state: 'fresh',
          host: new URL(feeds.origin).host,
          readAt: expect.any(String),
          ageSeconds: expect.any(Number),
          busyBlocks: expect.any(Number),
          // When its content last changed (last read in full), and when it was last asked.
          changedAt: expect.any(String),
          askedAt: expect.any(String),
          // Whose calendar it is (BOOKING_CALENDAR_OWNER 'set', 'feed' or 'unknown'), invitations she is not going to, events left out.
          owner: 'unknown',
          unanswered: 0,
          leftOut: 0,
        },
        // Where requested times are held (server/store/holds.ts): this process's memory here.
        holds: 'memory',
        // Answers this process mailed whose record Redis has not taken yet (decision 0050).
        answersUnrecorded: 0,
      });
      expect(res.body.booking.busyBlocks).toBeGreaterThan(20);
      expect(res.text).not.toContain(SECRET);
      // No page sends it to a browser either.
      for (const page of ['/', '/booking', '/en/booking', '/fa/booking', '/kontakt'])
        expect((await request(app).get(page)).text).not.toContain(SECRET);
      expect(logs.text()).not.toContain(SECRET);
    } finally {
      calendar?.stop();
      await feeds.close();
    }
  });

  test('/healthz without booking has no booking entry', async () => {
    const { app } = makeApp();
    const res = await request(app).get('/healthz').set(asOperator).expect(200);
    expect(res.body).toEqual({ status: 'ok', rateLimit: 'memory' });
  });

  test('the built server: a webcal:// address read over https, its feed parsed in dist/feedParser.js; one start-up line; the address in no output', async () => {
    const feeds = await startFeedServer({ tls: true });
    const body = (await import('node:fs')).readFileSync(SAMPLE, 'utf8');
    const feedPath = `/published/2/${SECRET}`;
    feeds.set(feedPath, { kind: 'ics', body });
    const server = await startTestServer({
      BOOKING_CALENDAR_URL: `webcal://${new URL(feeds.origin).host}${feedPath}`,
    });
    try {
      const line = await server.waitForLine((l) => typeof l.msg === 'string' && l.msg.startsWith('booking on'));
      expect(line.msg).toMatch(
        new RegExp(
          `^booking on: calendar feed from ${new URL(feeds.origin).host}, \\d+ busy blocks in the next 42 days, read just now; every invitation in the calendar counts as busy, accepted or not: the feed does not say whose calendar it is \\(set BOOKING_CALENDAR_OWNER\\)$`,
        ),
      );
      expect(feeds.hits(feedPath)).toBe(1);
      const health = (await (
        await fetch(`http://127.0.0.1:${server.port}/healthz`, { headers: asOperator })
      ).json()) as { booking: { state: string } };
      expect(health.booking.state).toBe('fresh');
      // The same times as the same feed read here, from a file (asked before and after, in case a half hour passes).
      const local = createBookingCalendar(
        loadConfig({ NODE_ENV: 'test', BOOKING_CALENDAR_URL: SAMPLE }).booking!,
        captureLogs().logger,
      );
      await local.refresh();
      const starts = () => (local.freeTimes('individuel', new Date()) ?? []).map((s) => s.start.getTime());
      const before = starts();
      const page = await (
        await fetch(`http://127.0.0.1:${server.port}/booking?service=individuel&format=clinic`)
      ).text();
      const offered = offeredStarts(page).map((s) => Date.parse(s));
      expect(offered.length).toBeGreaterThan(5);
      expect([before.slice(0, offered.length), starts().slice(0, offered.length)]).toContainEqual(offered);
      expect(server.output()).not.toContain(SECRET);
    } finally {
      server.kill();
      await server.exited;
      await feeds.close();
    }
  });

  test('the sample feed: `BOOKING_CALENDAR_URL=docs/sample-calendar.ics` offers times at any date', async () => {
    const { calendar } = makeApp({ env: { BOOKING_CALENDAR_URL: 'docs/sample-calendar.ics' } });
    try {
      await calendar?.ready();
      expect(calendar?.state().state).toBe('fresh');
      for (const service of bookableServices) {
        const times = calendar?.freeTimes(service, new Date()) ?? [];
        expect(times.length).toBeGreaterThan(5);
      }
      // Its weekly events keep Monday mornings busy whenever it is read.
      const mondays = (calendar?.freeTimes('individuel', new Date()) ?? []).filter((s) => s.start.getUTCDay() === 1);
      expect(mondays.length).toBeGreaterThan(0);
      expect(
        mondays.every(
          (s) =>
            new Intl.DateTimeFormat('en-GB', {
              timeZone: 'Europe/Copenhagen',
              hour: '2-digit',
              hourCycle: 'h23',
            }).format(s.start) >= '12',
        ),
      ).toBe(true);
    } finally {
      calendar?.stop();
    }
  });
});
