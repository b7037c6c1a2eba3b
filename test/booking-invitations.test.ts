import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bookableServices } from '../content/booking';
import { createBookingCalendar } from '../server/booking/calendar';
import { FEED_BOUNDS, readFeed, type FeedBounds, type FeedRequest } from '../server/booking/feed';
import { captureLogs, testConfig } from './support/app';
import { DAY_MS } from '../views/days';

// Strangers' invitations cannot close booking (issue 51): Google and Outlook put every invitation
// she receives into her calendar, accepted or not. One small case per rule; the floods (5,000
// recurring and 30,000 one-off invitations beside a real calendar) are in
// booking-invitations.slow.test.ts.

const google = readFileSync(path.join(__dirname, 'fixtures', 'calendars', 'google.ics'), 'utf8');
const MONDAY = '2026-11-30T08:00:00Z';
const HER = 'praksis@example.dk';
const TITLE = 'Gratis rådgivning – klik her';

const at = (iso: string) => iso.replace(/[-:]|\.\d{3}/g, '');

/** A one-off invitation of 30 minutes at `start`, naming her with `attendee` (the ATTENDEE line's parameters and value), organized by `organizer`. */
const invitation = (uid: string, start: string, attendee: string, organizer = 'tilbud@evil.example', more = '') =>
  `BEGIN:VEVENT\r\nUID:${uid}\r\nDTSTAMP:20261101T000000Z\r\nSUMMARY:${TITLE}\r\nORGANIZER;CN="Tilbud: gratis":mailto:${organizer}\r\nATTENDEE;CN="Sara; praksis";${attendee}\r\nDTSTART:${at(start)}\r\nDURATION:PT30M\r\n${more}END:VEVENT\r\n`;

/** Every free time of every service after one read of `text` (here, with `owner` as BOOKING_CALENDAR_OWNER), with the log. */
async function freeTimesOf(text: string, owner: string[] = [], bounds: FeedBounds = FEED_BOUNDS) {
  const config = testConfig({ BOOKING_CALENDAR_URL: 'http://127.0.0.1:1/unused.ics' }).booking!;
  const { logger, logs } = captureLogs();
  const now = new Date(MONDAY);
  const feed = {
    source: { kind: 'bytes' as const, bytes: Buffer.from(text), charset: null },
    timeoutSeconds: 10,
    owner,
  };
  const read = (request: FeedRequest) => readFeed(feed, request, bounds, { here: true });
  const calendar = createBookingCalendar(config, logger, { clock: () => now, read });
  await calendar.refresh();
  const times = Object.fromEntries(
    bookableServices.map((s) => [s, (calendar.freeTimes(s, now) ?? []).map((x) => x.start.toISOString())]),
  );
  return { calendar, times, logs };
}

const withEvents = (events: string, calendar = google) => calendar.replace('END:VCALENDAR', `${events}END:VCALENDAR`);

describe('an invitation she has not accepted or has declined does not block, where the feed says whose calendar it is', () => {
  /** Free times of her calendar alone, and a time per invitation among them. */
  async function setting() {
    const free = (await freeTimesOf(google)).times.individuel ?? [];
    const time = (i: number) => free[3 * i + 2] as string;
    // Her accepted weekly series of three, the second occurrence of which she declined (Google writes the override so).
    const series =
      `BEGIN:VEVENT\r\nUID:series@evil.example\r\nDTSTAMP:20261101T000000Z\r\nORGANIZER:mailto:kollega@example.com\r\nATTENDEE;PARTSTAT=ACCEPTED:mailto:${HER}\r\nDTSTART:${at(time(7))}\r\nDURATION:PT30M\r\nRRULE:FREQ=WEEKLY;COUNT=3\r\nEND:VEVENT\r\n` +
      `BEGIN:VEVENT\r\nUID:series@evil.example\r\nDTSTAMP:20261101T000000Z\r\nORGANIZER:mailto:kollega@example.com\r\nATTENDEE;PARTSTAT=DECLINED:mailto:${HER}\r\nRECURRENCE-ID:${at(new Date(Date.parse(time(7)) + 7 * DAY_MS).toISOString())}\r\nDTSTART:${at(new Date(Date.parse(time(7)) + 7 * DAY_MS).toISOString())}\r\nDURATION:PT30M\r\nEND:VEVENT\r\n`;
    const events =
      invitation('unanswered@evil.example', time(0), `PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${HER}`) +
      invitation('declined@evil.example', time(1), `PARTSTAT=DECLINED:MAILTO:${HER.toUpperCase()}`) +
      invitation('tentative@example.com', time(2), `PARTSTAT=TENTATIVE:mailto:${HER}`) +
      invitation('accepted@example.com', time(3), `PARTSTAT=ACCEPTED:mailto:${HER}`) +
      invitation('no-answer-given@example.com', time(4), `ROLE=REQ-PARTICIPANT:mailto:${HER}`) +
      invitation('someone-else@example.com', time(5), 'PARTSTAT=NEEDS-ACTION:mailto:kollega@example.com') +
      invitation(
        'recurring@evil.example',
        time(6),
        `PARTSTAT=NEEDS-ACTION:mailto:${HER}`,
        undefined,
        'RRULE:FREQ=DAILY;COUNT=3\r\n',
      ) +
      series;
    const next = (t: string, days: number) => new Date(Date.parse(t) + days * DAY_MS).toISOString();
    return {
      events,
      free,
      notBusy: [time(0), time(1), time(6), next(time(6), 1), next(time(6), 2), next(time(7), 7)],
      busy: [time(2), time(3), time(4), time(5), time(7), next(time(7), 14)],
    };
  }

  test.each([
    ['BOOKING_CALENDAR_OWNER', [HER], (text: string) => text],
    [
      "the feed's own calendar name (X-WR-CALNAME: her address, as Google names a primary calendar)",
      [],
      (text: string) => text.replace('X-WR-CALNAME:Praksis', `X-WR-CALNAME:${HER}`),
    ],
  ])('her address from %s', async (_from, owner, named) => {
    const { events, notBusy, busy } = await setting();
    const { calendar, times, logs } = await freeTimesOf(named(withEvents(events)), owner);
    expect(calendar.state()).toMatchObject({ state: 'fresh' });
    // Not answered, declined (one-off, daily series, one occurrence of her series): the times are offered.
    for (const t of notBusy) expect(times.individuel).toContain(t);
    // Tentative, accepted, no PARTSTAT, another attendee's invitation, her series' other occurrences: busy.
    for (const t of busy) expect(times.individuel).not.toContain(t);
    expect(logs.text()).toContain('invitations she has not accepted or has declined are not busy');
    // No title, no address: hers (set or read from the feed) nor the organizers'.
    expect(logs.text()).not.toContain('Gratis');
    expect(logs.text()).not.toContain(HER);
    expect(logs.text()).not.toContain('tilbud@');
  });

  test('whose calendar it is unknown (no BOOKING_CALENDAR_OWNER, a calendar named "Praksis"): every invitation is busy, and the start-up line says how to change that', async () => {
    const { events, notBusy, busy } = await setting();
    const { times, logs } = await freeTimesOf(withEvents(events));
    for (const t of [...notBusy, ...busy]) expect(times.individuel).not.toContain(t);
    expect(logs.text()).toContain('every invitation in the calendar counts as busy, accepted or not');
    expect(logs.text()).toContain('set BOOKING_CALENDAR_OWNER');
  });
});

