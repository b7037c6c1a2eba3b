import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bookableServices } from '../content/booking';
import { createBookingCalendar } from '../server/booking/calendar';
import { readFeed, type FeedRequest, type FeedResult } from '../server/booking/feed';
import { captureLogs, testConfig } from './support/app';
import { bytesFeed } from './support/inlineFeed';
import { HOUR_MS, MINUTE_MS } from '../views/days';

// No event can switch booking off: Google and Outlook put received invitations into the calendar
// by default, so a stranger who knows the practitioner's address may place an event in her feed.
// A recurring event that repeats more often than a read may expand is left out (a warning names
// its UID, never its title) and every other busy time still counts. The 300 series of
// FREQ=HOURLY;COUNT=99999, floods of 30,000 one-off invitations (and a 20 MB feed of them) and the
// parser's end with its server are in test/booking-feed-hostile.slow.test.ts.

const google = readFileSync(path.join(__dirname, 'fixtures', 'calendars', 'google.ics'), 'utf8');
const MONDAY = '2026-11-30T08:00:00Z';
const TITLE = 'Gratis rådgivning – klik her';

/** An invitation as a stranger could send it, with a title that must never reach a log. */
const invitation = (uid: string, rule: string, start = '20261101T080000Z') =>
  `BEGIN:VEVENT\r\nUID:${uid}\r\nDTSTAMP:20261101T000000Z\r\nSUMMARY:${TITLE}\r\nATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:praksis@example.dk\r\nDTSTART:${start}\r\nDURATION:PT1M\r\nRRULE:${rule}\r\nEND:VEVENT\r\n`;

/** A feed read as the server reads it: on the parser thread, within its heap (here from a file). */
function onThread(text: string) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'hostile-feed-')), 'feed.ics');
  writeFileSync(file, text);
  return (request: FeedRequest) => readFeed({ source: { kind: 'file', path: file }, timeoutSeconds: 30 }, request);
}

/** Every free time of every service from a feed, after one read (by default in this process), with the log of it. */
async function freeTimesOf(
  text: string,
  read: (request: FeedRequest) => Promise<FeedResult> = bytesFeed(Buffer.from(text)),
) {
  const config = testConfig({ BOOKING_CALENDAR_URL: 'http://127.0.0.1:1/unused.ics' }).booking!;
  const { logger, logs } = captureLogs();
  const now = new Date(MONDAY);
  const calendar = createBookingCalendar(config, logger, { clock: () => now, read });
  await calendar.refresh();
  const times = Object.fromEntries(
    bookableServices.map((s) => [s, (calendar.freeTimes(s, now) ?? []).map((x) => x.start.toISOString())]),
  );
  return { calendar, times, logs };
}

const withEvents = (events: string) => google.replace('END:VCALENDAR', `${events}END:VCALENDAR`);

test('one FREQ=MINUTELY series beside normal events: booking stays fresh, the normal events stay busy, the series is named by its UID', async () => {
  const expected = (await freeTimesOf(google)).times;
  const { calendar, times, logs } = await freeTimesOf(
    withEvents(invitation('minutely-7f3a@evil.example', 'FREQ=MINUTELY')),
  );
  expect(calendar.state()).toMatchObject({ state: 'fresh' });
  expect(times).toEqual(expected);
  expect((expected.individuel ?? []).length).toBeGreaterThan(20);
  const warning = logs.lines.find((l) => l.level === 40);
  expect(String(warning?.msg)).toContain('UID minutely-7f3a@evil.example');
  expect(String(warning?.msg)).toContain('every other busy time counts');
  expect(logs.text()).not.toContain('Gratis');
});

