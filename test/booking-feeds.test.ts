import { readFileSync } from 'node:fs';
import { DateTime } from 'luxon';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { bookableServices, bookingRules, type BookableService, type BookingRules } from '../content/booking';
import { answerDue, earliestStart } from '../server/booking/answerWindow';
import { bookingHealth, createBookingCalendar, type FeedCalendar } from '../server/booking/calendar';
import { checkRules, computeFreeTimes, busyIndex } from '../server/booking/freeTimes';
import { FEED_BOUNDS, readFeed, type FeedBounds } from '../server/booking/feed';
import { captureLogs, testConfig } from './support/app';
import { readInline } from './support/inlineFeed';
import { startFeedServer, type FeedBehaviour, type FeedServer } from './support/feedServer';
import { localDate } from './support/booking';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../views/days';

// Free times from feeds shaped as the providers publish them, read over HTTP from a local
// server, with the practice's own rules (content/booking.ts): Mon-Thu 09-16, Tuesday adults to
// 19:00, Wednesday afternoon supervision, Fri 09-13, 10 min buffer, 24 h notice, 42 days, a 30 min
// grid. Times below are Danish wall-clock times with their UTC offset.

const FIXTURES = path.join(__dirname, 'fixtures', 'calendars');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');
/** The secret part of every address: it must never reach a log line. */
const SECRET = 'c2VjcmV0LXRva2VuLTk4NzY1';

let feeds: FeedServer;
const open: FeedCalendar[] = [];

beforeAll(async () => {
  feeds = await startFeedServer();
  feeds.set(`/owa/calendar/${SECRET}/reachcalendar/calendar.ics`, { kind: 'ics', body: fixture('outlook.ics') });
  feeds.set(`/owa/calendar/${SECRET}/other/calendar.ics`, { kind: 'ics', body: fixture('outlook-no-vtimezone.ics') });
  feeds.set(`/calendar/ical/practice%40gmail.com/private-${SECRET}/basic.ics`, {
    kind: 'ics',
    body: fixture('google.ics'),
  });
  feeds.set(`/freebusy/user/${SECRET}/calendar.ics`, { kind: 'ics', body: fixture('fastmail-freebusy.ics') });
  // iCloud's webcal:// address answers with a redirect to the calendar's own server.
  feeds.set(`/published/2/${SECRET}`, { kind: 'redirect', to: `/p42-caldav/published/2/${SECRET}` });
  feeds.set(`/p42-caldav/published/2/${SECRET}`, { kind: 'ics', body: fixture('icloud.ics') });
  feeds.set(`/remote.php/dav/public-calendars/${SECRET}`, { kind: 'ics', body: fixture('nextcloud.ics') });
  feeds.set(`/dst/${SECRET}.ics`, { kind: 'ics', body: fixture('dst.ics') });
  feeds.set(`/empty/${SECRET}.ics`, {
    kind: 'ics',
    body: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nEND:VCALENDAR\r\n',
  });
});

afterAll(async () => {
  for (const c of open) c.stop();
  await feeds.close();
});

/**
 * The practice's rules with the shortest notice they allow (the answer due the same day, times
 * from the day after next), so that the feeds' events in the coming days are what is tested.
 */
const feedRules: BookingRules = { ...bookingRules, confirmWithinWorkingDays: 0, noticeDaysAfterAnswer: 1 };

/**
 * A calendar reading `feedPath` from the local provider, its clock at `nowIso`, after its first
 * read. The feed is read by the code the parser thread runs, here in the test's process (a
 * process per read costs a second on a busy machine; booking-feed-failure.test.ts reads in one).
 */
async function readCalendar(feedPath: string, nowIso: string, rules: BookingRules = feedRules) {
  const config = testConfig({ BOOKING_CALENDAR_URL: `${feeds.origin}${feedPath}` }).booking;
  if (!config) throw new Error('booking config missing');
  const { logger, logs } = captureLogs();
  const now = new Date(nowIso);
  const calendar = createBookingCalendar(config, logger, {
    clock: () => now,
    rules,
    read: readInline(config),
  });
  open.push(calendar);
  calendar.start();
  await calendar.ready();
  expect(calendar.state()).toMatchObject({ state: 'fresh' });
  expect(logs.text()).not.toContain(SECRET);

  /** Whether this start is offered, asked both ways (the list and the single check agree). */
  const offered = (service: BookableService, local: string) => {
    const start = new Date(local);
    if (Number.isNaN(start.getTime())) throw new Error(`bad time ${local}`);
    const inList = (calendar.freeTimes(service, now) ?? []).some((s) => s.start.getTime() === start.getTime());
    expect(calendar.isFree(service, start, now)).toBe(inList);
    return inList;
  };
  /** The local dates (Copenhagen) that have any offered time for this service. */
  const days = (service: BookableService) =>
    new Set((calendar.freeTimes(service, now) ?? []).map((s) => localDate(s.start)));
  return { calendar, offered, days, now, logs };
}

/** A feed's busy times over a window (ms), read by the feed module here from its bytes (as an answer declaring `charset` would bring them). */
async function busyOf(
  feed: string | Uint8Array,
  window: { from: number; to: number },
  charset: string | null = null,
  bounds: FeedBounds = FEED_BOUNDS,
) {
  const bytes = typeof feed === 'string' ? Buffer.from(feed) : feed;
  const source = { kind: 'bytes' as const, bytes, charset };
  const result = await readFeed({ source, timeoutSeconds: 10 }, { window, validators: null }, bounds, { here: true });
  if (result.kind !== 'read') throw new Error(`not read: ${result.kind}`);
  return result;
}

