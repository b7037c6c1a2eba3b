import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bookableServices } from '../../content/booking';
import { createBookingCalendar } from '../../server/booking/calendar';
import { readFeed, type FeedRequest, type FeedResult } from '../../server/booking/feed';
import { captureLogs, testConfig } from './app';
import { bytesFeed } from './inlineFeed';
import { HER_ADDRESS, invitations, recurringInvitations, type Flood } from './invitationFlood';

export { HER_ADDRESS, type Flood } from './invitationFlood';

// Her calendar with a flood of invitations (test/support/invitationFlood.ts) read as the server reads
// it, with what it should give worked out without the feed module.

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
 * Her calendar (by default test/fixtures/calendars/google.ics) with `count` one-off invitations
 * and `how.recurring` recurring ones, read as the server reads it: from a file, on the feed's
 * thread within its heap, by the calendar on a Monday. With what it should give: its busy times
 * (the calendar's own, read alone, and the invitations' unless `how.owner` names her, joined here)
 * and the free times of those busy times handed over directly (with her address: the free times
 * of her calendar alone, without the flood).
 */
export async function readFlood(count: number, how: Flood = {}) {
  const monday = Date.parse('2026-11-30T00:00:00Z');
  const flood = invitations(count, monday, how);
  const recurring = recurringInvitations(how.recurring ?? 0, monday);
  const calendar = how.calendar ?? google;
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'flood-')), 'feed.ics');
  writeFileSync(file, calendar.replace(/END:VCALENDAR\s*$/, `${flood.ics}${recurring.ics}END:VCALENDAR\r\n`));
  let request: FeedRequest | null = null;
  let result: FeedResult | null = null;
  const read = await calendarAfter(async (asked) => {
    request = asked;
    const feed = { source: { kind: 'file' as const, path: file }, timeoutSeconds: 30, owner: how.owner ?? [] };
    result = await readFeed(feed, asked);
    return result;
  });
  if (!request || !result) throw new Error('not read');
  const { window } = request as FeedRequest;
  const own = spansOf(await bytesFeed(Buffer.from(calendar))(request));
  // Her address known (set, or the calendar named after it as Google names a primary calendar): the invitations she has not answered are not busy.
  const known = how.owner?.includes(HER_ADDRESS) || calendar.includes(`X-WR-CALNAME:${HER_ADDRESS}`);
  const theirs = known ? [] : [...flood.busy, ...recurring.busy];
  const expectedBusy = joined([...own, ...theirs.filter((b) => b.end > window.from && b.start < window.to)]);
  const given = await calendarAfter(async () => ({
    kind: 'read',
    busy: {
      starts: Float64Array.from(expectedBusy, (b) => b.start),
      ends: Float64Array.from(expectedBusy, (b) => b.end),
    },
    skipped: [],
    unanswered: 0,
    owner: null,
    validators: { etag: null, lastModified: null },
  }));
  const got = result as FeedResult;
  return {
    ...read,
    busy: spansOf(got),
    expectedBusy,
    expectedTimes: given.times,
    skipped: got.kind === 'read' ? got.skipped : [],
    megabytes: Buffer.byteLength(flood.ics + recurring.ics) / 1024 / 1024,
  };
}
