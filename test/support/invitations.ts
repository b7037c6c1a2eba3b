import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bookableServices } from '../../content/booking';
import { createBookingCalendar } from '../../server/booking/calendar';
import { readFeed, type FeedRequest, type FeedResult } from '../../server/booking/feed';
import { captureLogs, testConfig } from './app';
import { bytesFeed } from './inlineFeed';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../views/days';

// A flood of one-off invitations as a stranger could put them into the practitioner's calendar
// (Google and Outlook add received invitations by default), on every other day of six weeks from a
// Monday in winter: each a minute after the one before on its day, 30 seconds long, every fifth a
// minute, touching the next (tens of thousands of busy blocks, a few joined); half in UTC,
// half in Danish time by the feed's own VTIMEZONE (winter: UTC+1). With the busy times they make
// worked out here, without ical.js or the feed module: the test's independent answer.

/** An instant as iCalendar writes it (UTC: with Z; else the wall-clock digits alone). */
const stamp = (ms: number, utc: boolean) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]|\.\d{3}/g, '')
    .slice(0, utc ? 16 : 15);

/** How the invitations are written: `bare`, only what an event needs (UID and times), the most a feed can hold; `zone`, the TZID of those in Danish time. */
export interface Flood {
  bare?: boolean;
  /** 'Europe/Copenhagen' (the feed defines it) by default; Outlook writes 'W. Europe Standard Time', which it may not define. */
  zone?: string;
}

/** `count` invitations from `monday` (a Monday's 00:00 UTC, in winter), as VEVENT text, and their busy times (ms). */
function invitations(
  count: number,
  monday: number,
  { bare = false, zone = 'Europe/Copenhagen' }: Flood,
): { ics: string; busy: { start: number; end: number }[] } {
  const busy: { start: number; end: number }[] = [];
  const events: string[] = [];
  for (let i = 0; i < count; i++) {
    const start = monday + 2 * (i % 21) * DAY_MS + Math.floor(i / 21) * MINUTE_MS;
    // Every fifth a minute long, touching the next: one busy block of the two.
    const end = start + (Math.floor(i / 21) % 5 === 4 ? 60_000 : 30_000);
    busy.push({ start, end });
    const utc = i % 2 === 0;
    // Danish time in winter is an hour ahead of UTC.
    const at = (ms: number) => (utc ? `:${stamp(ms, true)}` : `;TZID=${zone}:${stamp(ms + HOUR_MS, false)}`);
    const details = bare
      ? ''
      : 'DTSTAMP:20261101T000000Z\r\nSUMMARY:Gratis rådgivning – klik her\r\nORGANIZER:mailto:tilbud@evil.example\r\nATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:praksis@example.dk\r\nSTATUS:CONFIRMED\r\n';
    events.push(`BEGIN:VEVENT\r\nUID:${i}\r\nDTSTART${at(start)}\r\nDTEND${at(end)}\r\n${details}END:VEVENT\r\n`);
  }
  return { ics: events.join(''), busy };
}

/** Spans joined where they overlap or touch, sorted: the test's own, so that the module's merge is checked, not used. */
function joined(spans: { start: number; end: number }[]) {
  const out: { start: number; end: number }[] = [];
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    const last = out.at(-1);
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}

const spansOf = (result: FeedResult) =>
  result.kind === 'read'
    ? [...result.busy.starts].map((start, i) => ({ start, end: result.busy.ends[i] as number }))
    : [];

const MONDAY = '2026-11-30T08:00:00Z';
const google = readFileSync(path.join(__dirname, '..', 'fixtures', 'calendars', 'google.ics'), 'utf8');

/** Every free time of every service after one read by `read`, its state and its log. */
async function calendarAfter(read: (request: FeedRequest) => Promise<FeedResult>) {
  const config = testConfig({ BOOKING_CALENDAR_URL: 'http://127.0.0.1:1/unused.ics' }).booking!;
  const { logger, logs } = captureLogs();
  const now = new Date(MONDAY);
  const calendar = createBookingCalendar(config, logger, { clock: () => now, read });
  await calendar.refresh();
  const times = Object.fromEntries(
    bookableServices.map((s) => [s, (calendar.freeTimes(s, now) ?? []).map((x) => x.start.toISOString())]),
  );
  return { state: calendar.state(), times, log: logs.text() };
}

/**
 * A Google feed with `count` invitations (test/fixtures/calendars/google.ics and invitations()),
 * read as the server reads it: from a file, on the feed's thread within its heap, by the calendar
 * on a Monday. With what it should give: its busy times (the calendar's own, read alone, and the
 * invitations', joined here) and the free times of those busy times handed over directly.
 */
export async function readFlood(count: number, how: Flood = {}) {
  const flood = invitations(count, Date.parse('2026-11-30T00:00:00Z'), how);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'flood-')), 'feed.ics');
  writeFileSync(file, google.replace('END:VCALENDAR', `${flood.ics}END:VCALENDAR`));
  let request: FeedRequest | null = null;
  let result: FeedResult | null = null;
  const read = await calendarAfter(async (asked) => {
    request = asked;
    result = await readFeed({ source: { kind: 'file', path: file }, timeoutSeconds: 30 }, asked);
    return result;
  });
  if (!request || !result) throw new Error('not read');
  const { window } = request as FeedRequest;
  const own = spansOf(await bytesFeed(Buffer.from(google))(request));
  const expectedBusy = joined([...own, ...flood.busy.filter((b) => b.end > window.from && b.start < window.to)]);
  const given = await calendarAfter(async () => ({
    kind: 'read',
    busy: {
      starts: Float64Array.from(expectedBusy, (b) => b.start),
      ends: Float64Array.from(expectedBusy, (b) => b.end),
    },
    skipped: [],
    validators: { etag: null, lastModified: null },
  }));
  return {
    ...read,
    busy: spansOf(result),
    expectedBusy,
    expectedTimes: given.times,
    megabytes: Buffer.byteLength(flood.ics) / 1024 / 1024,
  };
}
