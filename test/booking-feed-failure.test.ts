import { readFileSync } from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { createBookingCalendar } from '../server/booking/calendar';
import { FEED_BOUNDS, readFeed, type FeedRequest } from '../server/booking/feed';
import { captureLogs, testConfig } from './support/app';
import { readInline } from './support/inlineFeed';
import { startFeedServer, type FeedServer } from './support/feedServer';
import { testCert } from './support/tls';
import { DAY_MS, MINUTE_MS } from '../views/days';

// When the feed cannot be read: the last good copy serves for BOOKING_STALE_LIMIT_MINUTES (30 by
// default), then the calendar says 'unavailable' and offers no time at all. The address is a
// secret: the log names the host only, whatever went wrong.

const SECRET = 'cHJpdmF0ZS1mZWVkLXRva2Vu';
const FEED = `/calendar/ical/x/private-${SECRET}/basic.ics`;
const google = readFileSync(path.join(__dirname, 'fixtures', 'calendars', 'google.ics'), 'utf8');
const MONDAY = Date.parse('2026-11-30T08:00:00Z');
/** What the calendar asks a read for on Monday: the coming weeks, the feed in full. */
const MONDAY_REQUEST: FeedRequest = {
  window: { from: MONDAY - DAY_MS, to: MONDAY + 50 * DAY_MS },
  validators: null,
};

let feeds: FeedServer;
beforeAll(async () => {
  feeds = await startFeedServer();
});
afterAll(() => feeds.close());

/** `inline`: the feed read in the test's process by the parser's code (faster), not on a thread of its own. */
function calendarOn(env: Record<string, string> = {}, inline = false) {
  const config = testConfig({ BOOKING_CALENDAR_URL: `${feeds.origin}${FEED}`, ...env }).booking;
  if (!config) throw new Error('booking config missing');
  const { logger, logs } = captureLogs();
  let now = MONDAY;
  const calendar = createBookingCalendar(config, logger, {
    clock: () => new Date(now),
    ...(inline ? { read: readInline(config) } : {}),
  });
  return {
    calendar,
    logs,
    host: new URL(feeds.origin).host,
    advance: (minutes: number) => (now += minutes * MINUTE_MS),
    now: () => new Date(now),
  };
}

const messages = (logs: ReturnType<typeof captureLogs>['logs']) => logs.lines.map((l) => `${l.level} ${String(l.msg)}`);