test('rules that would walk for long (every second in February only, every minute since 1970 at 09) are left out; a daily series beside them counts', async () => {
  const daily =
    'BEGIN:VEVENT\r\nUID:daily@example\r\nDTSTAMP:20261101T000000Z\r\nDTSTART;TZID=Europe/Copenhagen:20160104T090000\r\nDTEND;TZID=Europe/Copenhagen:20160104T100000\r\nRRULE:FREQ=DAILY\r\nEND:VEVENT\r\n';
  const { calendar, times, logs } = await freeTimesOf(
    withEvents(
      invitation('feb@evil.example', 'FREQ=SECONDLY;BYMONTH=2', '20260301T080000Z') +
        invitation('nine@evil.example', 'FREQ=MINUTELY;BYHOUR=9', '19700101T080000Z') +
        daily,
    ),
  );
  expect(calendar.state()).toMatchObject({ state: 'fresh' });
  expect(logs.text()).toMatch(
    /2 event\(s\) left out, 2 repeat more often than a read may expand \(UID feb@evil\.example, nine@evil\.example\)/,
  );
  // The daily series (09:00-10:00 every day since 2016) still blocks 09:00 on every day.
  expect((times.individuel ?? []).some((t) => t.endsWith('T08:00:00.000Z'))).toBe(false);
  expect((times.individuel ?? []).length).toBeGreaterThan(20);
});

test('the same series left out at the next read is not warned of again', async () => {
  const config = testConfig({ BOOKING_CALENDAR_URL: 'http://127.0.0.1:1/unused.ics' }).booking!;
  const { logger, logs } = captureLogs();
  let now = Date.parse(MONDAY);
  const calendar = createBookingCalendar(config, logger, {
    clock: () => new Date(now),
    read: bytesFeed(Buffer.from(withEvents(invitation('again@evil.example', 'FREQ=MINUTELY')))),
  });
  await calendar.refresh();
  now += 5 * MINUTE_MS;
  await calendar.refresh();
  expect(logs.lines.filter((l) => String(l.msg).includes('left out'))).toHaveLength(1);
});

/** An invitation listing dates (RDATE), `count` of them `stepMs` apart from `from`. */
const listing = (uid: string, from: number, count: number, stepMs: number) => {
  const dates = Array.from({ length: count }, (_, i) =>
    new Date(from + i * stepMs).toISOString().replace(/[-:]|\.\d{3}/g, ''),
  );
  return `BEGIN:VEVENT\r\nUID:${uid}\r\nDTSTAMP:20261101T000000Z\r\nSUMMARY:${TITLE}\r\nDTSTART:20160101T000000Z\r\nDURATION:PT30M\r\nRDATE:${dates.join(',')}\r\nEND:VEVENT\r\n`;
};

test('invitations listing years of past dates (five RDATE lists of 50,000 hours, 4 MB) are read on the parser thread within its heap: booking fresh, the same times as without them', async () => {
  const expected = (await freeTimesOf(google)).times;
  const years = Array.from({ length: 5 }, (_, i) =>
    listing(`years-${i}@evil.example`, Date.UTC(2016, 0, 1), 50_000, HOUR_MS),
  ).join('');
  const { calendar, times, logs } = await freeTimesOf(withEvents(years), onThread(withEvents(years)));
  expect(calendar.state()).toMatchObject({ state: 'fresh' });
  expect(times).toEqual(expected);
  // Read, not left out: each list was cut to the dates that may reach into the coming weeks (none).
  expect(logs.text()).not.toContain('left out');
  expect(logs.text()).not.toContain('needs more than');
});

test("an invitation listing more dates in the coming weeks than a read keeps is left out by its UID, and so are those past a read's share; a short list counts", async () => {
  const expected = (await freeTimesOf(google)).times;
  const free = expected.individuel ?? [];
  // A free time the short list makes busy, one the list over an event's bound would have, and
  // where the many lists start (those within the read's share make their times busy).
  const [short, long, many] = [free[3] as string, free[free.length - 3] as string, free[20] as string];
  const lists =
    listing('short@example', Date.parse(short), 1, HOUR_MS) +
    listing('long@evil.example', Date.parse(long), 2_000, 120_000) +
    Array.from({ length: 12 }, (_, i) =>
      listing(`many-${i}@evil.example`, Date.parse(many) + i * MINUTE_MS, 900, 150_000),
    ).join('');
  const { calendar, times, logs } = await freeTimesOf(withEvents(lists), onThread(withEvents(lists)));
  expect(calendar.state()).toMatchObject({ state: 'fresh' });
  expect(times.individuel).not.toContain(short);
  expect(times.individuel).toContain(long);
  const warning = String(logs.lines.find((l) => l.level === 40)?.msg);
  // 2,000 dates: over one event's bound (1,500); eleven lists of 900 and the feed's own few fill the read's share (10,000), the twelfth is left out.
  expect(warning).toContain(
    '2 event(s) left out, 2 list more dates in the weeks ahead than a read keeps (UID long@evil.example, many-11@evil.example)',
  );
  expect(warning).not.toContain('short@example');
  expect(logs.text()).not.toContain('Gratis');
});