// Monday 30 November 2026, 09:00 in Aalborg: the first bookable start is Tuesday 09:00.
// Sunday morning: the first times are Tuesday 1 December's.
const NOW = '2026-11-29T08:00:00Z';
/** A Monday morning: the shapes' comparison reads the coming weeks from here. */
const MONDAY = '2026-11-30T08:00:00Z';

describe('Outlook: published calendar, "can view when I\'m busy", Windows time-zone names', () => {
  test('a weekly series with its VTIMEZONE "Romance Standard Time": the series, its EXDATE and its moved occurrence', async () => {
    const { offered } = await readCalendar(`/owa/calendar/${SECRET}/reachcalendar/calendar.ics`, NOW);
    expect(offered('individuel', '2026-12-01T09:00+01:00')).toBe(false); // Tuesdays 09-10
    expect(offered('individuel', '2026-12-01T10:00+01:00')).toBe(false); // within the 10 min buffer
    expect(offered('individuel', '2026-12-01T10:30+01:00')).toBe(true);
    expect(offered('individuel', '2026-12-08T09:00+01:00')).toBe(true); // EXDATE
    expect(offered('individuel', '2026-12-15T09:00+01:00')).toBe(true); // moved to 13:00 (RECURRENCE-ID)
    expect(offered('individuel', '2026-12-15T12:00+01:00')).toBe(true); // ends 12:50, ten minutes before
    expect(offered('individuel', '2026-12-15T12:30+01:00')).toBe(false);
    expect(offered('individuel', '2026-12-15T13:00+01:00')).toBe(false);
    expect(offered('individuel', '2026-12-15T14:00+01:00')).toBe(false);
    expect(offered('individuel', '2026-12-15T14:30+01:00')).toBe(true);
    expect(offered('individuel', '2026-12-22T09:00+01:00')).toBe(false);
  });

  test('tentative blocks, free (TRANSP:TRANSPARENT, BUSYSTATUS FREE) does not, an all-day "Away" closes the day', async () => {
    const { offered, days } = await readCalendar(`/owa/calendar/${SECRET}/reachcalendar/calendar.ics`, NOW);
    expect(offered('individuel', '2026-12-02T09:00+01:00')).toBe(false);
    expect(offered('individuel', '2026-12-02T09:30+01:00')).toBe(false);
    expect(offered('individuel', '2026-12-02T10:00+01:00')).toBe(true);
    expect(offered('individuel', '2026-12-03T09:00+01:00')).toBe(true);
    expect(days('individuel').has('2026-12-07')).toBe(false);
    expect(days('individuel').has('2026-12-08')).toBe(true);
  });

  test('a zone by display name, "(UTC-05:00) Eastern Time (US & Canada)", read by the feed\'s own VTIMEZONE', async () => {
    const { offered } = await readCalendar(`/owa/calendar/${SECRET}/reachcalendar/calendar.ics`, NOW);
    // 04:00-05:00 in New York is 10:00-11:00 in Denmark.
    expect(offered('individuel', '2026-12-10T09:00+01:00')).toBe(true);
    expect(offered('individuel', '2026-12-10T10:00+01:00')).toBe(false);
    expect(offered('individuel', '2026-12-10T11:00+01:00')).toBe(false);
    expect(offered('individuel', '2026-12-10T11:30+01:00')).toBe(true);
  });

  test('Windows zone names with no VTIMEZONE in the feed ("W. Europe Standard Time", "Romance Standard Time") are Central European time', async () => {
    const { offered } = await readCalendar(`/owa/calendar/${SECRET}/other/calendar.ics`, NOW);
    expect(offered('individuel', '2026-12-04T09:00+01:00')).toBe(false);
    expect(offered('individuel', '2026-12-04T10:00+01:00')).toBe(false);
    expect(offered('individuel', '2026-12-04T10:30+01:00')).toBe(true);
    expect(offered('individuel', '2026-12-03T13:00+01:00')).toBe(true);
    expect(offered('individuel', '2026-12-03T14:00+01:00')).toBe(false);
    expect(offered('individuel', '2026-12-10T14:00+01:00')).toBe(false);
    // "GMT Standard Time" is London's: 10:00-11:00 there is 11:00-12:00 in Denmark.
    expect(offered('individuel', '2026-12-08T10:00+01:00')).toBe(true);
    expect(offered('individuel', '2026-12-08T11:00+01:00')).toBe(false);
    expect(offered('individuel', '2026-12-08T12:30+01:00')).toBe(true);
  });
});

describe('Google: the secret address in iCal format', () => {
  test('RRULE with EXDATE, an occurrence moved (RECURRENCE-ID) and one cancelled', async () => {
    const { offered } = await readCalendar(`/calendar/ical/practice%40gmail.com/private-${SECRET}/basic.ics`, NOW);
    expect(offered('individuel', '2026-12-07T10:00+01:00')).toBe(true); // EXDATE
    expect(offered('individuel', '2026-12-14T10:00+01:00')).toBe(true); // moved to 14:00
    expect(offered('individuel', '2026-12-14T13:00+01:00')).toBe(true);
    expect(offered('individuel', '2026-12-14T13:30+01:00')).toBe(false);
    expect(offered('individuel', '2026-12-14T15:00+01:00')).toBe(false);
    expect(offered('individuel', '2026-12-21T10:00+01:00')).toBe(true); // cancelled occurrence
    expect(offered('individuel', '2026-12-28T09:00+01:00')).toBe(true); // ends exactly the buffer before
    expect(offered('individuel', '2026-12-28T10:00+01:00')).toBe(false);
    expect(offered('individuel', '2026-12-28T11:00+01:00')).toBe(false);
    expect(offered('individuel', '2026-12-28T11:30+01:00')).toBe(true);
  });

  test('all-day closes the day; free and cancelled events do not block; UTC times', async () => {
    const { offered, days } = await readCalendar(
      `/calendar/ical/practice%40gmail.com/private-${SECRET}/basic.ics`,
      NOW,
    );
    for (const service of ['individuel', 'par', 'boern'] as const) expect(days(service).has('2026-12-03')).toBe(false);
    expect(offered('individuel', '2026-12-02T09:00+01:00')).toBe(true); // TRANSP:TRANSPARENT
    expect(offered('individuel', '2026-12-04T09:00+01:00')).toBe(true); // STATUS:CANCELLED
    expect(offered('individuel', '2026-12-01T09:00+01:00')).toBe(false); // 08:00Z
    expect(offered('individuel', '2026-12-01T10:30+01:00')).toBe(true);
  });
});