test('the feed fails (HTTP 500, garbage, an HTML page): the last good copy for 30 minutes, then no times; back when it is read again', async () => {
  feeds.set(FEED, { kind: 'ics', body: google });
  const { calendar, logs, host, advance, now } = calendarOn({}, true);
  await calendar.refresh();
  const good = calendar.freeTimes('individuel', now());
  expect(good?.length).toBeGreaterThan(50);
  expect(calendar.state()).toMatchObject({ state: 'fresh', busyBlocks: expect.any(Number) });
  expect(messages(logs)[0]).toMatch(
    new RegExp(
      `^30 booking on: calendar feed from ${host}, \\d+ busy blocks in the next 42 days, read just now; every invitation in the calendar counts as busy`,
    ),
  );

  feeds.set(FEED, { kind: 'status', status: 500 });
  advance(5);
  await calendar.refresh();
  expect(calendar.state()).toMatchObject({ state: 'stale', error: 'the feed answered HTTP 500' });
  // The same times as before, from the copy: the visitor notices nothing.
  expect(calendar.freeTimes('individuel', new Date(MONDAY))).toEqual(good);
  expect(calendar.isFree('individuel', good![0]!.start, now())).toBe(true);

  feeds.set(FEED, { kind: 'ics', body: '<!doctype html><html><body>Sign in to continue</body></html>' });
  advance(10);
  await calendar.refresh();
  expect(calendar.state()).toMatchObject({ state: 'stale', error: 'not an iCalendar feed (cannot be parsed)' });

  // A download cut off half-way is not a calendar either (busy times could be missing).
  feeds.set(FEED, { kind: 'ics', body: google.slice(0, Math.floor(google.length / 2)) });
  advance(10);
  await calendar.refresh();
  expect(calendar.state()).toMatchObject({ state: 'stale', error: 'not an iCalendar feed (cannot be parsed)' });
  expect(calendar.freeTimes('individuel', new Date(MONDAY))).toEqual(good);

  // 30 minutes after the last good read: nothing is offered any more.
  advance(5);
  expect(calendar.state().state).toBe('stale');
  advance(0.02);
  expect(calendar.state()).toMatchObject({
    state: 'unavailable',
    readAt: new Date(MONDAY),
    error: expect.stringContaining('older than 30 min'),
  });
  expect(calendar.freeTimes('individuel', now())).toBeNull();
  expect(calendar.isFree('individuel', good![0]!.start, now())).toBeNull();
  feeds.set(FEED, { kind: 'status', status: 503 });
  await calendar.refresh();
  expect(calendar.freeTimes('individuel', now())).toBeNull();

  feeds.set(FEED, { kind: 'ics', body: google });
  advance(5);
  await calendar.refresh();
  expect(calendar.state()).toMatchObject({ state: 'fresh', readAt: now() });
  expect(calendar.freeTimes('individuel', now())?.length).toBeGreaterThan(50);

  expect(messages(logs).slice(1)).toEqual([
    `40 calendar feed from ${host} cannot be read: the feed answered HTTP 500; free times from the copy read 5 min ago are offered for up to 30 min`,
    `40 calendar feed from ${host} cannot be read: not an iCalendar feed (cannot be parsed); free times from the copy read 15 min ago are offered for up to 30 min`,
    `40 calendar feed from ${host} cannot be read: not an iCalendar feed (cannot be parsed); free times from the copy read 25 min ago are offered for up to 30 min`,
    `50 calendar feed from ${host} cannot be read: the feed answered HTTP 503; online booking offers no times until it can`,
    `30 calendar feed from ${host} read again: ${(calendar.state() as { busyBlocks: number }).busyBlocks} busy blocks in the next 42 days`,
  ]);
  expect(logs.text()).not.toContain(SECRET);
  expect(logs.text()).not.toContain('/calendar/ical');
});

test.each([
  ['a date that is not one', 'DTSTART:notadate\r\nDTEND:20261201T090000Z', /an event in the feed cannot be read/],
  ['no start', 'DTEND:20261201T090000Z', /an event in the feed has no start/],
  [
    'a recurrence rule that is not one',
    'DTSTART:20261201T080000Z\r\nDTEND:20261201T090000Z\r\nRRULE:FREQ=SOMETIMES',
    /not an iCalendar feed \(cannot be parsed\)/,
  ],
])('an event with %s: the read fails (busy times would be missing), the copy serves', async (_name, lines, error) => {
  feeds.set(FEED, { kind: 'ics', body: google });
  const { calendar, advance, now } = calendarOn({}, true);
  await calendar.refresh();
  const before = calendar.freeTimes('individuel', new Date(MONDAY));
  const broken = google.replace(
    'END:VCALENDAR',
    `BEGIN:VEVENT\r\nUID:broken@example\r\nDTSTAMP:20261101T000000Z\r\n${lines}\r\nEND:VEVENT\r\nEND:VCALENDAR`,
  );
  feeds.set(FEED, { kind: 'ics', body: broken });
  advance(5);
  await calendar.refresh();
  const state = calendar.state();
  expect(state.state).toBe('stale');
  expect('error' in state && state.error).toMatch(error);
  expect(calendar.freeTimes('individuel', new Date(MONDAY))).toEqual(before);
  expect(now()).toBeInstanceOf(Date);
});

test('BOOKING_STALE_LIMIT_MINUTES sets how long the copy serves', async () => {
  feeds.set(FEED, { kind: 'ics', body: google });
  const { calendar, advance, now } = calendarOn({ BOOKING_STALE_LIMIT_MINUTES: '10' }, true);
  await calendar.refresh();
  feeds.set(FEED, { kind: 'status', status: 502 });
  advance(9);
  await calendar.refresh();
  expect(calendar.freeTimes('par', now())).not.toBeNull();
  advance(2);
  expect(calendar.freeTimes('par', now())).toBeNull();
});