test.each([
  ['folded', '\r\n '],
  ['on one line', ''],
])(
  'an invitation carrying an 8 MB attachment inline (%s) is read on the parser thread within its heap: booking fresh, its own time busy',
  async (_name, fold) => {
    const expected = (await freeTimesOf(google)).times;
    const time = (expected.individuel ?? [])[5] as string;
    const base64 = Array.from({ length: (8 * 1024 * 1024) / 76 }, () => `${'QUJD'.repeat(18)}AB`).join(fold);
    const attached = `BEGIN:VEVENT\r\nUID:attached@evil.example\r\nDTSTAMP:20261101T000000Z\r\nSUMMARY:${TITLE}\r\nDTSTART:${time.replace(/[-:]|\.\d{3}/g, '')}\r\nDURATION:PT30M\r\nATTACH;ENCODING=BASE64;VALUE=BINARY;FMTTYPE=application/pdf:${base64}\r\nEND:VEVENT\r\n`;
    const feed = withEvents(attached + attached.replace('attached@', 'attached-2@'));
    const { calendar, times } = await freeTimesOf(feed, onThread(feed));
    expect(calendar.state()).toMatchObject({ state: 'fresh' });
    expect(times.individuel).not.toContain(time);
    expect(times.individuel?.length).toBeGreaterThan(20);
  },
);

test('lines of megabytes: an unfolded 3 MB description is dropped and its event counts; an event keeping more than a read keeps of one (a 3 MB EXDATE line, eight 200 kB RDATE lines) is left out by its UID', async () => {
  const expected = (await freeTimesOf(google)).times;
  const free = expected.individuel ?? [];
  const [described, excluded, listed] = [free[4], free[8], free[12]] as [string, string, string];
  const at = (time: string) => time.replace(/[-:]|\.\d{3}/g, '');
  const past = (bytes: number) => Array.from({ length: Math.ceil(bytes / 17) }, () => '20160101T000000Z').join(',');
  const event = (uid: string, time: string, lines: string) =>
    `BEGIN:VEVENT\r\nUID:${uid}\r\nDTSTAMP:20261101T000000Z\r\nSUMMARY:${TITLE}\r\nDTSTART:${at(time)}\r\nDURATION:PT30M\r\n${lines}END:VEVENT\r\n`;
  const events =
    event('described@example', described, `DESCRIPTION:${'x'.repeat(3 * 1024 * 1024)}\r\n`) +
    event('excluded@evil.example', excluded, `EXDATE:${past(3 * 1024 * 1024)}\r\n`) +
    event('listed@evil.example', listed, `RDATE:${past(200 * 1024)}\r\n`.repeat(8));
  const { calendar, times, logs } = await freeTimesOf(withEvents(events), onThread(withEvents(events)));
  expect(calendar.state()).toMatchObject({ state: 'fresh' });
  expect(times.individuel).not.toContain(described);
  expect(times.individuel).toContain(excluded);
  expect(times.individuel).toContain(listed);
  const warning = String(logs.lines.find((l) => l.level === 40)?.msg);
  expect(warning).toContain(
    '2 event(s) left out, 2 carry more text than a read keeps of one event (UID excluded@evil.example, listed@evil.example)',
  );
});