describe('Fastmail: the free/busy address (VFREEBUSY)', () => {
  test('FREEBUSY periods (end or duration, several on one line) block; FBTYPE=FREE does not', async () => {
    const { offered, days } = await readCalendar(`/freebusy/user/${SECRET}/calendar.ics`, NOW);
    expect(offered('individuel', '2026-12-01T09:00+01:00')).toBe(false);
    expect(offered('individuel', '2026-12-01T10:30+01:00')).toBe(true);
    expect(offered('individuel', '2026-12-01T12:00+01:00')).toBe(true);
    expect(offered('individuel', '2026-12-01T13:00+01:00')).toBe(false); // 12:00Z/PT1H
    expect(offered('individuel', '2026-12-01T14:00+01:00')).toBe(false);
    expect(offered('individuel', '2026-12-01T14:30+01:00')).toBe(true);
    expect(offered('individuel', '2026-12-02T09:30+01:00')).toBe(false); // BUSY-TENTATIVE
    expect(offered('individuel', '2026-12-02T10:00+01:00')).toBe(true);
    expect(offered('individuel', '2026-12-03T09:00+01:00')).toBe(true); // FREE
    expect(days('individuel').has('2026-12-04')).toBe(false); // BUSY-UNAVAILABLE all Friday morning
    expect(offered('individuel', '2026-12-07T09:00+01:00')).toBe(true);
    expect(offered('individuel', '2026-12-07T10:00+01:00')).toBe(false);
  });
});

describe('iCloud: a public calendar (webcal:// redirecting to its server)', () => {
  test('a multi-day timed event, a floating time read as Danish time, multi-day all-day events', async () => {
    const { offered, days } = await readCalendar(`/published/2/${SECRET}`, NOW);
    expect(feeds.hits(`/p42-caldav/published/2/${SECRET}`)).toBeGreaterThan(0);
    expect(offered('supervision-individuel', '2026-12-09T12:00+01:00')).toBe(false);
    expect(offered('individuel', '2026-12-09T11:00+01:00')).toBe(true);
    expect(days('individuel').has('2026-12-10')).toBe(false);
    expect(offered('individuel', '2026-12-11T11:00+01:00')).toBe(false);
    expect(offered('individuel', '2026-12-11T11:30+01:00')).toBe(true);
    // Floating 13:00-14:00: Danish time, not UTC (which would be 14:00-15:00 here).
    expect(offered('individuel', '2026-12-15T12:00+01:00')).toBe(true);
    expect(offered('individuel', '2026-12-15T13:00+01:00')).toBe(false);
    expect(offered('individuel', '2026-12-15T14:00+01:00')).toBe(false);
    expect(offered('individuel', '2026-12-15T14:30+01:00')).toBe(true);
    // All-day 16-17 December marked free; 17-19 December busy.
    expect(days('individuel').has('2026-12-16')).toBe(true);
    expect(days('individuel').has('2026-12-17')).toBe(false);
    expect(days('individuel').has('2026-12-18')).toBe(false);
  });
});

describe('Nextcloud: a public calendar link', () => {
  test('RRULE with COUNT and with UNTIL, DURATION instead of DTEND, a cancelled event', async () => {
    const { offered } = await readCalendar(`/remote.php/dav/public-calendars/${SECRET}`, NOW);
    expect(offered('individuel', '2026-12-07T14:00+01:00')).toBe(true);
    expect(offered('individuel', '2026-12-07T14:30+01:00')).toBe(false);
    expect(offered('individuel', '2026-12-07T15:00+01:00')).toBe(false);
    expect(offered('individuel', '2026-12-08T15:00+01:00')).toBe(false);
    expect(offered('supervision-individuel', '2026-12-09T15:00+01:00')).toBe(false);
    expect(offered('individuel', '2026-12-10T15:00+01:00')).toBe(true); // COUNT=3 has ended
    expect(offered('individuel', '2026-12-11T10:30+01:00')).toBe(false); // 09:00 + PT1H30M + buffer
    expect(offered('individuel', '2026-12-11T11:00+01:00')).toBe(true);
    expect(offered('individuel', '2026-12-17T09:00+01:00')).toBe(true);
    expect(offered('individuel', '2026-12-15T09:00+01:00')).toBe(false); // UNTIL includes the 15th
    expect(offered('individuel', '2026-12-22T09:00+01:00')).toBe(true);
  });
});