test('a feed that does not answer: given up after BOOKING_FETCH_TIMEOUT_SECONDS, the copy serves meanwhile', async () => {
  feeds.set(FEED, { kind: 'ics', body: google });
  const { calendar, logs, advance, now } = calendarOn({ BOOKING_FETCH_TIMEOUT_SECONDS: '1' }, true);
  await calendar.refresh();
  feeds.set(FEED, { kind: 'hang' });
  advance(5);
  const asked = feeds.hits(FEED);
  // While the read hangs, visitors get the copy's times at once: nothing waits for the feed.
  const pending = calendar.refresh();
  expect(calendar.freeTimes('individuel', now())?.length).toBeGreaterThan(50);
  await pending;
  // The feed had the request and never answered: the read ended by its own time limit, which the state names.
  expect(feeds.hits(FEED)).toBe(asked + 1);
  expect(calendar.state()).toMatchObject({ state: 'stale', error: 'no answer from the feed within 1 s' });
  expect(logs.text()).not.toContain(SECRET);
});

test('a feed that stops half-way: given up after BOOKING_FETCH_TIMEOUT_SECONDS, its parser stopped, the copy serves', async () => {
  feeds.set(FEED, { kind: 'ics', body: google });
  const { calendar, advance } = calendarOn({ BOOKING_FETCH_TIMEOUT_SECONDS: '1' });
  await calendar.refresh();
  const good = calendar.freeTimes('individuel', new Date(MONDAY));
  feeds.set(FEED, { kind: 'stall', body: google });
  advance(5);
  await calendar.refresh();
  // The parser had half a feed: it is not what it read that counts, but that the download failed.
  expect(calendar.state()).toMatchObject({ state: 'stale', error: 'no answer from the feed within 1 s' });
  expect(calendar.freeTimes('individuel', new Date(MONDAY))).toEqual(good);
});

test('the first read fails: no times at all, and the start-up line says why', async () => {
  feeds.set(FEED, { kind: 'status', status: 404 });
  const { calendar, logs, host, now } = calendarOn();
  expect(calendar.state()).toEqual({ state: 'loading' });
  expect(calendar.freeTimes('individuel', now())).toBeNull();
  calendar.start();
  await calendar.ready();
  calendar.stop();
  expect(calendar.state()).toEqual({ state: 'unavailable', readAt: null, error: 'the feed answered HTTP 404' });
  expect(calendar.freeTimes('individuel', now())).toBeNull();
  expect(calendar.isFree('individuel', new Date('2026-12-01T09:00+01:00'), now())).toBeNull();
  expect(messages(logs)).toEqual([
    `40 booking on, but the calendar feed from ${host} cannot be read: the feed answered HTTP 404; no free times are offered until it can`,
  ]);
});

test('nothing listens at the address: the network error code, never the address', async () => {
  const closed = await startFeedServer();
  const origin = closed.origin;
  await closed.close();
  const config = testConfig({ BOOKING_CALENDAR_URL: `${origin}${FEED}` }).booking;
  const { logger, logs } = captureLogs();
  const calendar = createBookingCalendar(config!, logger);
  await calendar.refresh();
  expect(calendar.state()).toMatchObject({ state: 'unavailable', error: 'the feed cannot be reached (ECONNREFUSED)' });
  expect(logs.text()).toContain(new URL(origin).host);
  expect(logs.text()).not.toContain(SECRET);
});