test('a read with more to keep than it may (here a keptChars of 12 kB): booking on, the newest invitations left out by UID, her own series all kept and busy', async () => {
  const expected = (await freeTimesOf(google)).times;
  const free = expected.individuel ?? [];
  // 60 weekly invitations, each a minute long at one of her free times, created on days in shuffled order.
  const created = (i: number) => `202610${String(1 + ((i * 7) % 30)).padStart(2, '0')}T120000Z`;
  const invitations = Array.from({ length: 60 }, (_, i) =>
    invitation(
      `w${i}@evil.example`,
      free[i] as string,
      `PARTSTAT=NEEDS-ACTION:mailto:${HER}`,
      undefined,
      `CREATED:${created(i)}\r\nRRULE:FREQ=WEEKLY;COUNT=2\r\n`,
    ).replace('DURATION:PT30M', 'DURATION:PT1M'),
  ).join('');
  // Her own series last in the feed, created after every invitation: left out last all the same.
  const own =
    'BEGIN:VEVENT\r\nUID:own@example.dk\r\nDTSTAMP:20261101T000000Z\r\nCREATED:20261130T070000Z\r\nDTSTART;TZID=Europe/Copenhagen:20160104T120000\r\nDTEND;TZID=Europe/Copenhagen:20160104T123000\r\nRRULE:FREQ=DAILY\r\nEND:VEVENT\r\n';
  const { calendar, times, logs } = await freeTimesOf(withEvents(invitations + own), [], {
    ...FEED_BOUNDS,
    keptChars: 12 * 1024,
  });
  expect(calendar.state()).toMatchObject({ state: 'fresh' });
  const warning = String(logs.lines.find((l) => l.level === 40)?.msg);
  const [, count, uids] =
    /(\d+) did not fit in what a read keeps \(the newest invitations go first, her own events last\) \(UID ([^)]*)\)/.exec(
      warning,
    ) ?? [];
  const left = (uids ?? '').replace(/ and \d+ more$/, '').split(', ');
  expect(Number(count)).toBeGreaterThan(20);
  expect(left).toHaveLength(Math.min(20, Number(count)));
  expect(warning).not.toContain('own@example.dk');
  expect(warning).not.toContain('Gratis');
  // Those left out are the newest (by CREATED, then by their place in the feed), and every other one is busy.
  const byAge = Array.from({ length: 60 }, (_, i) => i).sort((a, b) => created(a).localeCompare(created(b)) || a - b);
  const newest = new Set(byAge.slice(60 - Number(count)).map((i) => `w${i}@evil.example`));
  for (const uid of left) expect(newest.has(uid)).toBe(true);
  for (const i of byAge.slice(0, 60 - Number(count))) expect(times.individuel).not.toContain(free[i]);
  // Her series (every day 12:00-12:30 Danish time) still blocks.
  expect((times.individuel ?? []).some((t) => t.endsWith('T11:00:00.000Z'))).toBe(false);
});