describe("the owner's rules", () => {
  test('services only in their hours: children not on Tuesday evening, supervision only on Wednesday afternoon', async () => {
    const { offered, calendar, now } = await readCalendar(`/empty/${SECRET}.ics`, NOW);
    expect(offered('par', '2026-12-01T18:00+01:00')).toBe(false); // 75 min: would end 19:15
    expect(offered('par', '2026-12-01T17:30+01:00')).toBe(true);
    expect(offered('boern', '2026-12-01T16:00+01:00')).toBe(false);
    expect(offered('boern', '2026-12-01T15:00+01:00')).toBe(true);
    expect(offered('supervision-individuel', '2026-12-02T12:00+01:00')).toBe(true);
    expect(offered('supervision-individuel', '2026-12-02T15:00+01:00')).toBe(true);
    expect(offered('supervision-individuel', '2026-12-02T15:30+01:00')).toBe(false);
    expect(offered('supervision-individuel', '2026-12-03T09:00+01:00')).toBe(false);
    expect(offered('individuel', '2026-12-02T12:00+01:00')).toBe(false);
    expect(offered('individuel', '2026-12-04T12:00+01:00')).toBe(true); // Friday to 13:00
    expect(offered('individuel', '2026-12-04T12:30+01:00')).toBe(false);
    expect(offered('individuel', '2026-12-05T10:00+01:00')).toBe(false); // Saturday
    expect(offered('individuel', '2026-12-01T09:15+01:00')).toBe(false); // off the 30 min grid
    for (const slot of calendar.freeTimes('familie', now) ?? [])
      expect(slot.end.getTime() - slot.start.getTime()).toBe(75 * MINUTE_MS);
  });

  test('closed dates (Christmas, New Year) have no times', async () => {
    const { days } = await readCalendar(`/empty/${SECRET}.ics`, '2026-12-20T08:00:00Z');
    const open = days('individuel');
    for (const d of ['2026-12-24', '2026-12-25', '2026-12-31', '2027-01-01']) expect(open.has(d)).toBe(false);
    for (const d of ['2026-12-23', '2026-12-28', '2026-12-29', '2027-01-04']) expect(open.has(d)).toBe(true);
  });

  test('notice: a Friday-afternoon request can have the Thursday after, not earlier: the answer (by Tuesday) comes first', async () => {
    // The practice's own rules: the answer within 2 working days, times from the day after the day after.
    const { offered, calendar } = await readCalendar(`/empty/${SECRET}.ics`, '2026-12-04T13:00:00Z', bookingRules);
    expect(offered('individuel', '2026-12-08T15:00+01:00')).toBe(false); // Tuesday: the answer's last day
    expect(offered('individuel', '2026-12-09T11:00+01:00')).toBe(false); // Wednesday
    expect(offered('individuel', '2026-12-10T09:00+01:00')).toBe(true); // Thursday, the first time
    expect(calendar.freeTimes('individuel', new Date('2026-12-04T13:00:00Z'))?.[0]?.start.toISOString()).toBe(
      '2026-12-10T08:00:00.000Z',
    );
    // Around Christmas the closed days do not count: Monday 21 December's answer is due by Wednesday
    // 23, so its first time is Monday 28 (24 to 27 are closed or the weekend); Wednesday 23's is due by
    // Tuesday 29, so its first is Monday 4 January (31 December and 1 January are closed).
    // Each read on its day (a copy read weeks before would be stale by then).
    const first = async (iso: string) =>
      (await readCalendar(`/empty/${SECRET}.ics`, iso, bookingRules)).calendar
        .freeTimes('individuel', new Date(iso))?.[0]
        ?.start.toISOString();
    expect(await first('2026-12-21T10:00:00Z')).toBe('2026-12-28T08:00:00.000Z');
    expect(await first('2026-12-23T10:00:00Z')).toBe('2027-01-04T08:00:00.000Z');
  });

  test('rules whose notice would let the answer come after the cancellation deadline stop the start-up', () => {
    expect(checkRules(bookingRules)).toEqual([]);
    expect(checkRules({ ...bookingRules, noticeDaysAfterAnswer: 0 })).toEqual([
      'noticeDaysAfterAnswer must be 1 or more, so that the answer comes before the cancellation deadline (is 0)',
    ]);
  });

  test('the promise holds for every hour of eight weeks: every offered time lets the answer come before its cancellation deadline', async () => {
    const { calendar } = await readCalendar(`/empty/${SECRET}.ics`, '2026-12-01T11:00:00Z', bookingRules);
    const zone = 'Europe/Copenhagen';
    // Every third hour from Monday 30 November, Christmas and New Year included.
    for (let h = 0; h < 8 * 7 * 24; h += 3) {
      const now = new Date(Date.parse('2026-11-30T00:00:00Z') + h * HOUR_MS);
      const due = answerDue(bookingRules, now).getTime();
      for (const slot of (calendar.freeTimes('individuel', now) ?? []).slice(0, 3)) {
        // As the prices page says: by 12 o'clock the day before, and at least 24 hours before.
        const start = DateTime.fromJSDate(slot.start, { zone });
        const noonBefore = start.minus({ days: 1 }).set({ hour: 12, minute: 0 }).toMillis();
        const deadline = Math.min(noonBefore, start.toMillis() - 24 * HOUR_MS);
        if (due > deadline)
          throw new Error(`${now.toISOString()}: ${slot.start.toISOString()} is offered before the answer`);
      }
    }
  });

  test("the answer's due date and the first bookable time turn at local midnight, whatever order the times are asked in", () => {
    const due = (local: string) => answerDue(bookingRules, new Date(local)).toISOString();
    const first = (local: string) => new Date(earliestStart(bookingRules, new Date(local))).toISOString();
    const dueThursday = new Date('2026-12-08T00:00+01:00').toISOString(); // Friday, Monday: Tuesday 00:00
    const dueFriday = new Date('2026-12-09T00:00+01:00').toISOString(); // Monday, Tuesday: Wednesday 00:00
    expect(due('2026-12-03T23:59+01:00')).toBe(dueThursday);
    expect(due('2026-12-04T00:00+01:00')).toBe(dueFriday);
    expect(due('2026-12-05T00:00+01:00')).toBe(dueFriday); // Saturday
    expect(due('2026-12-03T00:00+01:00')).toBe(dueThursday); // back again
    const days = bookingRules.noticeDaysAfterAnswer;
    expect(first('2026-12-04T12:00+01:00')).toBe(
      DateTime.fromISO(dueFriday, { zone: bookingRules.timeZone }).plus({ days }).toUTC().toISO(),
    );
    expect(first('2026-12-03T12:00+01:00')).toBe(
      DateTime.fromISO(dueThursday, { zone: bookingRules.timeZone }).plus({ days }).toUTC().toISO(),
    );
  });

  test('horizon: 42 local days ahead, to the minute', async () => {
    // Tuesday 1 December 12:00; 42 days later is Tuesday 12 January 12:00.
    const { offered, calendar, now } = await readCalendar(`/empty/${SECRET}.ics`, '2026-12-01T11:00:00Z');
    expect(offered('individuel', '2027-01-12T11:30+01:00')).toBe(true);
    expect(offered('individuel', '2027-01-12T12:00+01:00')).toBe(false);
    const all = calendar.freeTimes('individuel', now) ?? [];
    expect(all.at(-1)?.start.toISOString()).toBe('2027-01-12T10:30:00.000Z');
    // Soonest first, no start twice.
    expect(all.map((s) => s.start.getTime())).toEqual(
      [...new Set(all.map((s) => s.start.getTime()))].sort((a, b) => a - b),
    );
  });
});