test('a feed larger than the size limit is refused without reading it all', async () => {
  const big = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${'X-FILLER:0123456789012345678901234567890123456789\r\n'.repeat(2000)}END:VCALENDAR\r\n`;
  feeds.set(FEED, { kind: 'ics', body: big });
  const config = testConfig({ BOOKING_CALENDAR_URL: `${feeds.origin}${FEED}` }).booking!;
  // The bound set low here (the server's is FEED_BOUNDS.feedBytes, 20 MB) so that a small feed exceeds it.
  const read = (feedBytes: number) => readFeed(config, MONDAY_REQUEST, { ...FEED_BOUNDS, feedBytes }, { here: true });
  // Refused at once when the answer says its length, else as soon as the bytes pass the limit.
  await expect(read(50_000)).rejects.toThrow('the feed is larger than 49 kB');
  feeds.set(FEED, { kind: 'ics', body: Buffer.from(big) });
  await expect(read(50_000)).rejects.toThrow('the feed is larger than 49 kB');
  await expect(read(200_000)).resolves.toMatchObject({ kind: 'read', skipped: [] });
});

test('a feed that needs more memory than a read may take: the error names its size and the limit, the copy serves', async () => {
  feeds.set(FEED, { kind: 'ics', body: google });
  // The bound is set low here (the server's is FEED_BOUNDS.heapMb) so that a few megabytes exceed it,
  // and what a read keeps until the feed is in (keptChars) high: within it, no feed runs out of memory.
  let bounds = FEED_BOUNDS;
  const config = testConfig({ BOOKING_CALENDAR_URL: `${feeds.origin}${FEED}` }).booking!;
  const { logger, logs } = captureLogs();
  let now = MONDAY;
  const calendar = createBookingCalendar(config, logger, {
    clock: () => new Date(now),
    read: (request) => readFeed(config, request, bounds),
  });
  await calendar.refresh();
  const good = calendar.freeTimes('individuel', new Date(MONDAY));
  // 40,000 short series in the coming four weeks, about 6 MB: each is kept until the feed is in and
  // then expanded, far more than 24 MB of heap can hold with no bound on what is kept (one-off
  // events are busy times as soon as they are read, and events of past years are dropped as they
  // are read: they would not do).
  const series = Array.from({ length: 40_000 }, (_, i) => {
    const day = `202612${String(1 + (i % 28)).padStart(2, '0')}`;
    const hour = String(8 + (i % 10)).padStart(2, '0');
    return `BEGIN:VEVENT\r\nUID:e${i}@google.com\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:${day}T${hour}0000Z\r\nDTEND:${day}T${hour}3000Z\r\nRRULE:FREQ=WEEKLY;COUNT=2\r\nEND:VEVENT\r\n`;
  }).join('');
  const big = google.replace('END:VCALENDAR', `${series}END:VCALENDAR`);
  feeds.set(FEED, { kind: 'ics', body: big });
  bounds = { ...FEED_BOUNDS, heapMb: 24, keptChars: 64 * 1024 * 1024 };
  now += 5 * MINUTE_MS;
  await calendar.refresh();
  // Its size as far as it was read when the memory ran out (the feed is read as it comes).
  const size = (Buffer.byteLength(big) / 1024 / 1024).toFixed(1);
  expect(calendar.state()).toMatchObject({
    state: 'stale',
    error: expect.stringMatching(
      new RegExp(
        `^the feed \\((${size}|over \\d\\.\\d) MB\\) needs more than the 24 MB of memory allowed for reading it$`,
      ),
    ),
  });
  expect(calendar.freeTimes('individuel', new Date(MONDAY))).toEqual(good);
  expect(logs.text()).toContain(`needs more than the 24 MB`);
  expect(logs.text()).not.toContain(SECRET);
});

test('redirected from https to plain http: refused (never downgraded), the plain address never asked', async () => {
  const secure = await startFeedServer({ tls: true });
  secure.set(FEED, { kind: 'redirect', to: `${feeds.origin}${FEED}` });
  feeds.set(FEED, { kind: 'ics', body: google });
  const asked = feeds.hits(FEED);
  const config = testConfig({ BOOKING_CALENDAR_URL: `${feeds.origin}${FEED}` }).booking!;
  const source = { kind: 'url' as const, url: new URL(`${secure.origin}${FEED}`) };
  // This process trusts the tests' certificate for this test (the built server does through NODE_EXTRA_CA_CERTS).
  const trusted = https.globalAgent.options.ca;
  https.globalAgent.options.ca = testCert();
  try {
    await expect(readFeed({ ...config, source }, MONDAY_REQUEST, FEED_BOUNDS, { here: true })).rejects.toThrow(
      'the feed redirected to an address without https',
    );
    expect(secure.hits(FEED)).toBe(1);
    expect(feeds.hits(FEED)).toBe(asked);
  } finally {
    https.globalAgent.options.ca = trusted;
    await secure.close();
  }
});