describe('the weeks around the daylight-saving changes', () => {
  test('autumn 2026 (25 October): the same wall-clock hours on both sides, each zone kind read right', async () => {
    const { offered, calendar, now } = await readCalendar(`/dst/${SECRET}.ics`, '2026-10-19T06:00:00Z');
    // The grid stays at 09:00 Danish time: 07:00Z in summer time, 08:00Z in winter time.
    const first = (day: string) =>
      (calendar.freeTimes('individuel', now) ?? []).find((s) => localDate(s.start) === day)?.start.toISOString();
    expect(first('2026-10-23')).toBe('2026-10-23T07:00:00.000Z');
    expect(first('2026-10-30')).toBe('2026-10-30T08:00:00.000Z');
    // Europe/Copenhagen (VTIMEZONE) Fridays 10:00.
    expect(offered('individuel', '2026-10-23T10:00+02:00')).toBe(false);
    expect(offered('individuel', '2026-10-30T10:00+01:00')).toBe(false);
    expect(offered('individuel', '2026-10-30T09:00+01:00')).toBe(true);
    // Windows "Romance Standard Time" (VTIMEZONE from 1601) Thursdays 13:00.
    expect(offered('individuel', '2026-10-22T13:00+02:00')).toBe(false);
    expect(offered('individuel', '2026-10-29T13:00+01:00')).toBe(false);
    expect(offered('individuel', '2026-10-29T12:00+01:00')).toBe(true);
    // UTC Wednesdays 08:00Z: 10:00 in summer time, 09:00 in winter time.
    expect(offered('individuel', '2026-10-21T10:00+02:00')).toBe(false);
    expect(offered('individuel', '2026-10-21T09:00+02:00')).toBe(true);
    expect(offered('individuel', '2026-10-28T09:00+01:00')).toBe(false);
    expect(offered('individuel', '2026-10-28T10:30+01:00')).toBe(true);
    // Europe/Berlin with no VTIMEZONE in the feed: Tuesdays 10:00 on both sides.
    expect(offered('individuel', '2026-10-20T10:00+02:00')).toBe(false);
    expect(offered('individuel', '2026-10-27T10:00+01:00')).toBe(false);
    expect(offered('individuel', '2026-10-27T09:00+01:00')).toBe(true);
    // America/New_York with no VTIMEZONE, Thursdays 04:00: the US changes a week later (1 November).
    expect(offered('individuel', '2026-10-22T10:00+02:00')).toBe(false);
    expect(offered('individuel', '2026-10-22T09:00+02:00')).toBe(true);
    expect(offered('individuel', '2026-10-29T09:00+01:00')).toBe(false);
    expect(offered('individuel', '2026-10-29T10:30+01:00')).toBe(true);
    expect(offered('individuel', '2026-11-05T10:00+01:00')).toBe(false);
    expect(offered('individuel', '2026-11-05T09:00+01:00')).toBe(true);
    // Floating Mondays 11:00.
    expect(offered('individuel', '2026-10-26T11:00+01:00')).toBe(false);
    expect(offered('individuel', '2026-10-26T10:00+01:00')).toBe(true);
    expect(offered('individuel', '2026-10-26T12:30+01:00')).toBe(true);
  });

  test('spring 2027 (28 March, Easter): summer time from Monday; the Easter holidays closed', async () => {
    const { offered, days, calendar, now } = await readCalendar(`/dst/${SECRET}.ics`, '2027-03-21T07:00:00Z');
    for (const d of ['2027-03-25', '2027-03-26', '2027-03-29']) expect(days('individuel').has(d)).toBe(false);
    const first = (day: string) =>
      (calendar.freeTimes('individuel', now) ?? []).find((s) => localDate(s.start) === day)?.start.toISOString();
    expect(first('2027-03-23')).toBe('2027-03-23T08:00:00.000Z');
    expect(first('2027-03-30')).toBe('2027-03-30T07:00:00.000Z');
    expect(offered('individuel', '2027-03-23T10:00+01:00')).toBe(false);
    expect(offered('individuel', '2027-03-30T10:00+02:00')).toBe(false);
    expect(offered('individuel', '2027-03-30T09:00+02:00')).toBe(true);
    // UTC 08:00Z: 09:00 in winter time, 10:00 in summer time.
    expect(offered('individuel', '2027-03-24T09:00+01:00')).toBe(false);
    expect(offered('individuel', '2027-03-24T10:30+01:00')).toBe(true);
    expect(offered('individuel', '2027-03-31T09:00+02:00')).toBe(true);
    expect(offered('individuel', '2027-03-31T10:00+02:00')).toBe(false);
    expect(offered('individuel', '2027-03-31T11:00+02:00')).toBe(false);
    expect(offered('individuel', '2027-04-01T13:00+02:00')).toBe(false);
    expect(offered('individuel', '2027-04-01T12:00+02:00')).toBe(true);
    expect(offered('individuel', '2027-04-02T10:00+02:00')).toBe(false);
    expect(offered('individuel', '2027-04-02T09:00+02:00')).toBe(true);
    expect(offered('individuel', '2027-04-05T11:00+02:00')).toBe(false);
    expect(offered('individuel', '2027-04-05T10:00+02:00')).toBe(true);
  });

  test('autumn 2027 (31 October): the series keep their wall-clock hours', async () => {
    const { offered } = await readCalendar(`/dst/${SECRET}.ics`, '2027-10-24T06:00:00Z');
    expect(offered('individuel', '2027-10-29T10:00+02:00')).toBe(false);
    expect(offered('individuel', '2027-10-29T09:00+02:00')).toBe(true);
    expect(offered('individuel', '2027-11-05T10:00+01:00')).toBe(false);
    expect(offered('individuel', '2027-11-05T09:00+01:00')).toBe(true);
    expect(offered('individuel', '2027-11-03T09:00+01:00')).toBe(false);
    expect(offered('individuel', '2027-10-27T10:00+02:00')).toBe(false);
  });

  test('all-day dates are Danish days, midnight to midnight', async () => {
    const now = new Date('2026-11-30T12:00:00Z');
    const allDay = await busyOf(
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20261101T000000Z\r\nDTSTART;VALUE=DATE:20261201\r\nDTEND;VALUE=DATE:20261202\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
      { from: now.getTime(), to: now.getTime() + 7 * DAY_MS },
    );
    const aroundMidnight: BookingRules = {
      ...bookingRules,
      week: {
        1: [{ from: '22:00', to: '24:00', services: ['individuel'] }],
        2: [{ from: '00:00', to: '02:00', services: ['individuel'] }],
        3: [{ from: '00:00', to: '02:00', services: ['individuel'] }],
      },
      bufferMinutes: 0,
      // No notice: times from now on (the answer due today, the first day today).
      confirmWithinWorkingDays: 0,
      noticeDaysAfterAnswer: -1,
    };
    const starts = computeFreeTimes(aroundMidnight, 'individuel', now, allDay.busy).map((s) => s.start.toISOString());
    expect(starts.filter((s) => s < '2026-12-03')).toEqual([
      '2026-11-30T21:00:00.000Z',
      '2026-11-30T21:30:00.000Z',
      '2026-11-30T22:00:00.000Z', // Monday 22:00-23:00
      '2026-12-01T23:00:00.000Z',
      '2026-12-01T23:30:00.000Z',
      '2026-12-02T00:00:00.000Z', // Wednesday 00:00-01:00
    ]);
  });

  test('opening hours across the change itself (a night span) step in wall-clock time', () => {
    const night: BookingRules = {
      ...bookingRules,
      week: { 7: [{ from: '01:00', to: '05:00', services: ['individuel'] }] },
      closedDates: [],
      // 28 March 2027 is Easter Sunday too.
      closedOnPublicHolidays: false,
      // No notice: times from now on (the answer due today, the first day today).
      confirmWithinWorkingDays: 0,
      noticeDaysAfterAnswer: -1,
    };
    const none = busyIndex([]);
    const on = (day: string, now: string) =>
      computeFreeTimes(night, 'individuel', new Date(now), none)
        .filter((s) => localDate(s.start) === day)
        .map((s) => s.start.toISOString().slice(11, 16));
    // 02:00-03:00 does not exist on 28 March 2027: 02:00 and 02:30 are 03:00 and 03:30 summer time.
    expect(on('2027-03-28', '2027-03-27T12:00:00Z')).toEqual(['00:00', '00:30', '01:00', '01:30', '02:00']);
    // 02:00-03:00 happens twice on 25 October 2026: the first one counts.
    expect(on('2026-10-25', '2026-10-24T12:00:00Z')).toEqual([
      '23:00',
      '23:30',
      '00:00',
      '00:30',
      '02:00',
      '02:30',
      '03:00',
    ]);
  });
});

describe('feeds as providers and tools write them: the same times as the plain feed', () => {
  // Google's feed with Danish words (the shapes below differ in how they write them), and the busy
  // times of Outlook's on the same weeks: every free time of every service must stay the same.
  const plain = fixture('google.ics')
    .replace(/SUMMARY:Optaget/g, 'SUMMARY:Møde på kontoret – Århus')
    .replace(/END:VCALENDAR\r\n$/, fixture('outlook.ics').replace(/^[\s\S]*?(?=BEGIN:VTIMEZONE)/, ''));
  /** RFC 5545 folding: every content line cut into pieces of `width` characters, each further piece after a space. */
  const foldAt = (text: string, width: number) =>
    text
      .split('\r\n')
      .map((line) => line.match(new RegExp(`.{1,${width}}`, 'g'))?.join('\r\n ') ?? line)
      .join('\r\n');
  const allTimes = async (feedPath: string) => {
    const { calendar, now } = await readCalendar(feedPath, MONDAY, bookingRules);
    return Object.fromEntries(
      bookableServices.map((s) => [s, (calendar.freeTimes(s, now) ?? []).map((x) => x.start.toISOString())]),
    );
  };
  let expected: Record<string, string[]>;
  beforeAll(async () => {
    feeds.set(`/plain/${SECRET}.ics`, { kind: 'ics', body: plain });
    expected = await allTimes(`/plain/${SECRET}.ics`);
    // The comparison means something: the feed's busy times take many times away.
    const none = await allTimes(`/empty/${SECRET}.ics`);
    expect((expected.individuel ?? []).length).toBeLessThan((none.individuel ?? []).length - 20);
  });

  test.each<[string, Omit<Extract<FeedBehaviour, { kind: 'ics' }>, 'kind'>]>([
    ['a UTF-8 byte-order mark (Windows tools, calendar plugins)', { body: `\uFEFF${plain}` }],
    ['line ends of LF only', { body: plain.replace(/\r\n/g, '\n') }],
    ['line ends of CR only (old Mac tools)', { body: plain.replace(/\r\n/g, '\r') }],
    ['every line folded at 30 characters', { body: foldAt(plain, 30) }],
    ['folded with LF line ends', { body: foldAt(plain, 40).replace(/\r\n/g, '\n') }],
    [
      'ISO-8859-1, as the answer declares (older exporters)',
      { body: Buffer.from(plain.replace(/–/g, '-'), 'latin1'), contentType: 'text/calendar; charset=ISO-8859-1' },
    ],
    [
      'UTF-16 with its byte-order mark',
      { body: Buffer.from(`\uFEFF${plain}`, 'utf16le'), contentType: 'text/calendar' },
    ],
    ['gzip-encoded (Content-Encoding: gzip)', { body: plain, encoding: 'gzip' as const }],
    ['deflate-encoded (Content-Encoding: deflate)', { body: plain, encoding: 'deflate' as const }],
    ['Brotli-encoded (Content-Encoding: br)', { body: plain, encoding: 'br' as const }],
    ['a gzipped file (.ics.gz)', { body: gzipSync(plain), contentType: 'application/gzip' }],
  ])('%s', async (_name, behaviour) => {
    const feedPath = `/shape/${encodeURIComponent(_name)}/${SECRET}.ics`;
    feeds.set(feedPath, { kind: 'ics', ...behaviour });
    expect(await allTimes(feedPath)).toEqual(expected);
    if (behaviour.encoding) expect(feeds.lastHeaders(feedPath)?.['accept-encoding']).toContain(behaviour.encoding);
  });

  test('the character set an answer declares is read (UTF-16 without a byte-order mark, quoted), a byte-order mark dropped, an unknown set read as UTF-8, a gzipped file bounded unpacked', async () => {
    const week = { from: Date.parse(MONDAY), to: Date.parse(MONDAY) + 7 * DAY_MS };
    const times = async (bytes: Uint8Array, charset: string | null = null) => [
      ...(await busyOf(bytes, week, charset)).busy.starts,
    ];
    const expected = await times(Buffer.from(plain));
    expect(expected.length).toBeGreaterThan(3);
    // UTF-16 text is no calendar at all unless it is decoded as declared.
    expect(await times(Buffer.from(plain, 'utf16le'), 'UTF-16LE')).toEqual(expected);
    await expect(times(Buffer.from(plain, 'utf16le'))).rejects.toThrow('not an iCalendar feed');
    expect(await times(Buffer.from(`\uFEFF${plain}`), 'ISO-8859-1')).toEqual(expected);
    expect(await times(Buffer.from(plain), 'x-no-such-charset')).toEqual(expected);
    // A gzipped file within the bound that unpacks past it.
    const gzipped = gzipSync(plain);
    const feedBytes = gzipped.byteLength + 1024;
    expect(Buffer.byteLength(plain)).toBeGreaterThan(feedBytes);
    await expect(busyOf(gzipped, week, null, { ...FEED_BOUNDS, feedBytes })).rejects.toThrow(
      `the feed is larger than ${Math.round(feedBytes / 1024)} kB unpacked`,
    );
  });

  test("a quoted charset in the answer's Content-Type is read as declared", async () => {
    const feedPath = `/shape/quoted/${SECRET}.ics`;
    feeds.set(feedPath, {
      kind: 'ics',
      body: Buffer.from(plain, 'utf16le'),
      contentType: 'text/calendar; charset="UTF-16LE"',
    });
    expect(await allTimes(feedPath)).toEqual(expected);
  });
});

describe('asking the provider politely', () => {
  const body = fixture('google.ics');

  test.each([
    ['an ETag (If-None-Match)', { etag: '"v1-5f3a"' }, 'if-none-match', '"v1-5f3a"'],
    [
      'a Last-Modified (If-Modified-Since)',
      { lastModified: 'Mon, 30 Nov 2026 07:00:00 GMT' },
      'if-modified-since',
      'Mon, 30 Nov 2026 07:00:00 GMT',
    ],
  ] as const)(
    'with %s: a 304 keeps the copy and costs no parse; a changed feed is parsed again',
    async (_n, validators, header, value) => {
      const feedPath = `/polite/${header}/${SECRET}.ics`;
      feeds.set(feedPath, { kind: 'ics', body, ...validators });
      const config = testConfig({ BOOKING_CALENDAR_URL: `${feeds.origin}${feedPath}` }).booking!;
      const { logger } = captureLogs();
      let now = Date.parse(MONDAY);
      let parses = 0;
      const calendar = createBookingCalendar(config, logger, {
        clock: () => new Date(now),
        // Each result with busy times is one parse; a 304 is none.
        read: async (request) => {
          const result = await readInline(config)(request);
          if (result.kind === 'read') parses++;
          return result;
        },
      });
      await calendar.refresh();
      const first = calendar.freeTimes('individuel', new Date(MONDAY));
      expect(parses).toBe(1);
      expect(feeds.lastHeaders(feedPath)?.[header]).toBeUndefined();

      now += 5 * MINUTE_MS;
      await calendar.refresh();
      expect(feeds.lastHeaders(feedPath)?.[header]).toBe(value);
      expect(feeds.notModified(feedPath)).toBe(1);
      expect(parses).toBe(1);
      expect(calendar.state()).toMatchObject({ state: 'fresh', readAt: new Date(now) });
      expect(calendar.freeTimes('individuel', new Date(MONDAY))).toEqual(first);
      // /healthz: asked just now, changed at the first read.
      expect(bookingHealth(calendar, new Date(now))).toMatchObject({
        state: 'fresh',
        ageSeconds: 0,
        changedAt: MONDAY.replace('Z', '.000Z'),
        askedAt: new Date(now).toISOString(),
      });

      // The practitioner moves Monday's series an hour: a new version, read and parsed.
      feeds.set(feedPath, {
        kind: 'ics',
        body: body.replace('20261102T100000', '20261102T130000').replace('20261102T110000', '20261102T140000'),
        ...('etag' in validators ? { etag: '"v2-77c1"' } : { lastModified: 'Mon, 30 Nov 2026 07:04:00 GMT' }),
      });
      now += 5 * MINUTE_MS;
      await calendar.refresh();
      expect(parses).toBe(2);
      expect(calendar.isFree('individuel', new Date('2026-12-28T10:00+01:00'), new Date(now))).toBe(true);
      expect(bookingHealth(calendar, new Date(now))).toMatchObject({ changedAt: new Date(now).toISOString() });
      calendar.stop();
    },
  );

  test('a feed without ETag or Last-Modified is asked in full every time', async () => {
    const feedPath = `/impolite/${SECRET}.ics`;
    feeds.set(feedPath, { kind: 'ics', body });
    const config = testConfig({ BOOKING_CALENDAR_URL: `${feeds.origin}${feedPath}` }).booking!;
    const calendar = createBookingCalendar(config, captureLogs().logger, {
      clock: () => new Date(MONDAY),
      read: readInline(config),
    });
    await calendar.refresh();
    await calendar.refresh();
    expect(feeds.hits(feedPath)).toBe(2);
    expect(feeds.lastHeaders(feedPath)?.['if-none-match']).toBeUndefined();
    expect(feeds.lastHeaders(feedPath)?.['if-modified-since']).toBeUndefined();
  });

  test('after a week of 304s the copy no longer reaches the horizon: the feed is read in full', async () => {
    const feedPath = `/week/${SECRET}.ics`;
    feeds.set(feedPath, { kind: 'ics', body, etag: '"same"' });
    const config = testConfig({ BOOKING_CALENDAR_URL: `${feeds.origin}${feedPath}` }).booking!;
    let now = Date.parse(MONDAY);
    const calendar = createBookingCalendar(config, captureLogs().logger, {
      clock: () => new Date(now),
      read: readInline(config),
    });
    await calendar.refresh();
    for (let day = 1; day <= 7; day++) {
      now += DAY_MS;
      await calendar.refresh();
    }
    expect(feeds.notModified(feedPath)).toBe(6);
    expect(feeds.hits(feedPath)).toBe(8);
    // Every day of it, the times of the whole horizon were offered.
    expect(calendar.state()).toMatchObject({ state: 'fresh' });
    const last = calendar.freeTimes('individuel', new Date(now)) ?? [];
    // The last Friday before the horizon (42 days ahead is a Monday, 09:00: not before it).
    expect(last.at(-1)!.start.toISOString()).toBe('2027-01-15T11:00:00.000Z');
  });
});

test('RDATE and EXDATE lists cut to the weeks read: the same busy times as the lists read whole', async () => {
  const from = Date.parse('2026-11-30T00:00:00Z');
  const window = { from, to: from + 49 * DAY_MS };
  const series = [
    'BEGIN:VEVENT',
    'UID:lists@example',
    'DTSTART;TZID=Europe/Copenhagen:20160104T090000',
    'DTEND;TZID=Europe/Copenhagen:20160104T100000',
    'RRULE:FREQ=WEEKLY;BYDAY=MO',
    // Years ago, just before the weeks read, in them; a period that began six days before them (kept as it is).
    'RDATE;TZID=Europe/Copenhagen:20170301T120000,20261129T233000,20261202T140000',
    'RDATE;VALUE=PERIOD:20261124T080000Z/P8D',
    // Mondays excluded: one in 2020, two in the weeks read.
    'EXDATE;TZID=Europe/Copenhagen:20200106T090000,20261207T090000',
    'EXDATE;TZID=Europe/Copenhagen:20261214T090000',
    'END:VEVENT',
  ].join('\r\n');
  const text = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${series}\r\nEND:VCALENDAR\r\n`;
  // Whole: read over the years of every date listed, so no list is cut; then the busy times that reach into the weeks.
  const read = await busyOf(text, { from: Date.UTC(2016, 0, 1), to: window.to });
  const whole = [...read.busy.starts]
    .map((start, i) => ({ start: new Date(start), end: new Date(read.busy.ends[i]!) }))
    .filter((i) => i.end.getTime() > window.from);
  const cut = await busyOf(text, window);
  expect(read.skipped).toEqual([]);
  expect(cut.skipped).toEqual([]);
  expect([...cut.busy.starts].map((t) => new Date(t).toISOString())).toEqual(whole.map((i) => i.start.toISOString()));
  expect([...cut.busy.ends]).toEqual(whole.map((i) => i.end.getTime()));
  // The Mondays and the date in the weeks read are busy, the excluded Mondays are not.
  expect(whole.map((i) => i.start.toISOString())).toEqual(
    expect.arrayContaining(['2026-11-30T08:00:00.000Z', '2026-12-02T13:00:00.000Z', '2026-12-21T08:00:00.000Z']),
  );
  expect(whole.map((i) => i.start.toISOString())).not.toContain('2026-12-07T08:00:00.000Z');
  expect(whole.map((i) => i.start.toISOString())).not.toContain('2026-12-14T08:00:00.000Z');
});
